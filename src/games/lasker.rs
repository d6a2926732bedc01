//! Lasker's Nim (HDU 3032 "Nim or not Nim?"): heaps of stones; a move takes any positive number
//! of stones from one heap, or splits one heap into two non-empty heaps; whoever takes the last
//! stone wins. It is the octal game `4.333…` of [`crate::games::octal`].
//!
//! Theorem (Lasker, 1931; Winning Ways ch. 4): a heap of `n` has value `n` if `n % 4` is 1 or 2
//! (or `n = 0`), `n + 1` if `n % 4 == 3` and `n - 1` if `n % 4 == 0`; a position has the xor of
//! its heaps' values. By induction: the heaps below `n` take every value below `4⌊n/4⌋`, and a
//! split of `n` has the xor of two values whose last two bits add up to `n`'s, which is odd for
//! odd `n`, so `n = 4k + 3` cannot reach `4k + 4` by a split nor by taking.

/// The Grundy value of a heap of `n`. `u128` because the heap `2^64 - 1` has value `2^64`.
pub fn heap_value(n: u64) -> u128 {
    let n = u128::from(n);
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// Whether the player to move loses the position with these heaps.
pub fn is_losing(heaps: &[u64]) -> bool {
    heaps.iter().fold(0, |sum, &h| sum ^ heap_value(h)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::Octal;
    use crate::games::sg::Grundy;

    #[test]
    fn heap_values_match_the_table() {
        let table = Octal::lasker().values(1500);
        for (n, &v) in table.iter().enumerate() {
            assert_eq!(heap_value(n as u64), u128::from(v), "heap {n}");
        }
    }

    #[test]
    fn positions_match_the_search() {
        let game = Octal::lasker();
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| game.moves(heaps));
        for a in 1..=9 {
            for b in a..=9 {
                for c in b..=9 {
                    let heaps = vec![a, b, c];
                    assert_eq!(is_losing(&heaps), grundy.is_losing(&heaps), "{heaps:?}");
                }
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        assert_eq!(heap_value(u64::MAX), 1u128 << 64);
        assert_eq!(heap_value(u64::MAX - 3), u128::from(u64::MAX - 4));
        assert!(!is_losing(&[u64::MAX, u64::MAX - 1]));
        assert!(is_losing(&[u64::MAX, u64::MAX]));
    }
}
