//! HDU 3032 Nim or not Nim?: Lasker's Nim (take any number from a heap, or split a heap in
//! two). `T`, then per case `N` and `N` heaps; Alice moves first; print `Alice` if she wins,
//! else `Bob`.
use ojlib::games::lasker;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    let mut heaps = Vec::new();
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        input.read_into(&mut heaps, n)?;
        out.line(if lasker::is_losing(&heaps) {
            "Bob"
        } else {
            "Alice"
        });
    }
    Ok(())
}
