//! HDU 2147 kiki's game: lines `n m` until `0 0`; a coin starts in the top-right square of an
//! `n × m` board and moves one square left, down, or down-left; whoever cannot move loses.
//! `Wonderful!` if kiki (first) wins, else `What a pity!`: she loses when both are odd.
use ojlib::games::corner;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        let m = input.read::<u64>()?;
        if n == 0 && m == 0 {
            break;
        }
        if n == 0 || m == 0 {
            return Err(input.invalid(&format!("a board of {n} x {m} has no square")));
        }
        out.line(if corner::first_player_wins(n, m) {
            "Wonderful!"
        } else {
            "What a pity!"
        });
    }
    Ok(())
}
