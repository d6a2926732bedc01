//! Brute force for hdu1907: the Sprague–Grundy search over misère Nim's moves (as a
//! normal-play game, see `anti_nim::moves`), not the anti-SG rule.
use ojlib::games::{anti_nim, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| anti_nim::moves(piles));
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let piles: Vec<u64> = input.read_vec(n)?;
        out.line(if grundy.is_losing(&piles) {
            "Brother"
        } else {
            "John"
        });
    }
    Ok(())
}
