//! HDU 2176 with proconio's line-by-line `input!` and a `BufWriter`: the usual AtCoder style.
use proconio::input;
use std::io::{BufWriter, Write};

fn main() {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    loop {
        input! { m: usize }
        if m == 0 {
            break;
        }
        input! { piles: [u64; m] }
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
