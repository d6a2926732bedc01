//! HDU 1730 Northcott Game: `n m`, then `n` rows `Ti Ji`, the columns (1 to `m`) of Tom's and
//! Jerry's pieces in each row of the board; a move takes one's own piece along its row to
//! any empty cell, forwards or back, without jumping the other piece; whoever cannot move
//! loses; Tom moves first. Test cases to the end of input; print `I WIN!` if Tom wins, else
//! `BAD LUCK!`: Nim on the gaps between the pieces (`northcott::is_losing`).
use ojlib::games::northcott;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut rows = Vec::new();
    let mut case = 0;
    while let Some(n) = input.next::<usize>()? {
        case += 1;
        let m = input.read::<u64>()?;
        rows.clear();
        for row in 1..=n {
            let tom = input.read::<u64>()?;
            let jerry = input.read::<u64>()?;
            if tom == jerry || !(1..=m).contains(&tom) || !(1..=m).contains(&jerry) {
                let why = format!(
                    "case {case}, row {row}: pieces at {tom} and {jerry}; they must be two \
                     different columns from 1 to m = {m}"
                );
                return Err(input.invalid(&why));
            }
            rows.push((tom, jerry));
        }
        out.line(if northcott::is_losing(&rows) {
            "BAD LUCK!"
        } else {
            "I WIN!"
        });
    }
    Ok(())
}
