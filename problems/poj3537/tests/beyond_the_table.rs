//! A strip longer than the solution tabulates is an input error naming the limit, not a
//! table that runs out of memory or time.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_poj3537");

#[test]
fn a_strip_beyond_the_limit_is_refused() {
    assert_refused(BIN, "6\n5001\n", "2\n", "n = 5001 is beyond 5000");
    assert_refused(BIN, "6\n5001\n", "2\n", "line 2");
}
