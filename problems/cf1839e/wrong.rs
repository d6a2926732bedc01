//! A planted wrong solution for `ojgames stress`: it plays second whenever the sum is even,
//! answering each `i` with the largest other entry, as if an even sum always split in two.
//! Right when the sum is odd; an even sum that does not split (`4 1 1`) loses.
use ojlib::games::decreasing;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let n: usize = input.read()?;
    let mut a: Vec<u64> = input.read_vec(n)?;
    let side = decreasing::equal_split(&a);
    if a.iter().sum::<u64>() % 2 == 1 {
        out.line("First");
        loop {
            let i = decreasing::first_move(&a).unwrap_or(0);
            out.line(i + 1);
            out.flush().ok();
            let j: i64 = input.read()?;
            if j <= 0 {
                return Ok(());
            }
            decreasing::play(&mut a, i, j as usize - 1);
        }
    }
    out.line("Second");
    loop {
        out.flush().ok();
        let i: i64 = input.read()?;
        if i <= 0 {
            return Ok(());
        }
        let i = i as usize - 1;
        let j = match &side {
            Some(side) => decreasing::second_reply(&a, side, i).unwrap_or(i),
            None => (0..n)
                .filter(|&j| j != i)
                .max_by_key(|&j| a[j])
                .unwrap_or(i),
        };
        out.line(j + 1);
        decreasing::play(&mut a, i, j);
    }
}
