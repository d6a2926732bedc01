//! A case cut short after earlier cases: their answers are still written, past the first
//! flush of the writer's buffer too.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu2176");

#[test]
fn earlier_answers_survive_a_truncated_case() {
    let mut input = b"3 3 6 9\n".repeat(20_000);
    input.extend_from_slice(b"3 1 2\n");
    let answers = "Yes\n9 5\n".repeat(20_000);
    let message = "line 20002, column 1 (byte 160006): expected u64, found end of input";
    assert_refused(BIN, input, &answers, message);
}
