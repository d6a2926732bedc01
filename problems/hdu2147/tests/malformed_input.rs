//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_hdu2147");

#[test]
fn a_board_without_squares_names_its_line() {
    let error = "line 2, column 3 (byte 6): a board of 0 x 3 has no square (the token `3`)";
    assert_input_error(BIN, "5 5\n0 3\n", "What a pity!\n", error);
}
