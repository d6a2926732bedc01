//! Brute force for poj3537: the Sprague–Grundy search over the boards themselves (every set
//! of crosses; a move puts one more; a board with three in a row has no move), by
//! `treblecross::moves`, not the octal table. Strips of 1 and 2, where three never fit, are
//! the judges' convention (the first player wins), not a search.
use ojlib::games::{sg::Grundy, treblecross};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(treblecross::moves);
    while let Some(n) = input.next::<u32>()? {
        let wins = matches!(n, 1 | 2) || !grundy.is_losing(&(n, 0));
        out.line(if wins { 1 } else { 2 });
    }
    Ok(())
}
