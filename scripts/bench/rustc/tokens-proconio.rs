//! The per-token benchmark with proconio: `input!` once per integer in a loop, each written
//! back on a line of its own through a `BufWriter`. `tokens-proconio u32|u64`.
use proconio::input;
use std::io::{BufWriter, Write};

fn main() {
    let wide = std::env::args().nth(1).as_deref() == Some("u64");
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    input! { n: usize }
    for _ in 0..n {
        if wide {
            input! { value: u64 }
            writeln!(out, "{value}").unwrap();
        } else {
            input! { value: u32 }
            writeln!(out, "{value}").unwrap();
        }
    }
}
