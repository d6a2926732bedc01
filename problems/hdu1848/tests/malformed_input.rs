//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
use std::io::Write;
use std::process::{Command, Stdio};

fn assert_refused(input: &str, answers: &str, error: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu1848"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), answers);
    assert_eq!(stderr, format!("Error: input error at {error}\n"));
}

#[test]
fn a_pile_beyond_the_table_names_its_line() {
    let error = "line 2, column 11 (byte 16): case 2: a pile of 5000000 is beyond the 4194304 the table reaches (the token `1`)";
    assert_refused("1 1 1\n1 5000000 1\n", "Fibo\n", error);
}
