//! Every real problem's bundle, compiled with plain rustc as the judge compiles it, stops on
//! malformed input with the scanner's message and its exact position, after writing the
//! answers to the cases before the bad one (and nothing else).
//!
//! The binaries are the ones `ojgames judge` compiles, run through its runner. For each `testdata/<id>/NAME.in` that has a
//! `NAME.out`, the last whitespace-separated token of the input is replaced by `x` (every
//! problem reads its last token as a number). The bundle run on that input must exit with a
//! failure status, print
//! ``input error at line L, column C (byte B): expected TYPE, found `x` `` on stderr with the
//! position of the `x`, and write to stdout only whole lines that begin `NAME.out`.

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use common::{copy_tree, ojgames_in, real_root};
use ojgames::runner::{Exit, Job, Limits, Outcome, Runner};
use ojgames::solution::{build_solution, Built, SolutionSource};
use ojgames::workspace::Workspace;

/// The binary `ojgames judge` compiled from the problem's bundle (`build_solution` on the
/// bundle as it is: the same cached build).
fn solution(root: &Path, id: &str) -> PathBuf {
    let workspace = Workspace::locate(Some(root.to_path_buf()), root).unwrap();
    let problem = workspace.problem(id).unwrap();
    match build_solution(&workspace, &problem, SolutionSource::ExistingBundle).unwrap() {
        Built::Ready(solution) => solution.program,
        Built::CompileError { messages, .. } => panic!("{id} does not compile:\n{messages}"),
    }
}

/// Wall-clock limit of one run of a bundle: far beyond what these small inputs need, so only a
/// hang reaches it.
const RUN_LIMIT: Duration = Duration::from_secs(10);

/// How much of a long stdout, stderr or expected output a failure message shows.
const SHOWN: usize = 2000;

struct Case {
    name: String,
    input: PathBuf,
    expected: PathBuf,
}

struct Problem {
    id: String,
    cases: Vec<Case>,
}

/// The bad input: `input` with its last whitespace-separated token replaced by `x`, and the
/// position of that `x` as the scanner reports it: 1-based line, 1-based column in bytes,
/// 0-based byte offset. `None` if the input holds no token.
struct BadInput {
    bytes: Vec<u8>,
    token: String,
    line: usize,
    column: usize,
    byte: usize,
}

fn break_last_token(input: &[u8]) -> Option<BadInput> {
    // Whitespace as the scanner defines it (`u8::is_ascii_whitespace`).
    let end = input.iter().rposition(|b| !b.is_ascii_whitespace())? + 1;
    let start = input[..end]
        .iter()
        .rposition(|b| b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let mut bytes = input[..start].to_vec();
    bytes.push(b'x');
    bytes.extend_from_slice(&input[end..]);
    let before = &bytes[..start];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Some(BadInput {
        token: String::from_utf8_lossy(&input[start..end]).into_owned(),
        line: before.iter().filter(|&&b| b == b'\n').count() + 1,
        column: start - line_start + 1,
        byte: start,
        bytes,
    })
}

/// Every problem with test data in the real workspace, and its cases that have an expected
/// output and a token to break. Problems left with no such case are left out.
fn real_problems(root: &Path) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut ids: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    for id in ids {
        let data = root.join("testdata").join(&id);
        let Ok(entries) = fs::read_dir(&data) else {
            continue;
        };
        let mut inputs: Vec<PathBuf> = entries
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .collect();
        if inputs.is_empty() {
            continue;
        }
        inputs.sort();
        // A case whose input holds no token (the empty pair `ojgames new` writes) has nothing to
        // break.
        let cases: Vec<Case> = inputs
            .into_iter()
            .filter_map(|input| {
                let expected = input.with_extension("out");
                let has_token = fs::read(&input)
                    .unwrap()
                    .iter()
                    .any(|b| !b.is_ascii_whitespace());
                (expected.is_file() && has_token).then(|| Case {
                    name: input.file_stem().unwrap().to_string_lossy().into_owned(),
                    input,
                    expected,
                })
            })
            .collect();
        if cases.is_empty() {
            continue;
        }
        problems.push(Problem { id, cases });
    }
    problems
}

struct Run {
    outcome: Outcome,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// The judge's own runner, with the `ojgames` under test as its launcher.
fn runner() -> &'static Runner {
    static RUNNER: OnceLock<Runner> = OnceLock::new();
    RUNNER.get_or_init(|| Runner::with_launcher(env!("CARGO_BIN_EXE_ojgames")).unwrap())
}

/// Runs `binary` through the judge's runner: stdin from a file, stdout and stderr to files,
/// killed at [`RUN_LIMIT`].
fn run(binary: &Path, input: &[u8], scratch: &Path) -> Run {
    let (stdin, stdout, stderr) = (
        scratch.join("bad.in"),
        scratch.join("stdout"),
        scratch.join("stderr"),
    );
    fs::write(&stdin, input).unwrap();
    let outcome = runner()
        .run(&Job {
            program: binary,
            args: &[],
            stdin: Some(&stdin),
            stdout: &stdout,
            stderr: &stderr,
            limits: Limits::helper(RUN_LIMIT),
        })
        .unwrap_or_else(|e| panic!("cannot run {}: {e:#}", binary.display()));
    Run {
        outcome,
        stdout: fs::read(&stdout).unwrap(),
        stderr: fs::read(&stderr).unwrap(),
    }
}

fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= SHOWN {
        return text.into_owned();
    }
    let mut cut = SHOWN;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}… ({} bytes in all)", &text[..cut], text.len())
}

/// Whether `stderr` holds ``{prefix}TYPE, found `x` `` for a type name TYPE (the scanner's
/// own error), or ``{prefix}WHAT (the token `x`)`` on one line (a token the scanner read as
/// bytes and the solution refused with `Scanner::invalid`, as hdu1404's digit strings).
fn has_error(stderr: &str, prefix: &str) -> bool {
    stderr.match_indices(prefix).any(|(at, _)| {
        let rest = &stderr[at + prefix.len()..];
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let line = rest.lines().next().unwrap_or("");
        (name_len > 0 && rest[name_len..].starts_with(", found `x`"))
            || line.ends_with("(the token `x`)")
    })
}

/// Why `stdout` is not the first k lines of `expected` for some k, if it is not.
fn not_a_line_prefix(stdout: &[u8], expected: &[u8]) -> Option<String> {
    if !stdout.is_empty() && !stdout.ends_with(b"\n") {
        return Some("stdout does not end with a newline (a partial line)".to_string());
    }
    let got: Vec<&[u8]> = stdout.split(|&b| b == b'\n').collect();
    let got = &got[..got.len() - 1];
    let mut want: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    if want.last().is_some_and(|l| l.is_empty()) {
        want.pop();
    }
    if got.len() > want.len() {
        return Some(format!(
            "stdout has {} lines, the expected output only {}",
            got.len(),
            want.len()
        ));
    }
    let first_difference = got.iter().zip(&want).position(|(g, w)| g != w)?;
    Some(format!(
        "stdout line {} is {:?}, the expected output's is {:?}",
        first_difference + 1,
        String::from_utf8_lossy(got[first_difference]),
        String::from_utf8_lossy(want[first_difference])
    ))
}

/// Checks one case; returns what is wrong, if anything.
fn check_case(id: &str, binary: &Path, case: &Case, scratch: &Path) -> Option<String> {
    let input = fs::read(&case.input).unwrap();
    let expected = fs::read(&case.expected).unwrap();
    let bad = break_last_token(&input).expect("cases with no token are left out");
    let prefix = format!(
        "input error at line {}, column {} (byte {}): expected ",
        bad.line, bad.column, bad.byte
    );
    let result = run(binary, &bad.bytes, scratch);
    let stderr = String::from_utf8_lossy(&result.stderr);
    let mut wrong = Vec::new();
    if result.outcome.killed.is_some() {
        wrong.push(format!("still running after {RUN_LIMIT:?}, killed"));
    } else if result.outcome.success() {
        wrong.push("exited successfully on malformed input".to_string());
    }
    if !has_error(&stderr, &prefix) {
        wrong.push(format!("stderr lacks `{prefix}<type>, found `x``"));
    }
    if let Some(why) = not_a_line_prefix(&result.stdout, &expected) {
        wrong.push(format!(
            "stdout is not a line-prefix of {}: {why}",
            case.expected.display()
        ));
    }
    if wrong.is_empty() {
        return None;
    }
    let mut report = format!(
        "{id}/{}: last token `{}` of {} replaced by `x` (line {}, column {}, byte {})\n",
        case.name,
        bad.token,
        case.input.display(),
        bad.line,
        bad.column,
        bad.byte
    );
    for what in wrong {
        writeln!(report, "  - {what}").unwrap();
    }
    let status = match (result.outcome.killed, result.outcome.exit) {
        (Some(_), _) => "killed".to_string(),
        (None, Exit::Code(code)) => format!("exit code {code}"),
        (None, Exit::Signal(signal)) => format!("signal {signal}"),
    };
    write!(
        report,
        "  {status}\n  --- stdout ---\n{}\n  --- stderr ---\n{}\n  --- expected output ({}) ---\n{}",
        shown(&result.stdout),
        shown(&result.stderr),
        case.expected.display(),
        shown(&expected)
    )
    .unwrap();
    Some(report)
}

/// Checks each of the problem's cases on `binary`; returns the failures.
fn check_problem(problem: &Problem, binary: &Path, scratch: &Path) -> Vec<String> {
    fs::create_dir_all(scratch).unwrap();
    problem
        .cases
        .iter()
        .filter_map(|case| check_case(&problem.id, binary, case, scratch))
        .collect()
}

#[test]
fn bundles_report_malformed_last_token_with_its_position() {
    let start = Instant::now();
    let root = real_root();
    let problems = real_problems(&root);
    let case_count: usize = problems.iter().map(|p| p.cases.len()).sum();
    assert!(
        !problems.is_empty() && case_count > 0,
        "no problem with test data under {}",
        root.display()
    );

    // `ojgames judge` bundles each problem and compiles the bundle as the judge does (its rustc
    // flags, the problem's edition), in a temporary copy of the workspace so that the source
    // tree is never written to; its binaries are the ones run here.
    let ws = tempfile::tempdir().unwrap();
    fs::copy(root.join("Cargo.toml"), ws.path().join("Cargo.toml")).unwrap();
    for dir in ["src", "problems", "testdata"] {
        copy_tree(&root.join(dir), &ws.path().join(dir));
    }
    let mut args = vec!["judge"];
    args.extend(problems.iter().map(|p| p.id.as_str()));
    let judged = ojgames_in(ws.path(), &args);
    assert!(
        judged.success,
        "ojgames judge failed on the well-formed cases:\n{}{}",
        judged.stdout, judged.stderr
    );

    // One worker per core, each running a problem's cases.
    let workers = thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(problems.len());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(problem) = problems.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let binary = solution(ws.path(), &problem.id);
                    let scratch = ws.path().join("malformed").join(&problem.id);
                    let found = check_problem(problem, &binary, &scratch);
                    failures.lock().unwrap().extend(found);
                }
            });
        }
    });

    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {case_count} malformed-input cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    println!(
        "{} problems, {case_count} cases, {:.1} s",
        problems.len(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn the_last_token_and_its_position() {
    let bad = break_last_token(b"2\n1 2\n3 45\n").unwrap();
    assert_eq!(bad.bytes, b"2\n1 2\n3 x\n");
    assert_eq!(bad.token, "45");
    assert_eq!((bad.line, bad.column, bad.byte), (3, 3, 8));
    let bad = break_last_token(b"\n 7\t 12  \n\n").unwrap();
    assert_eq!(bad.bytes, b"\n 7\t x  \n\n");
    assert_eq!((bad.line, bad.column, bad.byte), (2, 5, 5));
    let bad = break_last_token(b"99").unwrap();
    assert_eq!(bad.bytes, b"x");
    assert_eq!((bad.line, bad.column, bad.byte), (1, 1, 0));
    assert!(break_last_token(b" \n\t\n").is_none());
}

#[test]
fn line_prefixes_and_error_messages() {
    let expected = b"Yes\n1 2\nNo\n";
    assert_eq!(not_a_line_prefix(b"", expected), None);
    let prefix = "input error at line 1, column 1 (byte 0): expected ";
    assert!(has_error(&format!("Error: {prefix}u64, found `x`"), prefix));
    assert!(has_error(
        &format!("Error: {prefix}a string of 1 to 6 digits (the token `x`)\n"),
        prefix
    ));
    assert!(!has_error(
        &format!("Error: {prefix}u64, found `y`"),
        prefix
    ));
    assert!(!has_error(
        &format!("Error: {prefix}digits (the token `y`)"),
        prefix
    ));
    assert_eq!(not_a_line_prefix(b"Yes\n", expected), None);
    assert_eq!(not_a_line_prefix(b"Yes\n1 2\nNo\n", expected), None);
    assert_eq!(not_a_line_prefix(b"Yes\n1 2\nNo\n", b"Yes\n1 2\nNo"), None);
    assert!(not_a_line_prefix(b"Yes\n1", expected).is_some());
    assert!(not_a_line_prefix(b"Yes\n1\n", expected).is_some());
    assert!(not_a_line_prefix(b"No\n", expected).is_some());
    assert!(not_a_line_prefix(b"Yes\n1 2\nNo\n\n", expected).is_some());
    assert!(has_error(
        "Error: input error at line 3, column 3 (byte 8): expected u64, found `x`\n",
        "input error at line 3, column 3 (byte 8): expected "
    ));
    assert!(!has_error(
        "Error: input error at line 3, column 3 (byte 8): expected u64, found end of input\n",
        "input error at line 3, column 3 (byte 8): expected "
    ));
    assert!(!has_error(
        "input error at line 3, column 3 (byte 8): expected , found `x`",
        "input error at line 3, column 3 (byte 8): expected "
    ));
}
