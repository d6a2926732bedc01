//! POJ 1704 Georgia and Bob: `T` cases of `N` and `N` distinct positions (cells 1, 2, …) of
//! chessmen on a line; a move shifts one chessman left, not onto or past another and not off
//! the board; Georgia moves first. `Georgia will win` or `Bob will win`: Staircase Nim on the
//! gaps before the chessmen (the game is finite and has no draws, so never `Not sure`).
use ojlib::games::staircase::{self, LineError};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<usize>()?;
    let mut positions = Vec::new();
    for case in 1..=cases {
        let n = input.read::<usize>()?;
        input.read_into(&mut positions, n)?;
        let steps = staircase::chessmen_steps(&positions).map_err(|error| match error {
            LineError::Zero => format!("case {case}: a chessman on cell 0; cells start at 1"),
            LineError::Shared(cell) => format!("case {case}: two chessmen on cell {cell}"),
        });
        let steps = steps.map_err(|why| input.invalid(&why))?;
        out.line(if staircase::value(&steps) == 0 {
            "Bob will win"
        } else {
            "Georgia will win"
        });
    }
    Ok(())
}
