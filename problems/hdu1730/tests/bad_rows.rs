//! Two pieces on one cell, or a piece off the board, is an input error naming the case and the
//! row, after the answers before it.
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn shared_cells_and_pieces_off_the_board_are_refused() {
    for (case, why) in [
        ("2 6\n1 2\n3 3\n", "case 2, row 2: pieces at 3 and 3;"),
        ("1 6\n7 2\n", "case 2, row 1: pieces at 7 and 2;"),
        ("1 6\n0 2\n", "case 2, row 1: pieces at 0 and 2;"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hdu1730"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = format!("1 6\n1 3\n{case}");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.stdout, b"I WIN!\n", "{case}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(why), "{case}: {stderr}");
        assert!(!output.status.success());
    }
}
