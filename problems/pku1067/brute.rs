//! Brute force for pku1067: the Sprague–Grundy search over Wythoff's moves, not the closed form.
use ojlib::games::{sg::Grundy, wythoff};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(wythoff::moves);
    while let Some(a) = input.next::<u64>()? {
        let b = input.read::<u64>()?;
        assert!(a.max(b) <= 1000, "brute force: ({a}, {b}) is too large");
        out.line(u8::from(!grundy.is_losing(&(a, b))));
    }
    Ok(())
}
