//! Stress-test generator for hdu1848: 1 to 8 lines `m n p`, piles from 1 to 40 (sometimes one
//! of 0), then `0 0 0`. The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 8) {
        let low = u64::from(rng.chance(1, 5)) ^ 1;
        let piles: Vec<String> = (0..3).map(|_| rng.range(low, 40).to_string()).collect();
        writeln!(input, "{}", piles.join(" ")).unwrap();
    }
    input.push_str("0 0 0\n");
    print!("{input}");
}
