//! Brute force for poj2975: counts the successors (by Nim's move function) that the
//! Sprague–Grundy search finds losing. Not Bouton's theorem.
use ojlib::games::{nim, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| nim::moves(piles));
    while let Some(n) = input.next::<usize>()? {
        if n == 0 {
            break;
        }
        let piles: Vec<u64> = input.read_vec(n)?;
        let winning = nim::moves(&piles)
            .iter()
            .filter(|next| grundy.is_losing(next))
            .count();
        out.line(winning);
    }
    Ok(())
}
