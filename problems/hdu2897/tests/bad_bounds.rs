//! `p = 0` (a move of no coins) and `p > q` are input errors naming the case, after the
//! answers before them.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu2897");

#[test]
fn a_move_of_no_coins_and_reversed_bounds_are_refused() {
    for (input, bounds) in [
        ("7 2 4\n5 0 3\n", "p = 0, q = 3"),
        ("7 2 4\n5 4 3\n", "p = 4, q = 3"),
    ] {
        assert_refused(BIN, input, "LOST\n", bounds);
        assert_refused(BIN, input, "LOST\n", "line 2");
    }
}
