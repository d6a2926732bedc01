//! Stress-test generator for hdu1907: 1 to 4 cases of 1 to 4 piles up to 7 (half the time all 1 or 2).
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 4);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = rng.range(1, 4);
        let top = if rng.chance(1, 2) { 2 } else { 7 };
        let piles: Vec<String> = (0..n).map(|_| rng.range(1, top).to_string()).collect();
        writeln!(input, "{n}\n{}", piles.join(" ")).unwrap();
    }
    print!("{input}");
}
