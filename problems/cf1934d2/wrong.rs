//! A planted wrong solution for `ojgames stress`: the solution with a 32-bit popcount, as a
//! C++ `__builtin_popcount` on a `long long` would do. Right for `n < 2^32`; for larger `n`
//! with an odd number of high set bits it picks the wrong side, and the perfect jury wins.
use ojlib::games::xor_break;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let games: usize = input.read()?;
    for _ in 0..games {
        let n: u64 = input.read()?;
        let first = (n as u32).count_ones() % 2 == 0;
        out.line(if first { "first" } else { "second" });
        let mut offered = (n, n);
        if !first {
            out.flush().ok();
            match read_pair(&mut input)? {
                Some((0, 0)) => continue,
                Some(pair) => offered = pair,
                None => return Ok(()),
            }
        }
        loop {
            let (_, (p1, p2)) = xor_break::winning_move(offered).unwrap_or((0, (0, 0)));
            out.line((p1, p2));
            out.flush().ok();
            match read_pair(&mut input)? {
                Some((0, 0)) => break,
                Some(pair) => offered = pair,
                None => return Ok(()),
            }
        }
    }
    Ok(())
}

fn read_pair<R: std::io::Read>(input: &mut Scanner<R>) -> Result<Option<(u64, u64)>, InputError> {
    let (a, b): (i64, i64) = (input.read()?, input.read()?);
    if a < 0 || b < 0 {
        return Ok(None);
    }
    Ok(Some((a as u64, b as u64)))
}
