//! A case cut short after earlier cases: their answers are still written, past the first
//! flush of the writer's buffer too.
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn earlier_answers_survive_a_truncated_case() {
    let mut input = b"3 3 6 9\n".repeat(20_000);
    input.extend_from_slice(b"3 1 2\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu2176"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(output.stdout, b"Yes\n9 5\n".repeat(20_000));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 20002, column 1 (byte 160006): expected u64, found end of input"),
        "{stderr}"
    );
    assert!(!output.status.success());
}
