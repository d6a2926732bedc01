//! Bash's game (HDU 1846 Brave Game): one pile of `n`; a move takes 1 to `m` stones; whoever
//! takes the last stone wins.
//!
//! Theorem: the player to move loses exactly when `n` is a multiple of `m + 1` (the opponent
//! can always bring the pile back to a multiple of `m + 1`).

/// Whether the player to move from a pile of `n`, taking at most `m`, loses with best play.
pub fn is_losing(n: u64, m: u64) -> bool {
    match m.checked_add(1) {
        Some(period) => n % period == 0,
        // m + 1 = 2^64 > n: the mover takes everything, unless there is nothing to take.
        None => n == 0,
    }
}

/// How many stones to take to win from a pile of `n` (at most `m` a move): `n mod (m + 1)`,
/// which leaves a multiple of `m + 1`; `None` when the player to move loses.
pub fn winning_move(n: u64, m: u64) -> Option<u64> {
    let take = match m.checked_add(1) {
        Some(period) => n % period,
        None => n,
    };
    (take > 0).then_some(take)
}

/// The rule as a move function over `(n, m)`, for brute-force search over small positions.
pub fn moves(&(n, m): &(u64, u64)) -> Vec<(u64, u64)> {
    (1..=m.min(n)).map(|take| (n - take, m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_brute_force_for_n_and_m_up_to_60() {
        let mut grundy = Grundy::new(moves);
        for n in 0..=60 {
            for m in 0..=60 {
                assert_eq!(
                    is_losing(n, m),
                    grundy.is_losing(&(n, m)),
                    "n = {n}, m = {m}"
                );
            }
        }
    }

    #[test]
    fn samples_and_the_top_of_u64() {
        assert!(!is_losing(23, 2));
        assert!(is_losing(4, 3));
        assert!(!is_losing(u64::MAX, u64::MAX));
        assert!(is_losing(0, u64::MAX));
        assert!(is_losing(u64::MAX, 2)); // 2^64 - 1 is a multiple of 3
        assert!(!is_losing(u64::MAX, 1));
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(moves);
        for n in 0..=60 {
            for m in 0..=60 {
                match winning_move(n, m) {
                    None => assert!(grundy.is_losing(&(n, m)), "({n}, {m})"),
                    Some(take) => {
                        assert!((1..=m.min(n)).contains(&take), "({n}, {m}): take {take}");
                        assert!(grundy.is_losing(&(n - take, m)), "({n}, {m}): take {take}");
                    }
                }
            }
        }
        assert_eq!(winning_move(u64::MAX, u64::MAX), Some(u64::MAX));
        assert_eq!(winning_move(u64::MAX, 1), Some(1));
        assert_eq!(winning_move(u64::MAX, 2), None);
    }
}
