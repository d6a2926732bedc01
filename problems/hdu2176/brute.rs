//! Brute force for hdu2176: the Sprague–Grundy search over Nim's moves, not Bouton's theorem.
//! The winning moves are the successors (in the move function's order: by pile, then by size)
//! that are losing positions.
use ojlib::games::{nim, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| nim::moves(piles));
    while let Some(m) = input.next::<usize>()? {
        if m == 0 {
            break;
        }
        let piles: Vec<u64> = input.read_vec(m)?;
        if grundy.is_losing(&piles) {
            out.line("No");
            continue;
        }
        out.line("Yes");
        for next in nim::moves(&piles) {
            if grundy.is_losing(&next) {
                let i = (0..m).find(|&i| next[i] != piles[i]).unwrap();
                out.line((piles[i], next[i]));
            }
        }
    }
    Ok(())
}
