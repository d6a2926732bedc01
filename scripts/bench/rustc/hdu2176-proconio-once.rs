//! HDU 2176 with proconio's `input_once!` (all of stdin read first) and a `BufWriter`.
use proconio::input_once;
use std::io::{BufWriter, Write};

fn main() {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    loop {
        input_once! { m: usize }
        if m == 0 {
            break;
        }
        input_once! { piles: [u64; m] }
        let sum = piles.iter().fold(0, |s, &p| s ^ p);
        if sum == 0 {
            writeln!(out, "No").unwrap();
            continue;
        }
        writeln!(out, "Yes").unwrap();
        for &pile in &piles {
            if pile ^ sum < pile {
                writeln!(out, "{} {}", pile, pile ^ sum).unwrap();
            }
        }
    }
}
