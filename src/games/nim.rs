//! Nim: piles of stones; a move takes any positive number of stones from one pile; whoever
//! takes the last stone wins.
//!
//! Theorem (Bouton, 1901): the player to move loses exactly when the nim-sum `s` (the xor of
//! all piles) is 0. Otherwise the winning moves are exactly those that reduce a pile `a` to
//! `a ^ s`, which is possible exactly when `a ^ s < a` (`a` has the highest set bit of `s`).

/// The xor of all piles.
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |sum, &pile| sum ^ pile)
}

/// Whether the player to move loses with best play.
pub fn is_losing(piles: &[u64]) -> bool {
    nim_sum(piles) == 0
}

/// Every winning move in pile order, as `(pile index, size the pile is reduced to)`.
pub fn winning_moves(piles: &[u64]) -> impl Iterator<Item = (usize, u64)> + '_ {
    WinningMoves {
        piles,
        sum: nim_sum(piles),
        base: 0,
        scanned: 0,
        mask: 0,
    }
}

/// [`winning_moves`]: which piles of a block of 64 can move is found without a branch per pile
/// (on random piles that branch is a coin toss the CPU cannot predict), then the block's set
/// bits are walked.
struct WinningMoves<'a> {
    piles: &'a [u64],
    sum: u64,
    /// The index of the pile that bit 0 of `mask` stands for.
    base: usize,
    /// How many piles have been looked at.
    scanned: usize,
    /// The winning piles of the current block not yet returned.
    mask: u64,
}

impl Iterator for WinningMoves<'_> {
    type Item = (usize, u64);

    #[inline]
    fn next(&mut self) -> Option<(usize, u64)> {
        while self.mask == 0 {
            let rest = &self.piles[self.scanned..];
            if rest.is_empty() {
                return None;
            }
            let block = &rest[..rest.len().min(64)];
            let mut mask = 0u64;
            for (j, &pile) in block.iter().enumerate() {
                mask |= u64::from(pile ^ self.sum < pile) << j;
            }
            self.base = self.scanned;
            self.scanned += block.len();
            self.mask = mask;
        }
        let j = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        let i = self.base + j;
        Some((i, self.piles[i] ^ self.sum))
    }
}

/// A winning move `(pile index, size the pile is reduced to)`: the first of
/// [`winning_moves`], or `None` when the player to move loses. O(n).
pub fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    winning_moves(piles).next()
}

/// How many winning moves there are (POJ 2975): the piles `a` with `a ^ s < a`.
pub fn winning_move_count(piles: &[u64]) -> usize {
    let sum = nim_sum(piles);
    piles.iter().filter(|&&pile| pile ^ sum < pile).count()
}

/// The rule as a move function, for brute-force search over small positions.
pub fn moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        for smaller in 0..pile {
            let mut p = piles.to_vec();
            p[i] = smaller;
            next.push(p);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use itertools::iproduct;

    #[test]
    fn bouton_matches_brute_force_on_three_piles_up_to_15() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| moves(p));
        for (a, b, c) in iproduct!(0..=15, 0..=15, 0..=15) {
            let piles = vec![a, b, c];
            assert_eq!(is_losing(&piles), grundy.is_losing(&piles), "{piles:?}");
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_losing_positions() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| moves(p));
        for (a, b, c) in iproduct!(0..=12, 0..=12, 0..=12) {
            let piles = vec![a, b, c];
            let ours: Vec<(usize, u64)> = winning_moves(&piles).collect();
            let mut brute = Vec::new();
            for (i, &pile) in piles.iter().enumerate() {
                for smaller in 0..pile {
                    let mut next = piles.clone();
                    next[i] = smaller;
                    if grundy.is_losing(&next) {
                        brute.push((i, smaller));
                    }
                }
            }
            assert_eq!(ours, brute, "{piles:?}");
        }
    }

    #[test]
    fn winning_move_count_is_the_brute_force_count_on_four_piles_up_to_7() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| moves(p));
        for (a, b, c, d) in iproduct!(0..=7, 0..=7, 0..=7, 0..=7) {
            let piles = vec![a, b, c, d];
            let brute = moves(&piles)
                .iter()
                .filter(|next| grundy.is_losing(next))
                .count();
            assert_eq!(winning_move_count(&piles), brute, "{piles:?}");
        }
        assert_eq!(winning_move_count(&[7, 11, 13]), 3);
        assert_eq!(winning_move_count(&[1_000_000_000, 1_000_000_000]), 0);
        assert_eq!(winning_move_count(&[u64::MAX, u64::MAX - 1, 5]), 3);
    }

    #[test]
    fn winning_moves_agree_with_the_plain_filter_across_blocks_of_64() {
        let mut rng = crate::rng::Rng::new(7);
        for len in (0..=200).chain([1000, 4097]) {
            let bits = rng.range(1, 64);
            let piles: Vec<u64> = (0..len).map(|_| rng.next_u64() >> (64 - bits)).collect();
            let sum = nim_sum(&piles);
            let plain: Vec<(usize, u64)> = piles
                .iter()
                .enumerate()
                .filter(|&(_, &pile)| pile ^ sum < pile)
                .map(|(i, &pile)| (i, pile ^ sum))
                .collect();
            assert_eq!(winning_moves(&piles).collect::<Vec<_>>(), plain, "{len}");
            assert_eq!(winning_move_count(&piles), plain.len());
        }
    }

    #[test]
    fn works_at_the_top_of_u64() {
        let piles = [u64::MAX, u64::MAX - 1, 5];
        let moves: Vec<_> = winning_moves(&piles).collect();
        // The nim-sum is 1 ^ 5 = 4: every pile with bit 2 set can move.
        assert_eq!(moves, [(0, u64::MAX - 4), (1, u64::MAX - 5), (2, 1)]);
        assert!(is_losing(&[u64::MAX, u64::MAX]));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| moves(p));
        for (a, b, c) in iproduct!(0..=9, 0..=9, 0..=9) {
            let piles = vec![a, b, c];
            match winning_move(&piles) {
                None => assert!(grundy.is_losing(&piles), "{piles:?}: no move from a win"),
                Some((i, size)) => {
                    let mut next = piles.clone();
                    next[i] = size;
                    assert!(moves(&piles).contains(&next), "{piles:?}: illegal {next:?}");
                    assert!(grundy.is_losing(&next), "{piles:?} -> {next:?} is a win");
                }
            }
        }
        assert_eq!(winning_move(&[u64::MAX, 1]), Some((0, 1)));
    }
}
