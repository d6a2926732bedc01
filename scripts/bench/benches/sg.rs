//! Side-by-side benchmark of the Sprague–Grundy search: the library's iterative `sg::Grundy`
//! and allocation-free `mex` against the recursive search with an allocating mex they replaced
//! (kept here as the baseline), in interleaved rounds. Prints the median of each and the ratio.
//!
//! `cargo bench -p bench --bench sg [-- ROUNDS]`

use ojlib::games::sg::{self, Grundy};
use ojlib::games::subtraction;
use ojlib::rng::Rng;
use std::collections::HashMap;
use std::hash::Hash;
use std::hint::black_box;
use std::time::Instant;

/// The mex the library had before: a fresh `Vec<bool>` each call.
fn allocating_mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// The search the library had before: recursive, a `Vec` of successor values per position.
struct RecursiveGrundy<S, F> {
    moves: F,
    memo: HashMap<S, u32>,
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<S>> RecursiveGrundy<S, F> {
    fn value(&mut self, state: &S) -> u32 {
        if let Some(&v) = self.memo.get(state) {
            return v;
        }
        let next = (self.moves)(state);
        let values: Vec<u32> = next.iter().map(|s| self.value(s)).collect();
        let v = allocating_mex(values);
        self.memo.insert(state.clone(), v);
        v
    }
}

/// Take 1 to 3 from either of two heaps (a sum searched as one game).
fn two_heaps(&(a, b): &(u32, u32)) -> Vec<(u32, u32)> {
    let mut next = Vec::new();
    for t in 1..=3 {
        if a >= t {
            next.push((a - t, b));
        }
        if b >= t {
            next.push((a, b - t));
        }
    }
    next
}

const SET: [u64; 3] = [1, 3, 4];
const HEAPS: u64 = 20_000;
const SIDE: u32 = 300;

fn heap_moves(n: &u64) -> Vec<u64> {
    SET.iter().filter(|&&s| s <= *n).map(|&s| n - s).collect()
}

fn main() {
    // `cargo bench` adds `--bench`: ROUNDS is the first argument that is no flag.
    let rounds: usize = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .map_or(11, |r| r.parse().expect("ROUNDS must be a number"));
    let mut rng = Rng::new(1);
    let sets: Vec<Vec<u32>> = (0..200_000)
        .map(|_| {
            (0..rng.range(0, 12))
                .map(|_| rng.range(0, 15) as u32)
                .collect()
        })
        .collect();
    type Case<'a> = (&'static str, Box<dyn Fn() -> u64 + 'a>);
    let cases: Vec<Case> = vec![
        (
            "mex, allocating (before)",
            Box::new(|| {
                sets.iter()
                    .map(|s| u64::from(allocating_mex(s.iter().copied())))
                    .sum()
            }),
        ),
        (
            "mex, windowed bitset (sg::mex)",
            Box::new(|| {
                sets.iter()
                    .map(|s| u64::from(sg::mex(s.iter().copied())))
                    .sum()
            }),
        ),
        (
            "mex, in place (sg::mex_in_place)",
            Box::new(|| {
                let mut buffer = Vec::new();
                sets.iter()
                    .map(|s| {
                        buffer.clear();
                        buffer.extend_from_slice(s);
                        u64::from(sg::mex_in_place(&mut buffer))
                    })
                    .sum()
            }),
        ),
        (
            "S = {1,3,4}, heaps 0..20000, recursive (before)",
            Box::new(|| {
                let mut g = RecursiveGrundy {
                    moves: heap_moves,
                    memo: HashMap::new(),
                };
                (0..HEAPS).map(|n| u64::from(g.value(&n))).sum()
            }),
        ),
        (
            "S = {1,3,4}, heaps 0..20000, sg::Grundy",
            Box::new(|| {
                let mut g = Grundy::new(heap_moves);
                (0..HEAPS).map(|n| u64::from(g.value(&n))).sum()
            }),
        ),
        (
            "S = {1,3,4}, heaps 0..20000, subtraction::table",
            Box::new(|| {
                let table = subtraction::table(&SET, HEAPS as usize);
                table.iter().map(|&v| u64::from(v)).sum()
            }),
        ),
        (
            "two heaps 300 x 300, recursive (before)",
            Box::new(|| {
                let mut g = RecursiveGrundy {
                    moves: two_heaps,
                    memo: HashMap::new(),
                };
                u64::from(g.value(&(SIDE, SIDE)))
            }),
        ),
        (
            "two heaps 300 x 300, sg::Grundy",
            Box::new(|| u64::from(Grundy::new(two_heaps).value(&(SIDE, SIDE)))),
        ),
    ];
    let mut times = vec![Vec::new(); cases.len()];
    let mut answers = vec![None; cases.len()];
    for _ in 0..rounds {
        for (i, (_, run)) in cases.iter().enumerate() {
            let start = Instant::now();
            let answer = black_box(run());
            times[i].push(start.elapsed().as_secs_f64() * 1e3);
            assert!(
                answers[i].is_none_or(|a| a == answer),
                "{}: unstable",
                cases[i].0
            );
            answers[i] = Some(answer);
        }
    }
    for group in [0..3, 3..6, 6..8] {
        let baseline = median(&mut times[group.start]);
        assert!(
            group.clone().all(|i| answers[i] == answers[group.start]),
            "the contenders disagree"
        );
        for i in group {
            let ms = median(&mut times[i]);
            println!("{:52} {:9.2} ms  {:5.2}x", cases[i].0, ms, ms / baseline);
        }
    }
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[times.len() / 2]
}
