//! Brute force for hdu2897: the misère Sprague–Grundy search over heap sizes
//! (`sg::misere(misere_bash::moves(p, q))`), not the residue rule.
use ojlib::games::{misere_bash, sg};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        let p = input.read::<u64>()?;
        let q = input.read::<u64>()?;
        let mut grundy = sg::Grundy::new(sg::misere(misere_bash::moves(p, q)));
        out.line(if grundy.is_losing(&Some(n)) {
            "LOST"
        } else {
            "WIN"
        });
    }
    Ok(())
}
