//! HDU 2516 取石子游戏: Fibonacci Nim. Cases of `n` until `n = 0`; the first move may not take
//! everything, later moves at most twice the previous one; print `Second win` if the first
//! player loses (n is a Fibonacci number), else `First win`.
use ojlib::games::fibonacci;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        if n == 0 {
            break;
        }
        out.line(if fibonacci::first_player_wins(n) {
            "First win"
        } else {
            "Second win"
        });
    }
    Ok(())
}
