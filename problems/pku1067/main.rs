//! POJ 1067 取石子游戏: Wythoff's game. Pairs `a b` until the end of input (`0 0` is a real
//! case); print 1 if the first player wins, else 0.
use ojlib::games::wythoff;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(a) = input.next::<u64>()? {
        let b = input.read::<u64>()?;
        out.line(u8::from(!wythoff::is_losing(a, b)));
    }
    Ok(())
}
