//! Brute force for hdu1536: the Sprague–Grundy search over whole positions (every heap at
//! once, a move takes an element of S from one heap), not the table of one heap.
use ojlib::games::sg::Grundy;
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(k) = input.next::<usize>()? {
        if k == 0 {
            break;
        }
        let set: Vec<u64> = input.read_vec(k)?;
        let mut grundy = Grundy::new(|heaps: &Vec<u64>| {
            let mut next = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for &s in set.iter().filter(|&&s| s <= h) {
                    let mut after = heaps.clone();
                    after[i] -= s;
                    after.sort_unstable();
                    next.push(after);
                }
            }
            next
        });
        let m = input.read::<usize>()?;
        let mut letters = String::new();
        for _ in 0..m {
            let l = input.read::<usize>()?;
            let mut heaps: Vec<u64> = input.read_vec(l)?;
            assert!(
                heaps.iter().all(|&h| h <= 40),
                "brute force: heaps too large"
            );
            heaps.sort_unstable();
            letters.push(if grundy.is_losing(&heaps) { 'L' } else { 'W' });
        }
        out.line(letters);
    }
    Ok(())
}
