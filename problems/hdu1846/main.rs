//! HDU 1846 Brave Game: Bash's game. `C`, then `C` lines `n m`: a pile of `n`, take 1 to `m`,
//! whoever takes the last stone wins; print `first` if the first player wins, else `second`.
use ojlib::games::bash;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let (n, m) = (input.read::<u64>()?, input.read::<u64>()?);
        out.line(if bash::is_losing(n, m) {
            "second"
        } else {
            "first"
        });
    }
    Ok(())
}
