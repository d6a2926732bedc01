//! Brute force for hdu2147: the Sprague–Grundy search over the coin's distances to the
//! bottom-left corner, not the parity rule.
use ojlib::games::{corner, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(corner::moves);
    while let Some(n) = input.next::<u64>()? {
        let m = input.read::<u64>()?;
        if n == 0 && m == 0 {
            break;
        }
        assert!(n <= 300 && m <= 300, "brute force: board too large");
        out.line(if grundy.is_losing(&(n - 1, m - 1)) {
            "What a pity!"
        } else {
            "Wonderful!"
        });
    }
    Ok(())
}
