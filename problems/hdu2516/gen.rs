//! Stress-test generator for hdu2516: 1 to 6 piles `n` from 2 to 60, then `0`.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("usage: gen SEED (a u64)");
    let mut rng = Rng::new(seed);
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        writeln!(input, "{}", rng.range(2, 60)).unwrap();
    }
    input.push_str("0\n");
    print!("{input}");
}
