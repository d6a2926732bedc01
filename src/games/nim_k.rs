//! Moore's Nim_k: piles of stones; a move takes stones from at least one and at most `k`
//! piles (any positive number from each); whoever takes the last stone wins.
//!
//! Theorem (Moore, 1910): write the piles in binary; the player to move loses exactly when, in
//! every bit position, the number of piles with that bit set is a multiple of `k + 1`.
//! Nim is `k = 1`.

/// Whether the player to move loses with best play, taking from at most `k` piles a move.
///
/// # Panics
/// If `k` is 0 (no move would be possible: not Moore's game).
pub fn is_losing(piles: &[u64], k: u64) -> bool {
    internal_check_k(k);
    let period = u128::from(k) + 1;
    (0..64).all(|bit| {
        let count = piles.iter().filter(|&&p| p >> bit & 1 == 1).count();
        count as u128 % period == 0
    })
}

/// A winning move as `(pile index, new size)` for each pile it takes from (1 to `k` piles, in
/// index order), or `None` when the player to move loses. O(64·n).
///
/// Moore's construction, bit by bit from the top: a pile already reduced (its bit above this
/// one went from 1 to 0) may take either value here; if the piles not yet reduced have `r`
/// ones here (mod `k + 1`), set `k + 1 - r` reduced piles' bits to 1 when there are that many,
/// else reduce `r` more piles that have a 1 here. Either way at most `k` piles are reduced.
///
/// # Panics
/// If `k` is 0, as [`is_losing`].
pub fn winning_move(piles: &[u64], k: u64) -> Option<Vec<(usize, u64)>> {
    internal_check_k(k);
    let period = u128::from(k) + 1;
    let mut reduced = vec![false; piles.len()];
    let mut sizes = piles.to_vec();
    let mut count = 0u128;
    for bit in (0..64).rev() {
        let mask = 1u64 << bit;
        let ones = piles
            .iter()
            .zip(&reduced)
            .filter(|&(&p, &r)| !r && p & mask != 0)
            .count();
        let r = ones as u128 % period;
        // The reduced piles' bits here: all 0 unless `k + 1 - r` of them are set to 1.
        let mut set_ones = if r != 0 && count >= period - r {
            (period - r) as usize
        } else {
            0
        };
        for i in 0..piles.len() {
            if reduced[i] {
                if set_ones > 0 {
                    sizes[i] |= mask;
                    set_ones -= 1;
                } else {
                    sizes[i] &= !mask;
                }
            }
        }
        if r != 0 && count < period - r {
            // count + r <= k: reduce r piles that have this bit; their lower bits are free.
            let mut to_reduce = r as usize;
            for i in 0..piles.len() {
                if to_reduce > 0 && !reduced[i] && piles[i] & mask != 0 {
                    reduced[i] = true;
                    sizes[i] = piles[i] & !(mask | (mask - 1));
                    to_reduce -= 1;
                    count += 1;
                }
            }
        }
    }
    let taken: Vec<(usize, u64)> = (0..piles.len())
        .filter(|&i| reduced[i])
        .map(|i| (i, sizes[i]))
        .collect();
    (!taken.is_empty()).then_some(taken)
}

fn internal_check_k(k: u64) {
    assert!(
        k >= 1,
        "nim_k: k is at least 1 (a move takes from 1 to k piles), found k = 0"
    );
}

/// The rule as a move function, for brute-force search over small positions.
///
/// # Panics
/// If `k` is 0.
pub fn moves(piles: &[u64], k: u64) -> Vec<Vec<u64>> {
    internal_check_k(k);
    let mut next = Vec::new();
    // Choose each pile's new size in turn; keep the choices that touch 1..=k piles.
    let mut partial = vec![(Vec::with_capacity(piles.len()), 0u64)];
    for &pile in piles {
        partial = partial
            .into_iter()
            .flat_map(|(sizes, touched)| {
                (0..=pile).filter_map(move |size| {
                    let touched = touched + u64::from(size < pile);
                    (touched <= k).then(|| {
                        let mut sizes = sizes.clone();
                        sizes.push(size);
                        (sizes, touched)
                    })
                })
            })
            .collect();
    }
    next.extend(partial.into_iter().filter(|(_, t)| *t > 0).map(|(s, _)| s));
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use itertools::iproduct;

    #[test]
    fn matches_brute_force_on_three_and_four_piles() {
        for k in 1..=3 {
            let mut grundy = Grundy::new(move |p: &Vec<u64>| moves(p, k));
            for (a, b, c) in iproduct!(0..=7, 0..=7, 0..=7) {
                let piles = vec![a, b, c];
                assert_eq!(
                    is_losing(&piles, k),
                    grundy.is_losing(&piles),
                    "k = {k}, {piles:?}"
                );
            }
        }
        for k in 1..=4 {
            let mut grundy = Grundy::new(move |p: &Vec<u64>| moves(p, k));
            for (a, b, c, d) in iproduct!(0..=4, 0..=4, 0..=4, 0..=4) {
                let piles = vec![a, b, c, d];
                assert_eq!(
                    is_losing(&piles, k),
                    grundy.is_losing(&piles),
                    "k = {k}, {piles:?}"
                );
            }
        }
    }

    #[test]
    fn k_one_is_nim_and_huge_k_takes_everything() {
        assert!(is_losing(&[5, 3, 6], 1));
        assert!(!is_losing(&[5, 3, 6], 2));
        assert!(!is_losing(&[u64::MAX, u64::MAX], u64::MAX));
        assert!(is_losing(&[0, 0], u64::MAX));
    }

    /// The position after `taken`, checked to be one legal move from `piles`.
    fn after(piles: &[u64], k: u64, taken: &[(usize, u64)]) -> Vec<u64> {
        assert!(
            !taken.is_empty() && taken.len() as u64 <= k,
            "{piles:?}: {taken:?}"
        );
        let mut next = piles.to_vec();
        for &(i, size) in taken {
            assert!(
                size < piles[i],
                "{piles:?}: {taken:?} does not take from {i}"
            );
            next[i] = size;
        }
        next
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        for k in 1..=4 {
            let mut grundy = Grundy::new(move |p: &Vec<u64>| moves(p, k));
            for (a, b, c, d) in iproduct!(0..=5, 0..=5, 0..=5, 0..=5) {
                let piles = vec![a, b, c, d];
                match winning_move(&piles, k) {
                    None => assert!(grundy.is_losing(&piles), "k = {k}, {piles:?}"),
                    Some(taken) => {
                        let next = after(&piles, k, &taken);
                        assert!(grundy.is_losing(&next), "k = {k}: {piles:?} -> {next:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn winning_move_on_large_piles_reaches_moores_losing_positions() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..2000 {
            let k = rng.range(1, 5);
            let n = rng.range(1, 9) as usize;
            let piles: Vec<u64> = (0..n).map(|_| rng.next_u64() >> rng.range(0, 63)).collect();
            match winning_move(&piles, k) {
                None => assert!(is_losing(&piles, k), "k = {k}, {piles:?}"),
                Some(taken) => assert!(is_losing(&after(&piles, k, &taken), k)),
            }
        }
        assert_eq!(
            winning_move(&[u64::MAX, u64::MAX], u64::MAX),
            Some(vec![(0, 0), (1, 0)])
        );
    }

    #[test]
    #[should_panic(
        expected = "nim_k: k is at least 1 (a move takes from 1 to k piles), found k = 0"
    )]
    fn k_zero_is_refused() {
        is_losing(&[1, 2], 0);
    }

    #[test]
    #[should_panic(expected = "found k = 0")]
    fn k_zero_has_no_moves_to_list() {
        moves(&[1, 2], 0);
    }
}
