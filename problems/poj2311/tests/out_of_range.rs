//! A value beyond what the solution takes is an error naming the case and the value: exit
//! status 1, and the answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_poj2311");

#[test]
fn a_side_out_of_range() {
    let message = "case 3: a 1 x 5 sheet; its sides must be from 2 to 500";
    assert_refused(BIN, "2 2\n4 2\n1 5\n", "LOSE\nWIN\n", message);
    let message = "case 1: a 2 x 501 sheet";
    assert_refused(BIN, "2 501\n", "", message);
}
