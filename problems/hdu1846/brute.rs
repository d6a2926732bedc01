//! Brute force for hdu1846: the Sprague–Grundy search over Bash's game's moves, not the
//! closed form.
use ojlib::games::{bash, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(bash::moves);
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let (n, m) = (input.read::<u64>()?, input.read::<u64>()?);
        assert!(n <= 10_000, "brute force: n = {n} is too large");
        out.line(if grundy.is_losing(&(n, m)) {
            "second"
        } else {
            "first"
        });
    }
    Ok(())
}
