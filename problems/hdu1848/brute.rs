//! Brute force for hdu1848: the Sprague–Grundy search over the three piles together (a move
//! takes a Fibonacci number from one pile), not the table of one pile; the Fibonacci numbers
//! are its own, not the library's list that main.rs uses.
use ojlib::games::sg::Grundy;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut fibonacci = vec![1u64, 2];
    while fibonacci[fibonacci.len() - 1] < 100 {
        fibonacci.push(fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2]);
    }
    let mut grundy = Grundy::new(|piles: &[u64; 3]| {
        let mut next = Vec::new();
        for i in 0..3 {
            for &take in fibonacci.iter().filter(|&&f| f <= piles[i]) {
                let mut after = *piles;
                after[i] -= take;
                after.sort_unstable();
                next.push(after);
            }
        }
        next
    });
    while let Some(m) = input.next::<u64>()? {
        let mut piles = [m, input.read::<u64>()?, input.read::<u64>()?];
        if piles == [0, 0, 0] {
            break;
        }
        assert!(
            piles.iter().all(|&p| p <= 60),
            "brute force: piles too large"
        );
        piles.sort_unstable();
        out.line(if grundy.is_losing(&piles) {
            "Nacci"
        } else {
            "Fibo"
        });
    }
    Ok(())
}
