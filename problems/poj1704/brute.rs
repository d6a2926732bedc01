//! Brute force for poj1704: the Sprague–Grundy search over the chessmen's positions with the
//! rule's moves, not the staircase.
use ojlib::games::{sg::Grundy, staircase};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|p: &Vec<u64>| staircase::chessmen_moves(p));
    for _ in 0..input.read::<usize>()? {
        let n = input.read::<usize>()?;
        let mut positions: Vec<u64> = input.read_vec(n)?;
        positions.sort_unstable();
        assert!(
            positions.iter().all(|&p| p <= 20),
            "brute force: board too long"
        );
        out.line(if grundy.is_losing(&positions) {
            "Bob will win"
        } else {
            "Georgia will win"
        });
    }
    Ok(())
}
