//! A chocolate with a side of 0 is an input error naming the case, after the answers before it.
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_side_of_zero_is_refused() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu3544"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = b"2\n1\n2 1\n2\n3 3\n0 5\n";
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.stdout, b"Case 1: Alice\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("case 2: a chocolate of 0 × 5"), "{stderr}");
    assert!(!output.status.success());
}
