//! AtCoder ABC278 G Generalized Subtraction Game (interactive). Read `N L R`, say `First` or
//! `Second`, then remove runs `x y` (cards `x..x + y`, `L <= y <= R`) in turn with the judge,
//! whose moves come as `a b`: `0 0` when it cannot move (we won), `-1 -1` when ours was
//! refused. With `L < R` go first and play the symmetry strategy; with `L = R` play the
//! Sprague–Grundy values of the runs (`games::card_row`).
use ojlib::games::card_row::{self, Row};
use ojlib::io::{InputError, Scanner};

fn main() -> Result<(), InputError> {
    // Moves are buffered and flushed whenever the scanner waits for the jury.
    let mut input = Scanner::interactive();
    let (n, l, r): (usize, usize, usize) = (input.read()?, input.read()?, input.read()?);
    let (lu, ru) = (l as u64, r as u64);
    let mut row = Row::new(n);
    let game = card_row::octal(lu, ru);
    let values = if l == r {
        card_row::values(n, l, r)
    } else {
        Vec::new()
    };
    let first = l < r || values[n] != 0;
    input.out().line(if first { "First" } else { "Second" });
    let mut last = None;
    if !first {
        last = read_move(&mut input)?;
        match last {
            Some((a, b)) => row.remove(a, b),
            None => return Ok(()),
        };
    }
    loop {
        let ours = match (l < r, last) {
            (true, None) => card_row::symmetric_first_move(n as u64, lu, ru),
            (true, Some((a, b))) => Some(row.mirror(a, b)),
            (false, _) => card_row::winning_move(&row, &game, &values),
        };
        let (x, y) = ours.unwrap_or((0, 0));
        row.remove(x, y);
        input.out().line((x, y));
        last = read_move(&mut input)?;
        match last {
            Some((a, b)) => row.remove(a, b),
            None => return Ok(()),
        };
    }
}

/// The judge's move; `None` when the game is over (`0 0` or `-1 -1`).
fn read_move<R: std::io::Read>(input: &mut Scanner<R>) -> Result<Option<(u64, u64)>, InputError> {
    let (a, b): (i64, i64) = (input.read()?, input.read()?);
    Ok((a > 0 && b > 0).then_some((a as u64, b as u64)))
}
