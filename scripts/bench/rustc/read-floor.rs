//! The floor of any solution: read all of stdin and discard it. By default in 64 KiB chunks
//! (what a streaming scanner must at least do); with `--sum`, in 64 KiB chunks while summing
//! every byte (the floor as the prior-art notes measured it: every byte touched once); with
//! `--slurp`, into one `Vec` (`read_to_end`).
use std::io::Read;

fn main() {
    let mut stdin = std::io::stdin().lock();
    let mut total = 0usize;
    let sum = std::env::args().any(|a| a == "--sum");
    if std::env::args().any(|a| a == "--slurp") {
        let mut all = Vec::new();
        stdin.read_to_end(&mut all).unwrap();
        total = all.len();
    } else {
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match stdin.read(&mut buf) {
                Ok(0) => break,
                Ok(n) if sum => total += buf[..n].iter().map(|&b| usize::from(b)).sum::<usize>(),
                Ok(n) => total += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    // Keep the reads observable.
    if total == usize::MAX {
        println!("{total}");
    }
}
