//! Luogu P2197 【模板】Nim 游戏: `T`, then per case `n` and `n` piles; print `Yes` if the first
//! player wins, else `No`.
use ojlib::games::nim;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let piles: Vec<u64> = input.read_vec(n)?;
        out.line(if nim::is_losing(&piles) { "No" } else { "Yes" });
    }
    Ok(())
}
