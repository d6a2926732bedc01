//! Take and spread (POJ 1740 A New Stone Game): piles of stones; a move picks one pile,
//! removes at least one stone from it, and may then move any of the stones left in it onto
//! the other piles, as it likes; a pile that empties is gone; whoever cannot move loses.
//!
//! Theorem: the player to move loses exactly when the piles pair up into equal pairs (sorted,
//! `a[0] = a[1]`, `a[2] = a[3]`, …). From an unpaired position, sorted, the largest pile is
//! cut and its stones level the others into pairs (what they need, the sum of the
//! differences within the pairs, is less than the largest pile), so the mover wins; the
//! standard argument that no move keeps a position paired is the other half. Empty piles
//! count as none. The tests check this against the search of [`crate::games::sg`] over every
//! position of up to four piles of up to four stones.

/// Whether the player to move loses: the non-empty piles pair up. O(n log n).
pub fn is_losing(piles: &[u64]) -> bool {
    let mut piles: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
    piles.sort_unstable();
    piles.len() % 2 == 0 && piles.chunks(2).all(|pair| pair[0] == pair[1])
}

/// The rule as a move function over whole positions (non-empty piles in increasing order),
/// for the brute-force search of [`crate::games::sg::Grundy`]: every way to cut one pile to
/// `e` and hand out `d <= pile - 1 - e` of its stones to the others.
pub fn moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        if i > 0 && piles[i - 1] == pile {
            continue; // the same moves as the equal pile before it
        }
        let mut others = piles.to_vec();
        others.remove(i);
        for kept in 0..pile {
            for handed in 0..pile - kept {
                hand_out(&mut others.clone(), 0, handed, kept, &mut next);
            }
        }
    }
    next
}

/// Every way to add `left` stones to `piles[from..]`, each result with the pile `kept` (if
/// non-empty) added and sorted, pushed onto `next`.
fn hand_out(piles: &mut Vec<u64>, from: usize, left: u64, kept: u64, next: &mut Vec<Vec<u64>>) {
    if from == piles.len() {
        if left == 0 {
            let mut position = piles.clone();
            if kept > 0 {
                position.push(kept);
            }
            position.sort_unstable();
            next.push(position);
        }
        return;
    }
    for give in 0..=left {
        piles[from] += give;
        hand_out(piles, from + 1, left - give, kept, next);
        piles[from] -= give;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    /// Every multiset of `count` piles from 1 to `top`, increasing.
    fn positions(count: usize, top: u64) -> Vec<Vec<u64>> {
        if count == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for shorter in positions(count - 1, top) {
            let low = shorter.last().copied().unwrap_or(1);
            for pile in low..=top {
                let mut position = shorter.clone();
                position.push(pile);
                all.push(position);
            }
        }
        all
    }

    #[test]
    fn matches_the_search() {
        let mut grundy = Grundy::new(|piles: &Vec<u64>| moves(piles));
        for count in 0..=4 {
            for piles in positions(count, 4) {
                assert_eq!(is_losing(&piles), grundy.is_losing(&piles), "{piles:?}");
            }
        }
    }

    #[test]
    fn empty_piles_and_the_top_of_u64() {
        assert!(is_losing(&[]));
        assert!(is_losing(&[0, 0, 0]));
        assert!(is_losing(&[u64::MAX, 0, u64::MAX]));
        assert!(!is_losing(&[u64::MAX, u64::MAX - 1]));
        assert!(is_losing(&[3, 1, 3, 1]));
        assert!(!is_losing(&[2, 2, 2]));
    }
}
