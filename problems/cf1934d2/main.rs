//! Codeforces 1934D2 XOR Break — Game Version (interactive). `t` games; in each, read `n`, say
//! `first` or `second`, then break numbers (`p1 p2` with `p1 ^ p2 = p`) against the jury's
//! breaks until it answers `0 0` (it cannot break: we won) or `-1 -1` (we erred: stop).
//! Play first exactly when `n` has an even number of set bits (`games::xor_break`).
use ojlib::games::xor_break;
use ojlib::io::{InputError, Scanner};

fn main() -> Result<(), InputError> {
    // Moves are buffered and flushed whenever the scanner waits for the jury.
    let mut input = Scanner::interactive();
    let games: usize = input.read()?;
    for _ in 0..games {
        let n: u64 = input.read()?;
        let first = !xor_break::is_losing(n);
        input.out().line(if first { "first" } else { "second" });
        let mut offered = (n, n);
        if !first {
            offered = match read_pair(&mut input)? {
                Some(pair) => pair,
                None => return Ok(()),
            };
            if offered == (0, 0) {
                continue;
            }
        }
        loop {
            // The jury's break left us a winning part: the theorem guarantees one.
            let (_, (p1, p2)) = xor_break::winning_move(offered).unwrap_or((0, (0, 0)));
            input.out().line((p1, p2));
            match read_pair(&mut input)? {
                Some((0, 0)) => break,
                Some(pair) => offered = pair,
                None => return Ok(()),
            }
        }
    }
    Ok(())
}

/// The jury's `p1 p2`; `None` for `-1 -1` (our move was refused: stop at once).
fn read_pair<R: std::io::Read>(input: &mut Scanner<R>) -> Result<Option<(u64, u64)>, InputError> {
    let (a, b): (i64, i64) = (input.read()?, input.read()?);
    if a < 0 || b < 0 {
        return Ok(None);
    }
    Ok(Some((a as u64, b as u64)))
}
