//! Brute force for hdu2516: the Sprague–Grundy search over Fibonacci Nim's moves from
//! `(n, n - 1)` (the first move may not take everything), not the Fibonacci test.
use ojlib::games::{fibonacci, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(fibonacci::moves);
    while let Some(n) = input.next::<u64>()? {
        if n == 0 {
            break;
        }
        assert!(n <= 1000, "brute force: n = {n} is too large");
        out.line(if grundy.is_losing(&(n, n - 1)) {
            "Second win"
        } else {
            "First win"
        });
    }
    Ok(())
}
