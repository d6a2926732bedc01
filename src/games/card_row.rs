//! Cards in a row (AtCoder ABC278 G "Generalized Subtraction Game"): cards `1..=n`; a move
//! removes a run of `y` adjacent cards still on the table, `l <= y <= r`; whoever cannot move
//! loses. Kayles is `l = 1, r = 2`.
//!
//! Theorem 1 (Sprague–Grundy): the cards left form runs, each a heap of the octal game whose
//! digit is 7 for every `y` in `l..=r` (take `y` and leave zero, one or two runs); a position
//! loses exactly when the xor of its runs' values is 0. [`values`] computes them in O(n²)
//! whatever `l` and `r`, where `Octal::values` takes O(n²·(r - l + 1)).
//!
//! Theorem 2 (symmetry): if `l < r` the first player wins at once: remove `y` in `{l, l + 1}`
//! with `n - y` even from the middle, leaving two equal runs, then answer each move with its
//! mirror image (card `c` for card `n + 1 - c`). [`Row::mirror`] is that answer.

use crate::games::octal::Octal;
use crate::games::octal_play;
use crate::rng::Rng;

/// The game as an octal code: digit 7 for taking `l..=r`.
pub fn octal(l: u64, r: u64) -> Octal {
    let digits: Vec<u8> = (0..=r).map(|y| if y >= l { 7 } else { 0 }).collect();
    Octal::new(&digits, 0)
}

/// The values of runs of `0..=n` cards. A run of `m` with a run of `y` removed leaves `a` and
/// `m - y - a`: the options of `m` are the sets `S(k) = {g(a) ^ g(k - a)}` for `k` in
/// `m - r ..= m - l`, a window that slides by one as `m` grows, so each `S(k)` is added once
/// and removed once, with a count per value. O(n²) time, O(n) memory.
///
/// # Panics
/// If `l` is 0 (a move must remove a card).
pub fn values(n: usize, l: usize, r: usize) -> Vec<u32> {
    assert!(l >= 1, "card_row: a move removes at least one card");
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    let mut count: Vec<u32> = Vec::new();
    for m in 0..=n {
        // The window for m is k in m - r ..= m - l: k = m - l enters, k = m - r - 1 leaves.
        if let Some(k) = m.checked_sub(l) {
            for v in split_values(&g, k) {
                if v >= count.len() {
                    count.resize(v + 1, 0);
                }
                count[v] += 1;
            }
        }
        if let Some(k) = m.checked_sub(r + 1) {
            for v in split_values(&g, k) {
                count[v] -= 1;
            }
        }
        let mex = count.iter().position(|&c| c == 0).unwrap_or(count.len());
        g.push(mex as u32);
    }
    g
}

/// The option values `g(a) ^ g(k - a)` of the two runs left with `k` cards, `0 <= a <= k`.
fn split_values(g: &[u32], k: usize) -> impl Iterator<Item = usize> + '_ {
    (0..=k).map(move |a| (g[a] ^ g[k - a]) as usize)
}

/// The cards on the table, `1..=n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// `on[c]` for card `c`; `on[0]` is unused.
    on: Vec<bool>,
}

impl Row {
    pub fn new(n: usize) -> Self {
        let mut on = vec![true; n + 1];
        on[0] = false;
        Row { on }
    }

    pub fn len(&self) -> usize {
        self.on.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether cards `x..x + y` are all on the table (and `y >= 1`).
    pub fn can_remove(&self, x: u64, y: u64) -> bool {
        let n = self.len() as u64;
        y >= 1 && x >= 1 && x <= n && y <= n - x + 1 && {
            let (x, y) = (x as usize, y as usize);
            self.on[x..x + y].iter().all(|&on| on)
        }
    }

    /// Removes cards `x..x + y`; `false` (and nothing removed) if they are not all there.
    pub fn remove(&mut self, x: u64, y: u64) -> bool {
        if !self.can_remove(x, y) {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        self.on[x..x + y].iter_mut().for_each(|on| *on = false);
        true
    }

    /// The runs of cards left, as `(first card, length)`, left to right.
    pub fn runs(&self) -> Vec<(u64, u64)> {
        let mut runs = Vec::new();
        let mut start = None;
        for c in 1..=self.len() + 1 {
            match (self.on.get(c).copied().unwrap_or(false), start) {
                (true, None) => start = Some(c),
                (false, Some(s)) => {
                    runs.push((s as u64, (c - s) as u64));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }

    /// The mirror image of removing `x..x + y`: the same cards counted from the right.
    pub fn mirror(&self, x: u64, y: u64) -> (u64, u64) {
        (self.len() as u64 + 2 - x - y, y)
    }
}

/// The first move of the symmetry strategy when `l < r`: `y` in `{l, l + 1}` with `n - y`
/// even, from the middle. `None` when `l == r` or `l > n`.
pub fn symmetric_first_move(n: u64, l: u64, r: u64) -> Option<(u64, u64)> {
    if l >= r || l > n {
        return None;
    }
    let y = if (n - l) % 2 == 0 { l } else { l + 1 };
    (y <= n).then_some(((n - y) / 2 + 1, y))
}

/// A winning move `(x, y)` from `row`, or `None` when the player to move loses. `values` must
/// be [`values`]`(row.len(), l, r)` and `game` [`octal`]`(l, r)`. O(runs + n·(r - l + 1)).
pub fn winning_move(row: &Row, game: &Octal, values: &[u32]) -> Option<(u64, u64)> {
    let runs = row.runs();
    let lengths: Vec<u64> = runs.iter().map(|&(_, len)| len).collect();
    let m = octal_play::winning_move(game, values, &lengths)?;
    Some((runs[m.heap].0 + m.left, m.take))
}

/// A random legal move `(x, y)`, or `None` when there is none.
pub fn random_move(row: &Row, l: u64, r: u64, rng: &mut Rng) -> Option<(u64, u64)> {
    let runs: Vec<(u64, u64)> = row
        .runs()
        .into_iter()
        .filter(|&(_, len)| len >= l)
        .collect();
    if runs.is_empty() {
        return None;
    }
    let (start, len) = runs[rng.range(0, runs.len() as u64 - 1) as usize];
    let y = rng.range(l, r.min(len));
    Some((start + rng.range(0, len - y), y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn values_match_the_octal_table() {
        for l in 1..=6 {
            for r in l..=9 {
                assert_eq!(
                    values(60, l, r),
                    octal(l as u64, r as u64).values(60),
                    "{l}..={r}"
                );
            }
        }
        assert_eq!(values(20, 1, 2), Octal::kayles().values(20));
    }

    /// Every row of up to 11 cards as a bit mask, searched whole (runs are not assumed).
    fn mask_moves(n: u32, l: u32, r: u32) -> impl Fn(&u32) -> Vec<u32> {
        move |&mask| {
            let mut next = Vec::new();
            for y in l..=r.min(n) {
                let run = (1u32 << y) - 1;
                for x in 0..=n - y {
                    if mask >> x & run == run {
                        next.push(mask & !(run << x));
                    }
                }
            }
            next
        }
    }

    fn row_of(n: u32, mask: u32) -> Row {
        let mut row = Row::new(n as usize);
        for c in 0..n {
            if mask >> c & 1 == 0 {
                row.on[c as usize + 1] = false;
            }
        }
        row
    }

    #[test]
    fn winning_move_and_the_symmetry_strategy_match_brute_force() {
        for n in 1..=10u32 {
            for l in 1..=n.min(4) {
                for r in l..=n.min(5) {
                    let mut grundy = Grundy::new(mask_moves(n, l, r));
                    let (game, table) = (
                        octal(l.into(), r.into()),
                        values(n as usize, l as usize, r as usize),
                    );
                    for mask in 0..1u32 << n {
                        let row = row_of(n, mask);
                        match winning_move(&row, &game, &table) {
                            None => assert!(grundy.is_losing(&mask), "n {n}, {l}..={r}, {mask:b}"),
                            Some((x, y)) => {
                                let mut after = row.clone();
                                assert!(after.remove(x, y) && (l..=r).contains(&(y as u32)));
                                let next = mask & !(((1 << y) - 1) << (x - 1));
                                assert_eq!(after, row_of(n, next));
                                assert!(grundy.is_losing(&next), "n {n}, {l}..={r}, {mask:b}");
                            }
                        }
                    }
                    let full = (1u32 << n) - 1;
                    if let Some((x, y)) = symmetric_first_move(n.into(), l.into(), r.into()) {
                        let mut row = Row::new(n as usize);
                        assert!(row.remove(x, y));
                        let runs = row.runs();
                        assert!(runs.len() <= 2 && runs.iter().all(|&(_, len)| len == runs[0].1));
                        assert!(!grundy.is_losing(&full) && l < r);
                    }
                }
            }
        }
    }

    #[test]
    fn mirror_moves_keep_the_row_symmetric() {
        let mut rng = Rng::new(278);
        for _ in 0..200 {
            let n = rng.range(2, 60);
            let l = rng.range(1, n - 1);
            let r = rng.range(l + 1, n);
            let mut row = Row::new(n as usize);
            let (x, y) = symmetric_first_move(n, l, r).unwrap();
            assert!(row.remove(x, y));
            while let Some((a, b)) = random_move(&row, l, r, &mut rng) {
                assert!(row.remove(a, b));
                let (x, y) = row.mirror(a, b);
                assert!(row.remove(x, y), "n {n}: mirror of {a} {b}");
                let on: Vec<bool> = row.on[1..].to_vec();
                assert!(on.iter().eq(on.iter().rev()));
            }
        }
    }

    #[test]
    fn a_move_off_the_row_or_over_a_gap_is_refused() {
        let mut row = Row::new(5);
        assert!(!row.can_remove(0, 1) && !row.can_remove(5, 2) && !row.can_remove(1, 0));
        assert!(!row.can_remove(u64::MAX, 2) && !row.can_remove(2, u64::MAX));
        assert!(row.remove(2, 2));
        assert!(!row.remove(1, 2) && !row.remove(3, 1));
        assert_eq!(row.runs(), [(1, 1), (4, 2)]);
        assert_eq!(row.mirror(4, 2), (1, 2));
    }
}
