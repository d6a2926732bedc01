//! Stress-test generator for hdu2897: 1 to 6 lines `n p q` with `1 <= p <= q <= 12` and
//! `n <= 150` (a quarter of the time `n <= p`, all taken at once). The seed is the first
//! argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        let q = rng.range(1, 12);
        let p = rng.range(1, q);
        let n = if rng.chance(1, 4) {
            rng.range(1, p)
        } else {
            rng.range(1, 150)
        };
        writeln!(input, "{n} {p} {q}").unwrap();
    }
    print!("{input}");
}
