//! Stress-test generator for hdu3980: 1 to 5 cases of a circle of 1 to 16 beads and a move of
//! 1 to 6 beads (a fifth of the time more than the circle holds). The seed is the first
//! argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 5);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = rng.range(1, 16);
        let m = if rng.chance(1, 5) {
            n + rng.range(1, 3)
        } else {
            rng.range(1, 6.min(n))
        };
        writeln!(input, "{n} {m}").unwrap();
    }
    print!("{input}");
}
