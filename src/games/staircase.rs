//! Staircase Nim: coins on the steps of a staircase; a move takes any positive number of coins
//! from one step down to the step below (from step 1 onto the ground, out of the game);
//! whoever cannot move loses.
//!
//! Theorem (Sprague 1937; Berlekamp, Conway, Guy, *Winning Ways* ch. 10; Siegel, *Combinatorial
//! Game Theory* I.4): the game has the value of Nim on the odd-numbered steps; coins moved off an
//! even step onto an odd one can be moved on at once by the opponent's opponent, so they change
//! nothing. The player to move loses exactly when the xor of the odd steps is 0.
//!
//! Georgia and Bob (POJ 1704): chessmen on the cells `1, 2, …` of a line; a move shifts one
//! chessman left, not onto or past another and not off the board. Sorted, the empty cells
//! before each chessman form a staircase whose step 1 is the gap before the rightmost chessman:
//! moving a chessman left shrinks its gap and widens the next one to the right.

/// The nim-sum of the odd steps; `steps[0]` is step 1. The player to move loses exactly when
/// it is 0 (and it is the game's Grundy value).
pub fn value(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |sum, &coins| sum ^ coins)
}

/// A winning move `(step index, coins moved down)`, or `None` when the player to move loses:
/// Nim's move on the odd steps (indices 0, 2, …) brings their xor to 0. O(n).
pub fn winning_move(steps: &[u64]) -> Option<(usize, u64)> {
    let sum = value(steps);
    steps
        .iter()
        .enumerate()
        .step_by(2)
        .find(|&(_, &coins)| coins ^ sum < coins)
        .map(|(i, &coins)| (i, coins - (coins ^ sum)))
}

/// Why positions are not a line of chessmen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineError {
    /// A position 0: the cells are numbered from 1.
    Zero,
    /// Two chessmen on one cell.
    Shared(u64),
}

/// The staircase of Georgia and Bob (step 1 first) from the chessmen's positions (any order).
pub fn chessmen_steps(positions: &[u64]) -> Result<Vec<u64>, LineError> {
    let mut sorted = positions.to_vec();
    sorted.sort_unstable();
    if sorted.first() == Some(&0) {
        return Err(LineError::Zero);
    }
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(LineError::Shared(pair[0]));
    }
    let lefts = std::iter::once(0).chain(sorted.iter().copied());
    let mut gaps: Vec<u64> = lefts.zip(&sorted).map(|(left, &p)| p - left - 1).collect();
    gaps.reverse();
    Ok(gaps)
}

/// The rule as a move function for brute-force search: steps as above.
pub fn moves(steps: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for (i, &coins) in steps.iter().enumerate() {
        for moved in 1..=coins {
            let mut s = steps.to_vec();
            s[i] -= moved;
            if i > 0 {
                s[i - 1] += moved;
            }
            next.push(s);
        }
    }
    next
}

/// Georgia and Bob by its rule, for brute-force search: sorted positions; a move shifts one
/// chessman left onto a free cell, not past its left neighbour (or cell 1).
pub fn chessmen_moves(positions: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..positions.len() {
        let lowest = if i == 0 { 1 } else { positions[i - 1] + 1 };
        for cell in lowest..positions[i] {
            let mut p = positions.to_vec();
            p[i] = cell;
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
    fn value_matches_the_search_on_all_small_staircases() {
        let mut grundy = Grundy::new(|s: &Vec<u64>| moves(s));
        for code in 0..5u64.pow(4) {
            let steps: Vec<u64> = (0..4).map(|i| code / 5u64.pow(i) % 5).collect();
            for len in 0..=4 {
                let steps = steps[..len].to_vec();
                assert_eq!(u64::from(grundy.value(&steps)), value(&steps), "{steps:?}");
            }
        }
    }

    #[test]
    fn chessmen_match_the_search_on_all_small_lines() {
        let mut grundy = Grundy::new(|p: &Vec<u64>| chessmen_moves(p));
        // Every set of 1 to 4 chessmen on cells 1..=9.
        for set in 1u32..1 << 9 {
            if set.count_ones() > 4 {
                continue;
            }
            let positions: Vec<u64> = (0..9)
                .filter(|c| set >> c & 1 == 1)
                .map(|c| c + 1)
                .collect();
            let steps = chessmen_steps(&positions).unwrap();
            assert_eq!(
                grundy.is_losing(&positions),
                value(&steps) == 0,
                "{positions:?}"
            );
        }
    }

    #[test]
    fn chessmen_steps_take_any_order_and_u64_and_reject_bad_lines() {
        assert_eq!(chessmen_steps(&[9, 2, 5]), Ok(vec![3, 2, 1]));
        assert_eq!(chessmen_steps(&[u64::MAX, 1]), Ok(vec![u64::MAX - 2, 0]));
        assert_eq!(chessmen_steps(&[3, 0]), Err(LineError::Zero));
        assert_eq!(chessmen_steps(&[4, 7, 4]), Err(LineError::Shared(4)));
        assert_eq!(chessmen_steps(&[]), Ok(vec![]));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(|s: &Vec<u64>| moves(s));
        for code in 0..6u64.pow(4) {
            let steps: Vec<u64> = (0..4).map(|i| code / 6u64.pow(i) % 6).collect();
            match winning_move(&steps) {
                None => assert!(grundy.is_losing(&steps), "{steps:?}"),
                Some((i, moved)) => {
                    assert!((1..=steps[i]).contains(&moved), "{steps:?}: {i} {moved}");
                    let mut next = steps.clone();
                    next[i] -= moved;
                    if i > 0 {
                        next[i - 1] += moved;
                    }
                    assert!(grundy.is_losing(&next), "{steps:?} -> {next:?}");
                }
            }
        }
        assert_eq!(winning_move(&[u64::MAX, 7, 1]), Some((0, u64::MAX - 1)));
    }
}
