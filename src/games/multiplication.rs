//! A multiplication game (HDU 1517, POJ 2505): a number `p` starts at 1; the players take turns
//! to multiply it by an integer from 2 to 9; whoever first makes `p >= n` wins.
//!
//! Theorem: the first player wins exactly when `n` lies in `(18^k, 9 · 18^k]` for some `k >= 0`
//! (or `n <= 1`), and loses when it lies in `(9 · 18^k, 18^(k+1)]`. The player to move at `p`
//! wins when `9p >= n` (one move finishes), loses when `9p < n <= 18p` (every move reaches
//! `p' >= 2p`, from which the opponent finishes), and the bands repeat scaled by 18: the game
//! from `p = 1` with target `n > 18` is won exactly when the one with target `⌈n / 18⌉` is.
//! So: divide `n` by 18 rounding up until it is at most 18; the first player wins when it is
//! then at most 9. The tests check this against the search of [`crate::games::sg`] on every
//! `n` up to 4000 and at the band ends up to `u64::MAX`.

/// Whether the player who moves first (from `p = 1`) wins the game with target `n`.
/// For `n <= 1` the first move already reaches it: a win. O(log n).
pub fn first_player_wins(n: u64) -> bool {
    let mut n = n;
    while n > 18 {
        n = (n - 1) / 18 + 1; // ⌈n / 18⌉ without overflow
    }
    n <= 9
}

/// The rule as a move function for the brute force: from `p` (below the target `n`, or the
/// start `p = 1`) to `p · a` for `a` in 2..=9; a position `p > 1` with `p >= n` is the end of
/// the game (the player who made it won, so the player to move there has no move and loses).
pub fn moves(n: u64) -> impl Fn(&u64) -> Vec<u64> {
    move |&p| {
        if p > 1 && p >= n {
            Vec::new()
        } else {
            (2..=9).map(|a| p.saturating_mul(a)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_the_search_for_every_small_target() {
        for n in 0..=4000u64 {
            let mut grundy = Grundy::new(moves(n));
            assert_eq!(first_player_wins(n), !grundy.is_losing(&1), "n = {n}");
        }
    }

    #[test]
    fn the_interval_ends_up_to_u64_max() {
        // (18^k, 9·18^k] wins, (9·18^k, 18^(k+1)] loses, computed in u128.
        let mut power = 1u128;
        while power <= u128::from(u64::MAX) {
            for (n, wins) in [
                (power + 1, true),
                (9 * power, true),
                (9 * power + 1, false),
                (18 * power, false),
            ] {
                if let Ok(n) = u64::try_from(n) {
                    if n > 1 {
                        assert_eq!(first_player_wins(n), wins, "n = {n}");
                    }
                }
            }
            power *= 18;
        }
        // 18^15 < 2^64 - 1 <= 9·18^15: the first player wins.
        assert!(first_player_wins(u64::MAX));
    }
}
