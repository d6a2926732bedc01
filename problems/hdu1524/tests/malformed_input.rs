//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1524");

#[test]
fn an_edge_to_no_position_names_its_line() {
    let error = "line 8, column 3 (byte 22): case 2: position 1 leads to 3, but there are 3 positions (the token `3`)";
    assert_input_error(
        BIN,
        "2\n1 1\n0\n1 0\n0\n3\n1 1\n1 3\n0\n1 0\n0\n",
        "WIN\n",
        error,
    );
}

#[test]
fn a_chessman_off_the_graph_names_its_token() {
    let error = "line 5, column 5 (byte 16): case 1: a chessman on position 2, but there are 2 positions (the token `2`)";
    assert_input_error(BIN, "2\n1 1\n0\n1 1\n2 0 2\n0\n", "LOSE\n", error);
}
