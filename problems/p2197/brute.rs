//! Brute force for p2197: the Sprague–Grundy search over Nim's moves, not Bouton's theorem.
use ojlib::games::{nim, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| nim::moves(piles));
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let piles: Vec<u64> = input.read_vec(n)?;
        out.line(if grundy.is_losing(&piles) {
            "No"
        } else {
            "Yes"
        });
    }
    Ok(())
}
