//! HDU 3544 Alice's Game: chocolates of `X × Y`; Alice cuts one into `X1 × Y` and `X2 × Y`,
//! Bob one into `X × Y1` and `X × Y2`; whoever cannot cut loses; Alice moves first. `T`, then
//! per case `N` and `N` lines `X Y`; print `Case i: Alice` or `Case i: Bob`. Cut-cake: every
//! chocolate is an integer (`cut_cake::value`), Alice wins when their sum is positive.
use ojlib::games::cut_cake;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for case in 1..=cases {
        let n = input.read::<usize>()?;
        let mut sum: i128 = 0;
        for _ in 0..n {
            let x = input.read::<u64>()?;
            let y = input.read::<u64>()?;
            if x == 0 || y == 0 {
                let why =
                    format!("case {case}: a chocolate of {x} × {y}; both sides are at least 1");
                return Err(input.invalid(&why));
            }
            sum += cut_cake::value(x, y);
        }
        let winner = if sum > 0 { "Alice" } else { "Bob" };
        out.put("Case ").put(case).put(": ").line(winner);
    }
    Ok(())
}
