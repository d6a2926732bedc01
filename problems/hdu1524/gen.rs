//! Stress-test generator for hdu1524: 1 or 2 test cases, each a random acyclic graph on 1 to 8
//! positions (edges from a position to later ones of a random order, in random order) and 1 to
//! 5 queries of 1 to 4 chessmen, to the end of input. The seed is the first argument; the same
//! seed prints the same input.
use ojlib::rng::Rng;
use std::fmt::Write;

fn main() {
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 2) {
        let n = rng.range(1, 8) as usize;
        // order[i] is the i-th position in a topological order: edges go forward in it.
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.range(0, i as u64) as usize);
        }
        let mut edges = vec![Vec::new(); n];
        for i in 0..n {
            for &to in &order[i + 1..] {
                if rng.chance(1, 3) {
                    edges[order[i]].push(to.to_string());
                }
            }
        }
        writeln!(input, "{n}").unwrap();
        for out in &edges {
            writeln!(input, "{} {}", out.len(), out.join(" ")).unwrap();
        }
        for _ in 0..rng.range(1, 5) {
            let m = rng.range(1, 4);
            let chessmen: Vec<String> = (0..m)
                .map(|_| rng.range(0, n as u64 - 1).to_string())
                .collect();
            writeln!(input, "{m} {}", chessmen.join(" ")).unwrap();
        }
        input.push_str("0\n");
    }
    print!("{input}");
}
