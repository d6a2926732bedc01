//! The one helper of the problems' refusal tests (`problems/*/tests/`): run a problem's
//! binary on an input and check how it refuses what breaks the rules. Exit status 1, the
//! answers to the cases before the bad one written, and an error that says what and where.
//! A test file takes it in with `#[path = "../../refusal.rs"] mod refusal;` and names its
//! binary with `env!("CARGO_BIN_EXE_<id>")`.
#![allow(dead_code)] // each test file uses its part

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `bin` run on `input`. Stdin is written from a thread of its own, so that an input larger
/// than the pipe holds cannot deadlock against the answers the program writes meanwhile.
pub fn run(bin: &str, input: &[u8]) -> Output {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

/// Exit status 1, exactly `answers` on stdout, and `message` somewhere in stderr.
pub fn assert_refused(bin: &str, input: impl AsRef<[u8]>, answers: &str, message: &str) {
    let output = run(bin, input.as_ref());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), answers);
    assert!(stderr.contains(message), "{stderr}");
}

/// Exit status 1, exactly `answers` on stdout, and stderr exactly the scanner's error:
/// `Error: input error at {error}` (where, what, and the token it was read at).
pub fn assert_input_error(bin: &str, input: impl AsRef<[u8]>, answers: &str, error: &str) {
    let output = run(bin, input.as_ref());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), answers);
    assert_eq!(stderr, format!("Error: input error at {error}\n"));
}
