//! Brute force for hdu1524: the Sprague–Grundy search over the multiset of all chessmen's
//! positions at once (a move takes one chessman along one edge), not the xor of single values.
use ojlib::games::sg::Grundy;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<usize>()? {
        let mut edges = Vec::new();
        for _ in 0..n {
            let x = input.read::<usize>()?;
            edges.push(input.read_vec::<usize>(x)?);
        }
        let mut grundy = Grundy::new(|chessmen: &Vec<usize>| {
            let mut next = Vec::new();
            for (i, &p) in chessmen.iter().enumerate() {
                for &to in &edges[p] {
                    let mut after = chessmen.clone();
                    after[i] = to;
                    after.sort_unstable();
                    next.push(after);
                }
            }
            next
        });
        loop {
            let m = input.read::<usize>()?;
            if m == 0 {
                break;
            }
            let mut chessmen: Vec<usize> = input.read_vec(m)?;
            chessmen.sort_unstable();
            out.line(if grundy.is_losing(&chessmen) {
                "LOSE"
            } else {
                "WIN"
            });
        }
    }
    Ok(())
}
