//! HDU 2897 邂逅明下: a heap of `n` coins; a move takes `p` to `q` coins, or all of them when
//! fewer than `p` are left; whoever takes the last coin loses. Lines `n p q` to the end of
//! input; print `WIN` if the first player wins, else `LOST` (`misere_bash::is_losing`).
use ojlib::games::misere_bash;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        let p = input.read::<u64>()?;
        let q = input.read::<u64>()?;
        let losing = misere_bash::is_losing(n, p, q).ok_or_else(|| {
            input.invalid(&format!(
                "p = {p}, q = {q}: the statement needs 1 <= p <= q"
            ))
        })?;
        out.line(if losing { "LOST" } else { "WIN" });
    }
    Ok(())
}
