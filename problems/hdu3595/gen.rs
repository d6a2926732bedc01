//! Stress-test generator for hdu3595: 1 to 3 cases of 1 to 3 games `p q` up to 10, to the end of input.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 3) {
        let n = rng.range(1, 3);
        writeln!(input, "{n}").unwrap();
        for _ in 0..n {
            writeln!(input, "{} {}", rng.range(1, 10), rng.range(1, 10)).unwrap();
        }
    }
    print!("{input}");
}
