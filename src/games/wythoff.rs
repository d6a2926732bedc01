//! Wythoff's game: two piles; a move takes any positive number of stones from one pile, or the
//! same positive number from both; whoever takes the last stone wins.
//!
//! Theorem (Wythoff, 1907): the losing positions are the pairs `(floor(k·φ), floor(k·φ) + k)`
//! for `k = 0, 1, 2, …`, where φ = (1 + √5) / 2, and their mirror images.
//!
//! In exact integers, `floor(k·φ) = (k + isqrt(5·k²)) / 2`. The double-precision formula that
//! many solutions use is wrong inside POJ 1067's limits: it calls `(165580140, 267914295)` and
//! `(433494436, 701408732)` wins, and both are losing positions.

use crate::isqrt::isqrt;

/// The largest difference `k` a losing pair of `u64`s can have: past it `floor(k·φ²)`, the
/// pair's larger pile, exceeds `u64::MAX`, and below it `5·k²` fits in a `u128`.
const MAX_DIFFERENCE: u64 = u64::MAX / 5 * 2;

/// `floor(k·φ)`, exactly, for `k <= MAX_DIFFERENCE`.
fn floor_k_phi(k: u64) -> u128 {
    let k = u128::from(k);
    (k + isqrt(5 * k * k)) / 2
}

/// Whether the player to move from piles `(a, b)` loses with best play.
pub fn is_losing(a: u64, b: u64) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    let k = large - small;
    k <= MAX_DIFFERENCE && floor_k_phi(k) == u128::from(small)
}

/// The `k`-th losing pair `(floor(k·φ), floor(k·φ) + k)`, or `None` if it does not fit in `u64`.
pub fn losing_pair(k: u64) -> Option<(u64, u64)> {
    if k > MAX_DIFFERENCE {
        return None;
    }
    let small = u64::try_from(floor_k_phi(k)).ok()?;
    Some((small, small.checked_add(k)?))
}

/// The smallest `j <= MAX_DIFFERENCE` with `f(j) >= target` for a non-decreasing `f`, if any.
fn first_reaching(target: u128, f: impl Fn(u64) -> u128) -> Option<u64> {
    let (mut low, mut high) = (0, MAX_DIFFERENCE);
    if f(high) < target {
        return None;
    }
    while low < high {
        let mid = low + (high - low) / 2;
        if f(mid) >= target {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Some(low)
}

/// A winning move from piles `(a, b)`: the piles after it, in the same order, or `None` when
/// the player to move loses. With `small <= large` and `k = large - small`: if
/// `floor(k·φ) < small`, take the difference from both piles (to the `k`-th losing pair);
/// otherwise `small` belongs to a losing pair with a smaller difference (every positive
/// integer is in exactly one pair, Beatty's theorem), and the larger pile goes to its
/// partner. Exact for every `u64`; O(64) square roots (binary searches over the pairs).
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (small, large) = (a.min(b), a.max(b));
    let k = large - small;
    if k <= MAX_DIFFERENCE {
        let base = floor_k_phi(k);
        if base == u128::from(small) {
            return None;
        }
        if base < u128::from(small) {
            let take = small - base as u64;
            return Some((a - take, b - take));
        }
    }
    // small = floor(j·φ) (partner small + j) or floor(j·φ) + j (partner floor(j·φ)).
    let target = u128::from(small);
    let partner = match first_reaching(target, floor_k_phi) {
        Some(j) if floor_k_phi(j) == target => small + j,
        _ => {
            let j = first_reaching(target, |j| floor_k_phi(j) + u128::from(j))
                .expect("every positive integer is in a losing pair");
            floor_k_phi(j) as u64
        }
    };
    Some(if a <= b { (a, partner) } else { (partner, b) })
}

/// The rule as a move function, for brute-force search over small positions.
pub fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    next.extend((0..a).map(|x| (x, b)));
    next.extend((0..b).map(|y| (a, y)));
    next.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_brute_force_on_every_pair_up_to_200() {
        let mut grundy = Grundy::new(moves);
        for a in 0..=200 {
            for b in 0..=200 {
                assert_eq!(is_losing(a, b), grundy.is_losing(&(a, b)), "({a}, {b})");
            }
        }
    }

    #[test]
    fn losing_pairs_are_the_brute_force_losing_positions_in_order() {
        let mut grundy = Grundy::new(moves);
        let mut brute = Vec::new();
        for a in 0..=150u64 {
            for b in a..=250 {
                if grundy.is_losing(&(a, b)) {
                    brute.push((a, b));
                }
            }
        }
        let ours: Vec<_> = (0..brute.len() as u64)
            .map(|k| losing_pair(k).unwrap())
            .collect();
        assert_eq!(ours, brute);
    }

    #[test]
    fn exact_where_double_precision_fails() {
        assert!(is_losing(165580140, 267914295));
        assert!(is_losing(433494436, 701408732));
        assert!(is_losing(701408732, 433494436));
        assert!(!is_losing(433494437, 701408733));
        assert_eq!(
            losing_pair(267914295 - 165580140),
            Some((165580140, 267914295))
        );
    }

    /// Wythoff's losing pairs partition the positive integers (Beatty): the smaller piles are
    /// the numbers that are not larger piles. Checked exactly near the top of `u64`.
    #[test]
    fn losing_pairs_near_the_top_of_u64_are_consistent() {
        // The largest k whose pair fits, by binary search: fitting is monotone in k.
        let (mut fits, mut overflows) = (0, MAX_DIFFERENCE);
        while overflows - fits > 1 {
            let mid = fits + (overflows - fits) / 2;
            match losing_pair(mid) {
                Some(_) => fits = mid,
                None => overflows = mid,
            }
        }
        assert_eq!(losing_pair(fits + 1), None);
        for k in fits - (1 << 14)..=fits {
            let (small, large) = losing_pair(k).unwrap();
            let (previous_small, _) = losing_pair(k - 1).unwrap();
            // Consecutive floors of k·φ differ by 1 or 2.
            assert!(
                small - previous_small == 1 || small - previous_small == 2,
                "k = {k}"
            );
            assert!(is_losing(small, large) && is_losing(large, small));
            assert!(!is_losing(small, large - 1) && !is_losing(small + 1, large));
        }
        assert_eq!(losing_pair(MAX_DIFFERENCE), None);
        assert!(!is_losing(0, u64::MAX) && !is_losing(u64::MAX, u64::MAX));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(moves);
        for a in 0..=120 {
            for b in 0..=120 {
                match winning_move(a, b) {
                    None => assert!(grundy.is_losing(&(a, b)), "({a}, {b})"),
                    Some(next) => {
                        assert!(moves(&(a, b)).contains(&next), "({a}, {b}) -> {next:?}");
                        assert!(grundy.is_losing(&next), "({a}, {b}) -> {next:?}");
                    }
                }
            }
        }
    }

    /// Legal by the rule and losing by the closed form (tested above), over all of `u64`.
    #[test]
    fn winning_move_is_exact_up_to_the_top_of_u64() {
        let mut rng = crate::rng::Rng::new(1067);
        let mut positions = vec![
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (u64::MAX - 1, u64::MAX),
            (433494437, 701408732),
            (165580140, 267914296),
        ];
        positions.extend((0..3000).map(|_| {
            let a = rng.next_u64() >> rng.range(0, 63);
            (a, a.saturating_add(rng.next_u64() >> rng.range(0, 63)))
        }));
        for (a, b) in positions {
            for (a, b) in [(a, b), (b, a)] {
                match winning_move(a, b) {
                    None => assert!(is_losing(a, b), "({a}, {b})"),
                    Some((x, y)) => {
                        let same_take = a - x == b - y && x < a;
                        assert!((x < a && y == b) || (x == a && y < b) || same_take);
                        assert!(is_losing(x, y), "({a}, {b}) -> ({x}, {y})");
                    }
                }
            }
        }
    }
}
