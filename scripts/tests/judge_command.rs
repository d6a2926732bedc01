//! `ojgames judge --command CMD` and `--compare MODE`, and a case without its `.out`: any
//! program judged on a problem's cases with its limits and verdicts. The commands are plain
//! tools (`cat`, `awk`, `false`), so nothing is built.

mod common;

use std::path::Path;

use common::{ojgames_in, Run};

/// A workspace with the problem `echo` (64 MiB, 300 ms, exact) and these cases.
fn workspace(judge: &str, cases: &[(&str, &str, Option<&str>)]) -> tempfile::TempDir {
    let judge_table =
        format!("time-limit-ms = 300\nmemory-limit-kb = 65536\ncompare = \"exact\"\n{judge}");
    common::one_problem_workspace("echo", "2021", &judge_table, "fn main() {}\n", cases)
}

fn judge(root: &Path, args: &[&str]) -> Run {
    let mut all = vec!["judge", "echo"];
    all.extend(args);
    ojgames_in(root, &all)
}

/// The verdict of `case` in the report.
fn verdict<'a>(run: &'a Run, case: &str) -> &'a str {
    let line = run
        .stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(case));
    let line = line.unwrap_or_else(|| panic!("no {case} in:\n{}{}", run.stdout, run.stderr));
    line.split_whitespace().nth(1).unwrap()
}

#[test]
fn compare_overrides_the_problems_mode() {
    let dir = workspace(
        "",
        &[
            ("crlf", "1 2\r\n", Some("1 2\n")),
            ("spaces", "1   2\n3\n", Some("1 2\n3\n")),
            ("float", "0.3333334 x\n", Some("0.3333333 x\n")),
        ],
    );
    let root = dir.path();
    // `cat` prints its input: each case differs from its .out only as its name says.
    let exact = judge(root, &["--command", "cat"]);
    assert!(!exact.success);
    for case in ["crlf", "spaces"] {
        assert_eq!(verdict(&exact, case), "PE", "{}", exact.stdout);
    }
    assert_eq!(verdict(&exact, "float"), "WA");
    let crlf = judge(root, &["--command", "cat", "--compare", "exact-crlf"]);
    assert_eq!(verdict(&crlf, "crlf"), "AC", "{}", crlf.stdout);
    assert_eq!(verdict(&crlf, "spaces"), "PE");
    assert!(
        crlf.stdout.contains("compare exact-crlf"),
        "{}",
        crlf.stdout
    );
    let words = judge(root, &["--command", "cat", "--compare", "words"]);
    assert_eq!(verdict(&words, "spaces"), "AC", "{}", words.stdout);
    assert_eq!(verdict(&words, "crlf"), "AC");
    let relative = judge(
        root,
        &[
            "--command",
            "cat",
            "--compare",
            "float-lines:rel=1e-6",
            "--case",
            "float",
        ],
    );
    assert!(relative.success, "{}{}", relative.stdout, relative.stderr);
    assert!(
        relative.stdout.contains("1 passed, 0 failed"),
        "{}",
        relative.stdout
    );
    let absolute = judge(
        root,
        &[
            "--command",
            "cat",
            "--compare",
            "float-lines:abs=1e-9",
            "--case",
            "float",
        ],
    );
    assert_eq!(verdict(&absolute, "float"), "WA", "{}", absolute.stdout);
    assert!(
        absolute.stdout.contains("absolute error 1e-9"),
        "{}",
        absolute.stdout
    );
}

#[test]
fn a_command_gets_the_same_limits_and_verdicts() {
    let dir = workspace("", &[("one", "1\n", Some("1\n"))]);
    let root = dir.path();
    let ac = judge(root, &["--command", "cat"]);
    assert!(ac.success, "{}{}", ac.stdout, ac.stderr);
    assert_eq!(verdict(&ac, "one"), "AC");
    // awk's own memory (a 128 MiB string) against the 64 MiB limit.
    let hog = judge(
        root,
        &[
            "--command",
            "awk 'BEGIN { s = \"x\"; for (i = 0; i < 27; i++) s = s s; print 1 }'",
        ],
    );
    assert_eq!(verdict(&hog, "one"), "MLE", "{}{}", hog.stdout, hog.stderr);
    let spin = judge(root, &["--command", "awk 'BEGIN { while (1) {} }'"]);
    assert_eq!(
        verdict(&spin, "one"),
        "TLE",
        "{}{}",
        spin.stdout,
        spin.stderr
    );
    let fails = judge(root, &["--command", "false"]);
    assert_eq!(verdict(&fails, "one"), "RE", "{}", fails.stdout);
    assert!(fails.stdout.contains("exit code 1"), "{}", fails.stdout);
}

#[test]
fn a_case_without_its_out_fails_or_runs_as_the_problem_says() {
    let cases = [("given", "1\n", Some("1\n")), ("bare", "2\n", None)];
    let strict = workspace("", &cases);
    let run = judge(strict.path(), &["--command", "cat"]);
    assert!(!run.success);
    assert_eq!(verdict(&run, "bare"), "NO-OUT");
    assert!(run.stdout.contains("1 passed, 1 failed"), "{}", run.stdout);
    let lenient = workspace("missing-out = \"pass\"\n", &cases);
    let run = judge(lenient.path(), &["--command", "cat"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert_eq!(verdict(&run, "bare"), "RAN");
    assert!(
        run.stdout
            .contains("exited cleanly; no .out to compare with"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("2 passed (1 RAN: no .out, nothing compared), 0 failed"),
        "{}",
        run.stdout
    );
    let json = judge(lenient.path(), &["--command", "cat", "--json"]);
    assert!(
        json.stdout
            .ends_with("{\"passed\":2,\"ran\":1,\"failed\":0}\n"),
        "{}",
        json.stdout
    );
    // A clean exit is what RAN promises: a crash is still RE.
    let run = judge(lenient.path(), &["--command", "false", "--case", "bare"]);
    assert_eq!(verdict(&run, "bare"), "RE", "{}", run.stdout);
}

#[test]
fn bad_flags_are_one_clear_error() {
    let dir = workspace("", &[("one", "1\n", Some("1\n"))]);
    let root = dir.path();
    for (args, says) in [
        (&["--compare", "tokns"][..], "did you mean `tokens`?"),
        (&["--compare", "float:rle=1"], "did you mean `rel`?"),
        (&["--command", "cat | sort"], "runs no shell"),
        (
            &["--command", "no-such-program-here"],
            "is not found on PATH",
        ),
        (&["--command", "cat", "--cargo-build"], "do not apply"),
        (&["--command", "cat", "--judge", "AtCoder"], "do not apply"),
    ] {
        let run = judge(root, args);
        assert!(!run.success, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_interactive_problem_refuses_both_flags() {
    let interactor = "\n[[bin]]\nname = \"echo-interactor\"\npath = \"interactor.rs\"\n";
    let dir = workspace(interactor, &[("one", "1\n", Some("1\n"))]);
    let root = dir.path();
    let run = judge(root, &["--compare", "tokens"]);
    assert!(!run.success);
    assert!(
        run.stdout
            .contains("`echo` is interactive, its interactor decides the verdict"),
        "{}{}",
        run.stdout,
        run.stderr
    );
    let run = judge(root, &["--command", "cat"]);
    assert!(!run.success);
    assert!(
        run.stdout
            .contains("--command on an interactive problem is not supported"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn run_takes_a_command_too() {
    let dir = workspace("", &[("one", "1\n", Some("1\n"))]);
    let root = dir.path();
    let input = root.join("testdata/echo/one.in");
    let run = ojgames_in(
        root,
        &[
            "run",
            "echo",
            "--command",
            "cat",
            "--input",
            input.to_str().unwrap(),
        ],
    );
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.stdout, "1\n");
    assert!(run.stderr.contains("ended normally"), "{}", run.stderr);
}
