//! Brute force for p1290: the Sprague–Grundy search over Euclid's game's moves, not the
//! closed form.
use ojlib::games::{euclid, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(euclid::moves);
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let (m, n) = (input.read::<u64>()?, input.read::<u64>()?);
        assert!(m.max(n) <= 10_000, "brute force: ({m}, {n}) is too large");
        out.line(if grundy.is_losing(&(m, n)) {
            "Ollie wins"
        } else {
            "Stan wins"
        });
    }
    Ok(())
}
