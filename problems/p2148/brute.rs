//! Brute force for p2148: the Sprague–Grundy search over the whole position (every pair at
//! once, moved by `pair_split::moves`), not the closed form.
use ojlib::games::{pair_split, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

fn position_moves(pairs: &[(u64, u64)]) -> Vec<Vec<(u64, u64)>> {
    let mut next = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        for moved in pair_split::moves(pair) {
            let mut position = pairs.to_vec();
            position[i] = moved;
            next.push(position);
        }
    }
    next
}

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(|pairs: &Vec<(u64, u64)>| position_moves(pairs));
    let cases = input.read::<u64>()?;
    for _ in 0..cases {
        let n = input.read::<usize>()?;
        let piles: Vec<u64> = input.read_vec(n)?;
        let pairs: Vec<(u64, u64)> = piles.chunks(2).map(|p| (p[0], p[1])).collect();
        out.line(if grundy.is_losing(&pairs) {
            "NO"
        } else {
            "YES"
        });
    }
    Ok(())
}
