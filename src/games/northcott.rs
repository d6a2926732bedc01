//! Northcott's game (HDU 1730 Northcott Game): a board of rows `1..=m`; each row holds one
//! piece of each player. A move takes one of the mover's own pieces along its row to any
//! empty cell, forwards or back, never jumping the opponent's piece; whoever cannot move
//! loses. The game is partizan (each player moves only their own pieces) and loopy (pieces
//! may retreat), so a brute force needs the retrograde analysis of [`crate::games::loopy`].
//!
//! Theorem (Winning Ways ch. 2, "Northcott's game"): the game is Nim on the gaps, the empty
//! cells between the two pieces of each row. Closing a gap by `k` is taking `k` from a Nim heap;
//! a retreat widens a gap, and the opponent closes it again by the same amount (a reversible
//! move gains nothing), while the walls of the board bound the retreats, so play ends and no
//! position is a draw. The player to move loses exactly when the xor of the gaps is 0. The
//! tests check this against the retrograde search over every board of one or two rows of up to
//! 6 cells and three rows of up to 4, for both sides to move.

/// The empty cells between two pieces at columns `a` and `b` (distinct).
fn gap(a: u64, b: u64) -> u64 {
    a.max(b) - a.min(b) - 1
}

/// Whether the player to move loses the board whose rows hold pieces at columns
/// `(mover's, opponent's)`, each pair distinct. O(rows).
pub fn is_losing(rows: &[(u64, u64)]) -> bool {
    rows.iter().fold(0, |sum, &(a, b)| sum ^ gap(a, b)) == 0
}

/// A board as the brute force sees it: `(width, rows, first_to_move)`, each row the columns
/// (1-based) of the first player's piece and the second's.
pub type Board = (u8, Vec<(u8, u8)>, bool);

/// The rule as a move function for [`crate::games::loopy::Loopy`]: every move of one of the
/// mover's pieces to an empty cell of its row on its own side of the opponent's piece.
pub fn moves(board: &Board) -> Vec<Board> {
    let (width, rows, first_to_move) = board;
    let mut next = Vec::new();
    for (i, &(first, second)) in rows.iter().enumerate() {
        let (own, other) = if *first_to_move {
            (first, second)
        } else {
            (second, first)
        };
        let cells = if own < other {
            1..other
        } else {
            other + 1..width + 1
        };
        for to in cells.filter(|&to| to != own) {
            let mut moved = rows.clone();
            moved[i] = if *first_to_move {
                (to, second)
            } else {
                (first, to)
            };
            next.push((*width, moved, !first_to_move));
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::loopy::Loopy;

    /// Every board of `count` rows of `width` cells (each row two distinct cells).
    fn boards(width: u8, count: usize) -> Vec<Vec<(u8, u8)>> {
        let rows: Vec<(u8, u8)> = (1..=width)
            .flat_map(|a| (1..=width).filter(move |&b| b != a).map(move |b| (a, b)))
            .collect();
        let mut all = vec![Vec::new()];
        for _ in 0..count {
            all = all
                .iter()
                .flat_map(|board| {
                    rows.iter().map(move |&row| {
                        let mut longer: Vec<(u8, u8)> = board.clone();
                        longer.push(row);
                        longer
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn matches_the_retrograde_search() {
        for (width, count) in [(2, 1), (3, 1), (6, 1), (4, 2), (6, 2), (4, 3)] {
            let starts: Vec<Board> = boards(width, count)
                .into_iter()
                .flat_map(|rows| [(width, rows.clone(), true), (width, rows, false)])
                .collect();
            let game = Loopy::solve(starts.clone(), moves);
            for board in &starts {
                let outcome = game.outcome(board).unwrap();
                assert!(!outcome.is_draw(), "{board:?} is a draw");
                let (_, rows, first_to_move) = board;
                let as_mover: Vec<(u64, u64)> = rows
                    .iter()
                    .map(|&(a, b)| if *first_to_move { (a, b) } else { (b, a) })
                    .map(|(a, b)| (u64::from(a), u64::from(b)))
                    .collect();
                assert_eq!(is_losing(&as_mover), outcome.is_lose(), "{board:?}");
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        assert!(is_losing(&[(1, 2), (u64::MAX, u64::MAX - 1)]));
        assert!(!is_losing(&[(1, u64::MAX)]));
        assert!(is_losing(&[(1, u64::MAX), (u64::MAX, 1)]));
        assert!(is_losing(&[]));
    }
}
