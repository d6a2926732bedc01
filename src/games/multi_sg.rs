//! Multi-SG: games where a move may replace one game by several independent games, played
//! side by side from then on. The cutting game (POJ 2311) is the example: a cut splits a
//! rectangle of paper into two.
//!
//! Theorem (Sprague–Grundy applied to the move, Winning Ways ch. 4): the position a move
//! leads to is a sum, whose value is the xor of its games' values, so a game's value is the
//! mex over its moves of those xors, and the player to move in a sum loses exactly when the
//! xor of its games' values is 0.
//!
//! The cutting game: a `W × H` sheet of unit squares; a move cuts one piece in two along a grid
//! line; whoever cuts out a `1 × 1` piece wins. Whoever leaves a `1 × k` strip (`k >= 2`)
//! loses at once (the opponent cuts a square off it), and no cut of a piece `2` or more each
//! way makes a square, so with best play both stay on pieces at least `2 × 2` and the player
//! with no such cut loses: a normal-play game whose move splits `w × h` into `i × h` and
//! `(w - i) × h` (`2 <= i <= w - 2`) or the same across.

use crate::games::sg::{mex_in_place, Expansion, Search};
use std::hash::Hash;

/// Memoised values of a game whose moves each lead to a list of games played side by side
/// (an empty list is a finished game). Iterative like [`crate::games::sg::Grundy`].
pub struct MultiGrundy<S, F> {
    moves: F,
    search: Search<S>,
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<Vec<S>>> MultiGrundy<S, F> {
    pub fn new(moves: F) -> Self {
        MultiGrundy {
            moves,
            search: Search::new(),
        }
    }

    /// The value of `state`: the mex over its moves of the xor of the resulting games' values.
    ///
    /// # Panics
    /// If a game can be reached from itself.
    pub fn value(&mut self, state: &S) -> u32 {
        let moves = &self.moves;
        self.search.value(state, &mut |s| {
            let mut parts = Vec::new();
            let mut ends = Vec::new();
            for games in moves(s) {
                parts.extend(games);
                ends.push(parts.len());
            }
            Expansion { parts, ends }
        })
    }
}

/// The cutting game's values `table[w][h]` for `0 <= w, h <= largest`, for pieces at least
/// `2 × 2` (the other entries are 0 and mean nothing). O(largest³) time, O(largest²) memory.
pub fn cutting_table(largest: usize) -> Vec<Vec<u32>> {
    let size = largest + 1;
    let mut table = vec![vec![0u32; size]; size];
    let mut reachable = Vec::with_capacity(2 * size);
    for w in 2..size {
        for h in 2..size {
            reachable.clear();
            reachable.extend((2..=w.saturating_sub(2)).map(|i| table[i][h] ^ table[w - i][h]));
            reachable.extend((2..=h.saturating_sub(2)).map(|i| table[w][i] ^ table[w][h - i]));
            table[w][h] = mex_in_place(&mut reachable);
        }
    }
    table
}

/// The moves of the cutting game in the reduced form (pieces at least `2 × 2`), each a pair of
/// pieces: the rule [`cutting_table`] evaluates, for [`MultiGrundy`].
pub fn cutting_moves(&(w, h): &(u32, u32)) -> Vec<Vec<(u32, u32)>> {
    let across = (2..=w.saturating_sub(2)).map(|i| vec![(i, h), (w - i, h)]);
    let down = (2..=h.saturating_sub(2)).map(|i| vec![(w, i), (w, h - i)]);
    across.chain(down).collect()
}

/// The cutting game by its original rule, for the brute force: the pieces, sorted; a move cuts
/// one piece in two, and a position holding a `1 × 1` piece is over (its maker won).
pub fn cutting_moves_by_the_rule(pieces: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
    if pieces.contains(&(1, 1)) {
        return Vec::new();
    }
    let mut next = Vec::new();
    for (k, &(w, h)) in pieces.iter().enumerate() {
        let cuts = (1..w)
            .map(|i| [(i, h), (w - i, h)])
            .chain((1..h).map(|i| [(w, i), (w, h - i)]));
        for cut in cuts {
            let mut p = pieces.to_vec();
            p.remove(k);
            p.extend(cut);
            p.sort_unstable();
            next.push(p);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn the_table_matches_the_multi_sg_search() {
        let table = cutting_table(30);
        let mut multi = MultiGrundy::new(cutting_moves);
        for (w, row) in table.iter().enumerate().skip(2) {
            for (h, &value) in row.iter().enumerate().skip(2) {
                assert_eq!(value, multi.value(&(w as u32, h as u32)), "{w} x {h}");
            }
        }
    }

    #[test]
    fn the_reduction_matches_the_original_rule_on_small_sheets() {
        let table = cutting_table(6);
        let mut by_rule = Grundy::new(|p: &Vec<(u32, u32)>| cutting_moves_by_the_rule(p));
        for w in 2..=6u32 {
            for h in 2..=(8 - w).clamp(2, 6) {
                let wins = !by_rule.is_losing(&vec![(w, h)]);
                assert_eq!(table[w as usize][h as usize] != 0, wins, "{w} x {h}");
            }
        }
    }

    #[test]
    fn multi_sg_of_splitting_a_heap_is_lasker_like() {
        // A heap of n: take 1, or split it into two non-empty heaps. Values by hand:
        // 0 → 0; 1 → mex{0} = 1; 2 → mex{g(1), g(1)^g(1)} = mex{1, 0} = 2;
        // 3 → mex{g(2), g(1)^g(2)} = mex{2, 3} = 0.
        let mut multi = MultiGrundy::new(|&n: &u32| {
            let mut moves = Vec::new();
            if n >= 1 {
                moves.push(vec![n - 1]);
            }
            moves.extend((1..n).filter(|&i| 2 * i <= n).map(|i| vec![i, n - i]));
            moves
        });
        let values: Vec<u32> = (0..4).map(|n| multi.value(&n)).collect();
        assert_eq!(values, [0, 1, 2, 0]);
    }

    #[test]
    fn a_deep_multi_game_needs_no_deep_stack() {
        // n → (n - 1) and a finished game 0 beside it: a chain of 10^6.
        let mut multi = MultiGrundy::new(
            |&n: &u32| {
                if n == 0 {
                    vec![]
                } else {
                    vec![vec![n - 1, 0]]
                }
            },
        );
        assert_eq!(multi.value(&1_000_000), 0);
    }
}
