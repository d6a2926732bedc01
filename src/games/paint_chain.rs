//! Painting a chain (HDU 3980 Paint Chain): a circle of `n` unpainted beads; a move paints `m`
//! consecutive unpainted beads; whoever cannot paint loses.
//!
//! Theorem: with `n < m` the first player cannot move. Otherwise every first move is the same
//! up to rotation and leaves a line of `n - m` beads; a move on a line of `L` leaves two lines
//! of `a` and `L - m - a` beads, so lines are the octal game `0.0…07` (digit 7 at `m`: take
//! `m`, leave zero, one or two heaps), and the first player wins exactly when the line of
//! `n - m` has value 0. A line shorter than `m` has value 0, so only `n >= 2m` needs a table
//! ([`line_values`], O(L²)); no closed form is known (for `m = 2` it is Dawson's Kayles). The
//! tests check the table against [`crate::games::octal::Octal::values`] and the whole rule
//! against the search of [`crate::games::sg`] over the circles themselves.

/// The values of lines of `0..=up_to` beads when a move paints `m >= 1` of them:
/// `g(L) = mex { g(a) ^ g(L - m - a) }`. O(up_to² / 2) time, O(up_to) memory.
pub fn line_values(m: usize, up_to: usize) -> Vec<u32> {
    assert!(m >= 1, "paint_chain: a move paints at least one bead");
    let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
    // seen[v] == len + 1: value v is an option of the line of len (no clearing between lines).
    let mut seen: Vec<usize> = Vec::new();
    for len in 0..=up_to {
        let rest = match len.checked_sub(m) {
            Some(rest) => rest,
            None => {
                values.push(0);
                continue;
            }
        };
        for a in 0..=rest / 2 {
            let v = (values[a] ^ values[rest - a]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, 0);
            }
            seen[v] = len + 1;
        }
        let mex = seen
            .iter()
            .position(|&s| s != len + 1)
            .unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

/// Whether the first player wins the circle of `n` beads when a move paints `m`, or `None`
/// when that needs a line longer than `limit` (then `n - m >= m` and `n - m > limit`).
/// O(min(n, limit)²).
pub fn first_player_wins(n: u64, m: u64, limit: usize) -> Option<bool> {
    assert!(m >= 1, "paint_chain: a move paints at least one bead");
    if n < m {
        return Some(false);
    }
    let line = n - m;
    if line < m {
        return Some(true); // the line left has no move
    }
    if line > limit as u64 {
        return None;
    }
    let line = line as usize;
    Some(line_values(m as usize, line)[line] == 0)
}

/// A circle as the brute force sees it: `(n, m, painted)`, bit `i` set when bead `i` is painted.
pub type Circle = (u32, u32, u32);

/// The rule as a move function for the brute-force search of [`crate::games::sg::Grundy`]:
/// paint the `m` beads from any bead `i` on (around the circle), if none is painted yet.
pub fn moves(&(n, m, painted): &Circle) -> Vec<Circle> {
    if m > n {
        return Vec::new();
    }
    (0..n)
        .filter_map(|start| {
            let beads = (0..m).fold(0u32, |beads, k| beads | 1 << ((start + k) % n));
            (painted & beads == 0).then_some((n, m, painted | beads))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::Octal;
    use crate::games::sg::Grundy;

    #[test]
    fn lines_are_the_octal_game() {
        for m in 1..=6 {
            let mut digits = vec![0; m + 1];
            digits[m] = 7;
            let octal = Octal::new(&digits, 0).values(150);
            assert_eq!(line_values(m, 150), octal, "m = {m}");
        }
        // m = 2 is Dawson's Kayles.
        assert_eq!(line_values(2, 300), Octal::dawson_kayles().values(300));
    }

    #[test]
    fn matches_the_search_over_circles() {
        let mut grundy = Grundy::new(moves);
        for n in 1..=16u32 {
            for m in 1..=n + 1 {
                let searched = !grundy.is_losing(&(n, m, 0));
                let closed = first_player_wins(u64::from(n), u64::from(m), 100);
                assert_eq!(closed, Some(searched), "n = {n}, m = {m}");
            }
        }
    }

    #[test]
    fn huge_circles_need_no_table_when_the_line_left_is_short() {
        assert_eq!(first_player_wins(u64::MAX, u64::MAX, 0), Some(true));
        assert_eq!(first_player_wins(u64::MAX - 1, u64::MAX, 0), Some(false));
        assert_eq!(first_player_wins(u64::MAX, 1 << 63, 0), Some(true));
        assert_eq!(first_player_wins(u64::MAX, 1 << 62, 10), None);
        assert_eq!(first_player_wins(100, 1, 10), None);
        assert_eq!(first_player_wins(100, 1, 100), Some(false)); // 99 beads: odd, value 1
    }
}
