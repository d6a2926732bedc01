//! `p = 0` (a move of no coins) and `p > q` are input errors naming the case, after the
//! answers before them.
use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &[u8]) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu2897"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (
        text(output.stdout),
        text(output.stderr),
        output.status.success(),
    )
}

#[test]
fn a_move_of_no_coins_and_reversed_bounds_are_refused() {
    for (input, bounds) in [
        ("7 2 4\n5 0 3\n", "p = 0, q = 3"),
        ("7 2 4\n5 4 3\n", "p = 4, q = 3"),
    ] {
        let (stdout, stderr, success) = run(input.as_bytes());
        assert_eq!(stdout, "LOST\n");
        assert!(stderr.contains(bounds), "{stderr}");
        assert!(stderr.contains("line 2"), "{stderr}");
        assert!(!success);
    }
}
