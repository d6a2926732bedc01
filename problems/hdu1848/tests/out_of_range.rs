//! A value beyond what the solution takes is an error naming the case and the value: exit
//! status 1, and the answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1848");

#[test]
fn a_pile_beyond_the_table() {
    let message = "case 2: a pile of 4194305 is beyond the 4194304 the table reaches";
    assert_refused(BIN, "1 1 1\n1 4194305 1\n0 0 0\n", "Fibo\n", message);
}
