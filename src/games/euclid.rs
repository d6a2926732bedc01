//! Euclid's game (Luogu P1290): two piles; a move subtracts a positive multiple of the smaller
//! pile from the larger, leaving it non-negative; whoever empties a pile wins.
//!
//! Theorem (Cole and Davie, 1969): with `large = q·small + r`, the player to move wins if
//! `q >= 2` (choose whether the opponent faces `(small, r)` or `(small + r, small)`, one of
//! which is losing) or if `r = 0` (empty the pile). If `q = 1` the move to `(small, r)` is
//! forced and the outcome flips. That is Euclid's algorithm: O(log) steps. A position with an
//! empty pile is over: the player to move has lost.

/// Whether the player to move from piles `(a, b)` wins with best play.
pub fn first_player_wins(a: u64, b: u64) -> bool {
    let (mut large, mut small) = (a.max(b), a.min(b));
    // Whether an odd number of forced moves has been made: the player to move is the other one.
    let mut flipped = false;
    loop {
        if small == 0 {
            return flipped;
        }
        let rest = large - small;
        // q >= 2 is `rest >= small`; r = 0 with q = 1 is `rest == 0`. No multiplication, so
        // no overflow near `u64::MAX`.
        if rest >= small || rest == 0 {
            return !flipped;
        }
        (large, small) = (small, rest);
        flipped = !flipped;
    }
}

/// A winning move from piles `(a, b)`: the piles after it, in the same order (the larger pile
/// is the one that shrinks), or `None` when the player to move loses or the game is over.
/// With `large = q·small + r`: `r = 0` empties the pile; otherwise leave `(small, r)` when it is
/// losing, else, if `q >= 2`, leave `(small + r, small)`, whose one move leads to `(small, r)`.
/// O(log) steps, like [`first_player_wins`].
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (large, small) = (a.max(b), a.min(b));
    if small == 0 {
        return None;
    }
    let rest = large % small;
    let new_large = if rest == 0 || !first_player_wins(small, rest) {
        rest
    } else if large - small >= small {
        small + rest
    } else {
        return None;
    };
    Some(if a >= b {
        (new_large, b)
    } else {
        (a, new_large)
    })
}

/// The rule as a move function, for brute-force search over small positions: every position
/// one move from `(a, b)`; none once a pile is empty.
pub fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
    let (large, small) = (a.max(b), a.min(b));
    if small == 0 {
        return Vec::new();
    }
    (1..=large / small)
        .map(|m| (large - m * small, small))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_brute_force_on_every_pair_up_to_200() {
        let mut grundy = Grundy::new(moves);
        for a in 0..=200 {
            for b in 0..=200 {
                assert_eq!(
                    first_player_wins(a, b),
                    !grundy.is_losing(&(a, b)),
                    "({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn samples_and_the_top_of_u64() {
        assert!(first_player_wins(25, 7));
        assert!(!first_player_wins(24, 15));
        // Near 2^31, where `2 * b` overflows 32 bits.
        assert!(first_player_wins(2147483647, 1073741824));
        // q = 1, r = 1, then (u64::MAX - 1, 1) is a win for the player to move.
        assert!(!first_player_wins(u64::MAX, u64::MAX - 1));
        assert!(first_player_wins(u64::MAX, u64::MAX));
        assert!(first_player_wins(u64::MAX, 1));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(moves);
        let sorted = |(a, b): (u64, u64)| (a.max(b), a.min(b));
        for a in 0..=120 {
            for b in 0..=120 {
                match winning_move(a, b) {
                    None => assert!(grundy.is_losing(&(a, b)), "({a}, {b})"),
                    Some((x, y)) => {
                        assert!(x == a || y == b, "({a}, {b}) -> ({x}, {y}) moves both");
                        let legal = moves(&(a, b)).into_iter().map(sorted);
                        assert!(legal.collect::<Vec<_>>().contains(&sorted((x, y))));
                        assert!(grundy.is_losing(&(x, y)), "({a}, {b}) -> ({x}, {y})");
                    }
                }
            }
        }
        assert_eq!(winning_move(u64::MAX, u64::MAX), Some((0, u64::MAX)));
        // (u64::MAX, u64::MAX - 1) is lost; (2, 1) at the end of it is won.
        assert_eq!(winning_move(u64::MAX, u64::MAX - 1), None);
        assert_eq!(winning_move(1, u64::MAX), Some((1, 0)));
    }
}
