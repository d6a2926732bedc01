//! Stress-test generator for p2148: 1 to 4 cases of 1 to 3 pairs of piles of 1 to 8 (a third of
//! the time all piles at most 2). The seed is the first argument; the same seed prints the
//! same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 4);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = 2 * rng.range(1, 3);
        let top = if rng.chance(1, 3) { 2 } else { 8 };
        let piles: Vec<String> = (0..n).map(|_| rng.range(1, top).to_string()).collect();
        writeln!(input, "{n}\n{}", piles.join(" ")).unwrap();
    }
    print!("{input}");
}
