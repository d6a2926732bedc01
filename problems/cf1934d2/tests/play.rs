//! The solution against the perfect jury on the official sample and on generated tests, the
//! planted wrong solution caught, and the jury's verdicts for bad play.
#[path = "common/play.rs"]
mod common;
use common::{generate, play};

const SOLUTION: &str = env!("CARGO_BIN_EXE_cf1934d2");
const WRONG: &str = env!("CARGO_BIN_EXE_cf1934d2-wrong");
const JURY: &str = env!("CARGO_BIN_EXE_cf1934d2-interactor");
const GEN: &str = env!("CARGO_BIN_EXE_cf1934d2-gen");

#[test]
fn the_solution_wins_the_sample_and_generated_games() {
    let sample = include_str!("../../../testdata/cf1934d2/sample-1.in");
    let game = play(SOLUTION, JURY, sample);
    assert_eq!(game.verdict, Some(0), "{game:?}");
    assert!(game.message.starts_with("ok: 4 games won"), "{game:?}");
    assert!(game.solution.success());
    for seed in 1..=30 {
        let game = play(SOLUTION, JURY, &generate(GEN, seed));
        assert_eq!(game.verdict, Some(0), "seed {seed}: {game:?}");
    }
    // The longest games: 2^60 - 1 has 60 bits (even), 2^59 + 1 two.
    let game = play(
        SOLUTION,
        JURY,
        "3\n1152921504606846975\n576460752303423489\n999999999999999999\n",
    );
    assert_eq!(game.verdict, Some(0), "{game:?}");
}

#[test]
fn the_planted_wrong_solution_loses_to_the_perfect_jury() {
    let caught = (1..=30).find(|&seed| play(WRONG, JURY, &generate(GEN, seed)).verdict == Some(1));
    assert!(
        caught.is_some(),
        "no seed in 1..=30 catches the 32-bit popcount"
    );
    // 2^40 + 1 has two set bits, but only one below 2^32: the wrong side.
    let game = play(WRONG, JURY, "1\n1099511627777\n");
    assert_eq!(game.verdict, Some(1), "{game:?}");
}

#[test]
fn bad_play_is_wa_or_pe_with_a_message() {
    // `sh` stands in for a solution: the line it prints, then it reads what the jury says.
    let cases = [
        ("echo third", 1, "expected `first` or `second`"),
        ("echo first; echo 3 4; cat >/dev/null", 1, "not a break"),
        ("echo first; echo 0 0; cat >/dev/null", 1, "gave up"),
        ("echo first", 2, "end of input"),
        ("echo first; echo 1 x", 2, "found `x`"),
    ];
    for (script, verdict, message) in cases {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        let path = dir.join(format!("cf1934d2-{verdict}-{}.sh", message.len()));
        std::fs::write(&path, format!("#!/bin/sh\nread t; read n; {script}\n")).unwrap();
        let mut perms = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&path, perms).unwrap();
        let game = play(path.to_str().unwrap(), JURY, "1\n6\n");
        assert_eq!(game.verdict, Some(verdict), "{script}: {game:?}");
        assert!(game.message.contains(message), "{script}: {game:?}");
    }
}
