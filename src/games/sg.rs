//! The Sprague–Grundy value of a finite impartial game by exhaustive search: the oracle the
//! closed forms are tested against.
//!
//! Rule: any finite game given by a move function. Theorem (Sprague–Grundy): the value of a
//! position is the mex (minimum excludant) of its successors' values; the player to move loses
//! exactly when it is 0, and a sum of games has the xor of its parts' values.

use std::collections::HashMap;
use std::hash::Hash;

/// The smallest natural number not in `values`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// Memoised Sprague–Grundy values of the positions reachable through `moves`.
pub struct Grundy<S, F> {
    moves: F,
    memo: HashMap<S, u32>,
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<S>> Grundy<S, F> {
    pub fn new(moves: F) -> Self {
        Grundy {
            moves,
            memo: HashMap::new(),
        }
    }

    /// The Grundy value of `state`. The game must be finite (no cycles).
    pub fn value(&mut self, state: &S) -> u32 {
        if let Some(&v) = self.memo.get(state) {
            return v;
        }
        let next = (self.moves)(state);
        let values: Vec<u32> = next.iter().map(|s| self.value(s)).collect();
        let v = mex(values);
        self.memo.insert(state.clone(), v);
        v
    }

    /// Whether the player to move from `state` loses with best play.
    pub fn is_losing(&mut self, state: &S) -> bool {
        self.value(state) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1, 1]), 3);
    }

    #[test]
    fn single_nim_pile_has_its_size_as_value() {
        let mut g = Grundy::new(|&n: &u32| (0..n).collect());
        for n in 0..30 {
            assert_eq!(g.value(&n), n);
        }
    }

    #[test]
    fn subtraction_game_values_are_periodic() {
        // Take 1, 3 or 4: the values repeat 0 1 0 1 2 3 2 with period 7.
        let mut g = Grundy::new(|&n: &u32| {
            [1, 3, 4]
                .iter()
                .filter(|&&t| t <= n)
                .map(|t| n - t)
                .collect()
        });
        let period = [0, 1, 0, 1, 2, 3, 2];
        for n in 0..50 {
            assert_eq!(g.value(&n), period[n as usize % 7], "n = {n}");
        }
    }
}
