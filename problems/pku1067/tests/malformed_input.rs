//! Bad input: the answers already computed are written, the error says what and where, and
//! the exit code is non-zero.
use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pku1067"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn three_good_cases_then_a_letter() {
    let output = run(b"2 1\n8 4\n4 7\n5 x\n");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n1\n0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 4, column 3 (byte 14): expected u64, found `x`"),
        "{stderr}"
    );
    assert!(!output.status.success());
}

#[test]
fn input_ending_inside_a_case() {
    let output = run(b"2 1\n8 4\n4 7\n5");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n1\n0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("expected u64, found end of input"),
        "{stderr}"
    );
    assert!(!output.status.success());
}

#[test]
fn a_value_past_u64() {
    let output = run(b"1 2\n18446744073709551616 1\n");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`18446744073709551616` is out of range for u64"),
        "{stderr}"
    );
    assert!(!output.status.success());
}
