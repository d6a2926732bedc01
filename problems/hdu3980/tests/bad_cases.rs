//! A move of no beads, and a line beyond the table, are input errors naming the case, after
//! the answers before them.
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn no_beads_and_a_line_beyond_the_table_are_refused() {
    for (case, why) in [
        ("5 0\n", "case 2: m = 0;"),
        (
            "20002 1\n",
            "case 2: n = 20002, m = 1 leaves a line of 20001 beads, beyond 20000",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hdu3980"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = format!("3\n3 1\n{case}4 2\n");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.stdout, b"Case #1: aekdycoin\n", "{case}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(why), "{case}: {stderr}");
        assert!(!output.status.success());
    }
}
