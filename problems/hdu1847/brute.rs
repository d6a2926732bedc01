//! Brute force for hdu1847: the Sprague–Grundy search over the pile with the moves `2^k`,
//! not `n mod 3`.
use ojlib::games::{sg::Grundy, subtraction};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let powers: Vec<u64> = (0..20).map(|k| 1 << k).collect();
    let mut grundy = Grundy::new(subtraction::moves(&powers));
    while let Some(n) = input.next::<u64>()? {
        assert!(n < 1 << 20, "brute force: n = {n} is too large");
        out.line(if grundy.is_losing(&n) { "Cici" } else { "Kiki" });
    }
    Ok(())
}
