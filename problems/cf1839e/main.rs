//! Codeforces 1839E Decreasing Game (interactive). Read `n` and `a`, say `First` or `Second`,
//! then play rounds: as the first player print `i` and read the jury's `j`; as the second read
//! `i` and print `j`. A `0` from the jury means it cannot move (we won), `-1` that our move
//! was refused; both end the game. Second exactly when `a` splits into two parts of equal sum
//! (`games::decreasing`), answering from the other part.
use ojlib::games::decreasing;
use ojlib::io::{InputError, Scanner};

fn main() -> Result<(), InputError> {
    // Moves are buffered and flushed whenever the scanner waits for the jury.
    let mut input = Scanner::interactive();
    let n: usize = input.read()?;
    let mut a: Vec<u64> = input.read_vec(n)?;
    // The subset-sum table's size is what the limits bound: refuse what is over them.
    if n > 300 || a.iter().any(|&x| x > 300) {
        return Err(input.invalid("n and every a_i are at most 300"));
    }
    match decreasing::equal_split(&a) {
        None => {
            input.out().line("First");
            loop {
                let i = decreasing::first_move(&a).unwrap_or(0);
                input.out().line(i + 1);
                let j: i64 = input.read()?;
                if j <= 0 {
                    return Ok(());
                }
                decreasing::play(&mut a, i, j as usize - 1);
            }
        }
        Some(side) => {
            input.out().line("Second");
            loop {
                let i: i64 = input.read()?;
                if i <= 0 {
                    return Ok(());
                }
                let i = i as usize - 1;
                let j = decreasing::second_reply(&a, &side, i).unwrap_or(i);
                input.out().line(j + 1);
                decreasing::play(&mut a, i, j);
            }
        }
    }
}
