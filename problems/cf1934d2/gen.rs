//! Hidden tests for cf1934d2's interactor: 1 to 5 games, each `n` in `1..=10^18` with a random
//! number of set bits (small numbers, powers of two and numbers near 2^60 included), and the
//! jury's style: perfect, or random moves one test in five. `cf1934d2-gen SEED`.
use ojlib::rng::Rng;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let games = rng.range(1, 5);
    println!("{games}");
    for _ in 0..games {
        let n = match rng.range(0, 3) {
            0 => rng.range(1, 64),
            1 => 1 << rng.range(0, 59),
            _ => {
                let top = rng.range(1, 59);
                (1 << top) | (rng.next_u64() & ((1 << top) - 1) & rng.next_u64())
            }
        };
        println!("{n}");
    }
    let style = if rng.chance(1, 5) {
        "random"
    } else {
        "perfect"
    };
    println!("{style} {}", rng.next_u64());
}
