//! Every-SG over Euclid's game (HDU 3595 "GG and MM"): several games of Euclid's game (see
//! [`crate::games::euclid`]) are played at once; on each turn the player must move in every
//! game that is not over (a game is over once a pile is empty); whoever cannot move loses.
//!
//! Theorem (Every-SG, Winning Ways ch. 9): give each position a step count, the number of moves
//! the game lasts when the player who will win hurries and the loser delays:
//! `step = 0` for a finished game; for a winning position, `1 + max step` over its losing
//! successors; for a losing one, `1 + min step` over its successors. The first player wins the
//! whole sum exactly when the largest step of its parts is odd. A position is winning exactly
//! when its step is odd, so the steps alone decide: [`crate::games::every_sg_steps::Steps`]
//! computes them for any finite game given by its moves.
//!
//! For Euclid's game with `large = q·small + r`, `step(large, small)` is: `1` if `r = 0`;
//! `1 + step(small, r)` if `q = 1` (the forced move); and if `q >= 2` the winner steers to the
//! losing one of `(small, r)` and `(small + r, small)`, so it is the odd number after
//! `step(small, r)`. O(log) along Euclid's algorithm: no table, every `u64`.

/// The Every-SG step count of Euclid's game from piles `(a, b)`. Odd exactly when the player to
/// move wins that game alone.
pub fn euclid_steps(a: u64, b: u64) -> u32 {
    let (large, small) = (a.max(b), a.min(b));
    if small == 0 {
        return 0;
    }
    let rest = large - small;
    if rest < small {
        // q = 1, told apart without a division (the slow part of this loop).
        return if rest == 0 {
            1
        } else {
            euclid_steps(small, rest) + 1
        };
    }
    let r = large % small;
    if r == 0 {
        return 1;
    }
    let inner = euclid_steps(small, r);
    // q >= 2: the odd number after `inner`.
    inner + 1 + (inner & 1)
}

/// Whether the first player wins a sum of games whose largest step count is `largest_step`.
pub fn first_player_wins(largest_step: u32) -> bool {
    largest_step % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::euclid;
    use crate::games::every_sg_steps::Steps;
    use crate::games::sg::Grundy;

    #[test]
    fn steps_match_their_definition_on_every_pair_up_to_200() {
        let mut brute = Steps::new(euclid::moves);
        for a in 0..=200 {
            for b in 0..=200 {
                let steps = euclid_steps(a, b);
                assert_eq!(steps, brute.steps(&(a, b)), "({a}, {b})");
                if a > 0 && b > 0 {
                    assert_eq!(
                        steps % 2 == 1,
                        euclid::first_player_wins(a, b),
                        "({a}, {b})"
                    );
                }
            }
        }
    }

    /// The Every-SG sum searched from its rules: a move moves in every game that can move; a
    /// game that cannot stays as it is; the sum is over when no game can move.
    fn every_moves<S: Clone>(moves: impl Fn(&S) -> Vec<S>, games: &[S]) -> Vec<Vec<S>> {
        let mut sums = vec![Vec::new()];
        let mut any_move = false;
        for game in games {
            let next = moves(game);
            any_move |= !next.is_empty();
            let choices = if next.is_empty() {
                vec![game.clone()]
            } else {
                next
            };
            sums = sums
                .into_iter()
                .flat_map(|sum: Vec<S>| {
                    choices.iter().map(move |c| {
                        let mut s = sum.clone();
                        s.push(c.clone());
                        s
                    })
                })
                .collect();
        }
        if any_move {
            sums
        } else {
            Vec::new()
        }
    }

    /// The theorem itself on Euclid's game: brute force over whole sums of two and three games.
    #[test]
    fn largest_step_decides_the_sum_of_games() {
        let mut grundy = Grundy::new(|g: &Vec<(u64, u64)>| every_moves(euclid::moves, g));
        let small: Vec<(u64, u64)> = (0..=12)
            .flat_map(|a| (a..=12).map(move |b| (a, b)))
            .collect();
        for &g in &small {
            for &h in &small {
                let sum = vec![g, h];
                let largest = euclid_steps(g.0, g.1).max(euclid_steps(h.0, h.1));
                assert_eq!(
                    first_player_wins(largest),
                    !grundy.is_losing(&sum),
                    "{sum:?}"
                );
            }
        }
        for &g in small.iter().step_by(5) {
            for &h in small.iter().step_by(3) {
                for &i in small.iter().step_by(7) {
                    let sum = vec![g, h, i];
                    let largest = [g, h, i]
                        .iter()
                        .map(|p| euclid_steps(p.0, p.1))
                        .max()
                        .unwrap();
                    assert_eq!(
                        first_player_wins(largest),
                        !grundy.is_losing(&sum),
                        "{sum:?}"
                    );
                }
            }
        }
    }

    /// The theorem for any game: sums of two and three tokens on random DAG games.
    #[test]
    fn steps_decide_sums_of_random_games() {
        let mut rng = crate::rng::Rng::new(3595);
        for _ in 0..30 {
            let dag: Vec<Vec<usize>> = (0..10)
                .map(|v| (0..v).filter(|_| rng.chance(1, 3)).collect())
                .collect();
            let moves = |&v: &usize| dag[v].clone();
            let mut steps = Steps::new(moves);
            let mut outcomes = Grundy::new(moves);
            let mut sums = Grundy::new(|g: &Vec<usize>| every_moves(moves, g));
            for a in 0..10 {
                assert_eq!(
                    steps.steps(&a) % 2 == 1,
                    !outcomes.is_losing(&a),
                    "{dag:?} {a}"
                );
                for b in 0..10 {
                    let sum = vec![a, b];
                    assert_eq!(
                        steps.first_player_wins(&sum),
                        !sums.is_losing(&sum),
                        "{dag:?} {sum:?}"
                    );
                    let sum = vec![a, b, (a + 3 * b) % 10];
                    assert_eq!(
                        steps.first_player_wins(&sum),
                        !sums.is_losing(&sum),
                        "{dag:?} {sum:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn fibonacci_pairs_are_the_longest_games() {
        // (F(n+1), F(n)) with F(2) = 1, F(3) = 2 takes n - 1 forced steps: (2, 1) takes one.
        let (mut small, mut large, mut n) = (1u64, 2u64, 2u32);
        while let Some(next) = small.checked_add(large) {
            assert_eq!(euclid_steps(large, small), n - 1, "({large}, {small})");
            (small, large, n) = (large, next, n + 1);
        }
        assert_eq!(euclid_steps(large, small), n - 1);
        assert_eq!(euclid_steps(u64::MAX, 1), 1);
        assert_eq!(euclid_steps(0, u64::MAX), 0);
    }
}
