//! HDU 2176 取(m堆)石子游戏: Nim. Cases of `m` and `m` piles until `m = 0`; print `No` if the
//! first player loses, else `Yes` and every winning move `a b` (pile a to b) in pile order.
use ojlib::games::nim;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(m) = input.next::<usize>()? {
        if m == 0 {
            break;
        }
        let piles: Vec<u64> = input.read_vec(m)?;
        if nim::is_losing(&piles) {
            out.line("No");
            continue;
        }
        out.line("Yes");
        for (i, target) in nim::winning_moves(&piles) {
            out.line((piles[i], target));
        }
    }
    Ok(())
}
