//! Perfect play in octal games ([`crate::games::octal`]): the winning move from a position of
//! several heaps.
//!
//! Theorem (Sprague–Grundy): the position is the sum of its heaps, lost exactly when the xor
//! `s` of the heaps' values is 0. Otherwise some heap's value `v` has `v ^ s < v`, and since a
//! heap's value is the mex of its options' values, one of that heap's moves reaches the value
//! `v ^ s`, which makes the xor 0 ([`crate::games::sg::winning_part`]).
//!
//! A move is written as what it does to a row: a heap of `n` becomes `left`, a run of `take`
//! removed, and `right` (`left + take + right = n`; 0 stands for no heap). Cards in a row
//! (AtCoder ABC278 G, Kayles) read it directly as "remove `take` cards after the first
//! `left`"; for heaps it says which heaps are left.

use crate::games::octal::Octal;
use crate::games::sg::winning_part;

/// One move on one heap: heap `heap` (an index into the position) of `left + take + right`
/// becomes the heaps `left` and `right` (a 0 is no heap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapMove {
    pub heap: usize,
    pub left: u64,
    pub take: u64,
    pub right: u64,
}

/// The first move of one heap of `n` (in order of `take`, then `left`) whose result has the
/// value `target`; `values` holds the heaps' values up to `n`. O(n²) at worst.
fn move_to_value(game: &Octal, values: &[u32], n: u64, target: u32) -> Option<(u64, u64, u64)> {
    let value = |m: u64| values[m as usize];
    for take in 0..=n {
        let digit = game.digit(take);
        let rest = n - take;
        if digit & 1 != 0 && rest == 0 && target == 0 {
            return Some((0, take, 0));
        }
        if digit & 2 != 0 && rest > 0 && take > 0 && value(rest) == target {
            return Some((rest, take, 0));
        }
        if digit & 4 != 0 {
            if let Some(left) = (1..=rest / 2).find(|&a| value(a) ^ value(rest - a) == target) {
                return Some((left, take, rest - left));
            }
        }
    }
    None
}

/// A winning move of `game` from `heaps` (any order; a 0 is an empty heap), or `None` when
/// the player to move loses. `values[n]` must be the value of a heap of `n` for every heap
/// (`game.values(largest)`, or a faster table of the same game).
///
/// # Panics
/// If `values` is shorter than the largest heap, or is not the game's table (no move reaches
/// the value the theorem promises), or if the game has moves that leave three heaps or more
/// (`Octal::with_masks`): a `HeapMove` names two, and those moves are not searched.
pub fn winning_move(game: &Octal, values: &[u32], heaps: &[u64]) -> Option<HeapMove> {
    assert!(
        game.most_heaps_left() <= 2,
        "octal_play: the game's moves may leave {} heaps; only moves that leave at most 2 are searched",
        game.most_heaps_left()
    );
    let heap_values: Vec<u32> = heaps.iter().map(|&n| values[n as usize]).collect();
    let (heap, target) = winning_part(&heap_values)?;
    let (left, take, right) = move_to_value(game, values, heaps[heap], target)
        .expect("octal_play: the values are not this game's (no move reaches the mex)");
    Some(HeapMove {
        heap,
        left,
        take,
        right,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    /// The sorted non-empty heaps after `m`.
    fn after(heaps: &[u64], m: HeapMove) -> Vec<u64> {
        let mut next: Vec<u64> = heaps.to_vec();
        next.remove(m.heap);
        next.extend([m.left, m.right].iter().filter(|&&h| h > 0));
        next.sort_unstable();
        next
    }

    fn check(game: &Octal, largest: u64) {
        let values = game.values(largest as usize);
        let mut grundy = Grundy::new(|h: &Vec<u64>| game.moves(h));
        for a in 0..=largest {
            for b in a..=largest {
                for c in b..=largest {
                    let heaps: Vec<u64> = [a, b, c].iter().copied().filter(|&h| h > 0).collect();
                    match winning_move(game, &values, &heaps) {
                        None => assert!(grundy.is_losing(&heaps), "{game:?} {heaps:?}"),
                        Some(m) => {
                            assert_eq!(m.left + m.take + m.right, heaps[m.heap], "{m:?}");
                            let next = after(&heaps, m);
                            let legal = game.moves(&heaps);
                            assert!(legal.contains(&next), "{game:?} {heaps:?}: {m:?}");
                            assert!(grundy.is_losing(&next), "{game:?} {heaps:?}: {m:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        check(&Octal::kayles(), 9);
        check(&Octal::dawson_kayles(), 10);
        check(&Octal::lasker(), 7);
        check(&Octal::new(&[0, 1, 3, 7], 0), 9); // 0.137, Dawson's chess
        check(&Octal::new(&[0, 0, 7, 7, 7], 0), 10); // a run of 2 to 4 cards (ABC278 G)
        check(&Octal::new(&[4, 0, 6], 0), 8);
    }

    #[test]
    #[should_panic(expected = "may leave 3 heaps; only moves that leave at most 2")]
    fn a_game_that_splits_into_three_heaps_is_refused() {
        let game = Octal::with_masks(&[0, 0b1111], 0); // take 1, leave 0 to 3 heaps
        winning_move(&game, &game.values(6), &[6]);
    }

    #[test]
    #[should_panic(expected = "not this game's")]
    fn a_table_of_another_game_is_refused() {
        let wrong = Octal::new(&[0], 3).values(10); // Nim's values, not Kayles'
        winning_move(&Octal::kayles(), &wrong, &[9, 5]);
    }
}
