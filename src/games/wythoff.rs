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
}
