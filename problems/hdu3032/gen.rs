//! Stress-test generator for hdu3032: 1 to 4 cases of 1 to 3 heaps of 1 to 9 (a third of the
//! time two equal heaps, which cancel). The seed is the first argument; the same seed prints
//! the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 4);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = rng.range(1, 3);
        let mut heaps: Vec<u64> = (0..n).map(|_| rng.range(1, 9)).collect();
        if n >= 2 && rng.chance(1, 3) {
            heaps[1] = heaps[0];
        }
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        writeln!(input, "{n}\n{}", heaps.join(" ")).unwrap();
    }
    print!("{input}");
}
