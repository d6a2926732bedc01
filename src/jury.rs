//! The jury of an interactive problem: an interactor that reads the hidden test, plays the
//! solution move by move, and ends with a verdict as its exit code; and an [`Opponent`] that
//! plays perfectly with the library's strategies (`winning_move` in each game module) or at
//! random, for smoke tests.
//!
//! The interactor is called as testlib calls one: `interactor INPUT OUTPUT [ANSWER]`, the
//! solution's output on its stdin and its stdout the solution's input. INPUT is the hidden
//! test; OUTPUT gets the verdict and its message (testlib's `tout`); ANSWER is not read. Exit
//! codes are testlib's: 0 AC, 1 WA, 2 PE, 3 FAIL (the jury or the test is broken).
//!
//! Each step returns a [`Judged`]: `?` ends the game with the first verdict other than AC, so
//! an interactor is a plain function, and it is tested on byte strings without processes:
//!
//! ```
//! use ojlib::jury::{Judged, Jury, Verdict};
//!
//! // Guess the hidden number: the solution's one guess is answered by AC or WA.
//! fn play<T: std::io::Read, S: std::io::Read, W: std::io::Write>(
//!     jury: &mut Jury<T, S, W>,
//! ) -> Judged<String> {
//!     let hidden: u64 = jury.test("the hidden number")?;
//!     let guess: u64 = jury.read("a guess")?;
//!     if guess != hidden {
//!         return Err(jury.wrong(format!("guessed {guess}, the number is {hidden}")));
//!     }
//!     Ok(format!("guessed {hidden}"))
//! }
//!
//! let mut jury = Jury::new(&b"7\n"[..], &b"7\n"[..], Vec::new());
//! assert_eq!(play(&mut jury), Ok("guessed 7".to_string()));
//! let mut jury = Jury::new(&b"7\n"[..], &b"x\n"[..], Vec::new());
//! assert_eq!(play(&mut jury).unwrap_err().verdict, Verdict::PresentationError);
//! ```
//!
//! An interactor's `main` is `ojlib::jury::run(play)`.

use crate::io::{Put, Scanner, Token, Writer};
use crate::rng::Rng;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};

/// How a game ended, as testlib's exit codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    /// The solution's output is not in the protocol's format, or it ended too early.
    PresentationError,
    /// The jury is broken: a bad test, a bad command line, a jury bug.
    Fail,
}

impl Verdict {
    /// testlib's exit code: 0, 1, 2, 3.
    pub fn exit_code(self) -> i32 {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer => 1,
            Verdict::PresentationError => 2,
            Verdict::Fail => 3,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "ok",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "wrong output format",
            Verdict::Fail => "FAIL",
        }
    }
}

/// A game's end other than AC: the verdict and why, said to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    pub verdict: Verdict,
    pub message: String,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.verdict.name(), self.message)
    }
}

/// A step of the game: its value, or the verdict that ends it.
pub type Judged<T> = Result<T, Ending>;

/// The interactor's three streams: the hidden test, what the solution writes, and the writer
/// to the solution (flushed at each [`Jury::send`], so the solution never waits on a buffer).
pub struct Jury<T, S, W: Write> {
    test: Scanner<T>,
    solution: Scanner<S>,
    to_solution: Writer<W>,
    /// Tokens read from the solution: the position an error names.
    read: u64,
}

impl<T: Read, S: Read, W: Write> Jury<T, S, W> {
    pub fn new(test: T, solution: S, to_solution: W) -> Self {
        Jury {
            test: Scanner::new(test),
            solution: Scanner::new(solution),
            to_solution: Writer::new(to_solution),
            read: 0,
        }
    }

    /// The next value of the hidden test; a malformed or missing one is FAIL (the test is
    /// broken, not the solution). `what` names it in the message.
    pub fn test<X: Token>(&mut self, what: &str) -> Judged<X> {
        self.test
            .read()
            .map_err(|e| fail(format!("the test's {what}: {e}")))
    }

    /// The next value of the hidden test, or `None` at its end (optional jury-only data).
    pub fn test_opt<X: Token>(&mut self, what: &str) -> Judged<Option<X>> {
        self.test
            .next()
            .map_err(|e| fail(format!("the test's {what}: {e}")))
    }

    /// The solution's next token as an `X`: one that does not parse, or the end of its output,
    /// is PE (testlib reads past the end as PE too). `what` names it in the message.
    pub fn read<X: Token>(&mut self, what: &str) -> Judged<X> {
        self.read += 1;
        let number = self.read;
        self.solution.read().map_err(|e| Ending {
            verdict: Verdict::PresentationError,
            message: format!("token {number} of the solution, {what}: {e}"),
        })
    }

    /// One line to the solution, flushed. A solution that has closed its input (or exited)
    /// before the game's end is WA.
    pub fn send<X: Put>(&mut self, line: X) -> Judged<()> {
        self.to_solution.line(line);
        self.to_solution.flush().map_err(|e| Ending {
            verdict: Verdict::WrongAnswer,
            message: format!("the solution stopped reading its input before the end: {e}"),
        })
    }

    /// WA with `message`; the solution is told nothing (send the protocol's "you lost" first).
    pub fn wrong(&self, message: impl Into<String>) -> Ending {
        Ending {
            verdict: Verdict::WrongAnswer,
            message: message.into(),
        }
    }

    /// The opponent the test asks for: an optional `perfect SEED` or `random SEED` at the end
    /// of the hidden test (jury-only data, never sent); perfect with seed 0 when absent.
    pub fn opponent(&mut self) -> Judged<Opponent> {
        let style = match self.test_opt::<Vec<u8>>("opponent")? {
            None => return Ok(Opponent::new(Style::Perfect, 0)),
            Some(word) if word == b"perfect" => Style::Perfect,
            Some(word) if word == b"random" => Style::Random,
            Some(word) => {
                let word = String::from_utf8_lossy(&word).into_owned();
                return Err(fail(format!(
                    "the test's opponent is `perfect SEED` or `random SEED`, not `{word}`"
                )));
            }
        };
        Ok(Opponent::new(style, self.test("opponent's seed")?))
    }
}

/// FAIL: the jury or its test is broken.
pub fn fail(message: impl Into<String>) -> Ending {
    Ending {
        verdict: Verdict::Fail,
        message: message.into(),
    }
}

/// How the jury chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A winning move whenever there is one, else a random legal move: as adversarial as a
    /// real jury (a solution that errs once loses).
    Perfect,
    /// Any legal move at random: a quick smoke test of the protocol.
    Random,
}

/// The jury's player: a [`Style`] and a seeded generator, so a game replays exactly.
#[derive(Debug, Clone)]
pub struct Opponent {
    pub style: Style,
    pub rng: Rng,
}

impl Opponent {
    pub fn new(style: Style, seed: u64) -> Self {
        Opponent {
            style,
            rng: Rng::new(seed),
        }
    }

    /// The move to play: `winning()` when perfect and it finds one, else `random(rng)`, a
    /// random legal move (`None`: there is no move).
    pub fn choose<M>(
        &mut self,
        winning: impl FnOnce() -> Option<M>,
        random: impl FnOnce(&mut Rng) -> Option<M>,
    ) -> Option<M> {
        let best = match self.style {
            Style::Perfect => winning(),
            Style::Random => None,
        };
        best.or_else(|| random(&mut self.rng))
    }
}

/// The interactor's `main`: reads `INPUT OUTPUT [ANSWER]` from the command line, plays `play`
/// on the hidden test, stdin and stdout, writes the verdict and its message to OUTPUT and to
/// stderr, and exits with the verdict's code. A bad command line or an unreadable INPUT is
/// FAIL, naming the path.
pub fn run<F>(play: F) -> !
where
    F: FnOnce(&mut Jury<File, io::StdinLock<'static>, io::StdoutLock<'static>>) -> Judged<String>,
{
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ending = match (args.first(), args.get(1)) {
        (Some(input), Some(_)) if args.len() <= 3 => match File::open(input) {
            Ok(test) => {
                let mut jury = Jury::new(test, io::stdin().lock(), io::stdout().lock());
                play(&mut jury).map_or_else(
                    |e| e,
                    |message| Ending {
                        verdict: Verdict::Accepted,
                        message,
                    },
                )
            }
            Err(e) => fail(format!("cannot read the test {input}: {e}")),
        },
        _ => fail("usage: interactor INPUT OUTPUT [ANSWER] (testlib's order)"),
    };
    let report = format!("{ending}\n");
    eprint!("{report}");
    if let Some(output) = args.get(1) {
        if let Err(e) = std::fs::write(output, &report) {
            eprintln!("FAIL: cannot write {output}: {e}");
            std::process::exit(Verdict::Fail.exit_code());
        }
    }
    std::process::exit(ending.verdict.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    type Bytes<'a> = Jury<&'a [u8], &'a [u8], Vec<u8>>;

    #[test]
    fn the_solution_s_bad_token_or_early_end_is_pe_and_names_the_token() {
        let mut jury: Bytes = Jury::new(b"", b"5 x", Vec::new());
        assert_eq!(jury.read::<u64>("a move"), Ok(5));
        let ending = jury.read::<u64>("a move").unwrap_err();
        assert_eq!(ending.verdict, Verdict::PresentationError);
        assert!(ending
            .message
            .starts_with("token 2 of the solution, a move:"));
        assert!(ending.message.contains("found `x`"), "{}", ending.message);
        let ending = jury.read::<u64>("a move").unwrap_err();
        assert!(
            ending.message.contains("end of input"),
            "{}",
            ending.message
        );
    }

    #[test]
    fn a_broken_test_is_fail_and_the_opponent_line_is_optional() {
        let mut jury: Bytes = Jury::new(b"12 -3", b"", Vec::new());
        assert_eq!(jury.test::<u64>("n"), Ok(12));
        let ending = jury.test::<u64>("m").unwrap_err();
        assert_eq!(ending.verdict, Verdict::Fail);
        assert!(ending.message.starts_with("the test's m:"));

        let mut jury: Bytes = Jury::new(b"1", b"", Vec::new());
        jury.test::<u64>("n").unwrap();
        assert_eq!(jury.opponent().unwrap().style, Style::Perfect);
        let mut jury: Bytes = Jury::new(b"1\nrandom 9\n", b"", Vec::new());
        jury.test::<u64>("n").unwrap();
        let opponent = jury.opponent().unwrap();
        assert_eq!(opponent.style, Style::Random);
        assert_eq!(opponent.rng.clone().next_u64(), Rng::new(9).next_u64());
        let mut jury: Bytes = Jury::new(b"1 best 9", b"", Vec::new());
        jury.test::<u64>("n").unwrap();
        assert_eq!(jury.opponent().unwrap_err().verdict, Verdict::Fail);
    }

    #[test]
    fn send_flushes_each_line() {
        let mut out = Vec::new();
        {
            let mut jury = Jury::new(&b""[..], &b""[..], &mut out);
            jury.send((3u64, 4u64)).unwrap();
            jury.send("0 0").unwrap();
        }
        assert_eq!(out, b"3 4\n0 0\n");
    }

    /// A writer whose reader has gone, as a pipe after the solution exits.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_solution_that_stopped_reading_is_wa() {
        let mut jury = Jury::new(&b""[..], &b""[..], Closed);
        let ending = jury.send(1u64).unwrap_err();
        assert_eq!(ending.verdict, Verdict::WrongAnswer);
        assert!(ending.message.contains("stopped reading"));
    }

    #[test]
    fn the_opponent_plays_the_winning_move_when_perfect_and_at_random_otherwise() {
        let mut perfect = Opponent::new(Style::Perfect, 1);
        assert_eq!(perfect.choose(|| Some(7), |_| Some(1)), Some(7));
        assert_eq!(perfect.choose(|| None, |_| Some(1)), Some(1));
        assert_eq!(perfect.choose(|| None::<u8>, |_| None), None);
        let mut random = Opponent::new(Style::Random, 1);
        let mut winning_asked = false;
        let chosen = random.choose(
            || {
                winning_asked = true;
                Some(7)
            },
            |rng| Some(rng.range(10, 20)),
        );
        assert!(!winning_asked && (10..=20).contains(&chosen.unwrap()));
        assert_eq!(Verdict::PresentationError.exit_code(), 2);
    }
}
