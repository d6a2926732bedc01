//! Brute force for hdu3032: the Sprague–Grundy search over whole positions of Lasker's Nim
//! (`Octal::lasker().moves`), not the closed form.
use ojlib::games::{octal::Octal, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let game = Octal::lasker();
    let mut grundy = Grundy::new(|heaps: &Vec<u64>| game.moves(heaps));
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let mut heaps: Vec<u64> = input.read_vec(n)?;
        heaps.sort_unstable();
        out.line(if grundy.is_losing(&heaps) {
            "Bob"
        } else {
            "Alice"
        });
    }
    Ok(())
}
