//! Treblecross, Crosses and Crosses (POJ 3537): a strip of `n` empty cells; the players take
//! turns to put a cross on an empty cell, and whoever first makes three crosses in a row wins.
//!
//! Theorem (Winning Ways ch. 4): nobody puts a cross within two cells of another, since the
//! opponent would then complete three; so a cross at cell `i` closes the cells `i - 2 ..= i + 2`
//! and leaves two independent strips, and whoever has no such safe cell left loses (every move
//! then lets the opponent complete three). A strip of `n` plays as the octal game `0.007` on a
//! heap of `n + 2` (take three, leave zero, one or two heaps): a cross at cell `i` leaves
//! strips of `i - 3` and `n - i - 2` (each at least 0), which are heaps of `i - 1` and `n - i`
//! after taking three from `n + 2`. No closed form is known (`0.007` has no known period), so
//! [`values`] tabulates it in O(n²).
//!
//! The reduction needs room for three: on a strip of 1 or 2 cells nobody can win, and the
//! judges' tables (whose value 1 says the first player wins) are the convention [`values`]
//! keeps; from 3 cells on every cross next to another one does hand the opponent three. The
//! tests check the table against the search of [`crate::games::sg`] over every board of 3 to 14
//! cells, played by the statement's rule (a board with three in a row, or a full one, has no
//! move: the player to move there has lost).

use crate::games::octal::Octal;

/// The Grundy values of the strips of `0..=up_to` empty cells. O(up_to²).
pub fn values(up_to: usize) -> Vec<u32> {
    Octal::new(&[0, 0, 0, 7], 0).values(up_to + 2).split_off(2)
}

/// A board as the brute force sees it: `(cells, crosses)`, bit `i` of `crosses` set when cell
/// `i` holds a cross.
pub type Board = (u32, u32);

/// Whether some three consecutive cells hold crosses.
fn has_three(crosses: u32) -> bool {
    crosses & (crosses >> 1) & (crosses >> 2) != 0
}

/// The rule as a move function for the brute-force search of [`crate::games::sg::Grundy`]:
/// `(cells, crosses)` to every board with one more cross; a board with three in a row has no
/// move (the player who made it won), nor has a full one.
pub fn moves(&(cells, crosses): &Board) -> Vec<Board> {
    if has_three(crosses) {
        return Vec::new();
    }
    (0..cells)
        .filter(|&i| crosses & (1 << i) == 0)
        .map(|i| (cells, crosses | 1 << i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_the_search_over_boards() {
        let table = values(14);
        let mut grundy = Grundy::new(moves);
        for cells in 3..=14u32 {
            let wins = !grundy.is_losing(&(cells, 0));
            assert_eq!(table[cells as usize] != 0, wins, "{cells} cells");
        }
    }

    #[test]
    fn the_first_strips_by_hand() {
        // A cross anywhere on 1 to 5 cells leaves strips of values 0 (or 1 and 0 from 4 on);
        // on 6 every cross leaves a strip of value 1: 0 1 1 1 2 2 0.
        assert_eq!(values(6), [0, 1, 1, 1, 2, 2, 0]);
    }
}
