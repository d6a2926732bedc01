//! Brute force for hdu1404: the Sprague–Grundy search over the strings themselves
//! (`digit_deletions::moves`, straight from the statement), not the numbered table.
use ojlib::games::{digit_deletions, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|s: &Vec<u8>| digit_deletions::moves(s));
    while let Some(digits) = input.next::<Vec<u8>>()? {
        out.line(if grundy.is_losing(&digits) {
            "No"
        } else {
            "Yes"
        });
    }
    Ok(())
}
