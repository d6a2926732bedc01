//! Games that may go on for ever (loopy games): win, lose or draw by retrograde analysis.
//!
//! Rule: any finite game graph, cycles allowed (pieces that move back and forth, as in HDU 1730
//! Northcott's game played with retreats). Two players alternate moving a token along an
//! edge; the player who cannot move loses (normal play); a play that never ends is a draw.
//!
//! Theorem (retrograde analysis; Zermelo 1913, Winning Ways ch. 11 "Games Infinite and
//! Indefinite"): label positions backwards from the ends. A position without moves is lost
//! in 0 moves. A position with a move to a position lost in `d` is won, in `1 + ` the least
//! such `d` (the winner hurries); a position all of whose moves lead to won positions is lost,
//! in `1 + ` the largest of their distances (the loser delays). Positions never labelled are
//! draws: from them neither player can force an end in their favour, and each can avoid
//! losing. Labelling in breadth-first order from the ends (a queue) meets positions in
//! non-decreasing distance, so each gets its distance when it is first labelled, in
//! O(V + E) time.
//!
//! [`graph_outcomes`] solves a graph given by successor lists; [`Loopy`] explores the positions
//! reachable from given starts through a move function and solves them. Both are checked
//! against an independent fixed-point computation of "wins / loses within `k` moves".

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

use crate::games::sg::GraphError;

/// The result of best play from a position, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins, and the game ends after this many moves (the winner's
    /// quickest forced win against the loser's longest resistance).
    Win(u32),
    /// The player to move loses, after this many moves.
    Lose(u32),
    /// Neither can force a win: best play goes on for ever.
    Draw,
}

impl Outcome {
    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win(_))
    }

    pub fn is_lose(self) -> bool {
        matches!(self, Outcome::Lose(_))
    }

    pub fn is_draw(self) -> bool {
        self == Outcome::Draw
    }

    /// The number of moves to the end under best play; `None` for a draw.
    pub fn distance(self) -> Option<u32> {
        match self {
            Outcome::Win(d) | Outcome::Lose(d) => Some(d),
            Outcome::Draw => None,
        }
    }
}

/// The outcome of every vertex of a game graph: `edges[v]` lists the positions `v` moves to
/// (repeats and self-loops allowed). A vertex without moves is lost by the player to move.
/// O(V + E) time and memory, iterative.
///
/// ```
/// use ojlib::games::loopy::{graph_outcomes, Outcome};
/// // 0 ⇄ 1, and 1 → 2, which has no moves: from 1 the mover goes to 2 and wins;
/// // from 0 the only move is to 1, a win for the opponent.
/// let outcomes = graph_outcomes(&[vec![1], vec![0, 2], vec![]]).unwrap();
/// assert_eq!(outcomes, [Outcome::Lose(2), Outcome::Win(1), Outcome::Lose(0)]);
/// // 0 ⇄ 1 with no way out: a draw.
/// assert_eq!(graph_outcomes(&[vec![1], vec![0]]).unwrap(), [Outcome::Draw, Outcome::Draw]);
/// ```
pub fn graph_outcomes(edges: &[Vec<usize>]) -> Result<Vec<Outcome>, GraphError> {
    let n = edges.len();
    for (from, out) in edges.iter().enumerate() {
        if let Some(&to) = out.iter().find(|&&to| to >= n) {
            return Err(GraphError::NoSuchVertex { from, to });
        }
    }
    let mut predecessors = vec![Vec::new(); n];
    for (from, out) in edges.iter().enumerate() {
        for &to in out {
            predecessors[to].push(from);
        }
    }
    Ok(internal_retrograde(&predecessors, |v| edges[v].len()))
}

/// Retrograde labelling over the reversed graph; `out_degree(v)` counts `v`'s moves with
/// repeats, as `predecessors` lists each edge once at its end.
fn internal_retrograde(
    predecessors: &[Vec<usize>],
    out_degree: impl Fn(usize) -> usize,
) -> Vec<Outcome> {
    let n = predecessors.len();
    let mut outcome = vec![Outcome::Draw; n];
    // Moves of a vertex not yet known to lead to a won position.
    let mut unrefuted: Vec<usize> = (0..n).map(&out_degree).collect();
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (v, &moves) in unrefuted.iter().enumerate() {
        if moves == 0 {
            outcome[v] = Outcome::Lose(0);
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        match outcome[v] {
            Outcome::Lose(d) => {
                for &p in &predecessors[v] {
                    if outcome[p] == Outcome::Draw {
                        outcome[p] = Outcome::Win(d + 1);
                        queue.push_back(p);
                    }
                }
            }
            Outcome::Win(d) => {
                for &p in &predecessors[v] {
                    if outcome[p] == Outcome::Draw {
                        unrefuted[p] -= 1;
                        if unrefuted[p] == 0 {
                            outcome[p] = Outcome::Lose(d + 1);
                            queue.push_back(p);
                        }
                    }
                }
            }
            Outcome::Draw => unreachable!("only labelled vertices are queued"),
        }
    }
    outcome
}

/// The positions reachable from some starts through a move function, solved by retrograde
/// analysis. Exploring is breadth-first with an explicit queue; the positions are kept, so
/// memory is O(positions + moves).
///
/// ```
/// use ojlib::games::loopy::{Loopy, Outcome};
/// // A token on 0..=4 moves one step left or right; reaching 0 ends the game (no moves).
/// let game = Loopy::solve([3u32], |&p: &u32| if p == 0 { vec![] } else { vec![p - 1, (p + 1).min(4)] });
/// assert_eq!(game.outcome(&1), Some(Outcome::Win(1)));
/// assert_eq!(game.outcome(&3), Some(Outcome::Draw)); // each can step back for ever
/// assert_eq!(game.outcome(&7), None); // not reached
/// ```
pub struct Loopy<S> {
    index: HashMap<S, usize>,
    positions: Vec<S>,
    outcomes: Vec<Outcome>,
}

impl<S: Hash + Eq + Clone> Loopy<S> {
    /// Explores every position reachable from `starts` through `moves` (called once for each)
    /// and labels them all.
    pub fn solve<I, F>(starts: I, mut moves: F) -> Self
    where
        I: IntoIterator<Item = S>,
        F: FnMut(&S) -> Vec<S>,
    {
        let mut index: HashMap<S, usize> = HashMap::new();
        let mut positions: Vec<S> = Vec::new();
        let mut out_degree: Vec<usize> = Vec::new();
        let mut predecessors: Vec<Vec<usize>> = Vec::new();
        for start in starts {
            if !index.contains_key(&start) {
                index.insert(start.clone(), positions.len());
                positions.push(start);
                predecessors.push(Vec::new());
            }
        }
        let mut next = 0;
        while next < positions.len() {
            let successors = moves(&positions[next]);
            out_degree.push(successors.len());
            for s in successors {
                let id = match index.get(&s) {
                    Some(&id) => id,
                    None => {
                        let id = positions.len();
                        index.insert(s.clone(), id);
                        positions.push(s);
                        predecessors.push(Vec::new());
                        id
                    }
                };
                predecessors[id].push(next);
            }
            next += 1;
        }
        let outcomes = internal_retrograde(&predecessors, |v| out_degree[v]);
        Loopy {
            index,
            positions,
            outcomes,
        }
    }

    /// The outcome of `position`, or `None` if it was not reached from the starts.
    pub fn outcome(&self, position: &S) -> Option<Outcome> {
        self.index.get(position).map(|&i| self.outcomes[i])
    }

    /// Every position reached, with its outcome, in the order they were found.
    pub fn positions(&self) -> impl Iterator<Item = (&S, Outcome)> {
        self.positions.iter().zip(self.outcomes.iter().copied())
    }

    /// How many positions were reached.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use crate::rng::Rng;

    /// The definition, computed independently as a fixed point: `wins[k]` holds the positions
    /// where the mover can force a win within `k` moves, `loses[k]` those where the mover loses
    /// within `k` moves whatever they do. The outcome is the first `k` a position enters
    /// either set; a position in neither after `n + 1` rounds never enters (no new position
    /// enters once a round adds none).
    fn by_rounds(edges: &[Vec<usize>]) -> Vec<Outcome> {
        let n = edges.len();
        let mut outcome = vec![Outcome::Draw; n];
        let mut wins = vec![false; n];
        let mut loses = vec![false; n];
        for k in 0..=(n as u32 + 1) {
            let (prev_wins, prev_loses) = (wins.clone(), loses.clone());
            for v in 0..n {
                if !wins[v] && edges[v].iter().any(|&w| prev_loses[w]) {
                    wins[v] = true;
                    outcome[v] = Outcome::Win(k);
                }
                if !loses[v] && edges[v].iter().all(|&w| prev_wins[w]) {
                    loses[v] = true;
                    outcome[v] = Outcome::Lose(k);
                }
            }
        }
        outcome
    }

    #[test]
    fn agrees_with_the_rounds_on_random_graphs() {
        let mut rng = Rng::new(1730);
        let mut draws = 0;
        for _ in 0..3000 {
            let n = rng.range(1, 14) as usize;
            let density = rng.range(1, 5);
            let edges: Vec<Vec<usize>> = (0..n)
                .map(|_| {
                    (0..n)
                        .filter(|_| rng.chance(1, density + 1))
                        .collect::<Vec<_>>()
                })
                .collect();
            let expected = by_rounds(&edges);
            draws += expected.iter().filter(|o| o.is_draw()).count();
            assert_eq!(graph_outcomes(&edges).unwrap(), expected, "{edges:?}");
            let game = Loopy::solve(0..n, |&v: &usize| edges[v].clone());
            for (v, &o) in expected.iter().enumerate() {
                assert_eq!(game.outcome(&v), Some(o), "{edges:?}, vertex {v}");
            }
        }
        assert!(draws > 1000, "the graphs should have draws: {draws}");
    }

    #[test]
    fn on_acyclic_games_it_is_the_grundy_search() {
        let mut rng = Rng::new(99);
        for _ in 0..300 {
            let n = rng.range(1, 40) as usize;
            let dag: Vec<Vec<usize>> = (0..n)
                .map(|v| (0..v).filter(|_| rng.chance(1, 3)).collect())
                .collect();
            let outcomes = graph_outcomes(&dag).unwrap();
            let mut grundy = Grundy::new(|&v: &usize| dag[v].clone());
            for (v, o) in outcomes.iter().enumerate() {
                assert!(!o.is_draw());
                assert_eq!(o.is_lose(), grundy.is_losing(&v), "{dag:?}, vertex {v}");
            }
        }
    }

    /// Northcott's game as played (HDU 1730): on each row of width `w`, a white piece left of
    /// a black one; the first player moves a white piece and the second a black one, any
    /// distance along its row, forwards or back, never onto or past the other piece. Pieces
    /// may retreat, so the game graph has cycles; the theorem says the gaps are Nim heaps all
    /// the same (the winner undoes each retreat), and there are no draws.
    #[test]
    fn northcott_with_retreats_is_nim_on_the_gaps() {
        let width = 5u8;
        // (white and black columns on each of two rows, whose turn: 0 white, 1 black).
        type Position = ([u8; 2], [u8; 2], u8);
        let moves = |&(white, black, turn): &Position| {
            let mut next = Vec::new();
            for row in 0..2 {
                let (w, b) = (white[row], black[row]);
                let targets: Vec<u8> = if turn == 0 {
                    (0..b).filter(|&c| c != w).collect()
                } else {
                    (w + 1..width).filter(|&c| c != b).collect()
                };
                for c in targets {
                    let (mut white, mut black) = (white, black);
                    if turn == 0 {
                        white[row] = c;
                    } else {
                        black[row] = c;
                    }
                    next.push((white, black, 1 - turn));
                }
            }
            next
        };
        let mut starts = Vec::new();
        for w0 in 0..width {
            for b0 in w0 + 1..width {
                for w1 in 0..width {
                    for b1 in w1 + 1..width {
                        starts.push(([w0, w1], [b0, b1], 0));
                    }
                }
            }
        }
        let game = Loopy::solve(starts.clone(), moves);
        for start in &starts {
            let (white, black, _) = *start;
            let nim = (black[0] - white[0] - 1) ^ (black[1] - white[1] - 1);
            let outcome = game.outcome(start).unwrap();
            assert!(!outcome.is_draw(), "{start:?}");
            assert_eq!(outcome.is_win(), nim != 0, "{start:?}");
        }
    }

    #[test]
    fn distances_on_a_path_and_a_cycle() {
        // 0 → 1 → 2 → 3 (no moves): alternately lost and won, at distance 3 - v.
        let path = graph_outcomes(&[vec![1], vec![2], vec![3], vec![]]).unwrap();
        assert_eq!(
            path,
            [
                Outcome::Win(3),
                Outcome::Lose(2),
                Outcome::Win(1),
                Outcome::Lose(0)
            ]
        );
        // The loser delays: 0 may go to 1 (won in 1) or 2 (won in 3); it is lost in 4.
        let delay = graph_outcomes(&[
            vec![1, 2],
            vec![4],
            vec![3],
            vec![5],
            vec![],
            vec![6],
            vec![],
        ])
        .unwrap();
        assert_eq!(delay[0], Outcome::Lose(4));
        // A self-loop is a way to stay: a draw unless a win is at hand.
        let stay = graph_outcomes(&[vec![0], vec![1, 2], vec![]]).unwrap();
        assert_eq!(stay, [Outcome::Draw, Outcome::Win(1), Outcome::Lose(0)]);
        assert_eq!(stay[1].distance(), Some(1));
        assert_eq!(stay[0].distance(), None);
    }

    #[test]
    fn repeated_edges_count_once_each() {
        // 0 has two moves, both to 1 (won): both must be refuted, and they are.
        let twice = graph_outcomes(&[vec![1, 1], vec![2], vec![]]).unwrap();
        assert_eq!(twice[0], Outcome::Lose(2));
    }

    #[test]
    fn a_missing_vertex_is_refused_and_a_long_chain_needs_no_deep_stack() {
        assert_eq!(
            graph_outcomes(&[vec![], vec![0, 7]]),
            Err(GraphError::NoSuchVertex { from: 1, to: 7 })
        );
        let game = Loopy::solve(
            [0u32],
            |&v: &u32| {
                if v < 1_000_000 {
                    vec![v + 1]
                } else {
                    vec![]
                }
            },
        );
        assert_eq!(game.len(), 1_000_001);
        assert_eq!(game.outcome(&0), Some(Outcome::Lose(1_000_000)));
        assert_eq!(game.outcome(&1), Some(Outcome::Win(999_999)));
    }
}
