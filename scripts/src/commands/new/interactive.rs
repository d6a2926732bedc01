//! The files `ojgames new ID --interactive` writes: a one-pile take-away game (Bash's game:
//! take 1 to m stones, whoever takes the last one wins) that agree with each other and pass
//! from the first minute: a solution that flushes each move, an interactor that plays
//! perfectly with the library's jury, a generator of winning piles, and a sample.

/// The `[[bin]]` tables of an interactive problem (after the solution's).
pub fn manifest_bins(id: &str) -> String {
    format!(
        r#"# Interactive: the jury, run as `{id}-interactor INPUT OUTPUT ANSWER` (testlib's order),
# its stdout the solution's stdin and the other way round; its exit code is the verdict
# (0 AC, 1 WA, 2 PE, 3 FAIL; Kattis' 42 AC, 43 WA).
[[bin]]
name = "{id}-interactor"
path = "interactor.rs"

# For `ojgames stress`: `{id}-gen SEED` writes a hidden test for the interactor.
[[bin]]
name = "{id}-gen"
path = "gen.rs"
"#
    )
}

pub fn main(id: &str, lib: &str) -> String {
    format!(
        r#"//! {id}: TODO the problem. As written: the jury sends `n m` (a pile of n stones, take 1 to
//! m a move), the solution moves first, each move a line with the number taken, the jury
//! answers each with its own; whoever takes the last stone wins.
use {lib}::games::bash;
use {lib}::io::{{InputError, Scanner, Writer}};

fn main() -> Result<(), InputError> {{
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let (mut n, m): (u64, u64) = (input.read()?, input.read()?);
    loop {{
        // The winning move (the tests give a winning pile); from a losing one, take one.
        let take = bash::winning_move(n, m).unwrap_or(1);
        out.line(take);
        // The jury waits for this line: flush it before waiting for the answer.
        out.flush().expect("the jury reads the move");
        n -= take;
        if n == 0 {{
            return Ok(());
        }}
        n -= input.read::<u64>()?;
    }}
}}
"#
    )
}

pub fn interactor(id: &str, lib: &str) -> String {
    format!(
        r#"//! The jury of {id}: reads `n m` (and optionally `perfect SEED` or `random SEED`) from the
//! hidden test, sends `n m`, and answers each of the solution's moves with the winning reply
//! when there is one (else a random legal move). AC when the solution takes the last stone.
use {lib}::games::bash;
use {lib}::jury::{{self, Judged, Jury}};
use std::io::{{Read, Write}};

fn play<T: Read, S: Read, W: Write>(jury: &mut Jury<T, S, W>) -> Judged<String> {{
    let n: u64 = jury.test("n")?;
    let m: u64 = jury.test("m")?;
    let mut opponent = jury.opponent()?;
    jury.send((n, m))?;
    let mut left = n;
    loop {{
        let take: u64 = jury.read("the number of stones taken")?;
        if take == 0 || take > m || take > left {{
            return Err(jury.wrong(format!("took {{take}} of {{left}} stones (1 to {{m}} allowed)")));
        }}
        left -= take;
        if left == 0 {{
            return Ok(format!("the solution took the last of {{n}} stones"));
        }}
        let reply = opponent
            .choose(|| bash::winning_move(left, m), |rng| Some(rng.range(1, m.min(left))))
            .expect("a pile of one stone or more has a move");
        jury.send(reply)?;
        left -= reply;
        if left == 0 {{
            return Err(jury.wrong(format!("the jury took the last of {{n}} stones")));
        }}
    }}
}}

fn main() {{
    jury::run(|jury| play(jury))
}}
"#
    )
}

pub fn gen(id: &str, lib: &str) -> String {
    format!(
        r#"//! Hidden tests for {id}: `n m` with a winning pile for the player to move. The seed is the
//! first argument; the same seed writes the same test.
use {lib}::games::bash;
use {lib}::rng::Rng;

fn main() {{
    let mut rng = Rng::from_seed_arg();
    let m = rng.range(1, 5);
    let mut n = rng.range(1, 40);
    if bash::is_losing(n, m) {{
        n += 1;
    }}
    println!("{{n}} {{m}}");
}}
"#
    )
}

/// The sample: the hidden test of the first case (no `.out`: the interactor is the judge).
pub const SAMPLE: &str = "7 2\n";
