//! A value beyond what the solution takes is an error naming the case and the value: exit
//! status 1, and the answers before it are written.
use std::io::Write;
use std::process::{Command, Stdio};

fn refused(input: &str, answers: &str, message: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poj2311"))
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
fn a_side_out_of_range() {
    let message = "case 3: a 1 x 5 sheet; its sides must be from 2 to 500";
    refused("2 2\n4 2\n1 5\n", "LOSE\nWIN\n", message);
    let message = "case 1: a 2 x 501 sheet";
    refused("2 501\n", "", message);
}
