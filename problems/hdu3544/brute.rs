//! Brute force for hdu3544: the partizan search over (the set of chocolates, side to move),
//! `partizan::Partizan`, with Alice (Left) cutting the first side and Bob (Right) the second,
//! straight from the statement; not the cut-cake values.
use ojlib::games::partizan::{Partizan, Side};
use ojlib::io::{InputError, Scanner, Writer};

/// The chocolates, sorted; `1 × 1` pieces (no cut left) are dropped.
type Chocolates = Vec<(u64, u64)>;

fn with_pieces(chocolates: &Chocolates, i: usize, pieces: [(u64, u64); 2]) -> Chocolates {
    let mut next = chocolates.clone();
    next.remove(i);
    next.extend(pieces.iter().filter(|&&piece| piece != (1, 1)));
    next.sort_unstable();
    next
}

/// Alice splits `X × Y` into `X1 × Y` and `X2 × Y`.
fn alice(chocolates: &Chocolates) -> Vec<Chocolates> {
    let mut next = Vec::new();
    for (i, &(x, y)) in chocolates.iter().enumerate() {
        for x1 in 1..x {
            next.push(with_pieces(chocolates, i, [(x1, y), (x - x1, y)]));
        }
    }
    next
}

/// Bob splits `X × Y` into `X × Y1` and `X × Y2`.
fn bob(chocolates: &Chocolates) -> Vec<Chocolates> {
    let mut next = Vec::new();
    for (i, &(x, y)) in chocolates.iter().enumerate() {
        for y1 in 1..y {
            next.push(with_pieces(chocolates, i, [(x, y1), (x, y - y1)]));
        }
    }
    next
}

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut game = Partizan::new(alice, bob);
    let cases = input.read::<u64>()?;
    for case in 1..=cases {
        let n = input.read::<usize>()?;
        let mut chocolates = Chocolates::new();
        for _ in 0..n {
            let x = input.read::<u64>()?;
            let y = input.read::<u64>()?;
            if (x, y) != (1, 1) {
                chocolates.push((x, y));
            }
        }
        chocolates.sort_unstable();
        let winner = match game.winner(&chocolates, Side::Left) {
            Side::Left => "Alice",
            Side::Right => "Bob",
        };
        out.line(format!("Case {case}: {winner}").as_str());
    }
    Ok(())
}
