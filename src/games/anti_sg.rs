//! Anti-SG: a sum of games played misère (whoever makes the last move loses), each part an
//! impartial game with its normal-play Grundy value (see [`crate::games::sg`]). Misère Nim
//! ([`crate::games::anti_nim`]) is the case where every part is a Nim pile.
//!
//! Theorem (Sprague–Grundy–Jia, the SJ theorem; Jia Zhihao, Chinese IOI training team paper
//! 2009): if the sum ends as soon as every part has Grundy value 0 (true when a part of value 0
//! has no moves, as a Nim pile of 0), the player to move wins exactly when either the xor of
//! the values is not 0 and some part's value exceeds 1, or the xor is 0 and no value is above
//! one. Without that condition it can fail: a part of value 0 that still has a move is a
//! counterexample (see the tests).

/// Whether the player to move wins the misère sum of parts with these Grundy values (under the
/// theorem's condition). O(number of parts).
pub fn first_player_wins(values: impl IntoIterator<Item = u64>) -> bool {
    let (mut sum, mut some_above_one) = (0, false);
    for value in values {
        sum ^= value;
        some_above_one |= value > 1;
    }
    some_above_one == (sum != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use crate::rng::Rng;

    /// A random game on a DAG: vertex `v` moves to some vertices below it.
    fn random_dag(rng: &mut Rng, vertices: usize) -> Vec<Vec<usize>> {
        (0..vertices)
            .map(|v| (0..v).filter(|_| rng.chance(1, 3)).collect())
            .collect()
    }

    fn dag_values(dag: &[Vec<usize>]) -> Vec<u64> {
        let mut grundy = Grundy::new(|&v: &usize| dag[v].clone());
        (0..dag.len())
            .map(|v| u64::from(grundy.value(&v)))
            .collect()
    }

    /// Whether the player to move wins the misère sum of tokens on `dag`, searched from the
    /// rules: `ended(position)` positions have no move (their player to move wins); as normal
    /// play, they get one move to the dead end, the empty position.
    fn misere_wins(dag: &[Vec<usize>], tokens: &[usize], ended: &dyn Fn(&[usize]) -> bool) -> bool {
        let moves = |position: &Vec<usize>| -> Vec<Vec<usize>> {
            if position.is_empty() {
                return Vec::new();
            }
            if ended(position) {
                return vec![Vec::new()];
            }
            let mut next = Vec::new();
            for (i, &v) in position.iter().enumerate() {
                for &w in &dag[v] {
                    let mut p = position.clone();
                    p[i] = w;
                    p.sort_unstable();
                    next.push(p);
                }
            }
            if next.is_empty() {
                next.push(Vec::new()); // no move at all: the player to move has won
            }
            next
        };
        let mut sorted = tokens.to_vec();
        sorted.sort_unstable();
        !Grundy::new(moves).is_losing(&sorted)
    }

    #[test]
    fn matches_misere_play_on_random_games_that_end_at_all_zero() {
        let mut rng = Rng::new(12);
        for _ in 0..40 {
            let dag = random_dag(&mut rng, 9);
            let values = dag_values(&dag);
            let all_zero = |p: &[usize]| p.iter().all(|&v| values[v] == 0);
            for a in 0..9 {
                for b in a..9 {
                    for c in b..9 {
                        let tokens = [a, b, c];
                        assert_eq!(
                            first_player_wins(tokens.iter().map(|&v| values[v])),
                            misere_wins(&dag, &tokens, &all_zero),
                            "{dag:?}, tokens {tokens:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_condition_is_needed() {
        // 0 is the end; 1 → 0 has value 1; 2 → {0, 1} value 2; 3 → 2 value 0 but not the end.
        // From 3 the mover must go to 2, and the opponent answers 1, leaving the last move to
        // the mover: a loss, where the rule (xor 0, no value above 1) says a win.
        let dag = vec![vec![], vec![0], vec![0, 1], vec![2]];
        assert_eq!(dag_values(&dag), [0, 1, 2, 0]);
        let never = |_: &[usize]| false;
        assert!(!misere_wins(&dag, &[3], &never));
        assert!(first_player_wins([0]));
    }

    #[test]
    fn nim_piles_are_their_own_values() {
        assert!(first_player_wins([1, 1]));
        assert!(!first_player_wins([1, 1, 1]));
        assert!(!first_player_wins([2, 3, 1]));
        assert!(first_player_wins([2, 3]));
        assert!(first_player_wins([u64::MAX, u64::MAX - 1]));
        assert!(!first_player_wins([u64::MAX, u64::MAX]));
    }
}
