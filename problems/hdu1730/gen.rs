//! Stress-test generator for hdu1730: 1 to 3 boards of 1 to 3 rows, 2 to 6 columns (at most
//! 5 with three rows, for the search over whole boards), the two pieces of a row anywhere,
//! a quarter of the time side by side (gap 0). The seed is the first argument; the same seed
//! prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 3) {
        let n = rng.range(1, 3);
        let m = rng.range(2, if n == 3 { 5 } else { 6 });
        writeln!(input, "{n} {m}").unwrap();
        for _ in 0..n {
            let tom = rng.range(1, m);
            let jerry = if rng.chance(1, 4) {
                if tom < m {
                    tom + 1
                } else {
                    tom - 1
                }
            } else {
                loop {
                    let jerry = rng.range(1, m);
                    if jerry != tom {
                        break jerry;
                    }
                }
            };
            writeln!(input, "{tom} {jerry}").unwrap();
        }
    }
    print!("{input}");
}
