//! Two pieces on one cell, or a piece off the board, is an input error naming the case and the
//! row, after the answers before it.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1730");

#[test]
fn shared_cells_and_pieces_off_the_board_are_refused() {
    for (case, why) in [
        ("2 6\n1 2\n3 3\n", "case 2, row 2: pieces at 3 and 3;"),
        ("1 6\n7 2\n", "case 2, row 1: pieces at 7 and 2;"),
        ("1 6\n0 2\n", "case 2, row 1: pieces at 0 and 2;"),
    ] {
        assert_refused(BIN, format!("1 6\n1 3\n{case}"), "I WIN!\n", why);
    }
}
