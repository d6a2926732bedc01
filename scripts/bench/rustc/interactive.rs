//! The round-trip benchmark's solution with the library (bundled by `make bench`): the jury's
//! count, then for each number the jury sends, that number plus one, with
//! `Scanner::interactive`, which flushes the move before it waits for the next number.
use ojlib::io::{InputError, Scanner};

fn main() -> Result<(), InputError> {
    let mut jury = Scanner::interactive();
    let rounds: u64 = jury.read()?;
    for _ in 0..rounds {
        let x: u64 = jury.read()?;
        jury.out().line(x + 1);
    }
    Ok(())
}
