//! Nim with three-way splits (HDU 5795 A Simple Nim): heaps of stones; a move takes any
//! positive number of stones from one heap, or splits one heap into three non-empty heaps;
//! whoever cannot move loses.
//!
//! Theorem: a heap of `n` has value `n + 1` if `n % 8 == 7`, `n - 1` if `n % 8 == 0` and
//! `n > 0`, and `n` otherwise (the values of heaps `8k + 7` and `8k + 8` swapped); a position
//! has the xor of its heaps' values. By induction, as for Lasker's Nim: the heaps below `n`
//! take every value below `8⌊n/8⌋`, and a split `a + b + c = n` has a value whose last three
//! bits cannot be those of `8k + 8` from `n = 8k + 7` (three odd or one odd part, an odd sum).
//! The tests check the closed form against the search of [`crate::games::sg`] over whole
//! positions.

/// The Grundy value of a heap of `n`. `u128` because the heap `2^64 - 1` has value `2^64`.
pub fn heap_value(n: u64) -> u128 {
    let n = u128::from(n);
    match n % 8 {
        0 if n > 0 => n - 1,
        7 => n + 1,
        _ => n,
    }
}

/// Whether the player to move loses the position with these heaps.
pub fn is_losing(heaps: &[u64]) -> bool {
    heaps.iter().fold(0, |sum, &h| sum ^ heap_value(h)) == 0
}

/// The rule as a move function over whole positions (heap sizes in increasing order, no empty
/// heaps), for the brute-force search of [`crate::games::sg::Grundy`].
pub fn moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        let mut rest = heaps.to_vec();
        rest.remove(i);
        let with = |parts: &[u64]| {
            let mut position = rest.clone();
            position.extend(parts.iter().copied().filter(|&part| part > 0));
            position.sort_unstable();
            position
        };
        for left in 0..heap {
            next.push(with(&[left]));
        }
        // a <= b <= c, a + b + c = heap, all at least 1.
        for a in 1..=heap / 3 {
            for b in a..=(heap - a) / 2 {
                next.push(with(&[a, b, heap - a - b]));
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn heap_values_match_the_search() {
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| moves(heaps));
        for n in 0..=26u64 {
            let heap: Vec<u64> = if n == 0 { vec![] } else { vec![n] };
            assert_eq!(u128::from(grundy.value(&heap)), heap_value(n), "heap {n}");
        }
    }

    #[test]
    fn positions_of_several_heaps_match_the_search() {
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| moves(heaps));
        for a in 1..=8 {
            for b in a..=8 {
                for c in b..=8 {
                    let heaps = vec![a, b, c];
                    assert_eq!(is_losing(&heaps), grundy.is_losing(&heaps), "{heaps:?}");
                }
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        assert_eq!(heap_value(u64::MAX), 1 << 64);
        assert_eq!(heap_value(u64::MAX - 7), u128::from(u64::MAX - 8));
        assert!(is_losing(&[u64::MAX, u64::MAX]));
        assert!(!is_losing(&[u64::MAX]));
        // Nim loses 7, 8, 15 (xor 0); here its values 8, 7, 16 win, and 7, 8, 16 (8, 7, 15) lose.
        assert!(!is_losing(&[7, 8, 15]));
        assert!(is_losing(&[7, 8, 16]));
    }
}
