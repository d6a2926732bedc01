//! Subtraction games (S-Nim): heaps of stones and a set `S` of positive integers; a move takes
//! `s` stones from one heap for some `s` in `S` with `s` no larger than the heap; whoever
//! cannot move loses.
//!
//! Theorem (Sprague–Grundy, Winning Ways ch. 4): a heap of `n` has value
//! `g(n) = mex { g(n - s) : s in S, s <= n }`, and a position loses exactly when the xor of
//! its heaps' values is 0. Periodicity (Winning Ways ch. 4; Siegel, *Combinatorial Game
//! Theory* IV.2): for a finite `S` with largest element `m`, `g(n)` depends only on the `m`
//! values before it, so if `g(n + p) = g(n)` for all `n0 <= n < n0 + m`, then `g` has period
//! `p` from `n0` on. [`Values`] finds such a window and answers for every `u64` heap.
//!
//! Two named games: taking a power of two (HDU 1847), where `g(n) = n mod 3` because every
//! power of two is 1 or 2 mod 3; and taking a Fibonacci number (HDU 1848), which has no known
//! closed form and is read from the table.

use std::collections::HashMap;

/// The values `g(0), …, g(len - 1)` of one heap under the move set `moves`.
/// O(len · |S|) time (plus sorting `S`), no allocation besides the table and two of |S| values.
///
/// # Panics
/// If `moves` contains 0 (a move that changes nothing makes the game infinite).
pub fn table(moves: &[u64], len: usize) -> Vec<u32> {
    assert!(
        !moves.contains(&0),
        "subtraction: a move must take at least one stone"
    );
    let mut values: Vec<u32> = Vec::with_capacity(len);
    let mut reachable = Vec::with_capacity(moves.len());
    for n in 0..len as u64 {
        reachable.clear();
        reachable.extend(
            moves
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| values[(n - s) as usize]),
        );
        values.push(crate::games::sg::mex_in_place(&mut reachable));
    }
    values
}

/// The values of one heap for every `u64` size: a table, and beyond it the period found in it.
pub struct Values {
    table: Vec<u32>,
    /// `(start, period)`: `g(n) = g(start + (n - start) mod period)` for `n >= start`.
    period: Option<(usize, usize)>,
}

impl Values {
    /// The values of heaps up to `largest` under the finite move set `moves`: a table of
    /// `largest + 1` values when that is at most `limit`; otherwise a table of `limit` values
    /// searched for a period, which then answers for every `u64`. `None` if there is none there.
    /// Moves larger than `largest` never apply and are left out first.
    /// O(min(largest, limit) · |S|) time (plus O(limit) expected for the period search).
    ///
    /// # Panics
    /// If `moves` contains 0.
    pub fn up_to(moves: &[u64], largest: u64, limit: usize) -> Option<Values> {
        if let Some(len) = largest.checked_add(1).filter(|&len| len <= limit as u64) {
            let table = table(moves, len as usize);
            return Some(Values {
                table,
                period: None,
            });
        }
        // A move larger than every heap asked about never applies.
        let moves: Vec<u64> = moves.iter().copied().filter(|&s| s <= largest).collect();
        let table = table(&moves, limit);
        let window = moves.iter().copied().max().unwrap_or(1);
        if window > limit as u64 {
            return None;
        }
        let period = find_period(&table, window as usize)?;
        Some(Values {
            table,
            period: Some(period),
        })
    }

    /// The value of a heap of `n`.
    ///
    /// # Panics
    /// If `n` is beyond the table and no period was needed to build it (above `largest`).
    pub fn value(&self, n: u64) -> u32 {
        let index = match self.period {
            _ if n < self.table.len() as u64 => n as usize,
            Some((start, period)) => start + ((n - start as u64) % period as u64) as usize,
            None => panic!("subtraction::Values: heap {} is beyond the table", n),
        };
        self.table[index]
    }
}

/// The first `(start, period)` such that the `window` values from `start` repeat `period`
/// later, in `table`: by the periodicity theorem the values repeat from `start` on.
/// Windows are compared by a rolling hash, and equal hashes by their values.
fn find_period(table: &[u32], window: usize) -> Option<(usize, usize)> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let window = window.max(1);
    if window > table.len() {
        return None;
    }
    let top = (1..window).fold(1u64, |power, _| power.wrapping_mul(BASE));
    let mut hash = table[..window].iter().fold(0u64, |h, &v| {
        h.wrapping_mul(BASE).wrapping_add(u64::from(v) + 1)
    });
    let mut first_seen: HashMap<u64, usize> = HashMap::new();
    for start in 0..=table.len() - window {
        if start > 0 {
            let out = u64::from(table[start - 1]) + 1;
            let incoming = u64::from(table[start + window - 1]) + 1;
            hash = hash
                .wrapping_sub(out.wrapping_mul(top))
                .wrapping_mul(BASE)
                .wrapping_add(incoming);
        }
        match first_seen.get(&hash) {
            Some(&earlier) if table[earlier..earlier + window] == table[start..start + window] => {
                return Some((earlier, start - earlier));
            }
            Some(_) => {}
            None => {
                first_seen.insert(hash, start);
            }
        }
    }
    None
}

/// A winning move in a sum of heaps of the subtraction game `set`: `(heap index, stones
/// taken)`, or `None` when the player to move loses. `values` must answer for every heap
/// (`Values::up_to(set, largest heap, …)`). O(heaps + |S|).
pub fn winning_move(set: &[u64], values: &Values, heaps: &[u64]) -> Option<(usize, u64)> {
    let heap_values: Vec<u32> = heaps.iter().map(|&n| values.value(n)).collect();
    let (i, target) = crate::games::sg::winning_part(&heap_values)?;
    let take = set
        .iter()
        .copied()
        .find(|&s| s <= heaps[i] && values.value(heaps[i] - s) == target)
        .expect("a heap's value is the mex of its options'");
    Some((i, take))
}

/// The Fibonacci numbers 1, 2, 3, 5, 8, … up to `bound`: the moves of HDU 1848.
pub fn fibonacci_moves(bound: u64) -> Vec<u64> {
    let mut moves = Vec::new();
    let (mut a, mut b) = (1u64, 2u64);
    while a <= bound {
        moves.push(a);
        let next = a.checked_add(b);
        a = b;
        match next {
            Some(next) => b = next,
            None => {
                if a <= bound {
                    moves.push(a);
                }
                break;
            }
        }
    }
    moves
}

/// The value of a heap of `n` when a move takes any power of two (HDU 1847): `n mod 3`.
pub fn powers_of_two_value(n: u64) -> u32 {
    (n % 3) as u32
}

/// The rule as a move function for the brute force: a heap of `n` goes to `n - s`.
pub fn moves<'a>(set: &'a [u64]) -> impl Fn(&u64) -> Vec<u64> + 'a {
    move |&n| set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use crate::rng::Rng;

    fn random_set(rng: &mut Rng) -> Vec<u64> {
        let top = rng.range(1, 12);
        let mut set: Vec<u64> = (1..=top).filter(|_| rng.chance(1, 3)).collect();
        if set.is_empty() {
            set.push(top);
        }
        set
    }

    #[test]
    fn table_matches_the_search_for_random_sets() {
        let mut rng = Rng::new(12);
        for _ in 0..200 {
            let set = random_set(&mut rng);
            let values = table(&set, 120);
            let mut grundy = Grundy::new(moves(&set));
            for (n, &v) in values.iter().enumerate() {
                assert_eq!(v, grundy.value(&(n as u64)), "S = {set:?}, n = {n}");
            }
        }
    }

    #[test]
    fn periodic_values_match_a_long_table() {
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let set = random_set(&mut rng);
            let long = table(&set, 3000);
            let values = Values::up_to(&set, u64::MAX, 600).expect("a period within 600");
            for (n, &v) in long.iter().enumerate() {
                assert_eq!(values.value(n as u64), v, "S = {set:?}, n = {n}");
            }
        }
    }

    #[test]
    fn values_answer_at_the_top_of_u64() {
        // S = {1, 3, 4}: period 7, and 2^64 - 1 = 7 · 2635249153387078802 + 1.
        let values = Values::up_to(&[1, 3, 4], u64::MAX, 100).unwrap();
        assert_eq!(values.value(u64::MAX), 1);
        assert_eq!(values.value(u64::MAX - 1), 0);
        // A table that is too short to hold a window of the largest move proves nothing.
        assert!(Values::up_to(&[1, 90], u64::MAX, 50).is_none());
        assert!(Values::up_to(&[1 << 40], u64::MAX, 50).is_none());
        // A move beyond the largest heap never applies: S = {1} then, n mod 2.
        let values = Values::up_to(&[1, u64::MAX], u64::MAX - 1, 50).unwrap();
        assert_eq!(values.value(u64::MAX - 1), 0);
        assert_eq!(values.value(u64::MAX - 2), 1);
    }

    #[test]
    fn a_small_largest_heap_needs_only_a_table() {
        let values = Values::up_to(&[2, 5], 9, 1000).unwrap();
        assert_eq!(values.table.len(), 10);
        assert_eq!(values.value(9), table(&[2, 5], 10)[9]);
    }

    #[test]
    fn powers_of_two_match_the_search() {
        let powers: Vec<u64> = (0..10).map(|k| 1 << k).collect();
        let mut grundy = Grundy::new(moves(&powers));
        for n in 0..1000u64 {
            assert_eq!(powers_of_two_value(n), grundy.value(&n), "n = {n}");
        }
        assert_eq!(powers_of_two_value(u64::MAX), 0); // 2^64 - 1 = 3 · 6148914691236517205
    }

    #[test]
    fn fibonacci_moves_are_the_fibonacci_numbers() {
        assert_eq!(fibonacci_moves(0), Vec::<u64>::new());
        assert_eq!(fibonacci_moves(20), [1, 2, 3, 5, 8, 13]);
        let all = fibonacci_moves(u64::MAX);
        assert_eq!(all.len(), 92); // F(2) = 1 … F(93)
        assert_eq!(*all.last().unwrap(), 12200160415121876738);
        assert!(all.windows(3).all(|w| w[0] + w[1] == w[2]));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut rng = Rng::new(1536);
        for _ in 0..40 {
            let set = random_set(&mut rng);
            let values = Values::up_to(&set, 12, 100).unwrap();
            // Three heaps as one game, searched whole: the sum rule is not assumed.
            let mut grundy = Grundy::new(|h: &Vec<u64>| {
                let mut next = Vec::new();
                for i in 0..h.len() {
                    for &s in set.iter().filter(|&&s| s <= h[i]) {
                        let mut after = h.clone();
                        after[i] -= s;
                        next.push(after);
                    }
                }
                next
            });
            for code in 0..13u64.pow(3) {
                let heaps: Vec<u64> = (0..3).map(|i| code / 13u64.pow(i) % 13).collect();
                match winning_move(&set, &values, &heaps) {
                    None => assert!(grundy.is_losing(&heaps), "S = {set:?}, {heaps:?}"),
                    Some((i, take)) => {
                        assert!(set.contains(&take) && take <= heaps[i]);
                        let mut next = heaps.clone();
                        next[i] -= take;
                        assert!(
                            grundy.is_losing(&next),
                            "S = {set:?}, {heaps:?} -> {next:?}"
                        );
                    }
                }
            }
        }
        let values = Values::up_to(&[1, 3, 4], u64::MAX, 100).unwrap();
        // Values 1 and 0 (see above): take 1 from the first heap, to value 0.
        assert_eq!(
            winning_move(&[1, 3, 4], &values, &[u64::MAX, u64::MAX - 1]),
            Some((0, 1))
        );
    }
}
