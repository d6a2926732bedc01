//! Periodic and arithmetic-periodic sequences: the pattern of a one-heap game's values.
//!
//! A sequence `g` is (ultimately) arithmetic-periodic with period `p >= 1`, preperiod `n0` and
//! saltus `s` when `g(n + p) = g(n) + s` for every `n >= n0`; periodic when `s = 0`. Octal
//! games with a finite code are periodic (Guy–Smith); Nim (`0.333…`, `g(n) = n`) and Lasker's
//! Nim (`4.333…`) are arithmetic-periodic with saltus 1 and 4 (Winning Ways ch. 4).
//!
//! A finite table cannot show that a pattern goes on: [`find`] reports the least period that
//! the table's tail repeats at least three times over (and over half the table), and the theorems of
//! [`crate::games::octal`] and [`crate::games::subtraction`] say how long a table proves it.

/// `g(n + period) = g(n) + saltus` for every `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
    pub saltus: i64,
}

impl Period {
    /// The value at `n` from a table holding at least `preperiod + period` values, `None`
    /// if it does not fit in an `i64` (or the table is too short).
    pub fn value_at(&self, table: &[u32], n: u64) -> Option<i64> {
        if n < table.len() as u64 {
            return Some(i64::from(table[n as usize]));
        }
        let (n0, p) = (self.preperiod as u64, self.period as u64);
        let steps = n.checked_sub(n0)? / p;
        let base = *table.get((n0 + (n - n0) % p) as usize)?;
        if steps > i64::MAX as u64 {
            return None;
        }
        (steps as i64)
            .checked_mul(self.saltus)?
            .checked_add(i64::from(base))
    }

    /// Whether the table has the pattern at every `n` with `n + period` inside it.
    pub fn holds(&self, table: &[u32]) -> bool {
        (self.preperiod..table.len().saturating_sub(self.period))
            .all(|n| i64::from(table[n + self.period]) - i64::from(table[n]) == self.saltus)
    }
}

/// With period `p`, the saltus of the table's last `p + 1` values and the least `n0` from
/// which the table keeps to it. `None` if the table has at most `p` values.
pub fn tail(values: &[u32], p: usize) -> Option<Period> {
    let last = values
        .len()
        .checked_sub(1)
        .filter(|&last| last >= p && p > 0)?;
    let saltus = i64::from(values[last]) - i64::from(values[last - p]);
    let mut n0 = last - p;
    while n0 > 0 && i64::from(values[n0 - 1 + p]) - i64::from(values[n0 - 1]) == saltus {
        n0 -= 1;
    }
    Some(Period {
        preperiod: n0,
        period: p,
        saltus,
    })
}

/// The least period `p` whose [`tail`] is at least three periods and half the table long
/// (`len - n0 >= 3p` and `2(len - n0) >= len`): so a run of equal values at the end of a
/// table is not taken for period 1. `None` if no period fits. O(len²) at worst.
///
/// ```
/// use ojlib::games::period::{find, Period};
/// // Lasker's Nim: 0 1 2 4 3 5 6 8 7 …
/// let lasker = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15];
/// assert_eq!(find(&lasker), Some(Period { preperiod: 1, period: 4, saltus: 4 }));
/// ```
pub fn find(values: &[u32]) -> Option<Period> {
    let len = values.len();
    (1..=len / 3).find_map(|p| {
        tail(values, p).filter(|t| {
            let repeated = len - t.preperiod;
            repeated >= 3 * p && 2 * repeated >= len
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The definition, by trying every (p, n0, s) in order.
    fn naive(values: &[u32]) -> Option<Period> {
        let len = values.len();
        for p in 1..=len {
            for n0 in 0..len {
                if len < n0 + 3 * p || 2 * (len - n0) < len {
                    break;
                }
                let s = i64::from(values[n0 + p]) - i64::from(values[n0]);
                let candidate = Period {
                    preperiod: n0,
                    period: p,
                    saltus: s,
                };
                if candidate.holds(values) {
                    return Some(candidate);
                }
            }
        }
        None
    }

    #[test]
    fn agrees_with_the_definition_on_random_eventually_periodic_tables() {
        let mut rng = Rng::new(5795);
        let mut found = 0;
        for _ in 0..5000 {
            let pre = rng.range(0, 12) as usize;
            let p = rng.range(1, 8) as usize;
            let s = rng.range(0, 3) as u32;
            let len = rng.range(1, 50) as usize;
            let start: Vec<u32> = (0..pre + p).map(|_| rng.range(0, 4) as u32).collect();
            let values: Vec<u32> = (0..len)
                .map(|n| {
                    if n < pre + p {
                        start[n]
                    } else {
                        start[pre + (n - pre) % p] + s * ((n - pre) / p) as u32
                    }
                })
                .collect();
            let expected = naive(&values);
            found += usize::from(expected.is_some());
            assert_eq!(find(&values), expected, "{values:?}");
            if let Some(period) = expected {
                for n in 0..len as u64 {
                    let short = &values[..period.preperiod + period.period];
                    assert_eq!(
                        period.value_at(short, n),
                        Some(i64::from(values[n as usize]))
                    );
                }
            }
        }
        assert!(found > 2500, "{found}");
    }

    #[test]
    fn nim_and_constants() {
        let nim: Vec<u32> = (0..10).collect();
        let expected = Period {
            preperiod: 0,
            period: 1,
            saltus: 1,
        };
        assert_eq!(find(&nim), Some(expected));
        assert_eq!(expected.value_at(&nim, u64::MAX), None); // past i64
        assert_eq!(expected.value_at(&nim, 1 << 40), Some(1 << 40));
        assert_eq!(find(&[3, 3, 3]).map(|p| p.period), Some(1));
        assert_eq!(find(&[3, 3]), None);
        assert_eq!(find(&[]), None);
    }
}
