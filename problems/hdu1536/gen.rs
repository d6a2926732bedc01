//! Stress-test generator for hdu1536: 1 to 3 test cases, each a move set of 1 to 4 sizes up to
//! 9 (repeats allowed) and 1 to 5 positions of 1 to 4 heaps up to 14, then `0`.
//! The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 3) {
        let k = rng.range(1, 4);
        let set: Vec<String> = (0..k).map(|_| rng.range(1, 9).to_string()).collect();
        writeln!(input, "{k} {}", set.join(" ")).unwrap();
        let m = rng.range(1, 5);
        writeln!(input, "{m}").unwrap();
        for _ in 0..m {
            let l = rng.range(1, 4);
            let heaps: Vec<String> = (0..l).map(|_| rng.range(0, 14).to_string()).collect();
            writeln!(input, "{l} {}", heaps.join(" ")).unwrap();
        }
    }
    input.push_str("0\n");
    print!("{input}");
}
