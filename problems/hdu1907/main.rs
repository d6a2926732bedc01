//! HDU 1907 John: misère Nim (whoever eats the last M&M loses). `T`, then per case `N` and `N`
//! piles; John moves first; print `John` if he wins, else `Brother`.
use ojlib::games::anti_nim;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let piles: Vec<u64> = input.read_vec(n)?;
        out.line(if anti_nim::first_player_wins(&piles) {
            "John"
        } else {
            "Brother"
        });
    }
    Ok(())
}
