//! Stress-test generator for poj1740: 1 to 4 cases of 1 to 4 piles of 1 to 4 stones (half the
//! time paired up, the losing positions, with one pile a third of those times changed), then
//! the closing `0`. The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 4) {
        let mut piles: Vec<u64> = if rng.chance(1, 2) {
            let pairs = rng.range(1, 2);
            let mut piles = Vec::new();
            for _ in 0..pairs {
                let pile = rng.range(1, 4);
                piles.extend([pile, pile]);
            }
            piles
        } else {
            (0..rng.range(1, 4)).map(|_| rng.range(1, 4)).collect()
        };
        if rng.chance(1, 3) {
            let i = rng.range(0, piles.len() as u64 - 1) as usize;
            piles[i] = rng.range(1, 4);
        }
        // Shuffle: the judge's piles come in any order.
        for i in (1..piles.len()).rev() {
            piles.swap(i, rng.range(0, i as u64) as usize);
        }
        let shown: Vec<String> = piles.iter().map(u64::to_string).collect();
        writeln!(input, "{}\n{}", piles.len(), shown.join(" ")).unwrap();
    }
    input.push_str("0\n");
    print!("{input}");
}
