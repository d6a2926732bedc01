//! A chocolate with a side of 0 is an input error naming the case, after the answers before it.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu3544");

#[test]
fn a_side_of_zero_is_refused() {
    let input = "2\n1\n2 1\n2\n3 3\n0 5\n";
    assert_refused(
        BIN,
        input,
        "Case 1: Alice\n",
        "case 2: a chocolate of 0 × 5",
    );
}
