//! HDU 1848 Fibonacci again and again: lines `m n p` until `0 0 0`; three piles, a move takes
//! a Fibonacci number (1, 2, 3, 5, 8, …) of stones from one pile; `Fibo` if the first player
//! wins, else `Nacci`. The values of one pile have no known closed form: a table, grown to the
//! largest pile asked so far.
use ojlib::games::subtraction;
use ojlib::io::{InputError, Scanner, Writer};

/// The largest pile the table grows to (the statement promises at most 1000).
const LARGEST_PILE: u64 = 1 << 22;

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut values = Vec::new();
    let mut case = 0;
    while let Some(m) = input.next::<u64>()? {
        case += 1;
        let piles = [m, input.read::<u64>()?, input.read::<u64>()?];
        if piles == [0, 0, 0] {
            break;
        }
        let largest = piles.iter().copied().max().unwrap_or(0);
        if largest > LARGEST_PILE {
            return Err(input.invalid(&format!(
                "case {case}: a pile of {largest} is beyond the {LARGEST_PILE} the table reaches"
            )));
        }
        if largest as usize >= values.len() {
            let len = (largest as usize + 1).max(2 * values.len());
            values = subtraction::table(&subtraction::fibonacci_moves(len as u64), len);
        }
        let sum = piles.iter().fold(0, |sum, &p| sum ^ values[p as usize]);
        out.line(if sum == 0 { "Nacci" } else { "Fibo" });
    }
    Ok(())
}
