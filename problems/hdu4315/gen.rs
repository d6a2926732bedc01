//! Stress-test generator for hdu4315: 1 to 4 cases of 1 to 5 people at distinct distances
//! from 1 to 11 (a third of the time packed from 1), the king any of them (a third of the
//! time the second). The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 4) {
        let n = rng.range(1, 5) as usize;
        let mut cells: Vec<u64> = (1..=11).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.range(0, i as u64) as usize);
        }
        let mut positions: Vec<u64> = if rng.chance(1, 3) {
            (1..=n as u64).collect()
        } else {
            cells[..n].to_vec()
        };
        positions.sort_unstable();
        let k = if n >= 2 && rng.chance(1, 3) {
            2
        } else {
            rng.range(1, n as u64)
        };
        let shown: Vec<String> = positions.iter().map(u64::to_string).collect();
        writeln!(input, "{n} {k}\n{}", shown.join(" ")).unwrap();
    }
    print!("{input}");
}
