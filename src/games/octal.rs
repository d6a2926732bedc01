//! Take-and-split games on heaps (octal games, Winning Ways ch. 4): a move takes `k` stones
//! from one heap and leaves what is left of it as zero, one or two non-empty heaps, as the
//! game's digit for `k` allows. Kayles is `0.77`, Dawson's Kayles `0.07`, Nim `0.333…`, and
//! Lasker's Nim (take any number, or split a heap in two) `4.333…`.
//!
//! Digit `k` is a sum of 1 (take `k` = the whole heap), 2 (take `k` and leave one heap) and 4
//! (take `k` and leave two heaps); hexadecimal games add 8 (leave three heaps), and in
//! general bit `j` of a digit ([`Octal::with_masks`]) lets a move leave `j` heaps, up to 31.
//! Digit 0 may only split (bits 2 and up): a move must change the position.
//!
//! Theorem (Sprague–Grundy): a position is the sum of its heaps, so its value is the xor of the
//! heaps' values, and a heap of `n` has the mex, over its digits, of `g(n - k)` (leave one)
//! and `g(a₁) ^ … ^ g(aⱼ)` with `a₁ + … + aⱼ = n - k`, each `aᵢ >= 1` (leave `j`).
//! [`Octal::values`] tabulates that; the closed forms of [`crate::games::lasker`] and
//! [`crate::games::kayles`] are checked against it, and it is checked against the search of
//! [`crate::games::sg`] over whole positions.
//!
//! Periodicity (Guy and Smith 1956, Winning Ways ch. 4): for a finite octal code whose last
//! non-zero digit is at `t`, if `g(n + p) = g(n)` for all `n0 <= n < 2·n0 + p + t`, then for
//! all `n >= n0`. Without splitting moves `g(n)` for `n > t` depends only on the `t` values
//! before it, so `n0 <= n < max(n0 + t, t + 1)` is enough. [`Octal::find_period`] grows the
//! table until one of these proves the period it finds ([`crate::games::period`]).

use crate::games::period::{self, Period};
use crate::games::sg::mex_in_place;

/// The shortest table in which [`Octal::find_period`] accepts a period no theorem proves.
pub const UNPROVED_LENGTH: usize = 1024;

/// Most heaps a move may leave.
pub const MOST_HEAPS_LEFT: u32 = 31;

/// A take-and-split game: the moves allowed for each number of stones taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    /// Bit `j` of `digits[k]`: taking `k` may leave `j` heaps.
    digits: Vec<u32>,
    then: u32,
}

/// Why a code is not an octal (or hexadecimal) game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOctalError {
    code: String,
    reason: &'static str,
}

impl std::fmt::Display for ParseOctalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` {}", self.code, self.reason)
    }
}

impl std::error::Error for ParseOctalError {}

/// What [`Octal::find_period`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodSearch {
    /// The least period seen, with its least preperiod and its saltus, if the table showed one.
    pub period: Option<Period>,
    /// The table it was found in: `values[n]` for heaps `0..values.len()`.
    pub values: Vec<u32>,
    /// Whether the periodicity theorem proves `period` for every heap (else it held up to
    /// the end of `values`, and no further is known).
    pub proved: bool,
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
        let masks: Vec<u32> = digits.iter().map(|&d| u32::from(d)).collect();
        Octal::with_masks(&masks, u32::from(then))
    }

    /// The game where taking `k` stones may leave `j` non-empty heaps when bit `j` of
    /// `masks[k]` is set (`then` for every `k >= masks.len()`): octal digits are the masks
    /// 0..=7, hexadecimal ones 0..=15.
    ///
    /// Panics if mask 0 has bit 0 or 1 (a move that changes nothing).
    pub fn with_masks(masks: &[u32], then: u32) -> Self {
        assert!(
            masks.first().map_or(then, |&d| d) & 3 == 0,
            "digit 0 may only split (4): {masks:?}, then {then}"
        );
        // Digits equal to `then` at the end say nothing: one game, one representation.
        let mut digits = masks.to_vec();
        while digits.len() > 1 && digits.last() == Some(&then) {
            digits.pop();
        }
        Octal { digits, then }
    }

    /// Parses a code `D0.D1D2…` (Kayles is `0.77`); `...` at the end repeats the last digit
    /// for every larger take (Lasker's Nim is `4.3...`). Digits are hexadecimal: `8`–`f`
    /// add a move that leaves three heaps (`0.f` takes one and leaves up to three).
    ///
    /// ```
    /// use ojlib::games::octal::Octal;
    /// assert_eq!(Octal::parse("0.77"), Ok(Octal::kayles()));
    /// assert_eq!(Octal::parse("4.3..."), Ok(Octal::lasker()));
    /// assert!(Octal::parse("1.7").unwrap_err().to_string().contains("before the point"));
    /// ```
    pub fn parse(code: &str) -> Result<Octal, ParseOctalError> {
        let error = |reason| ParseOctalError {
            code: code.to_string(),
            reason,
        };
        let (body, repeats) = match code.strip_suffix("...") {
            Some(body) => (body, true),
            None => (code, false),
        };
        let (first, rest) = body
            .split_once('.')
            .ok_or_else(|| error("is not an octal code like 0.77 or 4.3... (no point)"))?;
        let mut digits = Vec::new();
        for c in first.chars().chain(rest.chars()) {
            match c.to_digit(16) {
                Some(d) => digits.push(d),
                None => return Err(error("is not an octal code like 0.77 or 4.3...")),
            }
        }
        if first.len() != 1 || digits[0] & 3 != 0 {
            return Err(error(
                "has a digit before the point other than 0, 4, 8 or c (split a heap without taking)",
            ));
        }
        if rest.is_empty() {
            return Err(error(if repeats {
                "repeats no digit after the point"
            } else {
                "has no digit after the point"
            }));
        }
        let then = if repeats {
            *digits.last().expect("one digit at least")
        } else {
            0
        };
        Ok(Octal::with_masks(&digits, then))
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

    /// The subtraction game with move set `set` (take `s` in `set`, leaving one heap or none).
    ///
    /// Panics if `set` contains 0.
    pub fn subtraction(set: &[u64]) -> Self {
        assert!(!set.contains(&0), "a move takes at least one stone");
        let most = set.iter().max().map_or(0, |&m| m as usize);
        let mut digits = vec![0; most + 1];
        for &s in set {
            digits[s as usize] = 3;
        }
        Octal::with_masks(&digits, 0)
    }

    /// Take from `least` to `most` stones from a heap (digits 3 there).
    ///
    /// Panics unless `1 <= least <= most`.
    pub fn take_range(least: u64, most: u64) -> Self {
        assert!(
            1 <= least && least <= most,
            "take from {least} to {most}: needs 1 <= least <= most"
        );
        Octal::subtraction(&(least..=most).collect::<Vec<u64>>())
    }

    /// Split a heap into exactly `heaps` non-empty heaps, taking nothing (`heaps >= 2`).
    pub fn split(heaps: u32) -> Self {
        assert!(
            (2..=MOST_HEAPS_LEFT).contains(&heaps),
            "a split makes 2 to {MOST_HEAPS_LEFT} heaps, not {heaps}"
        );
        Octal::with_masks(&[1 << heaps], 0)
    }

    /// The digit (mask) for taking `take` stones.
    pub fn digit(&self, take: u64) -> u32 {
        if take < self.digits.len() as u64 {
            self.digits[take as usize]
        } else {
            self.then
        }
    }

    /// Whether the code is finite (every take past some `t` has digit 0).
    pub fn is_finite(&self) -> bool {
        self.then == 0
    }

    /// The largest number of heaps a move may leave.
    pub fn most_heaps_left(&self) -> u32 {
        let all = self.digits.iter().fold(self.then, |a, &d| a | d);
        31 - all.leading_zeros().min(31)
    }

    /// The Grundy values of heaps `0..=up_to`.
    ///
    /// O(up_to · (z + up_to)) time, where `z` is the number of non-zero digits (all `up_to`
    /// for an infinite code), and O(up_to) memory. With moves that leave `j >= 3` heaps, the
    /// reachable xors of `j` heaps are kept as bitsets: O(up_to² · j · V/64) time and
    /// O(up_to · j · V/64) memory for values below `V`.
    pub fn values(&self, up_to: usize) -> Vec<u32> {
        // The non-zero digits of a finite code, in order: a sparse code skips the rest.
        let sparse: Vec<(usize, u32)> = if self.is_finite() {
            (0..self.digits.len())
                .filter(|&k| self.digits[k] != 0)
                .map(|k| (k, self.digits[k]))
                .collect()
        } else {
            Vec::new()
        };
        let most_left = self.most_heaps_left();
        let mut many = SplitXors::new(most_left);
        let mut values: Vec<u32> = Vec::with_capacity(up_to + 1);
        let mut options: Vec<u32> = Vec::new();
        for n in 0..=up_to {
            many.prepare(&values);
            options.clear();
            let mut add = |take: usize, digit: u32, values: &[u32]| {
                let left = n - take;
                if digit & 1 != 0 && left == 0 {
                    options.push(0);
                }
                if digit & 2 != 0 && left > 0 && take > 0 {
                    options.push(values[left]);
                }
                if digit & 4 != 0 {
                    options.extend((1..=left / 2).map(|a| values[a] ^ values[left - a]));
                }
                if digit >> 3 != 0 {
                    many.options(digit, left, &mut options);
                }
            };
            if self.is_finite() {
                for &(take, digit) in sparse.iter().take_while(|&&(take, _)| take <= n) {
                    add(take, digit, &values);
                }
            } else {
                for take in 0..=n {
                    add(take, self.digit(take as u64), &values);
                }
            }
            let g = mex_in_place(&mut options);
            values.push(g);
        }
        values
    }

    /// How many values the periodicity theorem needs to prove `period` for this game: a table
    /// of that many heaps (`0..len`) in which `period` holds proves it for every heap. `None`
    /// when no theorem here applies: an infinite code, a move that leaves three or more heaps,
    /// or a non-zero saltus.
    pub fn proof_length(&self, period: &Period) -> Option<usize> {
        if !self.is_finite() || period.saltus != 0 || self.most_heaps_left() > 2 {
            return None;
        }
        let t = self.digits.len().saturating_sub(1);
        let (n0, p) = (period.preperiod, period.period);
        let end = if self.most_heaps_left() == 2 {
            2 * n0 + p + t
        } else {
            (n0 + t).max(t + 1)
        };
        Some(end + p)
    }

    /// The least period of the values (with its preperiod and saltus), from tables of growing
    /// length, at most `most` heaps: until the periodicity theorem proves a period in the
    /// table (for a finite code with at most two heaps left by a move), or else, where no
    /// theorem applies, until two tables in a row (each twice the last), the second at least
    /// [`UNPROVED_LENGTH`] heaps long, show the same period ([`period::find`]). O(most²) time at worst.
    ///
    /// A proved period is the least: any period the theorem proves holds for ever, so it is
    /// at least the least one, which is tried first.
    ///
    /// ```
    /// use ojlib::games::octal::Octal;
    /// let found = Octal::kayles().find_period(10_000);
    /// let period = found.period.unwrap();
    /// assert_eq!((period.preperiod, period.period, period.saltus), (71, 12, 0));
    /// assert!(found.proved);
    /// ```
    pub fn find_period(&self, most: usize) -> PeriodSearch {
        let mut len = 64.min(most.max(1));
        let mut last: Option<Period> = None;
        loop {
            let values = self.values(len - 1);
            let proved = (1..len).find_map(|p| {
                period::tail(&values, p)
                    .filter(|tail| matches!(self.proof_length(tail), Some(needed) if needed <= len))
            });
            if proved.is_some() {
                return PeriodSearch {
                    period: proved,
                    values,
                    proved: true,
                };
            }
            let found = period::find(&values);
            let needed = found.as_ref().and_then(|p| self.proof_length(p));
            // Where a theorem applies, only its proof ends the search early.
            let stable =
                found.is_some() && found == last && needed.is_none() && len >= UNPROVED_LENGTH;
            if stable || len >= most {
                return PeriodSearch {
                    period: found,
                    values,
                    proved: false,
                };
            }
            len = needed.unwrap_or(0).max(len * 2).min(most);
            last = found;
        }
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
                for j in 2..=MOST_HEAPS_LEFT {
                    if digit >> j & 1 != 0 {
                        for parts in partitions(left, j) {
                            next.push(with_heaps(others(), &parts));
                        }
                    }
                }
            }
        }
        next
    }
}

impl std::str::FromStr for Octal {
    type Err = ParseOctalError;

    fn from_str(code: &str) -> Result<Octal, ParseOctalError> {
        Octal::parse(code)
    }
}

/// Every way to write `total` as `parts` positive numbers in increasing order.
fn partitions(total: u64, parts: u32) -> Vec<Vec<u64>> {
    fn extend(rest: u64, parts: u32, least: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if parts == 1 {
            if rest >= least {
                prefix.push(rest);
                out.push(prefix.clone());
                prefix.pop();
            }
            return;
        }
        let mut a = least;
        while a * u64::from(parts) <= rest {
            prefix.push(a);
            extend(rest - a, parts - 1, a, prefix, out);
            prefix.pop();
            a += 1;
        }
    }
    let mut out = Vec::new();
    extend(total, parts, 1, &mut Vec::new(), &mut out);
    out
}

/// The xors reachable by splitting a heap into `j >= 2` non-empty heaps, for every size so
/// far, kept only when some move leaves three heaps or more.
struct SplitXors {
    most_left: u32,
    /// `sets[j - 2][m]`: the xors of `j` heaps summing to `m` (`j` from 2).
    sets: Vec<Vec<Vec<u64>>>,
}

impl SplitXors {
    fn new(most_left: u32) -> Self {
        let kinds = most_left.saturating_sub(1) as usize;
        SplitXors {
            most_left,
            sets: if most_left >= 3 {
                vec![Vec::new(); kinds]
            } else {
                Vec::new()
            },
        }
    }

    /// Records the sets for the heap `values.len()`, the next to be valued (its splits are
    /// into smaller heaps, whose values are known).
    fn prepare(&mut self, values: &[u32]) {
        if self.sets.is_empty() {
            return;
        }
        let m = values.len();
        for j in 2..=self.most_left as usize {
            let mut set: Vec<u64> = Vec::new();
            for a in 1..m {
                let rest = m - a;
                if j == 2 {
                    insert(&mut set, values[a] ^ values[rest]);
                } else {
                    xor_into(&mut set, &self.sets[j - 3][rest], values[a]);
                }
            }
            self.sets[j - 2].push(set);
        }
    }

    /// Pushes the xors of the splits of `left` into the numbers of heaps of `digit`'s bits 3+.
    fn options(&self, digit: u32, left: usize, options: &mut Vec<u32>) {
        for j in 3..=self.most_left as usize {
            if digit >> j & 1 == 0 {
                continue;
            }
            let set = &self.sets[j - 2][left];
            for (w, &word) in set.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    options.push((w * 64) as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
        }
    }
}

fn insert(set: &mut Vec<u64>, v: u32) {
    let w = (v / 64) as usize;
    if w >= set.len() {
        set.resize(w + 1, 0);
    }
    set[w] |= 1 << (v % 64);
}

/// `target |= { v ^ c : v in source }`, a word at a time: xor by `c` moves word `w` to
/// `w ^ (c / 64)` and permutes the bits inside it by swapping blocks of 1, 2, …, 32 bits.
fn xor_into(target: &mut Vec<u64>, source: &[u64], c: u32) {
    const LOWER: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let (high, low) = ((c / 64) as usize, c % 64);
    for (w, &word) in source.iter().enumerate() {
        if word == 0 {
            continue;
        }
        let mut moved = word;
        for (i, &mask) in LOWER.iter().enumerate() {
            if low >> i & 1 != 0 {
                let shift = 1 << i;
                moved = (moved & mask) << shift | (moved >> shift) & mask;
            }
        }
        let to = w ^ high;
        if to >= target.len() {
            target.resize(to + 1, 0);
        }
        target[to] |= moved;
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
    use crate::rng::Rng;

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
    fn splits_into_three_or_more_heaps_match_the_search() {
        check_against_search(&Octal::split(3), 16);
        check_against_search(&Octal::split(4), 14);
        check_against_search(&Octal::parse("0.f").unwrap(), 14);
        check_against_search(&Octal::with_masks(&[8, 1, 12, 0, 16], 0), 14);
        check_against_search(&Octal::with_masks(&[0, 2], 9), 12);
    }

    /// The table by its definition, every take and every split listed out (the sparse path,
    /// the split bitsets and the theorem's xor are not used).
    fn reference_values(game: &Octal, up_to: usize) -> Vec<u32> {
        let mut values = Vec::new();
        for n in 0..=up_to {
            let mut options = Vec::new();
            for take in 0..=n {
                let digit = game.digit(take as u64);
                let left = (n - take) as u64;
                if digit & 1 != 0 && left == 0 {
                    options.push(0);
                }
                if digit & 2 != 0 && left > 0 && take > 0 {
                    options.push(values[left as usize]);
                }
                for j in 2..=MOST_HEAPS_LEFT {
                    if digit >> j & 1 != 0 {
                        for parts in partitions(left, j) {
                            options.push(parts.iter().fold(0, |x, &a| x ^ values[a as usize]));
                        }
                    }
                }
            }
            values.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        values
    }

    #[test]
    fn values_match_the_definition_on_random_codes() {
        let mut rng = Rng::new(3980);
        for round in 0..300 {
            let len = rng.range(1, 9) as usize;
            let sparse = round % 2 == 0;
            let mut digits: Vec<u32> = (0..len)
                .map(|_| {
                    if sparse && !rng.chance(1, 4) {
                        0
                    } else {
                        rng.range(0, 16) as u32
                    }
                })
                .collect();
            digits[0] &= !3;
            let then = if rng.chance(1, 3) {
                rng.range(0, 8) as u32
            } else {
                0
            };
            let game = Octal::with_masks(&digits, then & if len == 1 { !3 } else { !0 });
            let up_to = if game.most_heaps_left() >= 3 { 22 } else { 60 };
            assert_eq!(
                game.values(up_to),
                reference_values(&game, up_to),
                "{game:?}"
            );
        }
        // HDU 3980's chain: paint m consecutive beads of a chain, one non-zero digit.
        for m in [1u64, 2, 5, 13] {
            let mut digits = vec![0; m as usize + 1];
            digits[m as usize] = 7;
            let game = Octal::with_masks(&digits, 0);
            assert_eq!(game.values(120), reference_values(&game, 120), "m = {m}");
        }
    }

    #[test]
    fn parse_reads_octal_and_hexadecimal_codes_and_names_what_is_wrong() {
        assert_eq!(Octal::parse("0.07"), Ok(Octal::dawson_kayles()));
        assert_eq!(Octal::parse("4.333..."), Ok(Octal::lasker()));
        assert_eq!(Octal::parse("0.333..."), Ok(Octal::new(&[0], 3)));
        assert_eq!("0.F".parse(), Ok(Octal::with_masks(&[0, 15], 0)));
        assert_eq!(Octal::parse("8.0"), Ok(Octal::split(3)));
        for (code, says) in [
            ("077", "(no point)"),
            ("0.7g", "is not an octal code like 0.77"),
            ("0.", "has no digit after the point"),
            ("1.7", "before the point other than 0, 4, 8 or c"),
            ("04.7", "before the point"),
            ("0....", "repeats no digit"),
            (".7", "before the point"),
        ] {
            match Octal::parse(code) {
                Ok(game) => panic!("{code} parsed as {game:?}"),
                Err(e) => {
                    let message = e.to_string();
                    assert!(message.starts_with(&format!("`{code}` ")), "{message}");
                    assert!(message.contains(says), "{code}: {message}");
                }
            }
        }
    }

    #[test]
    fn named_rules_are_their_codes() {
        assert_eq!(
            Octal::subtraction(&[1, 3, 4]),
            Octal::parse("0.3033").unwrap()
        );
        assert_eq!(Octal::take_range(2, 3), Octal::parse("0.033").unwrap());
        assert_eq!(
            Octal::subtraction(&[1, 3, 4]).values(40),
            crate::games::subtraction::table(&[1, 3, 4], 41)
        );
    }

    /// Known periods (Winning Ways ch. 4): Kayles 12 from 71, Dawson's Kayles 34 from 53,
    /// Dawson's chess `0.137` the same shifted one heap down; subtraction games as the window
    /// theorem of `subtraction` finds them; Lasker's Nim arithmetic with saltus 4.
    #[test]
    fn find_period_proves_known_periods() {
        let check = |game: Octal, pre: usize, p: usize, s: i64, proved: bool| {
            let found = game.find_period(100_000);
            let period = found.period.expect("a period");
            assert_eq!(
                (period.preperiod, period.period, period.saltus, found.proved),
                (pre, p, s, proved),
                "{game:?}"
            );
            assert!(period.holds(&found.values));
            if proved {
                assert!(found.values.len() >= game.proof_length(&period).unwrap());
            }
        };
        check(Octal::kayles(), 71, 12, 0, true);
        check(Octal::dawson_kayles(), 53, 34, 0, true);
        check(Octal::parse("0.137").unwrap(), 52, 34, 0, true);
        check(Octal::lasker(), 1, 4, 4, false);
        check(Octal::parse("0.333...").unwrap(), 0, 1, 1, false);
        let mut rng = Rng::new(1536);
        for _ in 0..40 {
            let set: Vec<u64> = (1..=12).filter(|_| rng.chance(1, 3)).collect();
            if set.is_empty() {
                continue;
            }
            let found = Octal::subtraction(&set).find_period(100_000);
            assert!(found.proved, "{set:?}: {:?}", found.period);
            let period = found.period.unwrap();
            let values = crate::games::subtraction::table(&set, 2000);
            // The least (preperiod, period) that holds on a long table.
            let least = (1..=60)
                .flat_map(|p| (0..100).map(move |n0| (n0, p)))
                .find(|&(n0, p)| (n0..2000 - p).all(|n| values[n + p] == values[n]))
                .unwrap();
            assert_eq!((period.preperiod, period.period), least, "{set:?}");
        }
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
