//! Stress-test generator for p1290: 1 to 5 pairs `M N` from 1 to 40.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 5);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        writeln!(input, "{} {}", rng.range(1, 40), rng.range(1, 40)).unwrap();
    }
    print!("{input}");
}
