//! Stress-test generator for poj1704: 1 to 5 cases of 1 to 5 distinct positions from 1 to 12,
//! in random order. The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    let cases = rng.range(1, 5);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        let mut cells: Vec<u64> = (1..=12).collect();
        // A Fisher–Yates shuffle; the first n cells are the chessmen.
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.range(0, i as u64) as usize);
        }
        let n = rng.range(1, 5) as usize;
        let shown: Vec<String> = cells[..n].iter().map(u64::to_string).collect();
        writeln!(input, "{n}\n{}", shown.join(" ")).unwrap();
    }
    print!("{input}");
}
