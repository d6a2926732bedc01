//! POJ 2311 Cutting Game: lines `W H` to the end of input; a move cuts one piece of a `W × H`
//! sheet in two along a grid line; whoever cuts out a `1 × 1` piece wins. `WIN` if the first
//! player wins, else `LOSE`. Multi-SG: a cut makes a sum of two games (`games::multi_sg`).
use ojlib::games::multi_sg;
use ojlib::io::{InputError, Scanner, Writer};

/// The largest side the table grows to (the statement promises at most 200; the table is
/// cubic in it).
const LARGEST_SIDE: u64 = 500;

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut table: Vec<Vec<u32>> = Vec::new();
    let mut case = 0;
    while let Some(w) = input.next::<u64>()? {
        case += 1;
        let h = input.read::<u64>()?;
        if !(2..=LARGEST_SIDE).contains(&w) || !(2..=LARGEST_SIDE).contains(&h) {
            return Err(input.invalid(&format!(
                "case {case}: a {w} x {h} sheet; its sides must be from 2 to {LARGEST_SIDE}"
            )));
        }
        let side = w.max(h) as usize;
        if side >= table.len() {
            table = multi_sg::cutting_table(side.max(200));
        }
        out.line(if table[w as usize][h as usize] == 0 {
            "LOSE"
        } else {
            "WIN"
        });
    }
    Ok(())
}
