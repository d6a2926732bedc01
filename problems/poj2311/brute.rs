//! Brute force for poj2311: the search over every set of pieces by the original rule (a
//! position holding a `1 × 1` piece is over, its maker won), not the multi-SG table.
use ojlib::games::{multi_sg, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|p: &Vec<(u32, u32)>| multi_sg::cutting_moves_by_the_rule(p));
    while let Some(w) = input.next::<u32>()? {
        let h = input.read::<u32>()?;
        assert!(w * h <= 12, "brute force: sheet too large");
        out.line(if grundy.is_losing(&vec![(w, h)]) {
            "LOSE"
        } else {
            "WIN"
        });
    }
    Ok(())
}
