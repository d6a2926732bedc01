//! HDU 3980 Paint Chain: a circle of `n` beads; a move paints `m` consecutive unpainted beads;
//! whoever cannot paint loses; aekdycoin moves first. `T`, then `T` lines `n m`; print
//! `Case #i: aekdycoin` or `Case #i: abcdxyzk`. The first move leaves a line of `n - m`, an
//! octal game with no closed form (`paint_chain::first_player_wins`), tabulated up to `LIMIT`.
use ojlib::games::paint_chain;
use ojlib::io::{InputError, Scanner, Writer};

/// The longest line tabulated: the statement's 1000 in under a millisecond, 20000 in about
/// 0.2 s (O(L²/2)).
const LIMIT: usize = 20_000;

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let cases = input.read::<u64>()?;
    for case in 1..=cases {
        let n = input.read::<u64>()?;
        let m = input.read::<u64>()?;
        if m == 0 {
            let why = format!("case {case}: m = 0; a move paints at least one bead");
            return Err(input.invalid(&why));
        }
        let wins = paint_chain::first_player_wins(n, m, LIMIT).ok_or_else(|| {
            let why = format!(
                "case {case}: n = {n}, m = {m} leaves a line of {} beads, beyond {LIMIT}, the \
                 longest this solution tabulates (no closed form is known)",
                n - m
            );
            input.invalid(&why)
        })?;
        let winner = if wins { "aekdycoin" } else { "abcdxyzk" };
        out.put("Case #").put(case).put(": ").line(winner);
    }
    Ok(())
}
