//! The jury of abc278g. Hidden test: `N L R`, then optionally `perfect SEED` or `random SEED`
//! (jury-only). Sends `N L R`; reads `First` or `Second`; then the two alternate: the
//! solution's move `x y` removes cards `x..x + y` (`L <= y <= R`, all on the table), and the
//! jury answers with its move `a b`, `0 0` when it cannot move (the solution won, AC), or
//! `-1 -1` before WA when the solution's move is illegal or is `0 0`. Perfect play:
//! the Sprague–Grundy values of the runs (`card_row::winning_move`), else a random move.
//!
//! The statement's sample (`testdata/abc278g/sample-1.in`, `6 1 2`): the solution says
//! `First` and removes `2 1`; the judge `3 2`; `6 1`; the judge `5 1`; `1 1`; the judge, with
//! no card left, `0 0`. Our solution plays another game from it (the middle run, then mirrors).
use ojlib::games::card_row::{self, Row};
use ojlib::jury::{self, Judged, Jury, Opponent};
use std::io::{Read, Write};

fn main() {
    jury::run(play)
}

fn play<T: Read, S: Read, W: Write>(jury: &mut Jury<T, S, W>) -> Judged<String> {
    let n: u64 = jury.test("N")?;
    let l: u64 = jury.test("L")?;
    let r: u64 = jury.test("R")?;
    if !(1 <= l && l <= r && r <= n && n <= 2000) {
        return Err(jury::fail(format!(
            "the test breaks 1 <= L <= R <= N <= 2000: {n} {l} {r}"
        )));
    }
    let mut opponent = jury.opponent()?;
    let mut row = Row::new(n as usize);
    let game = card_row::octal(l, r);
    let values = card_row::values(n as usize, l as usize, r as usize);
    jury.send((n, l, r))?;
    let side: Vec<u8> = jury.read("`First` or `Second`")?;
    let mut moves = 0;
    match side.as_slice() {
        b"First" => {}
        b"Second" => {
            if !jury_moves(jury, &mut opponent, &mut row, (&game, &values, l, r))? {
                return Err(jury::fail("the jury had no first move, but L <= N"));
            }
        }
        _ => {
            let side = String::from_utf8_lossy(&side).into_owned();
            return Err(jury.wrong(format!("expected `First` or `Second`, found `{side}`")));
        }
    }
    loop {
        let x: u64 = jury.read("x")?;
        let y: u64 = jury.read("y")?;
        moves += 1;
        if !(l..=r).contains(&y) || !row.remove(x, y) {
            jury.send("-1 -1")?;
            let why = if (x, y) == (0, 0) {
                "gave up (0 0)"
            } else {
                "is illegal"
            };
            return Err(jury.wrong(format!(
                "move {moves}, `{x} {y}`, {why}: the runs left were {:?} (first card, length), L = {l}, R = {r}",
                row.runs()
            )));
        }
        if !jury_moves(jury, &mut opponent, &mut row, (&game, &values, l, r))? {
            return Ok(format!("the solution won in {moves} moves"));
        }
    }
}

/// The jury's move, sent; `false` (after sending `0 0`) when it has none.
fn jury_moves<T: Read, S: Read, W: Write>(
    jury: &mut Jury<T, S, W>,
    opponent: &mut Opponent,
    row: &mut Row,
    (game, values, l, r): (&ojlib::games::octal::Octal, &[u32], u64, u64),
) -> Judged<bool> {
    let chosen = opponent.choose(
        || card_row::winning_move(row, game, values),
        |rng| card_row::random_move(row, l, r, rng),
    );
    match chosen {
        Some((a, b)) => {
            if !row.remove(a, b) {
                return Err(jury::fail(format!(
                    "the jury's own move {a} {b} is illegal"
                )));
            }
            jury.send((a, b))?;
            Ok(true)
        }
        None => {
            jury.send("0 0")?;
            Ok(false)
        }
    }
}
