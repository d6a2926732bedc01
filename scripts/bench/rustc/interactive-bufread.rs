//! The round-trip benchmark's plain solution: a `BufRead` line loop, `str::parse`, `writeln!`
//! into a `BufWriter` and an explicit flush after each move.
use std::io::{BufRead, BufWriter, Write};

fn main() {
    let mut input = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut line = String::new();
    input.read_line(&mut line).unwrap();
    let rounds: u64 = line.trim().parse().unwrap();
    for _ in 0..rounds {
        line.clear();
        input.read_line(&mut line).unwrap();
        let x: u64 = line.trim().parse().unwrap();
        writeln!(out, "{}", x + 1).unwrap();
        out.flush().unwrap();
    }
}
