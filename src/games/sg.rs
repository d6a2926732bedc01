//! The Sprague–Grundy value of a finite impartial game by exhaustive search: the oracle the
//! closed forms are tested against.
//!
//! Rule: any finite game given by a move function. Theorem (Sprague–Grundy; Sprague 1935,
//! Grundy 1939, Winning Ways ch. 4): the value of a position is the mex (minimum excludant) of
//! its successors' values; the player to move loses exactly when it is 0, and a sum of games
//! (a move is a move in one of them) has the xor of its parts' values.
//!
//! [`Grundy`] searches with an explicit stack, not recursion, so a game as deep as memory
//! allows works (a chain of 10^6 positions is tested), and it reports a cycle instead of
//! looping. [`graph_values`] does the same for a game given as a directed graph.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Values below this are marked in a bitset on the stack; [`mex`] passes over its values once
/// per window of this many candidates.
const WINDOW: u32 = 256;

/// The smallest natural number not in `values`, without allocating.
///
/// One pass over `values` when the answer is below 256; in general `mex / 256 + 1` passes
/// (the answer is at most the number of values), so O(k²/256) for k values at worst.
/// [`mex_in_place`] is O(k) when the values sit in a buffer.
pub fn mex<I>(values: I) -> u32
where
    I: IntoIterator<Item = u32>,
    I::IntoIter: Clone,
{
    let values = values.into_iter();
    let mut base = 0u32;
    loop {
        let mut seen = [0u64; (WINDOW / 64) as usize];
        for v in values.clone() {
            if let Some(offset) = v.checked_sub(base).filter(|&o| o < WINDOW) {
                seen[(offset / 64) as usize] |= 1 << (offset % 64);
            }
        }
        if let Some((word, bits)) = seen.iter().enumerate().find(|&(_, &bits)| bits != u64::MAX) {
            return base + word as u32 * 64 + bits.trailing_ones();
        }
        base += WINDOW;
    }
}

/// The smallest natural number not in `values`, in O(k) time for k values and no allocation;
/// `values` may be left permuted.
pub fn mex_in_place(values: &mut [u32]) -> u32 {
    let k = values.len();
    if k < 64 {
        // The mex is at most k: one bit a candidate, no data-dependent branch.
        let seen = values
            .iter()
            .fold(0u64, |seen, &v| seen | 1u64.checked_shl(v).unwrap_or(0));
        return (!seen).trailing_zeros();
    }
    // Put each value v < k at index v, then the first index not holding itself is the mex.
    for i in 0..k {
        loop {
            let v = values[i] as usize;
            if v >= k || values[v] as usize == v {
                break;
            }
            values.swap(i, v);
        }
    }
    (0..k).find(|&i| values[i] as usize != i).unwrap_or(k) as u32
}

/// The value of a sum of games: the xor (nim-sum) of its parts' values.
pub fn sum(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0, |total, v| total ^ v)
}

/// Where to move in a sum of games whose parts have the values `values`: `(part, value)`, the
/// first part whose value `v` has `v ^ s < v` (`s` the xor of all) and the value it must move
/// to, `v ^ s`, which makes the sum 0. A part of value `v` has a move to every smaller value
/// (the mex), so this move exists exactly when `s != 0`; `None` when the sum is lost.
pub fn winning_part(values: &[u32]) -> Option<(usize, u32)> {
    let total = sum(values.iter().copied());
    values
        .iter()
        .position(|&v| v ^ total < v)
        .map(|i| (i, values[i] ^ total))
}

/// The memo's hasher: a multiply-rotate mix of each word written (the Fx hash of rustc),
/// cheaper than the default SipHash on small states (`scripts/bench/benches/sg.rs`); the states are
/// the program's own, so resistance to chosen collisions is not needed.
#[derive(Default, Clone, Copy)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    /// The multiply carries every input bit only upwards, while the table picks a bucket by the
    /// low bits and tells keys apart in a bucket group by the top seven: a folded multiply
    /// (the high and low halves of the 128-bit product, xored) spreads every bit over both.
    fn finish(&self) -> u64 {
        let product = u128::from(self.0) * 0x9e37_79b9_7f4a_7c15;
        (product as u64) ^ (product >> 64) as u64
    }
}

type Memo<S> = HashMap<S, u32, BuildHasherDefault<WordHasher>>;

/// Marks a position whose value is being computed: meeting it again means a cycle.
const IN_PROGRESS: u32 = u32::MAX;

/// A position's moves as the search sees them: the games each move leads to, all moves'
/// games in one list, and where each move's games end in it (`ends` empty: one game a move).
pub(crate) struct Expansion<S> {
    pub parts: Vec<S>,
    pub ends: Vec<usize>,
}

/// A position being evaluated: its expansion, how many of its parts have a value, and where
/// their values start on the search's value stack.
struct Frame<S> {
    state: S,
    moves: Expansion<S>,
    done: usize,
    base: usize,
}

/// The memo and the explicit-stack depth-first search shared by [`Grundy`] and
/// `multi_sg::MultiGrundy`: a position's value is the mex, over its moves, of the xor of the
/// values of the games the move leads to.
pub(crate) struct Search<S> {
    memo: Memo<S>,
    /// The values of the open positions' evaluated parts, each position's after its parent's
    /// (a child is closed, and its values dropped, before its parent reads on).
    values: Vec<u32>,
    /// A position's value from its successors' when each move leads to one game: the mex,
    /// or another rule on the same search (`every_sg::Steps`).
    rule: fn(&mut [u32]) -> u32,
}

impl<S: Hash + Eq + Clone> Search<S> {
    pub fn new() -> Self {
        Search::with_rule(mex_in_place)
    }

    pub fn with_rule(rule: fn(&mut [u32]) -> u32) -> Self {
        Search {
            memo: Memo::default(),
            values: Vec::new(),
            rule,
        }
    }

    /// The value of `state`; `expand` is called once for each position reached.
    ///
    /// # Panics
    /// If a position can be reached from itself (the game is not finite).
    pub fn value(&mut self, state: &S, expand: &mut dyn FnMut(&S) -> Expansion<S>) -> u32 {
        if let Some(&v) = self.memo.get(state) {
            assert!(v != IN_PROGRESS, "sg: the game has a cycle");
            return v;
        }
        let mut stack = vec![self.open(state.clone(), expand)];
        while let Some(top) = stack.last_mut() {
            match self.first_unknown(top) {
                Some(next) => {
                    let frame = self.open(next, expand);
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("the stack is not empty");
                    let v = self.close(frame);
                    // The parent is waiting on exactly this part: hand the value over.
                    if let Some(parent) = stack.last_mut() {
                        self.values.push(v);
                        parent.done += 1;
                    }
                }
            }
        }
        self.memo[state]
    }

    fn open(&mut self, state: S, expand: &mut dyn FnMut(&S) -> Expansion<S>) -> Frame<S> {
        let moves = expand(&state);
        self.memo.insert(state.clone(), IN_PROGRESS);
        Frame {
            state,
            moves,
            done: 0,
            base: self.values.len(),
        }
    }

    /// Pushes the values of the parts that have one; the first part without, if any.
    fn first_unknown(&mut self, frame: &mut Frame<S>) -> Option<S> {
        while let Some(next) = frame.moves.parts.get(frame.done) {
            match self.memo.get(next) {
                Some(&IN_PROGRESS) => panic!("sg: the game has a cycle"),
                Some(&v) => {
                    self.values.push(v);
                    frame.done += 1;
                }
                None => return Some(next.clone()),
            }
        }
        None
    }

    fn close(&mut self, frame: Frame<S>) -> u32 {
        let ends = &frame.moves.ends;
        let v = if ends.is_empty() {
            (self.rule)(&mut self.values[frame.base..])
        } else {
            // Each move's xor goes after the parts' values, then the mex of those.
            let first = self.values.len();
            let starts = std::iter::once(0).chain(ends.iter().copied());
            for (start, &end) in starts.zip(ends) {
                let xor = sum(self.values[frame.base + start..frame.base + end]
                    .iter()
                    .copied());
                self.values.push(xor);
            }
            mex_in_place(&mut self.values[first..])
        };
        self.values.truncate(frame.base);
        self.memo.insert(frame.state, v);
        v
    }
}

/// Memoised Sprague–Grundy values of the positions reachable through `moves`.
///
/// Each position's moves are generated once; the time is that of generating the moves of
/// every reachable position plus O(1) hash-map work per move. The search keeps its own stack,
/// so depth is limited only by memory.
pub struct Grundy<S, F> {
    moves: F,
    search: Search<S>,
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<S>> Grundy<S, F> {
    pub fn new(moves: F) -> Self {
        Grundy {
            moves,
            search: Search::new(),
        }
    }

    /// The Grundy value of `state`.
    ///
    /// # Panics
    /// If a position can be reached from itself (the game is not finite).
    pub fn value(&mut self, state: &S) -> u32 {
        let moves = &self.moves;
        self.search.value(state, &mut |s| Expansion {
            parts: moves(s),
            ends: Vec::new(),
        })
    }

    /// Whether the player to move from `state` loses with best play.
    pub fn is_losing(&mut self, state: &S) -> bool {
        self.value(state) == 0
    }

    /// The value of the sum of the games `parts` (all played with these moves).
    pub fn sum_value(&mut self, parts: &[S]) -> u32 {
        parts.iter().fold(0, |total, part| total ^ self.value(part))
    }
}

impl<S: Hash + Eq + Clone, F: Fn(&S) -> Vec<S>> Grundy<S, F> {
    /// A winning move of any finite game: the first position `moves(state)` lists whose value
    /// is 0, or `None` when the player to move loses.
    ///
    /// # Panics
    /// If a position can be reached from itself (the game is not finite).
    pub fn winning_move(&mut self, state: &S) -> Option<S> {
        let next = (self.moves)(state);
        next.into_iter().find(|position| self.value(position) == 0)
    }
}

/// Why a directed graph is not a finite game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// An edge `from → to` whose end is not a vertex.
    NoSuchVertex { from: usize, to: usize },
    /// The vertex lies on a cycle or leads to one.
    Cycle { vertex: usize },
}

/// The Grundy value of every vertex of a directed acyclic graph, a token on a vertex moving
/// along one edge a turn (the game of HDU 1524). `edges[v]` lists the successors of `v`.
/// O(V + E) time, iterative.
pub fn graph_values(edges: &[Vec<usize>]) -> Result<Vec<u32>, GraphError> {
    let n = edges.len();
    for (from, out) in edges.iter().enumerate() {
        if let Some(&to) = out.iter().find(|&&to| to >= n) {
            return Err(GraphError::NoSuchVertex { from, to });
        }
    }
    // Kahn's algorithm on the reversed graph: a vertex is ready once all its successors are.
    let mut predecessors = vec![Vec::new(); n];
    let mut waiting: Vec<usize> = edges.iter().map(Vec::len).collect();
    for (from, out) in edges.iter().enumerate() {
        for &to in out {
            predecessors[to].push(from);
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
    let mut values = vec![IN_PROGRESS; n];
    let mut scratch = Vec::new();
    while let Some(v) = ready.pop() {
        scratch.clear();
        scratch.extend(edges[v].iter().map(|&w| values[w]));
        values[v] = mex_in_place(&mut scratch);
        for &p in &predecessors[v] {
            waiting[p] -= 1;
            if waiting[p] == 0 {
                ready.push(p);
            }
        }
    }
    match values.iter().position(|&v| v == IN_PROGRESS) {
        Some(vertex) => Err(GraphError::Cycle { vertex }),
        None => Ok(values),
    }
}

/// Misère play (whoever makes the last move loses) as a normal-play game for [`Grundy`]: a
/// position without moves gets one move to the dead end `None`, which has none, so value 0
/// still means "the player to move loses". `moves` is the game's normal move function.
///
/// ```
/// use ojlib::games::{nim, sg::{misere, Grundy}};
/// let mut grundy = Grundy::new(misere(|p: &Vec<u64>| nim::moves(p)));
/// assert!(grundy.is_losing(&Some(vec![1, 1, 1]))); // misère Nim: three single stones lose
/// assert!(!grundy.is_losing(&Some(vec![1, 1])));
/// ```
pub fn misere<S, F>(moves: F) -> impl Fn(&Option<S>) -> Vec<Option<S>>
where
    F: Fn(&S) -> Vec<S>,
{
    move |position| match position {
        None => Vec::new(),
        Some(state) => {
            let next = moves(state);
            if next.is_empty() {
                vec![None]
            } else {
                next.into_iter().map(Some).collect()
            }
        }
    }
}

/// The Grundy values of the positions `0..len` of a game whose every move leads to a smaller
/// position: `successors(p, next)` pushes the positions `p` moves to onto `next` (given empty).
/// No hashing, no search stack: for games whose positions are numbered densely (HDU 1404's
/// digit strings, a board's cells), where [`Grundy`]'s memo would cost far more than the moves.
/// O(len + moves) time besides `successors`, O(len) memory.
///
/// # Panics
/// If a position moves to itself or to a larger one.
pub fn indexed_values<F>(len: usize, mut successors: F) -> Vec<u32>
where
    F: FnMut(usize, &mut Vec<usize>),
{
    let mut values: Vec<u32> = Vec::with_capacity(len);
    let (mut next, mut options) = (Vec::new(), Vec::new());
    for position in 0..len {
        next.clear();
        successors(position, &mut next);
        options.clear();
        for &to in &next {
            assert!(
                to < position,
                "sg::indexed_values: position {position} moves to {to}, not to a smaller one"
            );
            options.push(values[to]);
        }
        values.push(mex_in_place(&mut options));
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The memo's table picks a bucket by the hash's low bits: those must depend on every
    /// byte of the state, or states that differ only late (digit strings, HDU 1404) all land
    /// in a few buckets and the search crawls (33 s for the 10^6 strings of up to 6 digits).
    #[test]
    fn the_hash_low_bits_depend_on_every_byte() {
        let mut buckets = std::collections::HashSet::new();
        for n in 0..4096u32 {
            let digits = format!("{n:06}").into_bytes();
            let mut hasher = WordHasher::default();
            digits.hash(&mut hasher);
            buckets.insert(hasher.finish() & 0xfff);
        }
        // 4096 keys thrown into 4096 buckets at random fill about 63% of them.
        assert!(
            buckets.len() > 2200,
            "{} of 4096 buckets used",
            buckets.len()
        );
    }

    /// mex by its definition.
    fn naive_mex(values: &[u32]) -> u32 {
        (0..).find(|m| !values.contains(m)).unwrap()
    }

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1, 1]), 3);
        assert_eq!(mex([u32::MAX, 0]), 1);
    }

    #[test]
    fn both_mex_agree_with_the_definition_across_windows() {
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let len = rng.range(0, 700) as usize;
            let top = rng.range(1, 800);
            // Mostly a dense run from 0 (so the mex crosses windows of 256), plus noise.
            let mut values: Vec<u32> = (0..len as u32).filter(|_| rng.chance(19, 20)).collect();
            values.extend((0..rng.range(0, 20)).map(|_| rng.range(0, top) as u32));
            values.push(u32::MAX);
            let expected = naive_mex(&values);
            assert_eq!(mex(values.iter().copied()), expected);
            assert_eq!(mex_in_place(&mut values), expected);
        }
    }

    #[test]
    fn single_nim_pile_has_its_size_as_value() {
        let mut g = Grundy::new(|&n: &u32| (0..n).collect());
        for n in 0..30 {
            assert_eq!(g.value(&n), n);
        }
    }

    #[test]
    fn subtraction_game_values_are_periodic() {
        // Take 1, 3 or 4: the values repeat 0 1 0 1 2 3 2 with period 7.
        let mut g = Grundy::new(|&n: &u32| {
            [1, 3, 4]
                .iter()
                .filter(|&&t| t <= n)
                .map(|t| n - t)
                .collect()
        });
        let period = [0, 1, 0, 1, 2, 3, 2];
        for n in 0..50 {
            assert_eq!(g.value(&n), period[n as usize % 7], "n = {n}");
        }
    }

    #[test]
    fn a_chain_of_a_million_positions_needs_no_deep_stack() {
        // n → n - 1 alone: the values alternate 0, 1 along a path 10^6 moves long.
        let mut g = Grundy::new(|&n: &u32| if n == 0 { vec![] } else { vec![n - 1] });
        assert_eq!(g.value(&1_000_000), 0);
        assert_eq!(g.value(&999_999), 1);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn a_cycle_is_reported() {
        let mut g = Grundy::new(|&n: &u32| vec![(n + 1) % 3]);
        g.value(&0);
    }

    /// Subtraction of 1 or 2 from one of several piles, as one game on the tuple of piles.
    fn take_one_or_two(piles: &[u32]) -> Vec<Vec<u32>> {
        let mut next = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for take in 1..=2 {
                if pile >= take {
                    let mut p = piles.to_vec();
                    p[i] -= take;
                    next.push(p);
                }
            }
        }
        next
    }

    #[test]
    fn a_sum_has_the_xor_of_its_parts_values() {
        let mut whole = Grundy::new(|p: &Vec<u32>| take_one_or_two(p));
        let mut part = Grundy::new(|p: &Vec<u32>| take_one_or_two(p));
        for a in 0..7 {
            for b in 0..7 {
                for c in 0..7 {
                    let parts = [vec![a], vec![b], vec![c]];
                    let by_theorem = part.sum_value(&parts);
                    assert_eq!(whole.value(&vec![a, b, c]), by_theorem, "{a} {b} {c}");
                    assert_eq!(by_theorem, sum([a % 3, b % 3, c % 3]));
                }
            }
        }
    }

    #[test]
    fn graph_values_agree_with_the_search_on_random_dags() {
        let mut rng = Rng::new(3);
        for _ in 0..300 {
            let n = rng.range(1, 30) as usize;
            // Edges only to larger vertices: acyclic.
            let edges: Vec<Vec<usize>> = (0..n)
                .map(|v| (v + 1..n).filter(|_| rng.chance(1, 3)).collect())
                .collect();
            let values = graph_values(&edges).unwrap();
            let mut g = Grundy::new(|&v: &usize| edges[v].clone());
            for (v, &value) in values.iter().enumerate() {
                assert_eq!(value, g.value(&v));
            }
        }
    }

    #[test]
    fn graph_values_reject_cycles_and_missing_vertices() {
        assert_eq!(
            graph_values(&[vec![1], vec![2], vec![1]]),
            Err(GraphError::Cycle { vertex: 0 })
        );
        assert_eq!(
            graph_values(&[vec![], vec![0, 5]]),
            Err(GraphError::NoSuchVertex { from: 1, to: 5 })
        );
        let chain: Vec<Vec<usize>> = (0..1_000_000)
            .map(|v| vec![v + 1])
            .chain([vec![]])
            .collect();
        assert_eq!(graph_values(&chain).unwrap()[0], 0);
    }

    #[test]
    fn indexed_values_match_the_search_on_random_games() {
        let mut rng = Rng::new(1404);
        for _ in 0..50 {
            let n = 60;
            let dag: Vec<Vec<usize>> = (0..n)
                .map(|v| (0..v).filter(|_| rng.chance(1, 4)).collect())
                .collect();
            let values = indexed_values(n, |p, next| next.extend(&dag[p]));
            let mut grundy = Grundy::new(|&v: &usize| dag[v].clone());
            for (v, &value) in values.iter().enumerate() {
                assert_eq!(value, grundy.value(&v), "{dag:?}, position {v}");
            }
        }
    }

    #[test]
    fn indexed_values_take_a_chain_of_a_million() {
        let values = indexed_values(1_000_001, |p, next| next.extend(p.checked_sub(1)));
        assert_eq!(values[1_000_000], 0);
        assert_eq!(values[999_999], 1);
    }

    #[test]
    #[should_panic(expected = "position 3 moves to 3")]
    fn indexed_values_refuse_a_move_that_does_not_go_down() {
        indexed_values(5, |p, next| next.extend(Some(p).filter(|&p| p >= 3)));
    }

    #[test]
    fn misere_play_is_bouton_misere_nim() {
        let mut grundy = Grundy::new(misere(|p: &Vec<u64>| crate::games::nim::moves(p)));
        for a in 0..=6 {
            for b in a..=6 {
                for c in b..=6 {
                    let piles = vec![a, b, c];
                    let wins = crate::games::anti_nim::first_player_wins(&piles);
                    assert_eq!(!grundy.is_losing(&Some(piles.clone())), wins, "{piles:?}");
                }
            }
        }
    }

    #[test]
    fn winning_move_leads_to_a_position_of_value_zero() {
        let mut rng = Rng::new(22);
        for _ in 0..100 {
            let n = 40;
            let dag: Vec<Vec<usize>> = (0..n)
                .map(|v| (0..v).filter(|_| rng.chance(1, 5)).collect())
                .collect();
            let mut grundy = Grundy::new(|&v: &usize| dag[v].clone());
            for (v, successors) in dag.iter().enumerate() {
                match grundy.winning_move(&v) {
                    None => assert!(successors.iter().all(|w| grundy.value(w) != 0)),
                    Some(w) => assert!(successors.contains(&w) && grundy.value(&w) == 0),
                }
                assert_eq!(grundy.winning_move(&v).is_none(), grundy.is_losing(&v));
            }
        }
    }

    #[test]
    fn winning_part_makes_the_sum_zero_where_the_sum_is_not() {
        let mut rng = Rng::new(2);
        for _ in 0..2000 {
            let values: Vec<u32> = (0..rng.range(0, 6))
                .map(|_| rng.range(0, 20) as u32)
                .collect();
            let total = sum(values.iter().copied());
            match winning_part(&values) {
                None => assert_eq!(total, 0, "{values:?}"),
                Some((i, target)) => {
                    assert!(target < values[i], "{values:?}: part {i} to {target}");
                    let mut next = values.clone();
                    next[i] = target;
                    assert_eq!(sum(next), 0, "{values:?}");
                }
            }
        }
    }
}
