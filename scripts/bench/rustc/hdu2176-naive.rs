//! HDU 2176 the naive std way: `read_line`, `split_whitespace`, `parse`, `println!`.
use std::io::BufRead;

struct Tokens {
    stdin: std::io::Stdin,
    line: String,
    pending: Vec<u64>,
}

impl Tokens {
    fn next(&mut self) -> u64 {
        loop {
            if let Some(token) = self.pending.pop() {
                return token;
            }
            self.line.clear();
            if self.stdin.lock().read_line(&mut self.line).unwrap() == 0 {
                panic!("unexpected end of input");
            }
            self.pending = self
                .line
                .split_whitespace()
                .rev()
                .map(|t| t.parse().unwrap())
                .collect();
        }
    }
}

fn main() {
    let mut tokens = Tokens {
        stdin: std::io::stdin(),
        line: String::new(),
        pending: Vec::new(),
    };
    loop {
        let m = tokens.next() as usize;
        if m == 0 {
            break;
        }
        let piles: Vec<u64> = (0..m).map(|_| tokens.next()).collect();
        let sum = piles.iter().fold(0, |s, &p| s ^ p);
        if sum == 0 {
            println!("No");
            continue;
        }
        println!("Yes");
        for &pile in &piles {
            if pile ^ sum < pile {
                println!("{} {}", pile, pile ^ sum);
            }
        }
    }
}
