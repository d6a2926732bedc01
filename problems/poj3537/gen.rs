//! Stress-test generator for poj3537: one strip of 1 to 13 cells (the brute force searches
//! every board of it). The seed is the first argument; the same seed prints the same input.
use ojlib::rng::Rng;

fn main() {
    let mut rng = Rng::from_seed_arg();
    println!("{}", rng.range(1, 13));
}
