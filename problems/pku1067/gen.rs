//! Stress-test generator for pku1067: 1 to 8 pairs `a b` up to 25 (sometimes 40), to the end of input.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let top = if rng.chance(1, 4) { 40 } else { 25 };
    for _ in 0..rng.range(1, 8) {
        writeln!(input, "{} {}", rng.range(0, top), rng.range(0, top)).unwrap();
    }
    print!("{input}");
}
