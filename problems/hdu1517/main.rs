//! HDU 1517 A Multiplication Game: `p` starts at 1, Stan and Ollie take turns (Stan first) to
//! multiply it by 2 to 9, and whoever first makes `p >= n` wins. One `n` a line to the end of
//! input; print `Stan wins.` or `Ollie wins.` (`multiplication::first_player_wins`).
use ojlib::games::multiplication;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        out.line(if multiplication::first_player_wins(n) {
            "Stan wins."
        } else {
            "Ollie wins."
        });
    }
    Ok(())
}
