//! HDU 3595 GG and MM: Every-SG over Euclid's game. Cases of `N` and `N` games `p q` until the
//! end of input; MM moves first; print `MM` if MM wins, else `GG`.
use ojlib::games::every_sg;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(games) = input.next::<u64>()? {
        let mut largest_step = 0;
        for _ in 0..games {
            let (p, q) = (input.read::<u64>()?, input.read::<u64>()?);
            largest_step = largest_step.max(every_sg::euclid_steps(p, q));
        }
        out.line(if every_sg::first_player_wins(largest_step) {
            "MM"
        } else {
            "GG"
        });
    }
    Ok(())
}
