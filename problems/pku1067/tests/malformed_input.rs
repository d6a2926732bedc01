//! Bad input: the answers already computed are written, the error says what and where, and
//! the exit code is non-zero.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_pku1067");

#[test]
fn three_good_cases_then_a_letter() {
    let message = "line 4, column 3 (byte 14): expected u64, found `x`";
    assert_refused(BIN, "2 1\n8 4\n4 7\n5 x\n", "0\n1\n0\n", message);
}

#[test]
fn input_ending_inside_a_case() {
    let message = "expected u64, found end of input";
    assert_refused(BIN, "2 1\n8 4\n4 7\n5", "0\n1\n0\n", message);
}

#[test]
fn a_value_past_u64() {
    let message = "`18446744073709551616` is out of range for u64";
    assert_refused(BIN, "1 2\n18446744073709551616 1\n", "0\n", message);
}
