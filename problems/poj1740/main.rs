//! POJ 1740 A New Stone Game: piles of stones; a move removes at least one stone from a pile
//! and may move any of the rest of that pile onto other piles; whoever cannot move loses.
//! Test cases `n` and `n` piles until `n = 0`; print `1` if Alice (first) wins, else `0`: she
//! loses exactly when the piles pair up (`spread::is_losing`).
use ojlib::games::spread;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut piles = Vec::new();
    loop {
        let n = input.read::<usize>()?;
        if n == 0 {
            break;
        }
        input.read_into(&mut piles, n)?;
        out.line(u8::from(!spread::is_losing(&piles)));
    }
    Ok(())
}
