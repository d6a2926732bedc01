//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_poj1704");

#[test]
fn a_shared_cell_names_its_line() {
    let error = "line 3, column 5 (byte 10): case 2: two chessmen on cell 4 (the token `4`)";
    assert_input_error(BIN, "2\n1 1\n2 4 4\n", "Bob will win\n", error);
}
