//! A graph that breaks the statement's promises (an edge to no position, a cycle, a chessman
//! off the graph) is an error naming the case and the position: exit status 1, and the
//! answers before it are written.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu1524");

/// One good case first: its answer must survive the error after it.
const GOOD: &str = "2\n1 1\n0\n1 0\n0\n";

#[test]
fn an_edge_to_no_position() {
    let input = format!("{GOOD}3\n1 1\n1 3\n0\n1 0\n0\n");
    let message = "case 2: position 1 leads to 3, but there are 3 positions";
    assert_refused(BIN, &input, "WIN\n", message);
}

#[test]
fn a_cycle() {
    let input = format!("{GOOD}3\n1 1\n1 2\n1 1\n1 0\n0\n");
    assert_refused(BIN, &input, "WIN\n", "case 2: the graph has a cycle");
}

#[test]
fn a_chessman_off_the_graph() {
    let input = format!("{GOOD}2\n1 1\n0\n1 1\n2 0 2\n0\n");
    let message = "case 2: a chessman on position 2, but there are 2 positions";
    assert_refused(BIN, &input, "WIN\nLOSE\n", message);
}

/// A position count far beyond the input is read as far as the input goes, not allocated up
/// front (an allocation of 24 TB aborted the process, reported as MLE).
#[test]
fn a_count_larger_than_the_input() {
    let input = format!("{GOOD}1000000000000\n1 1\n");
    assert_refused(BIN, &input, "WIN\n", "found end of input");
}
