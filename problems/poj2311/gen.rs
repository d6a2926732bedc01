//! Stress-test generator for poj2311: 1 to 6 sheets `W H` with sides at least 2 and area at
//! most 12, to the end of input. The seed is the first argument; the same seed prints the same
//! input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        let w = rng.range(2, 6);
        let h = rng.range(2, 12 / w);
        writeln!(input, "{w} {h}").unwrap();
    }
    print!("{input}");
}
