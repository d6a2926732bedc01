//! Hidden tests for abc278g's interactor: `N L R` with `N` up to 40 (one test in ten up to
//! 2000), `L = R` half the time, then the jury's style (random moves one test in five).
//! `abc278g-gen SEED`.
use ojlib::rng::Rng;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let n = if rng.chance(1, 10) {
        rng.range(1, 2000)
    } else {
        rng.range(1, 40)
    };
    let l = rng.range(1, n.min(8));
    let r = if rng.chance(1, 2) { l } else { rng.range(l, n) };
    println!("{n} {l} {r}");
    let style = if rng.chance(1, 5) {
        "random"
    } else {
        "perfect"
    };
    println!("{style} {}", rng.next_u64());
}
