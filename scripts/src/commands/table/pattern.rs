//! `ojgames table --pattern`: what a table's values show, found by the tool rather than by eye.
//!
//! One-heap games: the least period, preperiod and saltus (`ojlib::games::period`), proved by
//! the periodicity theorem where it applies (`Octal::find_period`) or else said to hold as far
//! as it was checked; the losing heaps; and where the runs of wins and losses change (HDU
//! 1517's intervals). Two-parameter games: the structure of the losing set where it has one of
//! a few shapes (lines, diagonals, residues, one losing cell a row).

use std::fmt::Write as _;

use ojlib::games::period::{self, Period};
use serde::Serialize;

/// Most items a list shows in text (JSON has them all).
const SHOWN: usize = 24;

/// The pattern of a one-heap game's values `g(0..values.len())`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapPattern {
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    pub saltus: Option<i64>,
    /// The largest heap whose value was computed and checked.
    pub checked_to: u64,
    /// Whether a theorem proves the period for every heap (else it held up to `checked_to`).
    pub proved: bool,
    /// Why it is proved, or why it is not.
    pub reason: String,
    /// The heaps with value 0 (the player to move loses) up to `checked_to`.
    pub losing: Vec<u64>,
    /// The heaps `n >= 1` where the outcome differs from that of `n - 1`.
    pub outcome_changes: Vec<u64>,
    /// With a period `p` and no saltus: the residues `r` such that every `n >= preperiod`
    /// with `n mod p = r` loses.
    pub losing_residues: Option<Vec<u64>>,
}

impl HeapPattern {
    /// The pattern of `values`, the values of the positions `offset, offset + 1, …`:
    /// `found` is the period a theorem gave (with `proved`), or `None` to look for one in
    /// `values` ([`period::find`], proving nothing).
    pub fn new(
        values: &[u32],
        offset: u64,
        found: Option<Period>,
        proved: bool,
        reason: String,
    ) -> Self {
        let found = found.or_else(|| if proved { None } else { period::find(values) });
        let at = |i: usize| offset + i as u64;
        let losing: Vec<u64> = (0..values.len())
            .filter(|&i| values[i] == 0)
            .map(at)
            .collect();
        let outcome_changes = (1..values.len())
            .filter(|&i| (values[i] == 0) != (values[i - 1] == 0))
            .map(at)
            .collect();
        let losing_residues = found.filter(|p| p.saltus == 0).map(|p| {
            let mut residues: Vec<u64> = (p.preperiod..p.preperiod + p.period)
                .filter(|&i| values.get(i) == Some(&0))
                .map(|i| at(i) % p.period as u64)
                .collect();
            residues.sort_unstable();
            residues
        });
        HeapPattern {
            losing_residues,
            preperiod: found.map(|p| at(p.preperiod) as usize),
            period: found.map(|p| p.period),
            saltus: found.map(|p| p.saltus),
            checked_to: at(values.len().saturating_sub(1)),
            proved: proved && found.is_some(),
            reason,
            losing,
            outcome_changes,
        }
    }

    pub fn text(&self) -> String {
        let mut out = String::new();
        match (self.period, self.preperiod, self.saltus) {
            (Some(p), Some(n0), Some(s)) => {
                let kind = if s == 0 {
                    format!("g(n + {p}) = g(n)")
                } else {
                    format!("g(n + {p}) = g(n) + {s} (arithmetic-periodic, saltus {s})")
                };
                let _ = writeln!(out, "pattern: {kind} for every n >= {n0}");
                let _ = writeln!(
                    out,
                    "  period {p}, preperiod {n0}, saltus {s}; {} ({})",
                    if self.proved {
                        "proved".to_string()
                    } else {
                        format!("checked to n = {}, not proved", self.checked_to)
                    },
                    self.reason
                );
            }
            _ => {
                let _ = writeln!(
                    out,
                    "pattern: no period found up to n = {} ({})",
                    self.checked_to, self.reason
                );
            }
        }
        let _ = writeln!(out, "  losing heaps: {}", list(&self.losing));
        if let (Some(residues), Some(p), Some(n0)) =
            (&self.losing_residues, self.period, self.preperiod)
        {
            let _ = writeln!(
                out,
                "  from {n0} on, n loses exactly when n mod {p} is in {{{}}}",
                list(residues)
            );
        }
        let _ = writeln!(
            out,
            "  the outcome changes at: {}",
            list(&self.outcome_changes)
        );
        out
    }
}

/// `a, b, c, … (N in all)`, at most [`SHOWN`] items.
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    let shown: Vec<String> = items.iter().take(SHOWN).map(|i| i.to_string()).collect();
    if items.len() > SHOWN {
        format!("{}, … ({} in all)", shown.join(", "), items.len())
    } else {
        shown.join(", ")
    }
}

/// The shape of the losing cells of a two-parameter table, where they have one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridPattern {
    /// The losing cells `(x, y)`, row by row.
    pub losing: Vec<(u64, u64)>,
    /// Whether `(x, y)` loses exactly when `(y, x)` does (where both are in the table).
    pub symmetric: bool,
    /// The shapes found, each one sentence; empty if none fits.
    pub structure: Vec<String>,
}

impl GridPattern {
    /// `losing[r][c]`: whether the cell at `x = xs[c]`, `y = ys[r]` loses (`None`: no cell).
    pub fn new(xs: &[u64], ys: &[u64], losing: &[Vec<Option<bool>>]) -> Self {
        let at = |x: u64, y: u64| -> Option<bool> {
            let c = xs.iter().position(|&v| v == x)?;
            let r = ys.iter().position(|&v| v == y)?;
            losing[r][c]
        };
        let cells: Vec<(u64, u64, bool)> = ys
            .iter()
            .enumerate()
            .flat_map(|(r, &y)| {
                xs.iter()
                    .enumerate()
                    .filter_map(move |(c, &x)| losing[r][c].map(|l| (x, y, l)))
            })
            .collect();
        let lost: Vec<(u64, u64)> = cells
            .iter()
            .filter(|c| c.2)
            .map(|&(x, y, _)| (x, y))
            .collect();
        let symmetric = cells
            .iter()
            .all(|&(x, y, l)| at(y, x).is_none_or(|m| m == l));
        let mut structure = Vec::new();
        if lost.is_empty() {
            structure.push("no cell loses".into());
        } else if lost.len() == cells.len() {
            structure.push("every cell loses".into());
        } else {
            structure.extend(lines(&cells));
            structure.extend(residues(&cells));
            structure.extend(one_a_row(&cells, &lost));
        }
        GridPattern {
            losing: lost,
            symmetric,
            structure,
        }
    }

    pub fn text(&self) -> String {
        let mut out = String::new();
        let cells: Vec<String> = self
            .losing
            .iter()
            .map(|(x, y)| format!("({x}, {y})"))
            .collect();
        let _ = writeln!(out, "pattern: losing cells (x, y): {}", list(&cells));
        let _ = writeln!(
            out,
            "  {}",
            if self.symmetric {
                "symmetric: (x, y) loses exactly when (y, x) does"
            } else {
                "not symmetric in x and y"
            }
        );
        if self.structure.is_empty() {
            let _ = writeln!(out, "  no line, diagonal or residue pattern fits");
        }
        for s in &self.structure {
            let _ = writeln!(out, "  {s}");
        }
        out
    }
}

/// The losing set as a union of a few lines `x = c`, `y = c`, `y - x = c` or `x + y = c`.
fn lines(cells: &[(u64, u64, bool)]) -> Vec<String> {
    type Key = fn(u64, u64) -> i128;
    let families: [(&str, Key); 4] = [
        ("x = c (columns)", |x, _| i128::from(x)),
        ("y = c (rows)", |_, y| i128::from(y)),
        ("y - x = c (diagonals)", |x, y| {
            i128::from(y) - i128::from(x)
        }),
        ("x + y = c (anti-diagonals)", |x, y| {
            i128::from(x) + i128::from(y)
        }),
    ];
    let mut found = Vec::new();
    for (name, key) in families {
        let mut keys: Vec<i128> = cells
            .iter()
            .filter(|c| c.2)
            .map(|c| key(c.0, c.1))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        // Every cell on those lines loses, and the lines are few.
        let exact = cells
            .iter()
            .all(|c| c.2 == keys.binary_search(&key(c.0, c.1)).is_ok());
        if exact && keys.len() <= 8 {
            let cs: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
            found.push(format!(
                "the losing cells are the lines {name} for c in {{{}}}",
                cs.join(", ")
            ));
        }
    }
    found
}

/// The losing set as residues: `(x, y)` loses exactly when `(x mod a, y mod b)` is in a set,
/// for the least periods `a`, `b` that fit with each period seen at least twice.
fn residues(cells: &[(u64, u64, bool)]) -> Vec<String> {
    let (xs, ys) = spans(cells);
    let fits = |a: u64, b: u64| -> bool {
        let mut seen: std::collections::HashMap<(u64, u64), bool> = Default::default();
        cells
            .iter()
            .all(|&(x, y, l)| *seen.entry((x % a, y % b)).or_insert(l) == l)
    };
    for size in 2..=24u64 {
        for a in 1..=size.min(xs / 2) {
            let b = size - a + 1;
            if b > ys / 2 || b == 0 || !fits(a, b) {
                continue;
            }
            let mut classes: Vec<(u64, u64)> = cells
                .iter()
                .filter(|c| c.2)
                .map(|&(x, y, _)| (x % a, y % b))
                .collect();
            classes.sort_unstable();
            classes.dedup();
            let shown: Vec<String> = classes.iter().map(|(p, q)| format!("({p}, {q})")).collect();
            return vec![format!(
                "(x, y) loses exactly when (x mod {a}, y mod {b}) is one of {}",
                list(&shown)
            )];
        }
    }
    Vec::new()
}

/// How many x and y values the cells span.
fn spans(cells: &[(u64, u64, bool)]) -> (u64, u64) {
    let span = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v.dedup();
        v.len() as u64
    };
    let mut xs: Vec<u64> = cells.iter().map(|c| c.0).collect();
    let mut ys: Vec<u64> = cells.iter().map(|c| c.1).collect();
    (span(&mut xs), span(&mut ys))
}

/// At most one losing cell in each row and each column (Wythoff's pairs): the pairs with
/// `x <= y` in order, and their differences `y - x`.
fn one_a_row(cells: &[(u64, u64, bool)], lost: &[(u64, u64)]) -> Vec<String> {
    let mut rows: Vec<u64> = lost.iter().map(|c| c.1).collect();
    let mut columns: Vec<u64> = lost.iter().map(|c| c.0).collect();
    let before = (rows.len(), columns.len());
    rows.sort_unstable();
    rows.dedup();
    columns.sort_unstable();
    columns.dedup();
    if (rows.len(), columns.len()) != before || cells.len() < 4 {
        return Vec::new();
    }
    let mut pairs: Vec<(u64, u64)> = lost.iter().copied().filter(|&(x, y)| x <= y).collect();
    pairs.sort_unstable();
    let shown: Vec<String> = pairs.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    let differences: Vec<u64> = pairs.iter().map(|&(x, y)| y - x).collect();
    vec![format!(
        "at most one losing cell in each row and column; the pairs with x <= y: {}; their \
         differences y - x: {}",
        list(&shown),
        list(&differences)
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(xs: u64, ys: u64, lose: impl Fn(u64, u64) -> bool) -> GridPattern {
        let x: Vec<u64> = (0..xs).collect();
        let y: Vec<u64> = (0..ys).collect();
        let cells: Vec<Vec<Option<bool>>> = y
            .iter()
            .map(|&b| x.iter().map(|&a| Some(lose(a, b))).collect())
            .collect();
        GridPattern::new(&x, &y, &cells)
    }

    #[test]
    fn nim_is_the_diagonal() {
        let p = grid(10, 12, |x, y| x == y);
        assert!(p.symmetric);
        assert!(
            p.structure[0].contains("y - x = c (diagonals) for c in {0}"),
            "{p:?}"
        );
    }

    #[test]
    fn the_corner_game_is_residues_and_bash_a_diagonal_family() {
        let corner = grid(12, 12, |x, y| x % 2 == 0 && y % 2 == 0);
        let text = corner.structure.join("\n");
        assert!(
            text.contains("(x mod 2, y mod 2) is one of (0, 0)"),
            "{text}"
        );
        let bash = grid(20, 20, |n, m| n % (m + 1) == 0 && m > 0);
        assert!(!bash.structure.join("").contains("diagonals"), "{bash:?}");
    }

    #[test]
    fn wythoff_pairs_are_one_a_row_with_differences() {
        let pairs = [(0u64, 0u64), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)];
        let p = grid(14, 14, |x, y| {
            pairs.contains(&(x, y)) || pairs.contains(&(y, x))
        });
        let text = p.structure.join("\n");
        assert!(
            text.contains("differences y - x: 0, 1, 2, 3, 4, 5"),
            "{text}"
        );
        assert!(p.symmetric);
    }

    #[test]
    fn heap_patterns_list_losses_and_changes() {
        // HDU 1517 in small: lose on 10..=18 after winning on 2..=9.
        let values: Vec<u32> = (0..30)
            .map(|n| u32::from(!(10..=18).contains(&n)))
            .collect();
        let p = HeapPattern::new(&values, 0, None, false, "no theorem".into());
        assert_eq!(p.outcome_changes, [10, 19]);
        assert_eq!(p.losing, (10..=18).collect::<Vec<u64>>());
        assert_eq!(p.checked_to, 29);
        assert!(p.text().contains("the outcome changes at: 10, 19"));
        let lasker = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16];
        let p = HeapPattern::new(&lasker, 0, None, false, "an infinite code".into());
        assert_eq!(
            (p.preperiod, p.period, p.saltus),
            (Some(1), Some(4), Some(4))
        );
        assert!(
            p.text().contains("checked to n = 15, not proved"),
            "{}",
            p.text()
        );
    }
}
