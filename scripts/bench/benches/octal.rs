//! Side-by-side benchmark of `Octal::values` on sparse codes (HDU 3980's chain: one non-zero
//! digit, 7, at the number of beads painted) against the dense loop over every take that it
//! replaced (kept here as the baseline), in interleaved rounds. Prints the median of each and
//! the ratio.
//!
//! `cargo bench -p bench --bench octal [-- ROUNDS]`

use ojlib::games::octal::Octal;
use std::hint::black_box;
use std::time::Instant;

/// The table as `Octal::values` computed it before: every take from 0 to n, a digit each.
fn dense_values(game: &Octal, up_to: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..=up_to {
        let mut mark = |v: u32| {
            let v = v as usize;
            if v >= seen.len() {
                seen.resize(v + 1, 0);
            }
            seen[v] = n + 1;
        };
        for take in 0..=n {
            let digit = game.digit(take as u64);
            let left = n - take;
            if digit & 1 != 0 && left == 0 {
                mark(0);
            }
            if digit & 2 != 0 && left > 0 && take > 0 {
                mark(values[left]);
            }
            if digit & 4 != 0 {
                for a in 1..=left / 2 {
                    mark(values[a] ^ values[left - a]);
                }
            }
        }
        let mex = seen.iter().position(|&s| s != n + 1).unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

/// HDU 3980: a chain of beads, paint `m` consecutive ones.
fn chain(m: usize) -> Octal {
    let mut digits = vec![0u32; m + 1];
    digits[m] = 7;
    Octal::with_masks(&digits, 0)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(11, |r| r.parse().expect("ROUNDS must be a number"));
    // 100 cases of n = 1000 and m from 1 to 100 (HDU 3980's limits: n, m <= 1000, T <= 100).
    let games: Vec<Octal> = (1..=100).map(chain).collect();
    for game in &games {
        assert_eq!(dense_values(game, 1000), game.values(1000));
    }
    type Case<'a> = (&'static str, Box<dyn Fn() -> u64 + 'a>);
    let cases: Vec<Case> = vec![
        (
            "100 chains, n = 1000, dense (before)",
            Box::new(|| {
                games
                    .iter()
                    .map(|g| u64::from(dense_values(g, 1000)[1000]))
                    .sum()
            }),
        ),
        (
            "100 chains, n = 1000, Octal::values",
            Box::new(|| games.iter().map(|g| u64::from(g.values(1000)[1000])).sum()),
        ),
    ];
    let mut times = vec![Vec::new(); cases.len()];
    for _ in 0..rounds {
        for (i, (_, run)) in cases.iter().enumerate() {
            let start = Instant::now();
            black_box(run());
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    let medians: Vec<f64> = times
        .iter_mut()
        .map(|t| {
            t.sort_by(|a, b| a.partial_cmp(b).unwrap());
            t[t.len() / 2]
        })
        .collect();
    for ((name, _), median) in cases.iter().zip(&medians) {
        println!("{name:45} {:9.2} ms", median * 1e3);
    }
    println!("ratio (before / now): {:.2}x", medians[0] / medians[1]);
}
