//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1848");

#[test]
fn a_pile_beyond_the_table_names_its_line() {
    let error = "line 2, column 11 (byte 16): case 2: a pile of 5000000 is beyond the 4194304 the table reaches (the token `1`)";
    assert_input_error(BIN, "1 1 1\n1 5000000 1\n", "Fibo\n", error);
}
