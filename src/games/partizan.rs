//! Two-sided (partizan) games, where the players have different moves: Left and Right.
//!
//! Rule: any finite game given by two move functions, Left's and Right's; the player who
//! cannot move loses (normal play); a sum of games is played by moving in one of them.
//!
//! Theorems (Conway, On Numbers and Games ch. 0–2; Winning Ways ch. 2):
//! - Every position has one of four outcome classes: Left wins whoever starts, Right wins
//!   whoever starts, the first player wins, or the second player wins.
//! - The simplicity theorem: if every option of `G = {L₁, L₂, … | R₁, R₂, …}` is a number and
//!   every Left option is less than every Right option, then `G` is the simplest number
//!   strictly between the largest `Lᵢ` and the smallest `Rⱼ` (an integer of least absolute
//!   value if there is one, else the dyadic rational with the least denominator).
//! - Numbers add as numbers: a sum of games whose values are numbers `x₁ + x₂ + …` is won by
//!   Left if the total is positive, by Right if it is negative, and by the second player if it
//!   is zero.
//!
//! [`Dyadic`] is the exact number type; [`simplest_between`] is the simplicity rule;
//! [`Partizan`] searches a game over (position, side to move), giving the outcome class of
//! every position and its value whenever the simplicity theorem gives one. The tests check
//! the simplicity rule against numbers built day by day from their definition, and the value
//! against the outcome of whole sums searched move by move.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::ops::{Add, Neg, Sub};

/// The finest denominator a [`Dyadic`] holds is `2^MAX_EXPONENT`.
pub const MAX_EXPONENT: u32 = 120;

/// An exact dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator odd
/// unless the exponent is 0), with `|numerator| < 2^127` and `exponent <= MAX_EXPONENT`.
/// Arithmetic panics with a message rather than lose precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i128,
    exponent: u32,
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, reduced.
    ///
    /// # Panics
    /// If the reduced exponent is over [`MAX_EXPONENT`].
    pub fn new(numerator: i128, exponent: u32) -> Self {
        let shift = if numerator == 0 {
            exponent
        } else {
            numerator.trailing_zeros().min(exponent)
        };
        let exponent = exponent - shift;
        assert!(
            exponent <= MAX_EXPONENT,
            "partizan: a dyadic rational finer than 1/2^{MAX_EXPONENT}"
        );
        Dyadic {
            numerator: if numerator == 0 {
                0
            } else {
                numerator >> shift
            },
            exponent,
        }
    }

    pub fn integer(n: i128) -> Self {
        Dyadic::new(n, 0)
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The denominator in lowest terms is `2^exponent()`.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The largest integer not above `self`.
    pub fn floor(self) -> i128 {
        self.numerator >> self.exponent
    }

    /// The smallest integer not below `self`.
    pub fn ceil(self) -> i128 {
        -(-self).floor()
    }

    /// -1, 0 or 1 as `self` is negative, zero or positive.
    pub fn signum(self) -> i32 {
        self.numerator.signum() as i32
    }

    /// `self / 2^k`.
    pub fn shr(self, k: u32) -> Self {
        Dyadic::new(self.numerator, self.exponent.saturating_add(k))
    }

    /// `self · 2^exponent` as an integer (truncated below), for exponents at least `self`'s.
    fn scaled_numerator(self, exponent: u32) -> Option<i128> {
        let shift = exponent - self.exponent;
        let shifted = self.numerator.checked_shl(shift)?;
        (shifted >> shift == self.numerator).then_some(shifted)
    }

    /// The fractional part `self - floor`, as a numerator over `2^exponent`.
    fn fraction(self, exponent: u32) -> i128 {
        let whole = self.floor() << self.exponent;
        (self.numerator - whole) << (exponent - self.exponent)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Whole parts first, then the fractions (each below 2^MAX_EXPONENT): no overflow.
        let exponent = self.exponent.max(other.exponent);
        self.floor()
            .cmp(&other.floor())
            .then_with(|| self.fraction(exponent).cmp(&other.fraction(exponent)))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;

    /// # Panics
    /// If the exact sum does not fit.
    fn add(self, other: Dyadic) -> Dyadic {
        let exponent = self.exponent.max(other.exponent);
        let sum = self
            .scaled_numerator(exponent)
            .zip(other.scaled_numerator(exponent))
            .and_then(|(a, b)| a.checked_add(b));
        match sum {
            Some(sum) => Dyadic::new(sum, exponent),
            None => panic!("partizan: {self} + {other} overflows a dyadic rational"),
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;

    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl std::iter::Sum for Dyadic {
    fn sum<I: Iterator<Item = Dyadic>>(iter: I) -> Dyadic {
        iter.fold(Dyadic::ZERO, |a, b| a + b)
    }
}

/// `3`, `-1/2`, `13/8`.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
        }
    }
}

/// The simplest number strictly between `left` and `right` (`None`: no bound on that side),
/// or `None` if there is none (`left >= right`). `{ | } = 0`, `{0 | } = 1`, `{0 | 1} = 1/2`,
/// `{1/2 | 1} = 3/4`, `{-1 | 5} = 0`.
///
/// # Panics
/// If the answer is finer than `1/2^MAX_EXPONENT`.
pub fn simplest_between(left: Option<Dyadic>, right: Option<Dyadic>) -> Option<Dyadic> {
    if let (Some(l), Some(r)) = (left, right) {
        if l >= r {
            return None;
        }
    }
    let above_zero = left.map_or(true, |l| l < Dyadic::ZERO);
    let below_zero = right.map_or(true, |r| r > Dyadic::ZERO);
    if above_zero && below_zero {
        return Some(Dyadic::ZERO);
    }
    // Every candidate lies on one side of 0: the integer nearest 0 inside, if any.
    let inside = |x: Dyadic| left.map_or(true, |l| l < x) && right.map_or(true, |r| x < r);
    let integer = if above_zero {
        Dyadic::integer(right.map_or(0, |r| r.ceil() - 1))
    } else {
        Dyadic::integer(left.map_or(0, |l| l.floor() + 1))
    };
    if inside(integer) {
        return Some(integer);
    }
    // Both bounds lie in [n, n + 1] for n = floor(left): the first multiple of 1/2^e
    // strictly above `left` that is below `right`, for the least e where there is one.
    let (l, r) = (left?, right?);
    let whole = Dyadic::integer(l.floor());
    let fraction = l - whole; // in [0, 1): its numerator is below 2^exponent
    (1..=MAX_EXPONENT).find_map(|e| {
        let below = if e >= fraction.exponent {
            fraction.numerator << (e - fraction.exponent)
        } else {
            fraction.numerator >> (fraction.exponent - e)
        };
        let candidate = whole + Dyadic::new(below + 1, e);
        (candidate < r).then_some(candidate)
    })
}

/// The two players. Left is Blue in Hackenbush and positive in values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// Who wins a position with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Left wins whoever starts (value > 0 for numbers).
    Left,
    /// Right wins whoever starts (value < 0).
    Right,
    /// The player to move wins (never a number).
    Next,
    /// The player to move loses (value 0).
    Previous,
}

impl Class {
    /// The winner when `first` moves first.
    pub fn winner(self, first: Side) -> Side {
        match self {
            Class::Left => Side::Left,
            Class::Right => Side::Right,
            Class::Next => first,
            Class::Previous => first.other(),
        }
    }

    /// The class of a game whose value is the number `x`.
    pub fn of_number(x: Dyadic) -> Class {
        match x.signum() {
            1 => Class::Left,
            -1 => Class::Right,
            _ => Class::Previous,
        }
    }
}

/// What the search knows of a position.
#[derive(Clone, Copy, Debug)]
struct Solved {
    class: Class,
    value: Option<Dyadic>,
}

/// A position being evaluated: its options (Left's first, then Right's) and how many have
/// been looked at.
struct Frame<S> {
    state: S,
    options: Vec<S>,
    lefts: usize,
    done: usize,
}

/// Memoised search of a partizan game over (position, side to move): the outcome class of
/// every position reached and, where the simplicity theorem applies at every position below
/// it, its value as a number. Each position's moves are generated once; the search keeps its
/// own stack.
///
/// ```
/// use ojlib::games::partizan::{Class, Dyadic, Partizan};
/// // A heap of n: Left may take 1, Right may take 2 (Left has the cheaper move).
/// let mut game = Partizan::new(
///     |&n: &u32| if n >= 1 { vec![n - 1] } else { vec![] },
///     |&n: &u32| if n >= 2 { vec![n - 2] } else { vec![] },
/// );
/// assert_eq!(game.class(&1), Class::Left);
/// assert_eq!(game.value(&1), Some(Dyadic::integer(1)));
/// assert_eq!(game.class(&2), Class::Next); // {1 | 0} is hot, not a number
/// assert_eq!(game.value(&2), None);
/// ```
pub struct Partizan<S, L, R> {
    left: L,
    right: R,
    /// `None` while a position is being evaluated (meeting it again means a cycle).
    memo: HashMap<S, Option<Solved>>,
}

impl<S, L, R> Partizan<S, L, R>
where
    S: Hash + Eq + Clone,
    L: Fn(&S) -> Vec<S>,
    R: Fn(&S) -> Vec<S>,
{
    /// The game where Left moves by `left` and Right by `right`.
    pub fn new(left: L, right: R) -> Self {
        Partizan {
            left,
            right,
            memo: HashMap::new(),
        }
    }

    /// The outcome class of `state`.
    ///
    /// # Panics
    /// If a position can be reached from itself (the game is not finite).
    pub fn class(&mut self, state: &S) -> Class {
        self.solve(state).class
    }

    /// The winner of `state` when `first` moves first.
    pub fn winner(&mut self, state: &S, first: Side) -> Side {
        self.class(state).winner(first)
    }

    /// The value of `state` when the simplicity theorem makes it a number: every option's
    /// value is a number (found the same way) and each Left option is below each Right
    /// option. `None` otherwise: the game is then not recognised as a number (it may still
    /// equal one through dominated or reversible options, which this search does not remove).
    ///
    /// # Panics
    /// As [`Partizan::class`], and if a value is finer than `1/2^MAX_EXPONENT`.
    pub fn value(&mut self, state: &S) -> Option<Dyadic> {
        self.solve(state).value
    }

    fn solve(&mut self, state: &S) -> Solved {
        if let Some(&known) = self.memo.get(state) {
            return known.expect("partizan: the game has a cycle");
        }
        let mut stack = vec![self.open(state.clone())];
        while let Some(top) = stack.last_mut() {
            let mut unknown = None;
            while top.done < top.options.len() {
                match self.memo.get(&top.options[top.done]) {
                    Some(None) => panic!("partizan: the game has a cycle"),
                    Some(Some(_)) => top.done += 1,
                    None => {
                        unknown = Some(top.options[top.done].clone());
                        break;
                    }
                }
            }
            match unknown {
                Some(next) => {
                    let frame = self.open(next);
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("the stack is not empty");
                    let solved = self.close(&frame);
                    self.memo.insert(frame.state, Some(solved));
                }
            }
        }
        self.memo[state].expect("solved")
    }

    fn open(&mut self, state: S) -> Frame<S> {
        let mut options = (self.left)(&state);
        let lefts = options.len();
        options.extend((self.right)(&state));
        self.memo.insert(state.clone(), None);
        Frame {
            state,
            options,
            lefts,
            done: 0,
        }
    }

    /// The class and value of a position whose options are all solved.
    fn close(&self, frame: &Frame<S>) -> Solved {
        let solved = |s: &S| self.memo[s].expect("options are solved first");
        let (lefts, rights) = frame.options.split_at(frame.lefts);
        // Left moving first wins by a move to a position Right loses moving first.
        let left_first = lefts
            .iter()
            .any(|s| solved(s).class.winner(Side::Right) == Side::Left);
        let right_first = rights
            .iter()
            .any(|s| solved(s).class.winner(Side::Left) == Side::Right);
        let class = match (left_first, right_first) {
            (true, true) => Class::Next,
            (true, false) => Class::Left,
            (false, true) => Class::Right,
            (false, false) => Class::Previous,
        };
        let numbers = |options: &[S]| -> Option<Vec<Dyadic>> {
            options.iter().map(|s| solved(s).value).collect()
        };
        let value = numbers(lefts)
            .zip(numbers(rights))
            .and_then(|(l, r)| simplest_between(l.into_iter().max(), r.into_iter().min()));
        Solved { class, value }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn d(numerator: i128, exponent: u32) -> Dyadic {
        Dyadic::new(numerator, exponent)
    }

    #[test]
    fn arithmetic_agrees_with_fractions_over_a_common_denominator() {
        let mut rng = Rng::new(3544);
        for _ in 0..20_000 {
            let (ea, eb) = (rng.range(0, 12) as u32, rng.range(0, 12) as u32);
            let a = rng.range(0, 1 << 20) as i128 - (1 << 19);
            let b = rng.range(0, 1 << 20) as i128 - (1 << 19);
            let (x, y) = (d(a, ea), d(b, eb));
            // Over 2^12: exact integers.
            let (fa, fb) = (a << (12 - ea), b << (12 - eb));
            assert_eq!(x.cmp(&y), fa.cmp(&fb), "{x} vs {y}");
            assert_eq!(x + y, d(fa + fb, 12), "{x} + {y}");
            assert_eq!(x - y, d(fa - fb, 12), "{x} - {y}");
            assert_eq!(x.floor(), fa.div_euclid(1 << 12), "floor {x}");
            assert_eq!(-(-x).floor(), x.ceil());
        }
        assert_eq!(d(6, 2).to_string(), "3/2");
        assert_eq!(d(-4, 2).to_string(), "-1");
        assert_eq!(d(-1, 3).to_string(), "-1/8");
        assert_eq!(d(1, 3).exponent(), 3);
        assert_eq!(d(12, 3).numerator(), 3);
    }

    #[test]
    fn comparisons_do_not_overflow_and_sums_that_would_say_so() {
        let big = Dyadic::integer(i128::MAX >> 1);
        let fine = d(1, MAX_EXPONENT);
        assert!(big > fine && -big < fine && fine > Dyadic::ZERO);
        let result = std::panic::catch_unwind(|| big + big + big);
        assert!(result.is_err());
        let result = std::panic::catch_unwind(|| big + fine);
        assert!(result.is_err());
    }

    /// The numbers born by each day, from the definition: day 0 has 0; day n + 1 adds one
    /// below the least, one above the greatest, and the midpoint of each neighbouring pair.
    /// A number is simpler than another when born earlier.
    fn born_by_day(days: u32) -> Vec<(Dyadic, u32)> {
        let mut numbers = vec![(Dyadic::ZERO, 0)];
        for day in 1..=days {
            let mut sorted: Vec<Dyadic> = numbers.iter().map(|&(x, _)| x).collect();
            sorted.sort();
            let mut new = vec![
                sorted[0] - Dyadic::integer(1),
                *sorted.last().unwrap() + Dyadic::integer(1),
            ];
            new.extend(sorted.windows(2).map(|w| (w[0] + w[1]).shr(1)));
            numbers.extend(new.into_iter().map(|x| (x, day)));
        }
        numbers
    }

    #[test]
    fn simplest_between_is_the_first_born_in_the_interval() {
        let numbers = born_by_day(7);
        let bounds: Vec<Option<Dyadic>> = std::iter::once(None)
            .chain(
                numbers
                    .iter()
                    .filter(|&&(_, day)| day <= 5)
                    .map(|&(x, _)| Some(x)),
            )
            .collect();
        for &l in &bounds {
            for &r in &bounds {
                let inside = |x: Dyadic| l.map_or(true, |l| l < x) && r.map_or(true, |r| x < r);
                let first = numbers
                    .iter()
                    .filter(|&&(x, _)| inside(x))
                    .min_by_key(|&&(_, day)| day);
                let expected = match (l, r) {
                    (Some(l), Some(r)) if l >= r => None,
                    _ => Some(first.expect("born by day 7").0),
                };
                // Two numbers born the same day have an earlier one between them.
                if let Some(&(x, day)) = first {
                    let same_day = numbers.iter().filter(|&&(y, e)| e == day && inside(y));
                    assert_eq!(same_day.count(), 1, "{l:?} {r:?}: {x}");
                }
                assert_eq!(simplest_between(l, r), expected, "{l:?} | {r:?}");
            }
        }
        assert_eq!(
            simplest_between(Some(d(1, 1)), Some(Dyadic::integer(1))),
            Some(d(3, 2))
        );
        assert_eq!(
            simplest_between(Some(Dyadic::integer(-7)), Some(d(-13, 1))),
            Some(d(-27, 2)) // -6 3/4
        );
        assert_eq!(
            simplest_between(Some(Dyadic::integer(1 << 100)), None),
            Some(Dyadic::integer((1 << 100) + 1))
        );
    }

    /// A random game on positions `0..n`, each move going to a smaller position, for Left and
    /// for Right.
    fn random_game(rng: &mut Rng, n: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let mut side = || -> Vec<Vec<usize>> {
            (0..n)
                .map(|v| (0..v).filter(|_| rng.chance(1, 3)).collect())
                .collect()
        };
        (side(), side())
    }

    /// Who wins a sum of positions, searched over the whole sum with the side to move: the
    /// definition of normal play, with no theory.
    fn sum_winner(
        memo: &mut HashMap<(Vec<usize>, Side), Side>,
        game: &(Vec<Vec<usize>>, Vec<Vec<usize>>),
        parts: &[usize],
        mover: Side,
    ) -> Side {
        let key = (parts.to_vec(), mover);
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let moves = if mover == Side::Left {
            &game.0
        } else {
            &game.1
        };
        let mut winner = mover.other();
        'parts: for (i, &p) in parts.iter().enumerate() {
            for &to in &moves[p] {
                let mut next = parts.to_vec();
                next[i] = to;
                next.sort_unstable();
                if sum_winner(memo, game, &next, mover.other()) == mover {
                    winner = mover;
                    break 'parts;
                }
            }
        }
        memo.insert(key, winner);
        winner
    }

    /// Positions whose value is a number: their sums are won as the sign of the total says;
    /// the class is the one a direct search finds.
    #[test]
    fn values_decide_sums_as_a_direct_search_does() {
        let mut rng = Rng::new(23);
        let (mut numbers, mut others) = (0, 0);
        for _ in 0..150 {
            let n = rng.range(2, 9) as usize;
            let game = random_game(&mut rng, n);
            let mut search = Partizan::new(
                |&v: &usize| game.0[v].clone(),
                |&v: &usize| game.1[v].clone(),
            );
            let mut memo = HashMap::new();
            for v in 0..n {
                let class = search.class(&v);
                for first in [Side::Left, Side::Right] {
                    assert_eq!(
                        class.winner(first),
                        sum_winner(&mut memo, &game, &[v], first)
                    );
                }
                match search.value(&v) {
                    Some(x) => {
                        numbers += 1;
                        assert_eq!(class, Class::of_number(x), "{game:?} {v}");
                    }
                    None => others += 1,
                }
            }
            let valued: Vec<(usize, Dyadic)> = (0..n)
                .filter_map(|v| search.value(&v).map(|x| (v, x)))
                .collect();
            for &(a, x) in &valued {
                for &(b, y) in &valued {
                    for &(c, z) in valued.iter().take(3) {
                        let mut parts = vec![a, b, c];
                        parts.sort_unstable();
                        let class = Class::of_number(x + y + z);
                        for first in [Side::Left, Side::Right] {
                            let winner = sum_winner(&mut memo, &game, &parts, first);
                            assert_eq!(winner, class.winner(first), "{game:?} {parts:?}");
                        }
                    }
                }
            }
        }
        assert!(
            numbers > 300 && others > 100,
            "{numbers} numbers, {others} not"
        );
    }

    #[test]
    fn star_is_not_a_number_and_integers_count_moves() {
        // A heap where either player takes one: 1 is * = {0 | 0}, first player wins.
        let mut both = Partizan::new(
            |&n: &u32| (n > 0).then(|| n - 1).into_iter().collect(),
            |&n: &u32| (n > 0).then(|| n - 1).into_iter().collect(),
        );
        assert_eq!(both.class(&1), Class::Next);
        assert_eq!(both.value(&1), None);
        assert_eq!(both.value(&0), Some(Dyadic::ZERO));
        // Only Left moves: n free moves is the integer n, over a chain of 10^5.
        let mut left_only = Partizan::new(
            |&n: &u32| (n > 0).then(|| n - 1).into_iter().collect(),
            |_: &u32| Vec::new(),
        );
        assert_eq!(left_only.value(&100_000), Some(Dyadic::integer(100_000)));
        assert_eq!(left_only.winner(&0, Side::Right), Side::Left);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn a_cycle_is_reported() {
        let mut game = Partizan::new(|&n: &u32| vec![(n + 1) % 3], |_: &u32| Vec::new());
        game.class(&0);
    }
}
