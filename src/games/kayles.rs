//! Kayles and Dawson's Kayles (see [`crate::games::octal`]): a row of pins; a move knocks down
//! one pin or two adjacent pins (Kayles, `0.77`), or exactly two adjacent pins (Dawson's Kayles,
//! `0.07`), which may split the row in two; whoever knocks down the last pin wins.
//!
//! Theorem (Guy and Smith, 1956; Winning Ways ch. 4): the values are periodic apart from
//! finitely many exceptions. Kayles has period 12 from 71 on, with 14 exceptional rows below it
//! (the last is 70); Dawson's Kayles has period 34 from 53 on, with 8 exceptions (the last is
//! 52). Periodicity theorem: an octal game that takes at most `t` stones and satisfies
//! `g(n + p) = g(n)` for all `e <= n < 2e + p + t` does so for every `n >= e`; the tests check
//! exactly that range against [`crate::games::octal::Octal::values`], so these closed forms hold
//! for every `u64`.

/// Kayles' values from 71 on: `KAYLES_PERIOD[n % 12]`.
const KAYLES_PERIOD: [u8; 12] = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
/// The rows whose value is not `KAYLES_PERIOD[n % 12]`, with their values.
const KAYLES_EXCEPTIONS: [(u8, u8); 14] = [
    (0, 0),
    (3, 3),
    (6, 3),
    (9, 4),
    (11, 6),
    (15, 7),
    (18, 3),
    (21, 4),
    (22, 6),
    (28, 5),
    (34, 6),
    (39, 3),
    (57, 4),
    (70, 6),
];

/// Dawson's Kayles' values from 53 on: `DAWSON_PERIOD[n % 34]`.
const DAWSON_PERIOD: [u8; 34] = [
    4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    3, 7,
];
/// The rows whose value is not `DAWSON_PERIOD[n % 34]`, with their values.
const DAWSON_EXCEPTIONS: [(u8, u8); 8] = [
    (0, 0),
    (1, 0),
    (15, 0),
    (17, 2),
    (18, 2),
    (32, 2),
    (35, 0),
    (52, 2),
];

fn periodic(n: u64, period: &[u8], exceptions: &[(u8, u8)]) -> u32 {
    let exception = exceptions.iter().find(|&&(row, _)| u64::from(row) == n);
    let value = match exception {
        Some(&(_, value)) => value,
        None => period[(n % period.len() as u64) as usize],
    };
    u32::from(value)
}

/// The Grundy value of a Kayles row of `n` pins. O(1).
pub fn kayles_value(n: u64) -> u32 {
    periodic(n, &KAYLES_PERIOD, &KAYLES_EXCEPTIONS)
}

/// The Grundy value of a Dawson's Kayles row of `n` pins. O(1).
pub fn dawson_value(n: u64) -> u32 {
    periodic(n, &DAWSON_PERIOD, &DAWSON_EXCEPTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::Octal;
    use crate::games::sg::Grundy;

    /// The closed form against the table up to `2e + 2p + t`, which by the periodicity theorem
    /// proves it for every `n`; and the period and exceptions are the least ones that fit.
    fn check(game: &Octal, value: fn(u64) -> u32, start: usize, period: usize, most_taken: usize) {
        let end = 2 * start + 2 * period + most_taken;
        let table = game.values(end);
        for (n, &v) in table.iter().enumerate() {
            assert_eq!(value(n as u64), v, "{game:?}, row {n}");
        }
        for n in start..2 * start + period + most_taken {
            assert_eq!(table[n + period], table[n], "{game:?}: not periodic at {n}");
        }
        assert_ne!(
            table[start - 1 + period],
            table[start - 1],
            "{game:?}: starts earlier"
        );
    }

    #[test]
    fn kayles_is_periodic_with_its_exceptions() {
        check(&Octal::kayles(), kayles_value, 71, 12, 2);
    }

    #[test]
    fn dawson_is_periodic_with_its_exceptions() {
        check(&Octal::dawson_kayles(), dawson_value, 53, 34, 2);
    }

    #[test]
    fn small_rows_match_the_search_over_positions() {
        for (game, value) in [
            (Octal::kayles(), kayles_value as fn(u64) -> u32),
            (Octal::dawson_kayles(), dawson_value),
        ] {
            let mut grundy = Grundy::new(|heaps: &Vec<u64>| game.moves(heaps));
            for n in 1..=20 {
                assert_eq!(value(n), grundy.value(&vec![n]), "{game:?}, row {n}");
            }
        }
    }

    #[test]
    fn every_u64_has_a_value() {
        // 2^64 - 1 = 3 (mod 12) and = 17 (mod 34).
        assert_eq!(kayles_value(u64::MAX), 8);
        assert_eq!(dawson_value(u64::MAX), 5);
    }
}
