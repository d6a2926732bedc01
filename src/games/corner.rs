//! A coin walking to a corner (HDU 2147 "kiki's game"): a coin on an `n × m` board starts in
//! the top-right square; a move takes it one square left, down, or diagonally down-left;
//! whoever cannot move (the coin is in the bottom-left corner) loses.
//!
//! Theorem (induction on the distances, as for any game whose values are found by a table):
//! with `a` and `b` the coin's distances from the corner's row and column, the player to move
//! loses exactly when both are even. From an all-even position every move makes one distance
//! odd; from any other, moving each odd distance down by one (left, down, or both) reaches an
//! all-even one. From the start, `a = n - 1` and `b = m - 1`.

/// Whether the first player wins on an `n × m` board (`n, m >= 1`): unless both are odd.
pub fn first_player_wins(n: u64, m: u64) -> bool {
    n % 2 == 0 || m % 2 == 0
}

/// The rule as a move function for brute-force search: the distances `(a, b)` to the corner.
pub fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    if a > 0 {
        next.push((a - 1, b));
    }
    if b > 0 {
        next.push((a, b - 1));
    }
    if a > 0 && b > 0 {
        next.push((a - 1, b - 1));
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_the_search_on_all_boards_up_to_60() {
        let mut grundy = Grundy::new(moves);
        for n in 1..=60 {
            for m in 1..=60 {
                let wins = !grundy.is_losing(&(n - 1, m - 1));
                assert_eq!(first_player_wins(n, m), wins, "{n} x {m}");
            }
        }
    }

    #[test]
    fn the_top_of_u64() {
        assert!(!first_player_wins(u64::MAX, u64::MAX));
        assert!(first_player_wins(u64::MAX, u64::MAX - 1));
        assert!(!first_player_wins(1, 1));
    }
}
