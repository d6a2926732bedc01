//! Brute force for hdu5795: each heap's value by the Sprague–Grundy search over the positions
//! it splits into (`split_three::moves`: take from a heap, or split it in three), and the
//! position's as their xor (the sum theorem), not the closed form. A search over whole
//! positions of three heaps of 16 takes minutes.
use ojlib::games::{sg::Grundy, split_three};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|heaps: &Vec<u64>| split_three::moves(heaps));
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let heaps: Vec<u64> = input.read_vec(n)?;
        let parts: Vec<Vec<u64>> = heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect();
        out.line(if grundy.sum_value(&parts) == 0 {
            "Second player wins."
        } else {
            "First player wins."
        });
    }
    Ok(())
}
