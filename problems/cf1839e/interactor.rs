//! The jury of cf1839e. Hidden test: `n`, `a_1 … a_n`, then optionally `perfect SEED` or
//! `random SEED` (jury-only). Sends `n` and `a`; reads `First` or `Second`; then plays the
//! other side. Each index it sends or reads is 1-based; it sends `0` when it cannot move (the
//! solution won, AC) and `-1` before WA when the solution's index is not a legal pick. Perfect
//! play: as the second player the reply from the other part of an equal split, as the first
//! any positive entry when there is no split (`games::decreasing`); else random picks.
//!
//! The statement's samples (`testdata/cf1839e/sample-*.in`): `10 4 6 3` (the sum is odd: the
//! solution says `First`, picks 1, the jury 3, then 2 / 1, then 4 / 0) and `4 5 5 11 3 2`
//! (`11 + 4 = 5 + 5 + 3 + 2`: `Second`, answering 2 with 4, 5 with 4, 4 with 3, 6 with 1, 1
//! with 3, then the jury's 0).
use ojlib::games::decreasing;
use ojlib::jury::{self, Judged, Jury};
use std::io::{Read, Write};

fn main() {
    jury::run(play)
}

fn play<T: Read, S: Read, W: Write>(jury: &mut Jury<T, S, W>) -> Judged<String> {
    let n: usize = jury.test("n")?;
    let mut a: Vec<u64> = (0..n).map(|_| jury.test("a_i")).collect::<Judged<_>>()?;
    if !(1..=300).contains(&n) || a.iter().any(|&x| !(1..=300).contains(&x)) {
        return Err(jury::fail("the test breaks 1 <= n, a_i <= 300"));
    }
    let mut opponent = jury.opponent()?;
    let split = decreasing::equal_split(&a);
    jury.send(n)?;
    jury.send(&a[..])?;
    let side: Vec<u8> = jury.read("`First` or `Second`")?;
    let solution_first = match side.as_slice() {
        b"First" => true,
        b"Second" => false,
        _ => {
            let side = String::from_utf8_lossy(&side).into_owned();
            return Err(jury.wrong(format!("expected `First` or `Second`, found `{side}`")));
        }
    };
    for round in 1.. {
        let i = if solution_first {
            let i = read_pick(jury, &a, None, round)?;
            let j = opponent.choose(
                || {
                    split
                        .as_ref()
                        .and_then(|side| decreasing::second_reply(&a, side, i))
                },
                |rng| decreasing::random_pick(&a, Some(i), rng),
            );
            let j = match j {
                Some(j) => j,
                None => {
                    jury.send(0)?;
                    return Ok(format!(
                        "the solution won as the first player in {round} rounds"
                    ));
                }
            };
            jury.send(j + 1)?;
            decreasing::play(&mut a, i, j);
            continue;
        } else {
            let pick = opponent.choose(
                || {
                    split
                        .is_none()
                        .then(|| decreasing::first_move(&a))
                        .flatten()
                },
                |rng| decreasing::random_pick(&a, None, rng),
            );
            match pick {
                Some(i) => i,
                None => {
                    jury.send(0)?;
                    return Ok(format!(
                        "the solution won as the second player in {round} rounds"
                    ));
                }
            }
        };
        jury.send(i + 1)?;
        let j = read_pick(jury, &a, Some(i), round)?;
        decreasing::play(&mut a, i, j);
    }
    unreachable!("every round zeroes an entry")
}

/// The solution's pick, 0-based: an index of a positive entry other than `except`; else `-1`
/// is sent and the game is WA.
fn read_pick<T: Read, S: Read, W: Write>(
    jury: &mut Jury<T, S, W>,
    a: &[u64],
    except: Option<usize>,
    round: u64,
) -> Judged<usize> {
    let pick: i64 = jury.read("an index")?;
    let index = usize::try_from(pick).ok().and_then(|k| k.checked_sub(1));
    match index {
        Some(k) if k < a.len() && a[k] > 0 && Some(k) != except => Ok(k),
        _ => {
            jury.send(-1i64)?;
            let rule = match except {
                None => "an index with a_i > 0".to_string(),
                Some(i) => format!("an index j != {} with a_j > 0", i + 1),
            };
            Err(jury.wrong(format!("round {round}: `{pick}` is not {rule}; a = {a:?}")))
        }
    }
}
