//! Take-and-split games on heaps (octal games, Winning Ways ch. 4): a move takes `k` stones
//! from one heap and leaves what is left of it as zero, one or two non-empty heaps, as the
//! game's digit for `k` allows. Kayles is `0.77`, Dawson's Kayles `0.07`, Nim `0.333…`, and
//! Lasker's Nim (take any number, or split a heap in two) `4.333…`.
//!
//! Digit `k` is a sum of 1 (take `k` = the whole heap), 2 (take `k` and leave one heap) and 4
//! (take `k` and leave two heaps). Digit 0 may only be 4 (split without taking): a move must
//! change the position.
//!
//! Theorem (Sprague–Grundy): a position is the sum of its heaps, so its value is the xor of the
//! heaps' values, and a heap of `n` has the mex of `g(n - k)` (leave one) and `g(a) ^ g(b)` with
//! `a + b = n - k` (leave two) over its digits. [`Octal::values`] tabulates that; the closed
//! forms of [`crate::games::lasker`] and [`crate::games::kayles`] are checked against it, and
//! it is checked against the search of [`crate::games::sg`] over whole positions.

/// An octal game: the digit for each number of stones taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    digits: Vec<u8>,
    then: u8,
}

impl Octal {
    /// The game with digit `digits[k]` for taking `k < digits.len()` stones and `then` for
    /// every larger `k` (0 for a finite code such as Kayles' `0.77`).
    ///
    /// Panics if a digit is over 7 or digit 0 allows more than splitting (its 1 and 2 bits
    /// would be moves that change nothing).
    pub fn new(digits: &[u8], then: u8) -> Self {
        assert!(
            digits.iter().all(|&d| d <= 7) && then <= 7,
            "an octal digit is 0..=7: {digits:?}, then {then}"
        );
        assert!(
            digits.first().map_or(then, |&d| d) & 3 == 0,
            "digit 0 may only split (4): {digits:?}, then {then}"
        );
        Octal {
            digits: digits.to_vec(),
            then,
        }
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins from a row.
    pub fn kayles() -> Self {
        Octal::new(&[0, 7, 7], 0)
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    pub fn dawson_kayles() -> Self {
        Octal::new(&[0, 0, 7], 0)
    }

    /// Lasker's Nim, `4.333…`: take any positive number from a heap, or split it in two.
    pub fn lasker() -> Self {
        Octal::new(&[4], 3)
    }

    /// The digit for taking `take` stones.
    pub fn digit(&self, take: u64) -> u8 {
        if take < self.digits.len() as u64 {
            self.digits[take as usize]
        } else {
            self.then
        }
    }

    /// The Grundy values of heaps `0..=up_to`. O(up_to²) time, O(up_to) memory.
    pub fn values(&self, up_to: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
        // seen[v] == n + 1: value v is an option of heap n (no clearing between heaps).
        let mut seen: Vec<usize> = Vec::new();
        for n in 0..=up_to {
            let mut mark = |v: u32| {
                let v = v as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, 0);
                }
                seen[v] = n + 1;
            };
            for take in 0..=n {
                let digit = self.digit(take as u64);
                let left = n - take;
                if digit & 1 != 0 && left == 0 {
                    mark(0);
                }
                if digit & 2 != 0 && left > 0 && take > 0 {
                    mark(values[left]);
                }
                if digit & 4 != 0 {
                    for a in 1..=left / 2 {
                        mark(values[a] ^ values[left - a]);
                    }
                }
            }
            let mex = seen.iter().position(|&s| s != n + 1).unwrap_or(seen.len());
            values.push(mex as u32);
        }
        values
    }

    /// The rule as a move function over whole positions (heap sizes in increasing order, no
    /// empty heaps), for the brute-force search of [`crate::games::sg::Grundy`].
    pub fn moves(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for (i, &heap) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == heap {
                continue; // the same moves as the equal heap before it
            }
            let others = || {
                let mut rest = heaps.to_vec();
                rest.remove(i);
                rest
            };
            for take in 0..=heap {
                let digit = self.digit(take);
                let left = heap - take;
                if digit & 1 != 0 && left == 0 {
                    next.push(others());
                }
                if digit & 2 != 0 && left > 0 && take > 0 {
                    next.push(with_heaps(others(), &[left]));
                }
                if digit & 4 != 0 {
                    for a in 1..=left / 2 {
                        next.push(with_heaps(others(), &[a, left - a]));
                    }
                }
            }
        }
        next
    }
}

/// `heaps` with `added` put in, in increasing order.
fn with_heaps(mut heaps: Vec<u64>, added: &[u64]) -> Vec<u64> {
    heaps.extend_from_slice(added);
    heaps.sort_unstable();
    heaps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    /// The table against the search over whole positions (every heap of a move is its own
    /// game there: the xor is the theorem, not an assumption).
    fn check_against_search(game: &Octal, up_to: usize) {
        let values = game.values(up_to);
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| game.moves(heaps));
        for (n, &value) in values.iter().enumerate() {
            let heap = if n == 0 { vec![] } else { vec![n as u64] };
            assert_eq!(value, grundy.value(&heap), "{game:?}, heap {n}");
        }
    }

    #[test]
    fn values_match_the_search_over_positions() {
        check_against_search(&Octal::kayles(), 22);
        check_against_search(&Octal::dawson_kayles(), 24);
        check_against_search(&Octal::lasker(), 16);
        check_against_search(&Octal::new(&[0, 3, 3, 3], 0), 30); // take 1 to 3: Bash
        check_against_search(&Octal::new(&[0, 1, 3, 7], 0), 20); // Dawson's chess
        check_against_search(&Octal::new(&[4, 0, 6], 0), 18);
    }

    #[test]
    fn nim_is_the_heap_itself() {
        let values = Octal::new(&[0], 3).values(100);
        assert!(values.iter().enumerate().all(|(n, &v)| v as usize == n));
    }

    #[test]
    fn a_sum_of_heaps_has_the_xor_of_their_values() {
        let game = Octal::kayles();
        let values = game.values(12);
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| game.moves(heaps));
        for a in 1..=12u64 {
            for b in a..=12 {
                let sum = values[a as usize] ^ values[b as usize];
                assert_eq!(grundy.value(&vec![a, b]), sum, "{a} + {b}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "digit 0 may only split")]
    fn a_move_that_changes_nothing_is_refused() {
        Octal::new(&[2], 3);
    }

    #[test]
    fn digits_past_the_code_are_then() {
        let game = Octal::new(&[0, 7], 3);
        assert_eq!(
            (game.digit(1), game.digit(2), game.digit(u64::MAX)),
            (7, 3, 3)
        );
    }
}
