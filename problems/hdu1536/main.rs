//! HDU 1536 (also POJ 2960) S-Nim: test cases of a move set `k s1 … sk`, then `m` positions
//! `l h1 … hl`, until `k = 0`; a move takes `s` beads from one heap for an `s` in the set. Per
//! test case one line of `m` letters: `W` if the player to move wins the position, else `L`.
use ojlib::games::subtraction::Values;
use ojlib::io::{InputError, Scanner, Writer};

/// Heaps up to this size are looked up in a table; larger ones in the period found in it.
const TABLE_LIMIT: usize = 1 << 18;

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(k) = input.next::<usize>()? {
        if k == 0 {
            break;
        }
        let moves: Vec<u64> = input.read_vec(k)?;
        if moves.contains(&0) {
            let why = format!("the move set {moves:?} has 0; a move takes at least one bead");
            return Err(input.invalid(&why));
        }
        let m = input.read::<usize>()?;
        let mut positions = Vec::new(); // not with_capacity(m): m may be far beyond the input
        for _ in 0..m {
            let l = input.read::<usize>()?;
            positions.push(input.read_vec::<u64>(l)?);
        }
        let largest = positions.iter().flatten().copied().max().unwrap_or(0);
        let values = Values::up_to(&moves, largest, TABLE_LIMIT).ok_or_else(|| {
            input.invalid(&format!("heap {largest} is beyond {TABLE_LIMIT}, and the values of S = {moves:?} show no period within it"))
        })?;
        let letters: String = positions
            .iter()
            .map(|heaps| {
                let sum = heaps.iter().fold(0, |sum, &h| sum ^ values.value(h));
                if sum == 0 {
                    'L'
                } else {
                    'W'
                }
            })
            .collect();
        out.line(letters);
    }
    Ok(())
}
