//! Brute force for hdu3980: the Sprague–Grundy search over the circles themselves (every set
//! of painted beads; a move paints `m` consecutive unpainted ones around the circle), by
//! `paint_chain::moves`, not the line table.
use ojlib::games::{paint_chain, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(paint_chain::moves);
    let cases = input.read::<u64>()?;
    for case in 1..=cases {
        let n = input.read::<u32>()?;
        let m = input.read::<u32>()?;
        let winner = if grundy.is_losing(&(n, m, 0)) {
            "abcdxyzk"
        } else {
            "aekdycoin"
        };
        out.line(format!("Case #{case}: {winner}").as_str());
    }
    Ok(())
}
