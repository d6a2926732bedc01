//! Luogu P1290 欧几里德的游戏: Euclid's game. `C`, then `C` lines `M N`; Stan moves first;
//! print `Stan wins` or `Ollie wins`.
use ojlib::games::euclid;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let (m, n) = (input.read::<u64>()?, input.read::<u64>()?);
        out.line(if euclid::first_player_wins(m, n) {
            "Stan wins"
        } else {
            "Ollie wins"
        });
    }
    Ok(())
}
