//! Luogu P2148 [SDOI2009] E&D: piles in pairs; a move removes one pile of a pair and splits the
//! other into two. `T`, then per case an even `N` and `N` piles; print `YES` if the first player
//! wins, else `NO`.
use ojlib::games::pair_split;
use ojlib::io::{Scanner, Writer};
use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    let mut piles = Vec::new();
    for case in 1..=cases {
        let n = input.read::<usize>()?;
        if n % 2 == 1 {
            return Err(format!("case {case}: N = {n} is odd, but the piles come in pairs").into());
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
