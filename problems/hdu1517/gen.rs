//! Stress-test generator for hdu1517: 1 to 6 targets, each a band end `9·18^k` or `18^k`
//! (k ≤ 4) moved by -1, 0 or 1 a third of the time, else any of 2 to 200 000. The seed is
//! the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        let n = if rng.chance(1, 3) {
            let power = 18u64.pow(rng.range(0, 4) as u32);
            let end = if rng.chance(1, 2) {
                9 * power
            } else {
                18 * power
            };
            (end + rng.range(0, 2) - 1).max(2)
        } else {
            rng.range(2, 200_000)
        };
        writeln!(input, "{n}").unwrap();
    }
    print!("{input}");
}
