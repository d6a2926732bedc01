//! `cargo bench -p bench`: the scanner's and the writer's throughput in process, on seeded data
//! in memory (no I/O, no process start), in MB/s. Standard library only (`harness = false`).

use ojlib::io::{Scanner, Writer};
use ojlib::rng::Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The best of `rounds` timings of `f`.
fn best(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn report(what: &str, bytes: usize, time: Duration) {
    println!(
        "{what:<44} {:>8.1} MB/s  ({:.1} ms for {:.1} MB)",
        bytes as f64 / time.as_secs_f64() / 1e6,
        time.as_secs_f64() * 1e3,
        bytes as f64 / 1e6
    );
}

fn text(values: &[u64], per_line: usize) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut w = Writer::new(&mut out);
        for line in values.chunks(per_line) {
            w.line(line);
        }
    }
    out
}

fn main() {
    const N: usize = 2_000_000;
    let mut rng = Rng::new(42);
    let inputs = [
        (
            "u64 < 2^31, ten a line",
            (0..N)
                .map(|_| rng.range(1, (1 << 31) - 1))
                .collect::<Vec<_>>(),
        ),
        (
            "u64 < 10^18, two a line",
            (0..N)
                .map(|_| rng.range(1, 1_000_000_000_000_000_000))
                .collect(),
        ),
        (
            "u64 < 100, ten a line",
            (0..N).map(|_| rng.range(0, 99)).collect(),
        ),
    ];
    for (name, values) in &inputs {
        let per_line = if name.contains("two") { 2 } else { 10 };
        let input = text(values, per_line);
        let time = best(9, || {
            let mut scanner = Scanner::new(&input[..]);
            let mut items: Vec<u64> = Vec::new();
            scanner.read_into(&mut items, values.len()).unwrap();
            black_box(&items);
        });
        report(&format!("parse {name}"), input.len(), time);
        let mut sink = Vec::with_capacity(input.len());
        let time = best(9, || {
            sink.clear();
            let mut w = Writer::new(&mut sink);
            for line in values.chunks(per_line) {
                w.line(line);
            }
        });
        report(&format!("write {name}"), input.len(), time);
    }
}
