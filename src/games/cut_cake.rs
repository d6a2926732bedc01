//! Cut-cake (Winning Ways ch. 2; HDU 3544 Alice's Game): rectangles of `width × height`
//! unit squares. Left cuts one rectangle along a grid line across its width, into
//! `a × height` and `(width - a) × height`; Right cuts one across its height, into
//! `width × b` and `width × (height - b)`. Whoever cannot cut loses.
//!
//! Theorem (Winning Ways ch. 2): every rectangle is an integer. While both sides are at least
//! 2, halving both (rounding down) keeps the value; then a `w × 1` strip is `w - 1` (Left's
//! free cuts) and a `1 × h` strip is `-(h - 1)`. A set of rectangles is their sum: Left wins
//! if it is positive, Right if negative, and the second player if zero. Checked against
//! [`crate::games::partizan::Partizan`] over whole sets of rectangles.

/// The value of one `width × height` rectangle (Left cuts the width). O(log min(w, h)).
///
/// # Panics
/// If a side is 0 (no rectangle).
pub fn value(width: u64, height: u64) -> i128 {
    assert!(
        width > 0 && height > 0,
        "cut_cake: a rectangle of {width} × {height}"
    );
    let (mut w, mut h) = (width, height);
    while w > 1 && h > 1 {
        w /= 2;
        h /= 2;
    }
    i128::from(w) - i128::from(h)
}

/// The value of a set of rectangles `(width, height)`: Left wins it if positive, Right if
/// negative, the second player if zero. Exact for up to 2^64 rectangles of any size.
pub fn sum_value(rectangles: &[(u64, u64)]) -> i128 {
    rectangles.iter().map(|&(w, h)| value(w, h)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::{Class, Dyadic, Partizan};

    /// A set of rectangles, sorted, with strips of one square left out (nobody can cut them).
    type Cakes = Vec<(u64, u64)>;

    fn cut(cakes: &Cakes, i: usize, pieces: [(u64, u64); 2]) -> Cakes {
        let mut next = cakes.clone();
        next.remove(i);
        next.extend(pieces.iter().filter(|&&(w, h)| w * h > 1));
        next.sort_unstable();
        next
    }

    fn left_cuts(cakes: &Cakes) -> Vec<Cakes> {
        let mut next = Vec::new();
        for (i, &(w, h)) in cakes.iter().enumerate() {
            for a in 1..w {
                next.push(cut(cakes, i, [(a, h), (w - a, h)]));
            }
        }
        next
    }

    fn right_cuts(cakes: &Cakes) -> Vec<Cakes> {
        let mut next = Vec::new();
        for (i, &(w, h)) in cakes.iter().enumerate() {
            for b in 1..h {
                next.push(cut(cakes, i, [(w, b), (w, h - b)]));
            }
        }
        next
    }

    #[test]
    fn one_rectangle_matches_the_search() {
        let mut game = Partizan::new(left_cuts, right_cuts);
        for w in 1..=5u64 {
            for h in 1..=5u64 {
                let found = game
                    .value(&vec![(w, h)])
                    .expect("cut-cake values are numbers");
                assert_eq!(found, Dyadic::integer(value(w, h)), "{w} × {h}");
            }
        }
    }

    #[test]
    fn sets_of_rectangles_are_won_as_their_sum_says() {
        let mut game = Partizan::new(left_cuts, right_cuts);
        let sizes: Vec<(u64, u64)> = (1..=8)
            .flat_map(|w| (1..=8).map(move |h| (w, h)))
            .filter(|&(w, h)| w * h <= 8)
            .collect();
        for (i, &a) in sizes.iter().enumerate() {
            for &b in &sizes[i..] {
                let mut both: Cakes = [a, b].into_iter().filter(|&(w, h)| w * h > 1).collect();
                both.sort_unstable();
                let expected = Class::of_number(Dyadic::integer(sum_value(&[a, b])));
                assert_eq!(game.class(&both), expected, "{a:?} + {b:?}");
            }
        }
    }

    #[test]
    fn huge_sides_are_exact() {
        assert_eq!(value(u64::MAX, 1), i128::from(u64::MAX) - 1);
        assert_eq!(value(1, u64::MAX), 1 - i128::from(u64::MAX));
        assert_eq!(value(u64::MAX, u64::MAX), 0);
        assert_eq!(value(u64::MAX, 2), (1i128 << 63) - 2);
        assert_eq!(
            sum_value(&[(u64::MAX, 1); 4]),
            4 * (i128::from(u64::MAX) - 1)
        );
    }

    #[test]
    #[should_panic(expected = "a rectangle of 0 × 3")]
    fn an_empty_rectangle_is_refused() {
        value(0, 3);
    }
}
