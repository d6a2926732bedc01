//! Stress-test generator for hdu1404: 1 to 6 strings of 1 to 4 digits (a fifth of the time
//! starting with 0, and digits below 5 more often, so erasing and lowering both matter). The
//! seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 6) {
        let len = rng.range(1, 4);
        let digits: String = (0..len)
            .map(|i| {
                let digit = if i == 0 && rng.chance(1, 5) {
                    0
                } else if rng.chance(1, 2) {
                    rng.range(0, 4)
                } else {
                    rng.range(0, 9)
                };
                char::from(b'0' + digit as u8)
            })
            .collect();
        writeln!(input, "{digits}").unwrap();
    }
    print!("{input}");
}
