//! Stress-test generator for hdu1847: 1 to 10 lines `n`, from 1 to 1000 (the statement's
//! range), to the end of input. The seed is the first argument; the same seed prints the same
//! input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let top = if rng.chance(1, 2) { 30 } else { 1000 };
    for _ in 0..rng.range(1, 10) {
        writeln!(input, "{}", rng.range(1, top)).unwrap();
    }
    print!("{input}");
}
