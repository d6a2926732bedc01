//! XOR break (Codeforces 1934D2, "XOR Break — Game Version"): a number `p`; the player to move
//! breaks it into `p1 ^ p2 = p` with `0 < p1, p2 < p`, and the opponent keeps one of the two
//! parts and breaks it in turn; whoever cannot break the number they hold loses.
//!
//! As a game of positions: the mover is offered a pair `(p1, p2)` (the first move is offered
//! `(n, n)`), keeps one part and breaks it, offering the two new parts. A number can be broken
//! exactly when it has two set bits or more: the part holding the top bit must lose a lower
//! set bit of `p` to stay below `p`.
//!
//! Theorem: breaking `p` is a win exactly when `p` has an even number of set bits. Popcounts
//! add mod 2 under xor, so an odd `p` breaks into one odd and one even part, and the opponent
//! keeps the even one; an even `p` breaks into two odd parts, the top bit alone and the rest,
//! and an odd number (a power of two included) is a loss to break.
//!
//! Speed: that break hands over a number whose top bit is below `p`'s, and the opponent's
//! break of it cannot raise the top bit, so the winner breaks at most once per bit: at most
//! 59 breaks for `n <= 10^18` (the problem allows 63; tested on every small `n`).

use crate::rng::Rng;

/// Whether the player who must break `p` loses with best play: `p` has an odd number of set
/// bits (0 cannot be broken either).
pub fn is_losing(p: u64) -> bool {
    p == 0 || p.count_ones() % 2 == 1
}

/// Whether `p` can be broken at all: two set bits or more.
pub fn can_break(p: u64) -> bool {
    p.count_ones() >= 2
}

/// The winning break of `p`, `(top bit alone, the rest)`, or `None` when breaking `p` loses.
pub fn winning_break(p: u64) -> Option<(u64, u64)> {
    if is_losing(p) {
        return None;
    }
    let top = 1 << (63 - p.leading_zeros());
    Some((top, p ^ top))
}

/// The winning move when offered `(p1, p2)`: keep the part whose break wins and break it, as
/// `(kept, (q1, q2))`; `None` when both parts lose.
pub fn winning_move((p1, p2): (u64, u64)) -> Option<(u64, (u64, u64))> {
    [p1, p2]
        .iter()
        .find_map(|&p| winning_break(p).map(|parts| (p, parts)))
}

/// A random legal break of `p` (`None` when it cannot be broken): a set bit below the top is
/// the highest bit of `p2`, whose lower bits are random, and `p1 = p ^ p2`.
pub fn random_break(p: u64, rng: &mut Rng) -> Option<(u64, u64)> {
    if !can_break(p) {
        return None;
    }
    let top = 63 - p.leading_zeros();
    let below: Vec<u32> = (0..top).filter(|&bit| p >> bit & 1 == 1).collect();
    let high = below[rng.range(0, below.len() as u64 - 1) as usize];
    let low_bits = rng.next_u64() & ((1u64 << high) - 1);
    let p2 = 1 << high | low_bits;
    Some((p ^ p2, p2))
}

/// A random legal move when offered `(p1, p2)`: keep a part that can be broken, at random,
/// and break it at random; `None` when neither can be broken.
pub fn random_move((p1, p2): (u64, u64), rng: &mut Rng) -> Option<(u64, (u64, u64))> {
    let parts: Vec<u64> = [p1, p2].iter().copied().filter(|&p| can_break(p)).collect();
    let kept = *parts.get(rng.range(0, 1) as usize % parts.len().max(1))?;
    Some((kept, random_break(kept, rng)?))
}

/// Whether `(p1, p2)` is a legal break of `p`.
pub fn is_break(p: u64, (p1, p2): (u64, u64)) -> bool {
    0 < p1 && p1 < p && 0 < p2 && p2 < p && p1 ^ p2 == p
}

/// The rule as a move function over offered pairs (kept in increasing order), for brute-force
/// search: keep either part, break it every way.
pub fn moves(&(p1, p2): &(u64, u64)) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    for p in if p1 == p2 { vec![p1] } else { vec![p1, p2] } {
        for q1 in 1..p {
            let q2 = p ^ q1;
            if q1 <= q2 && is_break(p, (q1, q2)) {
                next.push((q1, q2));
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;
    use std::collections::HashMap;

    #[test]
    fn the_theorem_and_the_winning_move_match_brute_force() {
        let mut grundy = Grundy::new(moves);
        for p1 in 1..=80u64 {
            for p2 in p1..=80 {
                let wins = !is_losing(p1) || !is_losing(p2);
                assert_eq!(wins, !grundy.is_losing(&(p1, p2)), "({p1}, {p2})");
                match winning_move((p1, p2)) {
                    None => assert!(!wins, "({p1}, {p2})"),
                    Some((kept, (q1, q2))) => {
                        assert!(kept == p1 || kept == p2);
                        assert!(is_break(kept, (q1, q2)), "{kept} -> ({q1}, {q2})");
                        let next = (q1.min(q2), q1.max(q2));
                        assert!(grundy.is_losing(&next), "({p1}, {p2}) -> {next:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn random_moves_are_legal_and_reach_every_break() {
        let mut rng = Rng::new(1934);
        for p in 1..=64u64 {
            let mut seen = std::collections::HashSet::new();
            for _ in 0..3000 {
                match random_break(p, &mut rng) {
                    None => assert!(!can_break(p)),
                    Some((q1, q2)) => {
                        assert!(is_break(p, (q1, q2)), "{p} -> ({q1}, {q2})");
                        seen.insert((q1.min(q2), q1.max(q2)));
                    }
                }
            }
            assert_eq!(seen.len(), moves(&(p, p)).len(), "p = {p}");
        }
        assert_eq!(random_move((1, 8), &mut rng), None);
        let (kept, parts) = random_move((4, u64::MAX), &mut rng).unwrap();
        assert!(kept == u64::MAX && is_break(kept, parts));
    }

    /// The most breaks the winner makes from `p` (its turn to break) against every reply.
    fn longest(p: u64, memo: &mut HashMap<u64, u32>) -> u32 {
        if let Some(&n) = memo.get(&p) {
            return n;
        }
        let (_, rest) = winning_break(p).unwrap();
        // The opponent keeps the rest (the top bit alone ends the game) and breaks it.
        let mut most = 1;
        for q1 in 1..rest {
            let q2 = rest ^ q1;
            if is_break(rest, (q1, q2)) {
                let (kept, _) = winning_move((q1, q2)).expect("one part is even");
                most = most.max(1 + longest(kept, memo));
            }
        }
        memo.insert(p, most);
        most
    }

    #[test]
    fn the_winner_breaks_at_most_once_per_bit() {
        let mut memo = HashMap::new();
        for p in (1..1u64 << 11).filter(|&p| !is_losing(p)) {
            let top = 63 - p.leading_zeros();
            assert!(longest(p, &mut memo) <= top, "p = {p}");
        }
        assert_eq!(winning_break(u64::MAX), Some((1 << 63, u64::MAX >> 1)));
        assert_eq!(winning_break(u64::MAX >> 1), None);
        assert_eq!(winning_break(3 << 62), Some((1 << 63, 1 << 62)));
    }
}
