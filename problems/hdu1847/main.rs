//! HDU 1847 Good Luck in CET-4 Everybody!: `n` per line to the end of input; a move takes
//! `2^k` cards (1, 2, 4, 8, …) from the pile, Kiki first; whoever takes the last card wins.
//! `Kiki` if the first player wins, else `Cici`: Kiki loses exactly when `n` is a multiple of 3.
use ojlib::games::subtraction;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        out.line(if subtraction::powers_of_two_value(n) == 0 {
            "Cici"
        } else {
            "Kiki"
        });
    }
    Ok(())
}
