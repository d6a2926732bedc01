//! Input that breaks the problem's rules is an error that names the line, column and byte of
//! the token it was read at and quotes that token, like a parse error: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_input_error;

const BIN: &str = env!("CARGO_BIN_EXE_p2148");

#[test]
fn an_odd_pile_count_names_its_token() {
    let error = "line 3, column 3 (byte 10): case 2: N = 3 is odd, but the piles come in pairs (the token `3`)";
    assert_input_error(BIN, "2\n2 1 1\n  3 1 1 1\n", "NO\n", error);
}
