//! Stress-test generator for hdu3544: 1 to 3 cases of 1 to 3 chocolates with sides 1 to 6
//! and at most 8 squares each, for the partizan search (sometimes squares, whose value is
//! 0). The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 3);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = rng.range(1, 3);
        writeln!(input, "{n}").unwrap();
        for _ in 0..n {
            // At most 8 squares a chocolate: the partizan search stays quick.
            let x = rng.range(1, 6);
            let y = if x <= 2 && rng.chance(1, 3) {
                x
            } else {
                rng.range(1, 8 / x)
            };
            writeln!(input, "{x} {y}").unwrap();
        }
    }
    print!("{input}");
}
