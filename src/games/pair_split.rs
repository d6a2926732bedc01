//! E&D (Luogu P2148, SDOI 2009): piles in pairs; a move removes one pile of a pair and splits
//! the other pile of that pair into two non-empty piles, which become the pair; whoever cannot
//! move (every pile has one stone) loses.
//!
//! Theorem (found from the table at SDOI 2009; checked here against the search on every pair up
//! to 100): the pair `(a, b)` has Grundy value the number of trailing one bits of
//! `(a - 1) | (b - 1)`, the position of its lowest zero bit. A pile of 0 has the moves of a pile
//! of 1 (neither can be split, and removing it leaves the other to split), so `a - 1` saturates.
//! The pairs are independent games, so a position has the xor of its pairs' values.

/// The Grundy value of the pair `(a, b)`. At most 64. O(1).
pub fn pair_value(a: u64, b: u64) -> u32 {
    (a.saturating_sub(1) | b.saturating_sub(1)).trailing_ones()
}

/// Whether the player to move loses with these piles, paired in order (`piles[0]` with
/// `piles[1]`, …). Panics on an odd number of piles.
pub fn is_losing(piles: &[u64]) -> bool {
    assert!(
        piles.len() % 2 == 0,
        "piles come in pairs: {} piles",
        piles.len()
    );
    piles
        .chunks_exact(2)
        .fold(0, |sum, pair| sum ^ pair_value(pair[0], pair[1]))
        == 0
}

/// The rule as a move function over one pair, for brute-force search.
pub fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    for pile in [a, b] {
        next.extend((1..pile).map(|x| (x, pile - x)));
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn pair_values_match_the_search_on_every_pair_up_to_100() {
        let mut grundy = Grundy::new(moves);
        for a in 0..=100 {
            for b in 0..=100 {
                assert_eq!(pair_value(a, b), grundy.value(&(a, b)), "({a}, {b})");
            }
        }
    }

    #[test]
    fn two_pairs_are_a_sum() {
        fn sum_moves(&(p, q): &((u64, u64), (u64, u64))) -> Vec<((u64, u64), (u64, u64))> {
            let mut next: Vec<_> = moves(&p).into_iter().map(|p| (p, q)).collect();
            next.extend(moves(&q).into_iter().map(|q| (p, q)));
            next
        }
        let mut grundy = Grundy::new(sum_moves);
        for a in 1..=7 {
            for b in 1..=7 {
                for c in 1..=7 {
                    for d in 1..=7 {
                        let losing = grundy.is_losing(&((a, b), (c, d)));
                        assert_eq!(is_losing(&[a, b, c, d]), losing, "{a} {b} {c} {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        assert_eq!(pair_value(u64::MAX, u64::MAX), 0); // 2^64 - 2 ends in a 0 bit
        assert_eq!(pair_value(1 << 63, 1 << 63), 63);
        assert_eq!(pair_value((1 << 63) + 1, 1 << 63), 64);
        assert_eq!(pair_value(1, 1), 0);
    }
}
