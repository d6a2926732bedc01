//! HDU 4315 Climbing the Hill: `n k`, then the distances `a1 < … < an` of `n` people from the
//! top of a hill, the `k`-th being the king; a move takes a person up, never onto or past
//! another (the top holds any number); whoever takes the king to the top wins. Test cases to
//! the end of input; print `Alice` if the first player wins, else `Bob`
//! (`hill::first_player_wins`).
use ojlib::games::hill;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut positions: Vec<u64> = Vec::new();
    let mut case = 0;
    while let Some(n) = input.next::<usize>()? {
        case += 1;
        let k = input.read::<usize>()?;
        if k == 0 || k > n {
            let why = format!("case {case}: the king is person {k} of {n}");
            return Err(input.invalid(&why));
        }
        positions.clear();
        for i in 0..n {
            let at = input.read::<u64>()?;
            if positions.last().map_or(at == 0, |&above| at <= above) {
                let why = format!(
                    "case {case}: person {} at {at}; the distances must be at least 1 and increase",
                    i + 1
                );
                return Err(input.invalid(&why));
            }
            positions.push(at);
        }
        out.line(if hill::first_player_wins(&positions, k - 1) {
            "Alice"
        } else {
            "Bob"
        });
    }
    Ok(())
}
