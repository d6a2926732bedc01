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
