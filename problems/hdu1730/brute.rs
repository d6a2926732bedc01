//! Brute force for hdu1730: the retrograde analysis of `loopy::Loopy` over whole boards with
//! the side to move (`northcott::moves`: each player moves only their own pieces, retreats
//! allowed), not the Nim of the gaps. A draw, which the theorem rules out, prints `DRAW`.
use ojlib::games::{loopy::Loopy, northcott};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<usize>()? {
        let m = input.read::<u8>()?;
        let mut rows = Vec::new();
        for _ in 0..n {
            rows.push((input.read::<u8>()?, input.read::<u8>()?));
        }
        let start: northcott::Board = (m, rows, true);
        let game = Loopy::solve([start.clone()], northcott::moves);
        let outcome = game.outcome(&start).expect("the start is solved");
        out.line(if outcome.is_draw() {
            "DRAW"
        } else if outcome.is_win() {
            "I WIN!"
        } else {
            "BAD LUCK!"
        });
    }
    Ok(())
}
