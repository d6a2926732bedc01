//! Stress-test generator for poj2975: 1 to 4 cases of 1 to 4 piles up to 9, then `0`.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 4) {
        let n = rng.range(1, 4);
        let piles: Vec<String> = (0..n).map(|_| rng.range(0, 9).to_string()).collect();
        writeln!(input, "{n}\n{}", piles.join(" ")).unwrap();
    }
    input.push_str("0\n");
    print!("{input}");
}
