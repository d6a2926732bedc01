//! Misère Bash with a minimum (HDU 2897 邂逅明下): one heap of `n` coins; a move takes from `p`
//! to `q` coins (`1 <= p <= q`), or all of them when fewer than `p` are left; whoever takes the
//! last coin loses.
//!
//! Theorem: the player to move loses exactly when `n mod (p + q)` lies in `1..=p`. Heaps of 1
//! to `p` lose (the move takes them all); heaps of `p + 1` to `p + q` win by leaving 1 to `p`;
//! the empty heap wins (the last coin was the opponent's); and from `n = k(p + q) + r` the
//! winner answers a take of `t` with one of `p + q - t`, keeping the residue. The tests check
//! this against the misère search of [`crate::games::sg`] for every `p <= q <= 8`.

/// Whether the player to move loses the heap of `n` with moves of `p` to `q` coins.
/// `None` unless `1 <= p <= q` (a move of no coins never ends the game). O(1).
pub fn is_losing(n: u64, p: u64, q: u64) -> Option<bool> {
    if p == 0 || p > q {
        return None;
    }
    // p + q can pass u64::MAX.
    let residue = u128::from(n) % (u128::from(p) + u128::from(q));
    Some(1 <= residue && residue <= u128::from(p))
}

/// The rule as a normal-play move function for [`crate::games::sg::misere`]: from `n` to
/// `n - t` for `p <= t <= q`, or to 0 when `n < p`; the empty heap has no move.
pub fn moves(p: u64, q: u64) -> impl Fn(&u64) -> Vec<u64> {
    move |&n| {
        if n == 0 {
            Vec::new()
        } else if n < p {
            vec![0]
        } else {
            (p..=q.min(n)).map(|t| n - t).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::{misere, Grundy};

    #[test]
    fn matches_the_misere_search() {
        for q in 1..=8 {
            for p in 1..=q {
                let mut grundy = Grundy::new(misere(moves(p, q)));
                for n in 0..=80 {
                    let expected = grundy.is_losing(&Some(n));
                    assert_eq!(is_losing(n, p, q), Some(expected), "n {n}, p {p}, q {q}");
                }
            }
        }
    }

    #[test]
    fn bad_bounds_and_the_top_of_u64() {
        assert_eq!(is_losing(5, 0, 3), None);
        assert_eq!(is_losing(5, 4, 3), None);
        // p + q = 2^65 - 2 > n: the residue is n itself.
        assert_eq!(is_losing(u64::MAX, u64::MAX, u64::MAX), Some(true));
        assert_eq!(is_losing(u64::MAX, u64::MAX - 1, u64::MAX), Some(false));
        // p + q = 2^64: the residue is n.
        assert_eq!(is_losing(u64::MAX, 1 << 63, 1 << 63), Some(false));
        assert_eq!(is_losing(1 << 63, 1 << 63, 1 << 63), Some(true));
    }
}
