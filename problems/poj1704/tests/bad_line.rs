//! Chessmen that break the statement's promises (two on one cell, one on cell 0) are an error
//! naming the case: exit status 1, and the answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_poj1704");

#[test]
fn two_chessmen_on_one_cell() {
    let message = "case 2: two chessmen on cell 7";
    assert_refused(
        BIN,
        "3\n1\n2\n3\n7 1 7\n1\n1\n",
        "Georgia will win\n",
        message,
    );
}

#[test]
fn a_chessman_on_cell_zero() {
    let message = "case 1: a chessman on cell 0";
    assert_refused(BIN, "1\n2\n0 4\n", "", message);
}
