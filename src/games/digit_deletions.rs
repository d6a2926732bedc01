//! Digital Deletions (HDU 1404): a string of digits; a move either lowers one digit, or erases
//! a 0 and every digit to its right; whoever erases the last digit wins (the player facing the
//! empty string has lost).
//!
//! No closed form is known; the strings of up to six digits are few (1 111 111 with the empty
//! one), so [`Table`] solves them all at once. Number a string of `L` digits with value `v` as
//! `(10^L - 1) / 9 + v`: lowering a digit lowers `v`, and erasing from a 0 shortens the string,
//! so every move goes to a smaller number and [`crate::games::sg::indexed_values`] applies, in
//! O(positions · moves). A string that begins with 0 is always a win (erase everything). The
//! tests check the table against the search of [`crate::games::sg`] over the strings
//! themselves, every string of up to four digits.

use crate::games::sg::indexed_values;

/// The longest string the table holds.
pub const LONGEST: usize = 6;

/// The number of strings shorter than `len` digits: `(10^len - 1) / 9`.
fn shorter_than(len: usize) -> usize {
    (10usize.pow(len as u32) - 1) / 9
}

/// Whether the player to move wins, for every string of up to [`LONGEST`] digits.
pub struct Table {
    wins: Vec<bool>,
}

impl Table {
    /// Solves every string of up to [`LONGEST`] digits. About a million positions.
    pub fn new() -> Self {
        let values = indexed_values(shorter_than(LONGEST + 1), successors);
        Table {
            wins: values.iter().map(|&v| v != 0).collect(),
        }
    }

    /// Whether the player to move wins `digits` (ASCII `0`–`9`, at most [`LONGEST`]); `None`
    /// for a longer string or one with another byte.
    pub fn first_player_wins(&self, digits: &[u8]) -> Option<bool> {
        if digits.len() > LONGEST || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let value = digits
            .iter()
            .fold(0, |v, &d| v * 10 + usize::from(d - b'0'));
        Some(self.wins[shorter_than(digits.len()) + value])
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

/// The positions the string numbered `position` moves to.
fn successors(position: usize, next: &mut Vec<usize>) {
    let len = (0..=LONGEST)
        .rev()
        .find(|&len| shorter_than(len) <= position)
        .expect("0 is the empty string");
    let value = position - shorter_than(len);
    for i in 0..len {
        let place = 10usize.pow((len - 1 - i) as u32);
        let digit = value / place % 10;
        if digit == 0 {
            // Erase from here: the first i digits remain.
            next.push(shorter_than(i) + value / (place * 10));
        } else {
            next.extend((1..=digit).map(|lower| position - lower * place));
        }
    }
}

/// The rule as a move function over the strings themselves (ASCII digits), for the brute-force
/// search of [`crate::games::sg::Grundy`].
pub fn moves(digits: &[u8]) -> Vec<Vec<u8>> {
    let mut next = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        if d == b'0' {
            next.push(digits[..i].to_vec());
        }
        for lower in b'0'..d {
            let mut changed = digits.to_vec();
            changed[i] = lower;
            next.push(changed);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    #[test]
    fn matches_the_search_over_strings() {
        let table = Table::new();
        let mut grundy = Grundy::new(|s: &Vec<u8>| moves(s));
        let mut strings: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            strings = strings
                .iter()
                .flat_map(|s| {
                    (b'0'..=b'9').map(move |d| {
                        let mut longer = s.clone();
                        longer.push(d);
                        longer
                    })
                })
                .collect();
            for s in &strings {
                let searched = !grundy.is_losing(s);
                assert_eq!(table.first_player_wins(s), Some(searched), "{s:?}");
            }
        }
    }

    #[test]
    fn the_sample_and_bad_strings() {
        let table = Table::new();
        let answers: Vec<Option<bool>> = ["0", "00", "1", "20"]
            .iter()
            .map(|s| table.first_player_wins(s.as_bytes()))
            .collect();
        assert_eq!(answers, [Some(true), Some(true), Some(false), Some(false)]);
        assert_eq!(table.first_player_wins(b"1234567"), None);
        assert_eq!(table.first_player_wins(b"12a"), None);
        assert!(table.first_player_wins(b"999999").is_some());
    }
}
