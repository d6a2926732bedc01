//! A strip longer than the solution tabulates is an input error naming the limit, not a
//! table that runs out of memory or time.
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_strip_beyond_the_limit_is_refused() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poj3537"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"6\n5001\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.stdout, b"2\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("n = 5001 is beyond 5000"), "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
    assert!(!output.status.success());
}
