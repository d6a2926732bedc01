//! `oj judge` on a fixture workspace with one problem per verdict.

mod common;

use std::time::Instant;

use common::{copy_workspace, fixture, oj};

/// The table row of `problem`, split into cells.
fn row<'a>(stdout: &'a str, problem: &str) -> Vec<&'a str> {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.split_whitespace().next() == Some(problem));
    line.unwrap_or_else(|| panic!("no row for {problem} in:\n{stdout}"))
        .split("  ")
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn every_verdict_is_reported() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let start = Instant::now();
    let run = oj(ws.path(), &["judge", "--all"]);
    let out = &run.stdout;
    assert!(!run.success, "failed cases must fail the run");
    assert_eq!(out.lines().last(), Some("2 passed, 6 failed"), "{out}");
    let expected = [
        ("ac", "AC×1"),
        ("float", "AC×1"),
        ("wa", "WA×1"),
        ("tle", "TLE×1"),
        ("re", "RE×1"),
        ("mle", "MLE×1"),
        ("ole", "OLE×1"),
        ("noout", "NO-OUT×1"),
    ];
    for (problem, verdicts) in expected {
        assert_eq!(row(out, problem)[2].trim(), verdicts, "{out}{}", run.stderr);
    }
    // WA: where, what, a capped diff that says how much it leaves out.
    assert!(
        out.contains("line 31, token 1: expected \"3\", got \"4\""),
        "{out}"
    );
    assert!(out.contains("… 22 more differing lines"), "{out}");
    // TLE: killed at the wall deadline (2 × 300 ms + margin), so the run ends.
    assert!(out.contains("killed after"), "{out}");
    assert!(start.elapsed().as_secs() < 30);
    // RE: the exit code and the tail of stderr.
    assert!(out.contains("exit code 101 (panic)"), "{out}");
    assert!(out.contains("index out of bounds"), "{out}");
    // MLE from peak RSS; a missing .out is named.
    assert!(
        out.contains("peak memory") && out.contains("> limit 64.0 MiB"),
        "{out}"
    );
    assert!(out.contains("testdata/noout/1.out is missing"), "{out}");
}

#[test]
fn an_accepted_problem_passes_and_reports_small_memory() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = oj(ws.path(), &["judge", "ac"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("1 passed, 0 failed"));
    // The memory of a tiny program must not include oj's own (see judge/run.rs).
    let case = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    let kib: u64 = case.split_whitespace().nth(4).unwrap().parse().unwrap();
    assert!(kib < 4096, "{case}");
}

#[test]
fn a_compile_error_is_ce_with_rustc_message() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    std::fs::write(
        ws.path().join("problems/ac/main.rs"),
        "fn main() { let x: u32 = \"no\"; }\n",
    )
    .unwrap();
    let run = oj(ws.path(), &["judge", "ac"]);
    assert!(!run.success);
    assert!(
        run.stdout.contains("CE: rustc --edition 2021 -O"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("mismatched types"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().last(), Some("0 passed, 1 failed"));
}

#[test]
fn a_path_is_not_a_problem_id() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = oj(ws.path(), &["judge", "../problems/ac"]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("`../problems/ac` is not a problem id"),
        "{}",
        run.stderr
    );
    assert!(!ws.path().join("problems/ac.rs").exists());
    assert!(!ws.path().join("bundled").exists());
}

#[test]
fn a_bad_manifest_does_not_stop_the_other_problems() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    assert!(oj(ws.path(), &["bundle", "--all"]).success);
    let manifest = ws.path().join("problems/wa/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace(
        "[package.metadata.judge]",
        "[package.metadata.judge]\ntime-limit-ms = 1e17",
    );
    std::fs::write(&manifest, text).unwrap();
    let run = oj(ws.path(), &["judge", "--all", "--no-bundle"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("problems/wa/Cargo.toml") && run.stderr.contains("time-limit-ms"),
        "{}",
        run.stderr
    );
    assert_eq!(row(&run.stdout, "ac")[2].trim(), "AC×1", "{}", run.stdout);
    assert_eq!(row(&run.stdout, "tle")[2].trim(), "TLE×1", "{}", run.stdout);
}
