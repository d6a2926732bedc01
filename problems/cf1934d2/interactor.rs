//! The jury of cf1934d2, Bob. Hidden test: `t`, then `t` numbers `n`, then optionally
//! `perfect SEED` or `random SEED` (jury-only; perfect with seed 0 when absent). Sends `t`, and
//! for each game `n`; reads `first` or `second` (any case); then the two alternate: Alice (the
//! solution) writes a break `p1 p2` of `n` or of one of Bob's last two numbers, Bob answers
//! with his break, `0 0` when he cannot break (the game is Alice's), or `-1 -1` before WA when
//! her break is illegal, is `0 0`, or is her 64th. Perfect Bob keeps an even part when one
//! was offered and breaks it to win (`xor_break::winning_move`), else moves at random.
//!
//! The statement's sample (`testdata/cf1934d2/sample-1.in`: `4`, then 1, 3, 13 and
//! 777777770001): `second` on 1 (Bob cannot break it: `0 0`); `first` on 3, `2 1`, `0 0`;
//! `first` on 13 (a losing choice that the sample's Bob lets win: `10 7`, Bob `3 4`, `1 2`,
//! `0 0`); `first` on 777777770001, `777777770000 1`, `0 0`. Our solution plays `second` on 13.
use ojlib::games::xor_break;
use ojlib::jury::{self, Judged, Jury};
use std::io::{Read, Write};

/// The most breaks Alice may make in one game.
const MAX_BREAKS: u32 = 63;

fn main() {
    jury::run(play)
}

fn play<T: Read, S: Read, W: Write>(jury: &mut Jury<T, S, W>) -> Judged<String> {
    let games: u64 = jury.test("t")?;
    let numbers: Vec<u64> = (0..games).map(|_| jury.test("n")).collect::<Judged<_>>()?;
    let mut bob = jury.opponent()?;
    jury.send(games)?;
    let mut breaks_total = 0;
    for (game, &n) in numbers.iter().enumerate() {
        let game = game + 1;
        jury.send(n)?;
        let side: Vec<u8> = jury.read("`first` or `second`")?;
        let alice_first = match side.to_ascii_lowercase().as_slice() {
            b"first" => true,
            b"second" => false,
            _ => {
                let side = String::from_utf8_lossy(&side).into_owned();
                return Err(jury.wrong(format!(
                    "game {game}: expected `first` or `second`, found `{side}`"
                )));
            }
        };
        // The pair offered to the player to move; the first break is of n itself.
        let mut offered = (n, n);
        let mut breaks = 0;
        if !alice_first {
            offered = match bob_moves(jury, &mut bob, offered)? {
                Some(parts) => parts,
                None => continue,
            };
        }
        loop {
            let p1: u64 = jury.read("p1")?;
            let p2: u64 = jury.read("p2")?;
            breaks += 1;
            let p = p1 ^ p2;
            let refuse = if (p1, p2) == (0, 0) {
                Some(format!(
                    "game {game}: Alice gave up (0 0) holding {offered:?}"
                ))
            } else if !(p == offered.0 || p == offered.1) || !xor_break::is_break(p, (p1, p2)) {
                Some(format!(
                    "game {game}: `{p1} {p2}` is not a break of either of {offered:?}"
                ))
            } else if breaks > MAX_BREAKS {
                Some(format!("game {game}: more than {MAX_BREAKS} breaks"))
            } else {
                None
            };
            if let Some(message) = refuse {
                jury.send("-1 -1")?;
                return Err(jury.wrong(message));
            }
            offered = match bob_moves(jury, &mut bob, (p1, p2))? {
                Some(parts) => parts,
                None => break,
            };
        }
        breaks_total += breaks;
    }
    Ok(format!("{games} games won, {breaks_total} breaks"))
}

/// Bob's turn on the pair Alice offered: sends his break and returns it, or sends `0 0` and
/// returns `None` when he cannot break either part.
fn bob_moves<T: Read, S: Read, W: Write>(
    jury: &mut Jury<T, S, W>,
    bob: &mut jury::Opponent,
    offered: (u64, u64),
) -> Judged<Option<(u64, u64)>> {
    let chosen = bob.choose(
        || xor_break::winning_move(offered),
        |rng| xor_break::random_move(offered, rng),
    );
    match chosen {
        Some((_, parts)) => {
            jury.send(parts)?;
            Ok(Some(parts))
        }
        None => {
            jury.send("0 0")?;
            Ok(None)
        }
    }
}
