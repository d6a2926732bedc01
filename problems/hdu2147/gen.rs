//! Stress-test generator for hdu2147: 1 to 8 boards `n m` from 1 to 40 (sometimes up to 300),
//! then `0 0`. The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let top = if rng.chance(1, 4) { 300 } else { 40 };
    for _ in 0..rng.range(1, 8) {
        writeln!(input, "{} {}", rng.range(1, top), rng.range(1, top)).unwrap();
    }
    input.push_str("0 0\n");
    print!("{input}");
}
