//! A move set holding 0 (a move that changes nothing, so the game never ends) is an error:
//! exit status 1, and the answers to the test cases before it are written. So is a count of
//! positions far beyond the input.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1536");

#[test]
fn a_move_of_zero_beads() {
    let input = "1 1\n2\n1 1\n1 2\n2 0 3\n1\n1 5\n0\n";
    assert_refused(BIN, input, "WL\n", "the move set [0, 3] has 0");
}

/// `m` is read as far as the input goes, not allocated up front (an allocation of 24 PB
/// aborted the process, reported as MLE).
#[test]
fn a_count_of_positions_larger_than_the_input() {
    let input = "1 1\n1\n1 1\n1 1\n1000000000000000\n1 1\n";
    assert_refused(BIN, input, "W\n", "found end of input");
}
