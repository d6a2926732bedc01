//! The interactive runner with small shell programs on both sides: every case of DOMjudge's
//! `runpipe` tests (either side exits early, closes its end, never writes, loops while the
//! other waits) and the verdict rules (exit codes of testlib and Kattis, a broken jury, a slow
//! jury, writes after the jury's AC, memory). Each test has its own deadline.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use ojgames::judge::execute::{self, RunFiles};
use ojgames::judge::interactive::decide;
use ojgames::judge::verdict::Verdict;
use ojgames::runner::pair::{self as interactive, PairJob, PairOutcome, Side, Waiting};
use ojgames::runner::{Exit, Limits, Runner};

/// The protocol of these tests: the interactor sends the number in INPUT, the solution
/// answers with it plus one.
const JURY: &str = r#"read n < "$1"
echo "$n"
read answer || { echo "no answer" >&2; exit 1; }
echo "got $answer" > "$2"
[ "$answer" = "$((n + 1))" ] && exit 0
echo "expected $((n + 1)), got $answer" >&2
exit 1"#;

const SOLUTION: &str = r#"read n
echo $((n + 1))"#;

struct Judged {
    verdict: Verdict,
    evidence: String,
    pair: PairOutcome,
    transcript: String,
    _dir: tempfile::TempDir,
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn limits(cpu_ms: u64) -> Limits {
    let cpu = Duration::from_millis(cpu_ms);
    Limits {
        cpu,
        wall: Limits::wall_for(cpu),
        memory_kib: 64 << 10,
        stack_kib: 8 << 10,
        output_bytes: 64 << 20,
    }
}

/// Judges `solution` against `interactor` (shell bodies) on the input `41`, within
/// `deadline` or the test fails.
fn judge(solution: &str, interactor: &str, cpu_ms: u64, deadline: u64) -> Judged {
    let (solution, interactor) = (solution.to_string(), interactor.to_string());
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(judge_now(&solution, &interactor, cpu_ms));
    });
    receive
        .recv_timeout(Duration::from_secs(deadline))
        .unwrap_or_else(|_| panic!("the judge took more than {deadline} s"))
}

fn judge_now(solution: &str, interactor: &str, cpu_ms: u64) -> Judged {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let input = d.join("case.in");
    std::fs::write(&input, "41\n").unwrap();
    let answer = d.join("case.out");
    std::fs::write(&answer, "").unwrap();
    let args: Vec<OsString> = [&input, &d.join("tout"), &answer]
        .iter()
        .map(|p| p.as_os_str().to_owned())
        .collect();
    let solution_limits = limits(cpu_ms);
    let interactor_limits = interactive::interactor_limits(&solution_limits);
    let runner = Runner::with_launcher(env!("CARGO_BIN_EXE_ojgames")).unwrap();
    let job = PairJob {
        solution: &script(d, "solution", solution),
        interactor: &script(d, "interactor", interactor),
        interactor_args: &args,
        solution_stdout: &d.join("solution.out"),
        solution_stderr: &d.join("solution.err"),
        interactor_stderr: &d.join("interactor.err"),
        transcript: &d.join("transcript"),
        solution_limits,
        interactor_limits,
    };
    let pair = interactive::run_pair(&runner, &job).unwrap();
    let files = RunFiles {
        stdin: None,
        stdout: &d.join("solution.out"),
        stderr: &d.join("solution.err"),
    };
    let solution = execute::decide(pair.solution, &solution_limits, files).unwrap();
    let (verdict, evidence) = decide::decide(
        &pair,
        solution.failure,
        &solution_limits,
        &interactor_limits,
    );
    Judged {
        verdict,
        evidence,
        transcript: std::fs::read_to_string(d.join("transcript")).unwrap(),
        pair,
        _dir: dir,
    }
}

fn expect(judged: &Judged, verdict: Verdict) {
    assert_eq!(
        judged.verdict, verdict,
        "{}\n{:?}\ntranscript:\n{}",
        judged.evidence, judged.pair, judged.transcript
    );
}

#[test]
fn correct_play_is_accepted_with_a_transcript_of_both_directions() {
    let judged = judge(SOLUTION, JURY, 1000, 20);
    expect(&judged, Verdict::Accepted);
    let lines: Vec<&str> = judged.transcript.lines().collect();
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| l.ends_with(text))
            .unwrap_or_else(|| panic!("no {text:?} in\n{}", judged.transcript))
    };
    assert!(at("interactor: 41") < at("solution:   42"));
    assert!(lines[0]
        .trim_start()
        .split(' ')
        .next()
        .unwrap()
        .contains('.'));
    assert!(judged
        .transcript
        .contains("* interactor exited: exit code 0"));
    assert_eq!(
        (judged.pair.solution_bytes, judged.pair.interactor_bytes),
        (3, 3)
    );
}

#[test]
fn a_wrong_answer_is_wa() {
    let judged = judge("read n\necho $((n + 2))", JURY, 1000, 20);
    expect(&judged, Verdict::WrongAnswer);
}

#[test]
fn the_solution_exits_early_without_writing() {
    let judged = judge("exit 0", JURY, 1000, 20);
    expect(&judged, Verdict::WrongAnswer);
    assert_eq!(judged.pair.first_exit, Side::Solution);
    // Crashing early is its own fault: RE, the jury's WA came after.
    let judged = judge("exit 3", JURY, 1000, 20);
    expect(&judged, Verdict::RuntimeError);
}

#[test]
fn the_interactor_exits_early_with_wa_while_the_solution_reads() {
    let judged = judge("read n || exit 4\necho $((n + 1))", "exit 1", 1000, 20);
    expect(&judged, Verdict::WrongAnswer);
    assert_eq!(judged.pair.first_exit, Side::Interactor);
    assert!(judged.evidence.contains("before the solution ended"));
}

#[test]
fn the_solution_closes_its_output_and_keeps_reading() {
    let judged = judge("exec 1>&-\nread n\nread m\nexit 0", JURY, 1000, 20);
    expect(&judged, Verdict::WrongAnswer);
    assert!(judged.transcript.contains("solution's output ended"));
}

#[test]
fn the_interactor_closes_its_output_and_waits() {
    let judged = judge(
        "read n || exit 5\necho 1",
        "exec 1>&-\nread a\nexit 0",
        1000,
        20,
    );
    expect(&judged, Verdict::RuntimeError);
    assert!(
        judged.evidence.contains("exit code 5"),
        "{}",
        judged.evidence
    );
}

#[test]
fn the_solution_never_writes_and_both_wait_to_read() {
    let judged = judge("read n\nread m", JURY, 300, 30);
    expect(&judged, Verdict::Idle);
    let stall = judged.pair.stall.as_ref().unwrap();
    assert_eq!(
        (&stall.solution, &stall.interactor),
        (&Waiting::ToRead, &Waiting::ToRead)
    );
    assert!(
        judged.evidence.contains("each waited for the other"),
        "{}",
        judged.evidence
    );
}

#[test]
fn the_interactor_never_writes() {
    let judged = judge(SOLUTION, "read a\nexit 0", 300, 30);
    expect(&judged, Verdict::Idle);
    assert!(judged
        .evidence
        .contains("the solution waited to read its input"));
}

#[test]
fn the_interactor_sleeps_while_the_solution_waits_to_read() {
    let judged = judge(SOLUTION, "sleep 100", 300, 30);
    expect(&judged, Verdict::Idle);
    let stall = judged.pair.stall.as_ref().unwrap();
    assert_eq!(stall.solution, Waiting::ToRead);
    assert!(
        matches!(stall.interactor, Waiting::Elsewhere(_)),
        "{stall:?}"
    );
}

#[test]
fn the_solution_loops_while_the_interactor_waits() {
    let judged = judge("read n\nwhile :; do :; done", JURY, 300, 30);
    expect(&judged, Verdict::TimeLimit);
}

#[test]
fn the_interactor_loops_while_the_solution_waits_a_slow_jury() {
    // About a second of the jury's CPU time against a 300 ms limit of the solution's.
    let slow = format!("i=0; while [ $i -lt 700000 ]; do i=$((i + 1)); done\n{JURY}");
    let judged = judge(SOLUTION, &slow, 300, 60);
    expect(&judged, Verdict::Accepted);
    assert!(judged.pair.interactor.cpu > Duration::from_millis(300));
    assert!(judged.pair.solution.cpu < Duration::from_millis(300));
}

#[test]
fn the_interactor_exits_early_while_the_solution_loops() {
    let judged = judge("while :; do :; done", "exit 1", 300, 30);
    expect(&judged, Verdict::WrongAnswer);
    // An early AC does not excuse the loop.
    let judged = judge("while :; do :; done", "exit 0", 300, 30);
    expect(&judged, Verdict::TimeLimit);
}

#[test]
fn the_solution_closes_its_input_and_answers() {
    let judged = judge("exec 0<&-\necho 42", JURY, 1000, 20);
    expect(&judged, Verdict::Accepted);
}

#[test]
fn a_timeout_with_traffic_is_tle_not_idle() {
    let judged = judge(
        "while read x; do echo 2; done",
        "while :; do echo 1; read a || exit 1; done",
        300,
        60,
    );
    expect(&judged, Verdict::TimeLimit);
    assert!(judged.pair.stall.is_none());
}

/// SIGTERM to the launcher (as when `ojgames` is interrupted) kills both programs.
#[test]
fn sigterm_kills_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pid_file = |name: &str| d.join(format!("{name}.pid"));
    let body = |name: &str| format!("echo $$ > {}\nexec sleep 60", pid_file(name).display());
    let solution_limits = limits(20_000);
    let job = PairJob {
        solution: &script(d, "solution", &body("solution")),
        interactor: &script(d, "interactor", &body("interactor")),
        interactor_args: &[],
        solution_stdout: &d.join("solution.out"),
        solution_stderr: &d.join("solution.err"),
        interactor_stderr: &d.join("interactor.err"),
        transcript: &d.join("transcript"),
        solution_limits,
        interactor_limits: interactive::interactor_limits(&solution_limits),
    };
    let runner = Runner::with_launcher(env!("CARGO_BIN_EXE_ojgames")).unwrap();
    std::thread::scope(|scope| {
        let running = scope.spawn(|| interactive::run_pair(&runner, &job));
        let read_pid = |name: &str| -> i32 {
            for _ in 0..400 {
                if let Some(pid) = std::fs::read_to_string(pid_file(name))
                    .ok()
                    .and_then(|t| t.trim().parse().ok())
                {
                    return pid;
                }
                std::thread::sleep(Duration::from_millis(25));
            }
            panic!("{name} did not start");
        };
        let pids = [read_pid("solution"), read_pid("interactor")];
        let parent = |pid: i32| -> i32 {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
            stat[stat.rfind(')').unwrap() + 2..]
                .split(' ')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap()
        };
        let launcher = parent(pids[0]);
        assert_eq!(parent(pids[1]), launcher);
        // SAFETY: plain syscall on the launcher this test started.
        unsafe { libc::kill(launcher, libc::SIGTERM) };
        let gone = |pid: i32| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            stat.is_empty() || stat[stat.rfind(')').unwrap() + 2..].starts_with('Z')
        };
        for _ in 0..200 {
            if pids.iter().all(|&pid| gone(pid)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        assert!(pids.iter().all(|&pid| gone(pid)), "{pids:?} still run");
        assert!(
            running.join().unwrap().is_err(),
            "no report from a killed launcher"
        );
    });
}

#[test]
fn kattis_exit_codes() {
    for (code, verdict) in [
        (42, Verdict::Accepted),
        (43, Verdict::WrongAnswer),
        (2, Verdict::PresentationError),
    ] {
        let jury = format!("echo 1; read a; exit {code}");
        expect(&judge(SOLUTION, &jury, 1000, 20), verdict);
    }
}

#[test]
fn a_broken_jury_is_fail() {
    for jury in [
        "echo 1; read a; exit 7",
        "echo 1; read a; exit 3",
        "echo 1; read a; kill -SEGV $$",
    ] {
        let judged = judge(SOLUTION, jury, 1000, 20);
        expect(&judged, Verdict::CheckerFailure);
        assert!(
            judged.evidence.contains("the jury is broken"),
            "{}",
            judged.evidence
        );
    }
}

#[test]
fn writes_after_the_jurys_ac_are_drained_not_a_sigpipe() {
    let judged = judge(
        "read n\necho $((n + 1))\nsleep 0.2\nexec head -c 3000000 /dev/zero",
        JURY,
        1000,
        20,
    );
    expect(&judged, Verdict::Accepted);
    assert_eq!(judged.pair.solution.exit, Exit::Code(0));
    assert!(judged.transcript.contains("no longer reads its input"));
}

#[test]
fn memory_is_the_solutions_alone() {
    let judged = judge("exec tail /dev/zero", JURY, 2000, 30);
    expect(&judged, Verdict::MemoryLimit);
    // The jury's memory does not count: it holds 100 MiB and the solution passes.
    let hungry = format!("head -c 100000000 /dev/zero | tail -c 90000000 > /dev/null\n{JURY}");
    let judged = judge(SOLUTION, &hungry, 2000, 30);
    expect(&judged, Verdict::Accepted);
}

#[test]
fn a_missing_interactor_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let runner = Runner::with_launcher(env!("CARGO_BIN_EXE_ojgames")).unwrap();
    let solution_limits = limits(1000);
    let job = PairJob {
        solution: &script(d, "solution", SOLUTION),
        interactor: &d.join("no-such-interactor"),
        interactor_args: &[],
        solution_stdout: &d.join("solution.out"),
        solution_stderr: &d.join("solution.err"),
        interactor_stderr: &d.join("interactor.err"),
        transcript: &d.join("transcript"),
        solution_limits,
        interactor_limits: interactive::interactor_limits(&solution_limits),
    };
    let err = format!("{:#}", interactive::run_pair(&runner, &job).unwrap_err());
    assert!(err.contains("no-such-interactor"), "{err}");
}

mod common;

/// `ojgames judge` on a workspace of interactive problems: a bin `<id>-interactor` makes a
/// problem interactive; a case without `.out` is judged; `--json` carries the verdicts; a
/// failed case keeps its transcript beside its output and shows its last lines.
#[test]
fn judge_finds_the_interactor_by_name_and_keeps_transcripts() {
    let ws = common::copy_workspace(&common::fixture("interactive_ws"));
    let (send, receive) = mpsc::channel();
    let root = ws.path().to_path_buf();
    std::thread::spawn(move || {
        let _ = send.send((
            common::ojgames_in(&root, &["judge", "--all", "--json"]),
            common::ojgames_in(&root, &["judge", "takewrong", "takepanic"]),
        ));
    });
    let (json, text) = receive
        .recv_timeout(Duration::from_secs(600))
        .expect("judge within its deadline");
    let verdict = |problem: &str, case: &str| -> String {
        let record = json
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|r| r["problem"] == problem && r["case"] == case)
            .unwrap_or_else(|| panic!("no {problem}/{case} in {}\n{}", json.stdout, json.stderr));
        record["verdict"].as_str().unwrap().to_string()
    };
    assert_eq!(verdict("take", "1"), "AC", "a case without .out");
    assert_eq!(verdict("take", "2"), "AC");
    assert_eq!(verdict("takewrong", "1"), "WA");
    assert_eq!(verdict("takenoflush", "1"), "IDLE");
    assert_eq!(verdict("takepanic", "1"), "RE");
    assert!(
        json.stdout.contains("Did the solution flush"),
        "{}",
        json.stdout
    );
    assert!(!json.success);
    assert!(text.stdout.contains("interactor: 7 2"), "{}", text.stdout);
    assert!(
        text.stdout.contains("no idea what to do with 7 stones"),
        "{}",
        text.stdout
    );
    let kept = text
        .stdout
        .lines()
        .find_map(|l| l.split("transcript in ").nth(1))
        .map(|rest| ws.path().join(rest.trim_end_matches(')')))
        .unwrap_or_else(|| panic!("no kept transcript in {}", text.stdout));
    let transcript = std::fs::read_to_string(&kept).unwrap();
    assert!(transcript.contains("solution:   1"), "{transcript}");
    assert!(kept.with_extension("out").is_file());
}

/// `ojgames stress` on an interactive problem: no brute force, the generator writes the
/// hidden input and the interactor plays it; the planted wrong solution (`--bin`) is caught
/// with its transcript and a command that replays it; `--save` keeps the input alone.
#[test]
fn stress_plays_generated_games_and_catches_the_planted_bug() {
    let ws = common::copy_workspace(&common::fixture("interactive_ws"));
    let (send, receive) = mpsc::channel();
    let root = ws.path().to_path_buf();
    std::thread::spawn(move || {
        let _ = send.send((
            common::ojgames_in(&root, &["stress", "take", "-n", "30"]),
            common::ojgames_in(
                &root,
                &[
                    "stress",
                    "take",
                    "-n",
                    "30",
                    "--bin",
                    "take-wrong",
                    "--save",
                ],
            ),
        ));
    });
    let (right, wrong) = receive
        .recv_timeout(Duration::from_secs(600))
        .expect("stress within its deadline");
    assert!(right.success, "{}{}", right.stdout, right.stderr);
    assert!(
        right.stdout.contains("30 cases, 0 failed"),
        "{}",
        right.stdout
    );
    assert!(!wrong.success);
    let out = &wrong.stdout;
    assert!(
        out.contains("WA: the interactor said wrong answer"),
        "{out}"
    );
    assert!(out.contains("--- transcript"), "{out}");
    assert!(out.contains("interactor: "), "{out}");
    assert!(out.contains("solution:   1"), "{out}");
    let replay = out
        .lines()
        .find(|l| l.starts_with("reproduce: "))
        .unwrap_or_else(|| panic!("no reproduce line in {out}"));
    assert!(replay.ends_with("--bin take-wrong"), "{replay}");
    let seed = replay
        .split("--seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let saved = ws
        .path()
        .join(format!("testdata/take/stress-seed-{seed}.in"));
    assert!(saved.is_file(), "{out}");
    assert!(!saved.with_extension("out").exists());
}

/// `ojgames run` on an interactive problem: with `--input` the solution's game as a
/// transcript; without it the user, on stdin, plays the solution's side.
#[test]
fn run_shows_the_solutions_game_or_lets_the_user_play() {
    let ws = common::copy_workspace(&common::fixture("interactive_ws"));
    let root = ws.path().to_path_buf();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let input = root.join("testdata/take/1.in");
        let game = common::ojgames_in(&root, &["run", "take", "--input", input.to_str().unwrap()]);
        let mut by_hand = std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"));
        by_hand
            .arg("--root")
            .arg(&root)
            .args(["run", "take"])
            .stdin(std::process::Stdio::piped());
        common::isolate_cache(&mut by_hand);
        let mut child = by_hand
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        // 7 stones, 2 a move: taking one each time loses.
        child.stdin.take().unwrap().write_all(b"1\n1\n1\n").unwrap();
        let hand = child.wait_with_output().unwrap();
        let _ = send.send((game, hand));
    });
    let (game, hand) = receive
        .recv_timeout(Duration::from_secs(300))
        .expect("run within its deadline");
    assert!(game.success, "{}{}", game.stdout, game.stderr);
    assert!(game.stdout.contains("interactor: 7 2"), "{}", game.stdout);
    assert!(game.stdout.contains("solution:   1"), "{}", game.stdout);
    assert!(game.stderr.contains("): AC"), "{}", game.stderr);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&hand.stdout),
        String::from_utf8_lossy(&hand.stderr),
    );
    assert!(!hand.status.success());
    assert!(stdout.starts_with("7 2\n"), "{stdout}");
    assert!(stderr.contains("you are the solution"), "{stderr}");
    assert!(
        stderr.contains("WA: the interactor said wrong answer"),
        "{stderr}"
    );
    assert!(stderr.contains("the jury took the last stone"), "{stderr}");
}

/// `ojgames fill` leaves an interactive problem alone: a missing `.out` is no gap there.
#[test]
fn fill_skips_interactive_problems() {
    let ws = common::copy_workspace(&common::fixture("interactive_ws"));
    let filled = common::ojgames_in(ws.path(), &["fill", "take"]);
    assert!(filled.success, "{}{}", filled.stdout, filled.stderr);
    assert!(
        filled.stdout.contains("no .out needed"),
        "{}",
        filled.stdout
    );
    assert!(!ws.path().join("testdata/take/1.out").exists());
}
