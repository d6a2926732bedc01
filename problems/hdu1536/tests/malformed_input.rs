//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1536");

#[test]
fn a_move_of_zero_names_its_line() {
    let error = "line 2, column 5 (byte 16): the move set [0, 1] has 0; a move takes at least one bead (the token `1`)";
    assert_input_error(BIN, "2 1 2 1 1 3\n2 0 1\n", "L\n", error);
}
