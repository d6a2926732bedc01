//! The round-trip benchmark's jury: `interactive-jury SOLUTION ROUNDS` runs SOLUTION with its
//! stdin and stdout on pipes, sends ROUNDS, then plays ROUNDS moves: it sends a number and
//! waits for the solution's answer (the number plus one) before it sends the next, so each
//! move costs one round trip through both processes. Prints the rounds and the last answer.
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Command, Stdio};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (solution, rounds) = match args.as_slice() {
        [_, solution, rounds] => (solution, rounds.parse::<u64>().expect("ROUNDS")),
        _ => panic!("usage: interactive-jury SOLUTION ROUNDS"),
    };
    let mut child = Command::new(solution)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("running the solution");
    let mut to = BufWriter::new(child.stdin.take().unwrap());
    let mut from = BufReader::new(child.stdout.take().unwrap());
    writeln!(to, "{rounds}").unwrap();
    let (mut x, mut line) = (1u64, String::new());
    for _ in 0..rounds {
        writeln!(to, "{x}").unwrap();
        to.flush().unwrap();
        line.clear();
        from.read_line(&mut line).unwrap();
        let answer: u64 = line.trim().parse().expect("a number");
        assert_eq!(answer, x + 1, "a wrong answer");
        x = answer.wrapping_mul(6364136223846793005) >> 1;
    }
    drop(to);
    assert!(child.wait().unwrap().success(), "the solution failed");
    println!("{rounds} round trips, last {x}");
}
