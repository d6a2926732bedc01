//! A king who is not one of the people, and distances that do not increase from 1, are input
//! errors naming the case, after the answers before them.
#[path = "../../refusal.rs"]
mod refusal;

use refusal::assert_refused;

const BIN: &str = env!("CARGO_BIN_EXE_hdu4315");

#[test]
fn a_missing_king_and_unordered_people_are_refused() {
    for (case, why) in [
        ("2 3\n1 2\n", "case 2: the king is person 3 of 2"),
        ("2 0\n1 2\n", "case 2: the king is person 0 of 2"),
        ("3 1\n1 5 5\n", "case 2: person 3 at 5;"),
        ("3 1\n4 2 7\n", "case 2: person 2 at 2;"),
        ("1 1\n0\n", "case 2: person 1 at 0;"),
    ] {
        assert_refused(BIN, format!("1 1\n3\n{case}"), "Alice\n", why);
    }
}
