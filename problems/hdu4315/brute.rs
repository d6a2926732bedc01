//! Brute force for hdu4315: the Sprague–Grundy search over the people's positions and the
//! king's index (`hill::moves`, straight from the statement), not the staircase.
use ojlib::games::{hill, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(hill::moves);
    while let Some(n) = input.next::<usize>()? {
        let k = input.read::<usize>()?;
        let positions: Vec<u64> = input.read_vec(n)?;
        out.line(if grundy.is_losing(&Some((positions, k - 1))) {
            "Bob"
        } else {
            "Alice"
        });
    }
    Ok(())
}
