//! A planted wrong solution for `ojgames stress`: the symmetry strategy's first move always
//! removes `L` cards, whatever the parity of `N - L`, so the two runs it leaves can differ by
//! one card and the mirror answers are no longer a win (and may not even be legal).
use ojlib::games::card_row::{self, Row};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
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
    out.line(if first { "First" } else { "Second" });
    let mut last = None;
    if !first {
        out.flush().ok();
        last = read_move(&mut input)?;
        match last {
            Some((a, b)) => row.remove(a, b),
            None => return Ok(()),
        };
    }
    loop {
        let ours = match (l < r, last) {
            (true, None) => Some(((n as u64 - lu) / 2 + 1, lu)),
            (true, Some((a, b))) => Some(row.mirror(a, b)),
            (false, _) => card_row::winning_move(&row, &game, &values),
        };
        let (x, y) = ours.unwrap_or((0, 0));
        row.remove(x, y);
        out.line((x, y));
        out.flush().ok();
        last = read_move(&mut input)?;
        match last {
            Some((a, b)) => row.remove(a, b),
            None => return Ok(()),
        };
    }
}

fn read_move<R: std::io::Read>(input: &mut Scanner<R>) -> Result<Option<(u64, u64)>, InputError> {
    let (a, b): (i64, i64) = (input.read()?, input.read()?);
    Ok((a > 0 && b > 0).then_some((a as u64, b as u64)))
}
