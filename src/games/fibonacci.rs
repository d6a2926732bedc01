//! Fibonacci Nim (HDU 2516): one pile of `n`; the first move takes at least one stone but not
//! all; every later move takes at least one and at most twice the previous move; whoever takes
//! the last stone wins.
//!
//! Theorem (Whinihan, 1963): the first player loses exactly when `n` is a Fibonacci number
//! (by Zeckendorf's theorem, otherwise the first player takes the smallest term of `n`'s
//! representation as a sum of non-consecutive Fibonacci numbers).

/// Whether `n` is a Fibonacci number (0, 1, 2, 3, 5, 8, …).
pub fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (0u64, 1u64);
    while a < n {
        match a.checked_add(b) {
            Some(next) => (a, b) = (b, next),
            None => return b == n,
        }
    }
    a == n
}

/// Whether the first player wins Fibonacci Nim from a pile of `n`.
pub fn first_player_wins(n: u64) -> bool {
    !is_fibonacci(n)
}

/// The smallest term of `n`'s Zeckendorf representation (its greedy sum of non-consecutive
/// Fibonacci numbers 1, 2, 3, 5, …); `None` for 0.
pub fn smallest_zeckendorf_term(mut n: u64) -> Option<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 2].checked_add(fibs[fibs.len() - 1]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut smallest = None;
    for &f in fibs.iter().rev() {
        if f <= n {
            n -= f;
            smallest = Some(f);
        }
    }
    smallest
}

/// How many stones to take to win with `left` stones when the mover may take at most `most`:
/// the smallest Zeckendorf term `z` of `left` when `z <= most`, else `None` (the mover loses).
/// Taking `z` leaves a pile whose smallest term is over `2·z`, out of the opponent's reach.
/// The game's first move from a pile of `n` is `winning_move(n, n - 1)`.
pub fn winning_move(left: u64, most: u64) -> Option<u64> {
    smallest_zeckendorf_term(left).filter(|&z| z <= most)
}

/// The rule as a move function over `(stones left, most the mover may take)`, for brute-force
/// search; the game starts at `(n, n - 1)`.
pub fn moves(&(left, most): &(u64, u64)) -> Vec<(u64, u64)> {
    (1..=most.min(left))
        .map(|take| (left - take, 2 * take))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_brute_force_up_to_60() {
        let mut grundy = Grundy::new(moves);
        for n in 1..=60u64 {
            assert_eq!(
                first_player_wins(n),
                !grundy.is_losing(&(n, n - 1)),
                "n = {n}"
            );
        }
    }

    #[test]
    fn fibonacci_numbers_up_to_the_top_of_u64() {
        let fibs: Vec<u64> = (0..=60u64).filter(|&n| is_fibonacci(n)).collect();
        assert_eq!(fibs, [0, 1, 2, 3, 5, 8, 13, 21, 34, 55]);
        let largest = 12200160415121876738; // F(93), the largest Fibonacci u64
        assert!(is_fibonacci(largest) && is_fibonacci(7540113804746346429));
        assert!(
            !is_fibonacci(largest + 1) && !is_fibonacci(u64::MAX) && !is_fibonacci(largest - 1)
        );
    }

    #[test]
    fn winning_move_reaches_a_losing_position_from_every_winning_one() {
        let mut grundy = Grundy::new(moves);
        for left in 0..=60u64 {
            for most in 0..=2 * left + 1 {
                match winning_move(left, most) {
                    None => assert!(grundy.is_losing(&(left, most)), "({left}, {most})"),
                    Some(take) => {
                        assert!((1..=most.min(left)).contains(&take), "({left}, {most})");
                        let next = (left - take, 2 * take);
                        assert!(grundy.is_losing(&next), "({left}, {most}) -> {next:?}");
                    }
                }
            }
        }
        assert_eq!(smallest_zeckendorf_term(u64::MAX), Some(2)); // 2^64 - 1 ends in F(3)
        assert_eq!(
            smallest_zeckendorf_term(12200160415121876738),
            Some(12200160415121876738)
        );
        assert_eq!(winning_move(u64::MAX, u64::MAX - 1), Some(2));
    }
}
