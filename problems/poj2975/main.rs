//! POJ 2975 Nim: cases of `n` and `n` piles until `n = 0`; print how many first moves win
//! (moves that leave a nim-sum of 0).
use ojlib::games::nim;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<usize>()? {
        if n == 0 {
            break;
        }
        let piles: Vec<u64> = input.read_vec(n)?;
        out.line(nim::winning_move_count(&piles));
    }
    Ok(())
}
