//! Luogu P2148 [SDOI2009] E&D: piles in pairs; a move removes one pile of a pair and splits the
//! other into two. `T`, then per case an even `N` and `N` piles; print `YES` if the first player
//! wins, else `NO`.
use ojlib::games::pair_split;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    let mut piles = Vec::new();
    for case in 1..=cases {
        let n = input.read::<usize>()?;
        if n % 2 == 1 {
            let why = format!("case {case}: N = {n} is odd, but the piles come in pairs");
            return Err(input.invalid(&why));
        }
        input.read_into(&mut piles, n)?;
        out.line(if pair_split::is_losing(&piles) {
            "NO"
        } else {
            "YES"
        });
    }
    Ok(())
}
