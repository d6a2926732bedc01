//! Brute force for poj1740: the Sprague–Grundy search over whole positions (`spread::moves`:
//! every cut of one pile and every way to hand its stones to the others), not the pairing rule.
use ojlib::games::{sg::Grundy, spread};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|piles: &Vec<u64>| spread::moves(piles));
    loop {
        let n = input.read::<usize>()?;
        if n == 0 {
            break;
        }
        let mut piles: Vec<u64> = input.read_vec(n)?;
        piles.retain(|&p| p > 0);
        piles.sort_unstable();
        out.line(u8::from(!grundy.is_losing(&piles)));
    }
    Ok(())
}
