//! The solution against the perfect jury on the sample and on generated tests (both sides,
//! both strategies), the planted wrong solution caught, and the jury's verdicts for bad play.
#[path = "../../cf1934d2/tests/common/play.rs"]
mod common;
use common::{generate, play};

const SOLUTION: &str = env!("CARGO_BIN_EXE_abc278g");
const WRONG: &str = env!("CARGO_BIN_EXE_abc278g-wrong");
const JURY: &str = env!("CARGO_BIN_EXE_abc278g-interactor");
const GEN: &str = env!("CARGO_BIN_EXE_abc278g-gen");

#[test]
fn the_solution_wins_the_sample_and_generated_games() {
    let game = play(
        SOLUTION,
        JURY,
        include_str!("../../../testdata/abc278g/sample-1.in"),
    );
    assert_eq!(game.verdict, Some(0), "{game:?}");
    assert!(
        game.message.starts_with("ok: the solution won in "),
        "{game:?}"
    );
    assert!(game.solution.success(), "{game:?}");
    for seed in 1..=40 {
        let game = play(SOLUTION, JURY, &generate(GEN, seed));
        assert_eq!(game.verdict, Some(0), "seed {seed}: {game:?}");
    }
    // The largest rows: L = R (the values) and L < R (symmetry), going second and first.
    for test in [
        "2000 1 1",
        "2000 3 3",
        "2000 1 2",
        "1999 2 1000",
        "2000 2000 2000",
    ] {
        let game = play(SOLUTION, JURY, test);
        assert_eq!(game.verdict, Some(0), "{test}: {game:?}");
    }
}

#[test]
fn the_planted_wrong_solution_loses_to_the_perfect_jury() {
    let caught = (1..=40).find(|&seed| play(WRONG, JURY, &generate(GEN, seed)).verdict == Some(1));
    assert!(
        caught.is_some(),
        "no seed in 1..=40 catches the first move's parity"
    );
    let game = play(WRONG, JURY, "7 2 3\n");
    assert_eq!(game.verdict, Some(1), "{game:?}");
}

#[test]
fn bad_play_is_wa_or_pe_with_a_message() {
    let cases = [
        ("echo first", 1, "expected `First` or `Second`"),
        ("echo First; echo 5 2; cat >/dev/null", 1, "is illegal"),
        ("echo First; echo 1 1; cat >/dev/null", 1, "is illegal"),
        ("echo First; echo 0 0; cat >/dev/null", 1, "gave up"),
        ("echo First; echo 1", 2, "end of input"),
    ];
    for (i, (script, verdict, message)) in cases.into_iter().enumerate() {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        let path = dir.join(format!("abc278g-bad-{i}.sh"));
        std::fs::write(&path, format!("#!/bin/sh\nread n l r; {script}\n")).unwrap();
        let mut perms = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&path, perms).unwrap();
        let game = play(path.to_str().unwrap(), JURY, "5 2 3\n");
        assert_eq!(game.verdict, Some(verdict), "{script}: {game:?}");
        assert!(game.message.contains(message), "{script}: {game:?}");
    }
}
