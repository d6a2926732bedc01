//! Stress-test generator for hdu2516: 1 to 6 piles `n` from 2 to 60, then `0`.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        writeln!(input, "{}", rng.range(2, 60)).unwrap();
    }
    input.push_str("0\n");
    print!("{input}");
}
