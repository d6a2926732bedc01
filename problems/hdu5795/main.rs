//! HDU 5795 A Simple Nim: heaps of candies; a move takes any positive number from one heap, or
//! splits one heap into three non-empty heaps; whoever cannot move loses. `T`, then per case
//! `n` and `n` heaps; print `First player wins.` or `Second player wins.` (the xor of
//! `split_three::heap_value`).
use ojlib::games::split_three;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let mut sum = 0;
        for _ in 0..n {
            sum ^= split_three::heap_value(input.read::<u64>()?);
        }
        out.line(if sum == 0 {
            "Second player wins."
        } else {
            "First player wins."
        });
    }
    Ok(())
}
