//! Brute force for p1247: the first successor, in the order of Nim's move function (by pile,
//! then by size), that the Sprague–Grundy search finds losing. Not Bouton's theorem.
use ojlib::games::{nim, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| nim::moves(piles));
    let k = input.read::<usize>()?;
    let piles: Vec<u64> = input.read_vec(k)?;
    let first_win = nim::moves(&piles)
        .into_iter()
        .find(|next| grundy.is_losing(next));
    match first_win {
        None => {
            out.line("lose");
        }
        Some(next) => {
            let i = (0..k).find(|&i| next[i] != piles[i]).unwrap();
            out.line((piles[i] - next[i], i + 1));
            out.line(&next);
        }
    }
    Ok(())
}
