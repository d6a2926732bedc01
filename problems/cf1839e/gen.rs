//! Hidden tests for cf1839e's interactor: `n` up to 8 (one test in ten up to 300) and `a_i`
//! up to 10 (or 300), then the jury's style (random moves one test in five).
//! `cf1839e-gen SEED`.
use ojlib::rng::Rng;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let big = rng.chance(1, 10);
    let n = if big {
        rng.range(1, 300)
    } else {
        rng.range(1, 8)
    };
    let top = if big { 300 } else { 10 };
    let a: Vec<String> = (0..n).map(|_| rng.range(1, top).to_string()).collect();
    println!("{n}\n{}", a.join(" "));
    let style = if rng.chance(1, 5) {
        "random"
    } else {
        "perfect"
    };
    println!("{style} {}", rng.next_u64());
}
