//! A value beyond what the solution takes is an error naming the case and the value: exit
//! status 1, and the answers before it are written.
use std::io::Write;
use std::process::{Command, Stdio};

fn refused(input: &str, answers: &str, message: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu1848"))
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
fn a_pile_beyond_the_table() {
    let message = "case 2: a pile of 4194305 is beyond the 4194304 the table reaches";
    refused("1 1 1\n1 4194305 1\n0 0 0\n", "Fibo\n", message);
}
