//! Stress-test generator for hdu5795: 1 to 4 cases of 1 to 3 heaps of 1 to 16 (a third of the
//! time a heap of 7, 8, 15 or 16, where the values swap; a quarter of the time two equal
//! heaps, which cancel). The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 4);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let n = rng.range(1, 3) as usize;
        let mut heaps: Vec<u64> = (0..n)
            .map(|_| {
                if rng.chance(1, 3) {
                    [7, 8, 15, 16][rng.range(0, 3) as usize]
                } else {
                    rng.range(1, 16)
                }
            })
            .collect();
        if n >= 2 && rng.chance(1, 4) {
            heaps[1] = heaps[0];
        }
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        writeln!(input, "{n}\n{}", heaps.join(" ")).unwrap();
    }
    print!("{input}");
}
