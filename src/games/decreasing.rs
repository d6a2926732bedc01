//! The decreasing game (Codeforces 1839E): an array `a`; each round the first player picks
//! `i` with `a[i] > 0` (none: the first player loses), the second picks `j != i` with
//! `a[j] > 0` (none: the second loses), and both drop by `min(a[i], a[j])`.
//!
//! Theorem: the second player wins exactly when `a` splits into two parts of equal sum. With
//! such a split, answer every `i` with a positive `j` from the other part (its sum equals `i`'s
//! part's, which holds `a[i] > 0`): both parts lose the same amount, so the split survives, and
//! the all-zero array, where the first player is stuck, is reached only by the second's reply.
//! Without one, the first player may pick any positive `i`: a round leaves a zero at `i` or
//! `j`, and a split after the round would give one before it (move the zero to the other
//! part, add `d` back to both), so there is never a split, never an all-zero array, and the
//! second player is eventually stuck. Every round zeroes an entry: at most `n` rounds.

use crate::rng::Rng;

/// A split of `a` into two parts of equal sum, as `side[i]` (which part `a[i]` is in), or
/// `None` when there is none. Subset sums as a bitset per prefix: O(n · sum / 64) time and
/// memory (Codeforces 1839E: n, a[i] <= 300, so 300 rows of 45 001 bits).
///
/// # Panics
/// If the sum of `a` is over 2^32 (the table would not fit in memory anyway).
pub fn equal_split(a: &[u64]) -> Option<Vec<bool>> {
    let total = a
        .iter()
        .try_fold(0u64, |sum, &x| sum.checked_add(x))
        .filter(|&sum| sum <= 1 << 32)
        .expect("decreasing::equal_split: the sum is over 2^32");
    if total % 2 == 1 {
        return None;
    }
    let half = (total / 2) as usize;
    let words = half / 64 + 1;
    // reach[k]: the sums up to `half` of subsets of a[..k], one bit a sum.
    let mut reach = vec![vec![0u64; words]];
    reach[0][0] = 1;
    for &x in a {
        let previous = reach.last().expect("one row at least");
        let mut next = previous.clone();
        if x as usize <= half {
            let (shift_words, shift_bits) = (x as usize / 64, x as u32 % 64);
            for w in (shift_words..words).rev() {
                let mut moved = previous[w - shift_words] << shift_bits;
                if shift_bits > 0 && w > shift_words {
                    moved |= previous[w - shift_words - 1] >> (64 - shift_bits);
                }
                next[w] |= moved;
            }
        }
        reach.push(next);
    }
    let has = |row: &[u64], sum: usize| row[sum / 64] >> (sum % 64) & 1 == 1;
    if !has(&reach[a.len()], half) {
        return None;
    }
    // Walk back: a[k - 1] is in the part when the sum was not reachable without it.
    let mut side = vec![false; a.len()];
    let mut sum = half;
    for k in (1..=a.len()).rev() {
        if !has(&reach[k - 1], sum) {
            side[k - 1] = true;
            sum -= a[k - 1] as usize;
        }
    }
    Some(side)
}

/// The first player's move when it wins (no equal split): any `i` with `a[i] > 0`, here the
/// first; `None` when every entry is 0.
pub fn first_move(a: &[u64]) -> Option<usize> {
    a.iter().position(|&x| x > 0)
}

/// The second player's winning reply to `i` under the equal split `side`: a `j` with
/// `a[j] > 0` in the other part; `None` if there is none (the split is not equal).
pub fn second_reply(a: &[u64], side: &[bool], i: usize) -> Option<usize> {
    (0..a.len()).find(|&j| side[j] != side[i] && a[j] > 0)
}

/// One round: both entries drop by the smaller.
pub fn play(a: &mut [u64], i: usize, j: usize) {
    let d = a[i].min(a[j]);
    a[i] -= d;
    a[j] -= d;
}

/// A random positive entry other than `except`, or `None`.
pub fn random_pick(a: &[u64], except: Option<usize>, rng: &mut Rng) -> Option<usize> {
    let positive: Vec<usize> = (0..a.len())
        .filter(|&k| a[k] > 0 && Some(k) != except)
        .collect();
    let last = positive.len().checked_sub(1)?;
    Some(positive[rng.range(0, last as u64) as usize])
}

/// The rule as a move function for brute-force search: `(a, None)` is the first player's turn,
/// `(a, Some(i))` the second's after `i`.
pub fn moves((a, picked): &(Vec<u64>, Option<usize>)) -> Vec<(Vec<u64>, Option<usize>)> {
    let positive = (0..a.len()).filter(|&k| a[k] > 0);
    match *picked {
        None => positive.map(|i| (a.clone(), Some(i))).collect(),
        Some(i) => positive
            .filter(|&j| j != i)
            .map(|j| {
                let mut next = a.clone();
                play(&mut next, i, j);
                (next, None)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    fn arrays(n: usize, top: u64) -> Vec<Vec<u64>> {
        (0..(top + 1).pow(n as u32))
            .map(|code| {
                (0..n)
                    .map(|k| code / (top + 1).pow(k as u32) % (top + 1))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_theorem_and_both_strategies_match_brute_force() {
        let mut grundy = Grundy::new(moves);
        for n in 1..=4 {
            for a in arrays(n, if n == 4 { 4 } else { 6 }) {
                let split = equal_split(&a);
                let second_wins = grundy.is_losing(&(a.clone(), None));
                assert_eq!(split.is_some(), second_wins, "{a:?}");
                match split {
                    // Every first move is answered by a move to a lost position.
                    Some(side) => {
                        let part = |part: bool| -> u64 {
                            (0..n).filter(|&k| side[k] == part).map(|k| a[k]).sum()
                        };
                        assert_eq!(part(true), part(false));
                        for i in (0..n).filter(|&i| a[i] > 0) {
                            let j = second_reply(&a, &side, i).expect("a reply");
                            let mut next = a.clone();
                            play(&mut next, i, j);
                            assert!(grundy.is_losing(&(next, None)), "{a:?}: {i} {j}");
                        }
                    }
                    None => {
                        let i = first_move(&a).expect("an all-zero array splits");
                        assert!(grundy.is_losing(&(a.clone(), Some(i))), "{a:?}: {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_reply_keeps_the_split_so_the_second_player_never_runs_out() {
        let mut rng = Rng::new(1839);
        for _ in 0..300 {
            let n = rng.range(1, 12) as usize;
            let mut a: Vec<u64> = (0..n).map(|_| rng.range(1, 30)).collect();
            let side = match equal_split(&a) {
                Some(side) => side,
                None => continue,
            };
            while let Some(i) = random_pick(&a, None, &mut rng) {
                let j = second_reply(&a, &side, i).expect("the split answers every pick");
                play(&mut a, i, j);
                let sum = |part| {
                    (0..n)
                        .filter(|&k| side[k] == part)
                        .map(|k| a[k])
                        .sum::<u64>()
                };
                assert_eq!(sum(true), sum(false));
            }
        }
    }

    #[test]
    fn equal_split_of_the_problem_s_largest_arrays() {
        let a = vec![300u64; 300];
        let side = equal_split(&a).unwrap();
        assert_eq!(side.iter().filter(|&&s| s).count(), 150);
        let mut odd = a.clone();
        odd[0] = 299;
        assert_eq!(equal_split(&odd), None);
        let a = [1, 1, 2, 64, 60, 2];
        let side = equal_split(&a).unwrap();
        let part: u64 = (0..6).filter(|&k| side[k]).map(|k| a[k]).sum();
        assert_eq!(part, 65);
        assert_eq!(equal_split(&[]), Some(vec![]));
        assert_eq!(equal_split(&[5]), None);
    }
}
