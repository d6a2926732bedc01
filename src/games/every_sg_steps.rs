//! The Every-SG step count of any finite game given by its moves (see
//! [`crate::games::every_sg`] for the game and the theorem): `0` where no move is left; for a
//! winning position `1 + the largest step` of its losing successors; for a losing one `1 + the
//! smallest step` of its successors. A position is winning exactly when its step is odd, so
//! the steps alone tell the two apart. The brute force for every closed form of a step count
//! (`every_sg::euclid_steps` is checked against it), and the solution for small games.

use crate::games::every_sg;
use crate::games::sg::{Expansion, Search};
use std::hash::Hash;

/// Every-SG step counts of any finite game given by its move function, memoised, on the
/// explicit-stack search of [`crate::games::sg`] (no recursion depth limit).
/// O(positions + moves) hash-map work.
pub struct Steps<S, F> {
    moves: F,
    search: Search<S>,
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<S>> Steps<S, F> {
    pub fn new(moves: F) -> Self {
        Steps {
            moves,
            search: Search::with_rule(step_rule),
        }
    }

    /// The step count of `state`: odd exactly when the player to move wins it alone.
    ///
    /// # Panics
    /// If a position can be reached from itself.
    pub fn steps(&mut self, state: &S) -> u32 {
        let moves = &self.moves;
        self.search.value(state, &mut |s| Expansion {
            parts: moves(s),
            ends: Vec::new(),
        })
    }

    /// Whether the first player wins the Every-SG sum of these games (each one's moves by this
    /// move function): the largest step count is odd.
    pub fn first_player_wins(&mut self, games: &[S]) -> bool {
        let largest = games.iter().map(|g| self.steps(g)).max().unwrap_or(0);
        every_sg::first_player_wins(largest)
    }
}

/// A position's step count from its successors' (the definition, with winning = odd step).
fn step_rule(successors: &mut [u32]) -> u32 {
    let (mut longest_losing, mut shortest_winning) = (None, None);
    for &mut s in successors {
        if s % 2 == 0 {
            longest_losing = longest_losing.max(Some(s));
        } else {
            shortest_winning = Some(shortest_winning.map_or(s, |w: u32| w.min(s)));
        }
    }
    match (longest_losing, shortest_winning) {
        (Some(losing), _) => losing + 1,
        (None, Some(winning)) => winning + 1,
        (None, None) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_the_definition() {
        // 0: over. 1 -> 0: wins in 1. 2 -> {0, 1}: wins in 1 (to 0, the losing one).
        // 3 -> {1, 2}: loses, delayed: 1 + 1. 4 -> {3, 1}: wins via 3 (even): 1 + 2.
        let moves = |&v: &u8| -> Vec<u8> {
            match v {
                1 => vec![0],
                2 => vec![0, 1],
                3 => vec![1, 2],
                4 => vec![3, 1],
                _ => vec![],
            }
        };
        let mut steps = Steps::new(moves);
        let found: Vec<u32> = (0..5).map(|v| steps.steps(&v)).collect();
        assert_eq!(found, [0, 1, 1, 2, 3]);
        assert!(steps.first_player_wins(&[3, 4]));
        assert!(!steps.first_player_wins(&[3, 0]));
    }

    #[test]
    fn a_chain_of_a_million_positions_needs_no_recursion() {
        let mut steps = Steps::new(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
        assert_eq!(steps.steps(&1_000_000), 1_000_000);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn a_cycle_is_refused() {
        Steps::new(|&n: &u8| vec![(n + 1) % 3]).steps(&0);
    }
}
