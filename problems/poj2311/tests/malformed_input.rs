//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_poj2311");

#[test]
fn a_sheet_too_small_names_its_line() {
    let error = "line 2, column 3 (byte 6): case 2: a 1 x 9 sheet; its sides must be from 2 to 500 (the token `9`)";
    assert_input_error(BIN, "2 2\n1 9\n", "LOSE\n", error);
}
