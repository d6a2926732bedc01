//! POJ 3537 Crosses and Crosses: a strip of `n` cells; the players put crosses on empty cells
//! in turn, and whoever first makes three in a row wins. The input is `n` (read to the end of
//! input, one answer a line); print `1` if the first player wins, else `2`. A cross closes the
//! cells within two of it, so the strip plays as the octal game `0.007`
//! (`treblecross::values`), which has no known closed form: it is tabulated in O(n²), for `n`
//! up to `LIMIT`.
use ojlib::games::treblecross;
use ojlib::io::{InputError, Scanner, Writer};

/// The longest strip tabulated: the statement's 2000 in 62 ms, 5000 in about 0.4 s.
const LIMIT: u64 = 5000;

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut values = Vec::new();
    while let Some(n) = input.next::<u64>()? {
        if n > LIMIT {
            let why = format!(
                "n = {n} is beyond {LIMIT}, the longest strip this solution tabulates \
                 (Treblecross has no known closed form; the statement has n <= 2000)"
            );
            return Err(input.invalid(&why));
        }
        let n = n as usize;
        if n >= values.len() {
            values = treblecross::values(n.max(2 * values.len()));
        }
        out.line(if values[n] != 0 { 1 } else { 2 });
    }
    Ok(())
}
