//! Climbing the Hill (HDU 4315): people stand on a line of cells below the top of a hill, at
//! distinct distances `a[0] < a[1] < …` from it; one of them is the king. A move takes one
//! person up at least one cell, never onto or past another person (the top holds any number);
//! whoever moves the king to the top wins.
//!
//! Theorem (a staircase, as in Georgia and Bob): if the king is the first in line, the first
//! player takes him up at once. Otherwise pair the people from the bottom, `(a[n-1], a[n-2])`,
//! `(a[n-3], a[n-4])`, …, and with an odd count the top person with the top itself; the empty
//! cells inside each pair are a Nim heap (a move of the upper one is answered by the lower
//! one following, a move of the lower one is a Nim move), and the player to move loses
//! exactly when their xor is 0. The top person's heap is `a[0]` (he may go all the way up),
//! except when the king is second in line and the count is odd: taking the one person above
//! the king to the top hands the opponent the win, so for him the top is at cell 1, `a[0] - 1`.
//! The tests check this against the search of [`crate::games::sg`] over every line of up to
//! four people within ten cells.

/// Whether the player to move wins with people at the strictly increasing distances
/// `positions` (all at least 1) and the king at index `king` (0 is the first in line).
/// O(n).
pub fn first_player_wins(positions: &[u64], king: usize) -> bool {
    if king == 0 {
        return true;
    }
    let n = positions.len();
    let gap = |i: usize| match i {
        0 if n % 2 == 1 && king == 1 => positions[0] - 1,
        0 => positions[0],
        _ => positions[i] - positions[i - 1] - 1,
    };
    (0..n).rev().step_by(2).fold(0, |sum, i| sum ^ gap(i)) != 0
}

/// A position of the game: the distances of the people not yet at the top, increasing, and
/// the king's index among them; `None` once the king is at the top (the game is over).
pub type Hill = Option<(Vec<u64>, usize)>;

/// The rule as a move function for the brute-force search of [`crate::games::sg::Grundy`]:
/// a position whose king reached the top has no move, so the player who took him there won.
pub fn moves(position: &Hill) -> Vec<Hill> {
    let (people, king) = match position {
        Some((people, king)) => (people, king),
        None => return Vec::new(),
    };
    let mut next = Vec::new();
    for (i, &at) in people.iter().enumerate() {
        let lowest = if i == 0 { 0 } else { people[i - 1] + 1 };
        for to in lowest..at {
            if to > 0 {
                let mut moved = people.clone();
                moved[i] = to;
                next.push(Some((moved, *king)));
            } else if i == *king {
                next.push(None);
            } else {
                next.push(Some((people[1..].to_vec(), king - 1)));
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    /// Every strictly increasing line of `count` distances within 1..=top.
    fn lines(count: usize, top: u64) -> Vec<Vec<u64>> {
        if count == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for shorter in lines(count - 1, top) {
            for at in shorter.last().map_or(1, |&last| last + 1)..=top {
                let mut line = shorter.clone();
                line.push(at);
                all.push(line);
            }
        }
        all
    }

    #[test]
    fn matches_the_search() {
        let mut grundy = Grundy::new(moves);
        for count in 1..=4 {
            for line in lines(count, 10) {
                for king in 0..count {
                    let searched = !grundy.is_losing(&Some((line.clone(), king)));
                    assert_eq!(
                        first_player_wins(&line, king),
                        searched,
                        "{line:?}, king {king}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        let top = u64::MAX;
        // Two people: one heap, the gap between them.
        assert!(!first_player_wins(&[top - 1, top], 1));
        assert!(first_player_wins(&[1, top], 1));
        // Three, the king second: heaps a[2] - a[1] - 1 and a[0] - 1.
        assert!(!first_player_wins(&[4, top - 4, top], 1));
        assert!(first_player_wins(&[4, top - 4, top], 2));
        assert!(first_player_wins(&[top], 0));
    }
}
