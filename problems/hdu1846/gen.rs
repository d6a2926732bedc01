//! Stress-test generator for hdu1846: 1 to 6 cases `n m`, n up to 50, m up to 12.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 6);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        writeln!(input, "{} {}", rng.range(1, 50), rng.range(1, 12)).unwrap();
    }
    print!("{input}");
}
