//! Stress-test generator for p1247: 1 to 4 piles from 1 to 9.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let k = rng.range(1, 4);
    let piles: Vec<String> = (0..k).map(|_| rng.range(1, 9).to_string()).collect();
    writeln!(input, "{k}\n{}", piles.join(" ")).unwrap();
    print!("{input}");
}
