//! Chessmen that break the statement's promises (two on one cell, one on cell 0) are an error
//! naming the case: exit status 1, and the answers before it are written.
use std::io::Write;
use std::process::{Command, Stdio};

fn assert_refused(input: &str, answers: &str, message: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poj1704"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), answers);
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn two_chessmen_on_one_cell() {
    let message = "case 2: two chessmen on cell 7";
    assert_refused("3\n1\n2\n3\n7 1 7\n1\n1\n", "Georgia will win\n", message);
}

#[test]
fn a_chessman_on_cell_zero() {
    let message = "case 1: a chessman on cell 0";
    assert_refused("1\n2\n0 4\n", "", message);
}
