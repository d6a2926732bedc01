//! A move set holding 0 (a move that changes nothing, so the game never ends) is an error:
//! exit status 1, and the answers to the test cases before it are written. So is a count of
//! positions far beyond the input.
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu1536"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_move_of_zero_beads() {
    let output = run(b"1 1\n2\n1 1\n1 2\n2 0 3\n1\n1 5\n0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "WL\n");
    assert!(stderr.contains("the move set [0, 3] has 0"), "{stderr}");
}

/// `m` is read as far as the input goes, not allocated up front (an allocation of 24 PB
/// aborted the process, reported as MLE).
#[test]
fn a_count_of_positions_larger_than_the_input() {
    let output = run(b"1 1\n1\n1 1\n1 1\n1000000000000000\n1 1\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "W\n");
    assert!(stderr.contains("found end of input"), "{stderr}");
}
