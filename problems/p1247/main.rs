//! Luogu P1247 取火柴游戏: Nim. `k`, then `k` piles. Print `lose` if the first player loses;
//! else the winning move with the smallest pile number, `a b` (take a from pile b, 1-based),
//! and on the next line the piles after it.
use ojlib::games::nim;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let k = input.read::<usize>()?;
    let mut piles: Vec<u64> = input.read_vec(k)?;
    let first_win = nim::winning_moves(&piles).next();
    match first_win {
        None => {
            out.line("lose");
        }
        Some((i, target)) => {
            out.line((piles[i] - target, i + 1));
            piles[i] = target;
            out.line(&piles);
        }
    }
    Ok(())
}
