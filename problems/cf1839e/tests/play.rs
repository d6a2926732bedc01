//! The solution against the perfect jury on the samples and on generated tests (both sides),
//! the planted wrong solution caught, and the jury's verdicts for bad play.
#[path = "../../cf1934d2/tests/common/play.rs"]
mod common;
use common::{generate, play};

const SOLUTION: &str = env!("CARGO_BIN_EXE_cf1839e");
const WRONG: &str = env!("CARGO_BIN_EXE_cf1839e-wrong");
const JURY: &str = env!("CARGO_BIN_EXE_cf1839e-interactor");
const GEN: &str = env!("CARGO_BIN_EXE_cf1839e-gen");

#[test]
fn the_solution_wins_the_samples_and_generated_games() {
    let first = play(
        SOLUTION,
        JURY,
        include_str!("../../../testdata/cf1839e/sample-1.in"),
    );
    assert_eq!(first.verdict, Some(0), "{first:?}");
    assert!(first.message.contains("as the first player"), "{first:?}");
    assert!(first.solution.success(), "{first:?}");
    let second = play(
        SOLUTION,
        JURY,
        include_str!("../../../testdata/cf1839e/sample-2.in"),
    );
    assert_eq!(second.verdict, Some(0), "{second:?}");
    assert!(
        second.message.contains("as the second player"),
        "{second:?}"
    );
    for seed in 1..=40 {
        let game = play(SOLUTION, JURY, &generate(GEN, seed));
        assert_eq!(game.verdict, Some(0), "seed {seed}: {game:?}");
    }
    let largest = format!("300\n{}\n", vec!["300"; 300].join(" "));
    assert_eq!(play(SOLUTION, JURY, &largest).verdict, Some(0));
}

#[test]
fn the_planted_wrong_solution_loses_to_the_perfect_jury() {
    let caught = (1..=40).find(|&seed| play(WRONG, JURY, &generate(GEN, seed)).verdict == Some(1));
    assert!(
        caught.is_some(),
        "no seed in 1..=40 catches the even-sum guess"
    );
    let game = play(WRONG, JURY, "3\n4 1 1\n");
    assert_eq!(game.verdict, Some(1), "{game:?}");
}

#[test]
fn bad_play_is_wa_or_pe_with_a_message() {
    let cases = [
        ("echo first", 1, "expected `First` or `Second`"),
        (
            "echo First; echo 4; cat >/dev/null",
            1,
            "is not an index with a_i > 0",
        ),
        ("echo First; echo 0; cat >/dev/null", 1, "is not an index"),
        (
            "echo Second; read i; echo $i; cat >/dev/null",
            1,
            "is not an index j != ",
        ),
        ("echo First", 2, "end of input"),
    ];
    for (k, (script, verdict, message)) in cases.into_iter().enumerate() {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        let path = dir.join(format!("cf1839e-bad-{k}.sh"));
        std::fs::write(&path, format!("#!/bin/sh\nread n; read a; {script}\n")).unwrap();
        let mut perms = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&path, perms).unwrap();
        let game = play(path.to_str().unwrap(), JURY, "3\n2 1 1\n");
        assert_eq!(game.verdict, Some(verdict), "{script}: {game:?}");
        assert!(game.message.contains(message), "{script}: {game:?}");
    }
}
