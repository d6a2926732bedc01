//! Brute force for hdu1517: the Sprague–Grundy search over the products `p` reachable from 1
//! (`multiplication::moves`), not the closed form.
use ojlib::games::{multiplication, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {
        let mut grundy = Grundy::new(multiplication::moves(n));
        out.line(if grundy.is_losing(&1) {
            "Ollie wins."
        } else {
            "Stan wins."
        });
    }
    Ok(())
}
