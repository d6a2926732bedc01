//! Misère Nim, or anti-Nim (HDU 1907 John): Nim's moves (see [`crate::games::nim`]), but
//! whoever takes the last stone loses.
//!
//! Theorem (Bouton): the first player wins exactly when either every pile has at most one stone
//! and the nim-sum is 0, or some pile has more than one stone and the nim-sum is not 0. It is
//! the SJ theorem of [`crate::games::anti_sg`] with each pile its own Grundy value (a pile of 0
//! has no moves, so the theorem's condition holds).

use crate::games::{anti_sg, nim};

/// Whether the player to move wins misère Nim with best play.
pub fn first_player_wins(piles: &[u64]) -> bool {
    anti_sg::first_player_wins(piles.iter().copied())
}

/// The rule as a normal-play move function, for brute-force search over small positions.
///
/// Misère play turned into normal play: a position with no stones left is one where the player
/// to move has just been handed the win (the opponent took the last stone), so it gets one
/// extra move, to the dead end written as the empty list of piles. Other positions move as in
/// Nim.
pub fn moves(piles: &[u64]) -> Vec<Vec<u64>> {
    if piles.iter().all(|&p| p == 0) {
        return if piles.is_empty() {
            Vec::new()
        } else {
            vec![Vec::new()]
        };
    }
    nim::moves(piles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use itertools::iproduct;

    #[test]
    fn matches_brute_force_on_three_piles_up_to_12() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| moves(p));
        for (a, b, c) in iproduct!(0..=12, 0..=12, 0..=12) {
            let piles = vec![a, b, c];
            assert_eq!(
                first_player_wins(&piles),
                !grundy.is_losing(&piles),
                "{piles:?}"
            );
        }
    }

    #[test]
    fn samples() {
        assert!(first_player_wins(&[3, 5, 1]));
        assert!(!first_player_wins(&[1]));
        assert!(first_player_wins(&[u64::MAX, u64::MAX - 1]));
    }
}
