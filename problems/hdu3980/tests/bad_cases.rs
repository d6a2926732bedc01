//! A move of no beads, and a line beyond the table, are input errors naming the case, after
//! the answers before them.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu3980");

#[test]
fn no_beads_and_a_line_beyond_the_table_are_refused() {
    for (case, why) in [
        ("5 0\n", "case 2: m = 0;"),
        (
            "20002 1\n",
            "case 2: n = 20002, m = 1 leaves a line of 20001 beads, beyond 20000",
        ),
    ] {
        let input = format!("3\n3 1\n{case}4 2\n");
        assert_refused(BIN, input, "Case #1: aekdycoin\n", why);
    }
}
