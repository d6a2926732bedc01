//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
use std::io::Write;
use std::process::{Command, Stdio};

fn assert_refused(input: &str, answers: &str, error: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hdu1524"))
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
fn an_edge_to_no_position_names_its_line() {
    let error = "line 8, column 3 (byte 22): case 2: position 1 leads to 3, but there are 3 positions (the token `3`)";
    assert_refused(
        "2\n1 1\n0\n1 0\n0\n3\n1 1\n1 3\n0\n1 0\n0\n",
        "WIN\n",
        error,
    );
}

#[test]
fn a_chessman_off_the_graph_names_its_token() {
    let error = "line 5, column 5 (byte 16): case 1: a chessman on position 2, but there are 2 positions (the token `2`)";
    assert_refused("2\n1 1\n0\n1 1\n2 0 2\n0\n", "LOSE\n", error);
}
