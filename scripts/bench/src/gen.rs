//! Seeded generators for the benchmark inputs: the same seed gives the same bytes everywhere.
//! Each writes through the library's own `Writer`, streaming, so memory stays small.

use ojlib::games::wythoff;
use ojlib::io::Writer;
use ojlib::rng::Rng;
use std::io::Write;

/// HDU 2176: `cases` cases of `m` piles uniform in [1, 2^31 − 1], then `0`. Every case is a win
/// (nim-sum ≠ 0, about m/2 answer lines) if `all_win`, else every other case is, and the rest are
/// losses (the last pile is the xor of the others, so the nim-sum is 0 and the answer is `No`).
pub fn hdu2176(out: impl Write, seed: u64, cases: usize, m: usize, all_win: bool) {
    const MAX: u64 = (1 << 31) - 1;
    let mut rng = Rng::new(seed);
    let mut w = Writer::new(out);
    let mut piles = vec![0u64; m];
    for case in 0..cases {
        let win = all_win || case % 2 == 0;
        loop {
            for p in piles.iter_mut() {
                *p = rng.range(1, MAX);
            }
            let sum = piles.iter().fold(0, |s, &p| s ^ p);
            if win && sum != 0 {
                break;
            }
            if !win {
                // Make the nim-sum 0 through the last pile, which must stay in range.
                let last = sum ^ piles[m - 1];
                if last != 0 {
                    piles[m - 1] = last;
                    break;
                }
            }
        }
        w.line(m);
        // Ten piles a line: tokens run across lines, as the problem allows.
        for row in piles.chunks(10) {
            w.line(row);
        }
    }
    w.line(0u32);
}

/// POJ 1067: `lines` pairs `a b` in [0, 10^9] until the end of input, half of them losing
/// positions (in either order), the rest uniform.
pub fn pku1067(out: impl Write, seed: u64, lines: usize) {
    const MAX: u64 = 1_000_000_000;
    let mut rng = Rng::new(seed);
    let mut w = Writer::new(out);
    for _ in 0..lines {
        let (a, b) = if rng.chance(1, 2) {
            // floor(k·φ²) ≤ 10^9 for k ≤ 10^9 / φ² ≈ 381 966 011.
            let (a, b) = wythoff::losing_pair(rng.range(0, 381_966_011)).unwrap();
            if rng.chance(1, 2) {
                (a, b)
            } else {
                (b, a)
            }
        } else {
            (rng.range(0, MAX), rng.range(0, MAX))
        };
        w.line((a, b));
    }
}

/// Luogu P1290: `C = lines`, then `C` lines `M N` uniform in [1, 2^31 − 1].
pub fn p1290(out: impl Write, seed: u64, lines: usize) {
    const MAX: u64 = (1 << 31) - 1;
    let mut rng = Rng::new(seed);
    let mut w = Writer::new(out);
    w.line(lines);
    for _ in 0..lines {
        w.line((rng.range(1, MAX), rng.range(1, MAX)));
    }
}

/// HDU 3595: `cases` cases of `N = games` and `N` lines `p q` uniform in [1, 10^18], until the
/// end of input.
pub fn hdu3595(out: impl Write, seed: u64, cases: usize, games: usize) {
    const MAX: u64 = 1_000_000_000_000_000_000;
    let mut rng = Rng::new(seed);
    let mut w = Writer::new(out);
    for _ in 0..cases {
        w.line(games);
        for _ in 0..games {
            w.line((rng.range(1, MAX), rng.range(1, MAX)));
        }
    }
}

/// The per-token benchmark: `n`, then `n` integers ten a line: uniform u32 values, or u64 values
/// of 11 to 20 digits (uniform, shifted right by 0 to 30 bits) if `wide`.
pub fn tokens(out: impl Write, seed: u64, n: usize, wide: bool) {
    let mut rng = Rng::new(seed);
    let mut w = Writer::new(out);
    w.line(n);
    let mut row = Vec::with_capacity(10);
    for i in 0..n {
        row.push(if wide {
            rng.next_u64() >> rng.range(0, 30)
        } else {
            rng.next_u64() >> 32
        });
        if row.len() == 10 || i + 1 == n {
            w.line(&row);
            row.clear();
        }
    }
}
