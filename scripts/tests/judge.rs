//! `ojgames judge` on a fixture workspace with one problem per verdict.

mod common;

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{copy_workspace, fixture, ojgames_in};

/// `ojgames --root ROOT ARGS...`, killed (and the test failed) if it has not ended within
/// `limit`: for runs that used to hang.
fn oj_within(root: &std::path::Path, args: &[&str], limit: Duration) -> common::Run {
    let logs = tempfile::tempdir().unwrap();
    let (stdout, stderr) = (logs.path().join("stdout"), logs.path().join("stderr"));
    let mut child = common::isolate_cache(
        Command::new(env!("CARGO_BIN_EXE_ojgames"))
            .arg("--root")
            .arg(root)
            .args(args),
    )
    .stdin(Stdio::null())
    .stdout(std::fs::File::create(&stdout).unwrap())
    .stderr(std::fs::File::create(&stderr).unwrap())
    .spawn()
    .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "`ojgames {}` hangs: {}",
                args.join(" "),
                std::fs::read_to_string(&stdout).unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    common::Run {
        stdout: std::fs::read_to_string(&stdout).unwrap(),
        stderr: std::fs::read_to_string(&stderr).unwrap(),
        success: status.success(),
        code: status.code(),
    }
}

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
    let ids = ["ac", "float", "wa", "tle", "re", "mle", "ole", "noout"];
    let run = ojgames_in(ws.path(), &[&["judge"][..], &ids].concat());
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
    // TLE: decided and killed on CPU time, just past the limit.
    assert!(
        out.contains("> limit 300.0") && out.contains(" ms, killed"),
        "{out}"
    );
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
    let run = ojgames_in(ws.path(), &["judge", "ac"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("1 passed, 0 failed"));
    // The memory of a tiny program must not include ojgames' own (see runner/mod.rs).
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
    let run = ojgames_in(ws.path(), &["judge", "ac"]);
    assert!(!run.success);
    assert!(
        run.stdout.contains("CE: rustc --edition 2021 -O"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("mismatched types"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().last(), Some("0 passed, 1 failed"));
    let json = ojgames_in(ws.path(), &["judge", "ac", "--json"]);
    assert!(
        json.stdout
            .contains("\"compile_error\":\"rustc --edition 2021 -O bundled/ac.rs\""),
        "{}",
        json.stdout
    );
}

#[test]
fn a_syntax_error_is_ce_with_the_parse_error() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    std::fs::write(
        ws.path().join("problems/ac/main.rs"),
        "fn main() {\n    let x = ;\n}\n",
    )
    .unwrap();
    let run = ojgames_in(ws.path(), &["judge", "ac"]);
    let out = &run.stdout;
    assert_eq!(
        run.code,
        Some(1),
        "a verdict, not a tool error: {out}{}",
        run.stderr
    );
    assert!(out.contains("  CE: "), "{out}");
    assert!(out.contains("problems/ac/main.rs:2:"), "{out}");
    assert!(out.contains("  1                    CE"), "{out}");
    assert_eq!(out.lines().last(), Some("0 passed, 1 failed"), "{out}");
    let json = ojgames_in(ws.path(), &["judge", "ac", "--json"]).stdout;
    assert!(json.contains("\"compile_error\":"), "{json}");
    assert!(json.contains("\"verdict\":\"CE\""), "{json}");
}

#[test]
fn a_missing_bundle_names_a_command_that_makes_it() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", "ac", "--no-bundle"]);
    assert!(!run.success);
    let command = run
        .stdout
        .lines()
        .find_map(|l| l.split("not found; run `").nth(1))
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("no command in:\n{}", run.stdout))
        .to_string();
    let made = common::run(Command::new("sh").arg("-c").arg(&command));
    assert!(made.success, "{command}: {}", made.stderr);
    assert!(ojgames_in(ws.path(), &["judge", "ac", "--no-bundle"]).success);
}

#[test]
fn a_path_is_not_a_problem_id() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", "../problems/ac"]);
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
    assert!(ojgames_in(ws.path(), &["bundle", "ac", "wa", "tle"]).success);
    let manifest = ws.path().join("problems/wa/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace(
        "[package.metadata.judge]",
        "[package.metadata.judge]\ntime-limit-ms = 1e17",
    );
    std::fs::write(&manifest, text).unwrap();
    let run = ojgames_in(ws.path(), &["judge", "ac", "wa", "tle", "--no-bundle"]);
    assert!(!run.success);
    assert!(
        run.stdout.contains("problems/wa/Cargo.toml") && run.stdout.contains("time-limit-ms"),
        "{}",
        run.stdout
    );
    assert_eq!(row(&run.stdout, "ac")[2].trim(), "AC×1", "{}", run.stdout);
    assert_eq!(row(&run.stdout, "tle")[2].trim(), "TLE×1", "{}", run.stdout);
}

/// Judges one fixture problem; its single case's verdict line and everything printed.
fn judge_one(problem: &str) -> (String, String) {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", problem]);
    (case_verdict(&run), run.stdout)
}

/// The verdict of case 1 in a judge's table.
fn case_verdict(run: &common::Run) -> String {
    run.stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("no case line:\n{}{}", run.stdout, run.stderr))
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string()
}

#[test]
fn output_bytes_are_compared_not_their_lossy_decoding() {
    let (verdict, out) = judge_one("bytes");
    assert_eq!(verdict, "WA", "{out}");
    assert!(
        out.contains(r#"expected "\xFE\xFF", got "\xFF\xFE""#),
        "{out}"
    );
}

#[test]
fn output_over_the_limit_on_stderr_says_so() {
    let (verdict, out) = judge_one("noisy");
    assert_eq!(verdict, "OLE", "{out}");
    assert!(
        out.contains("stderr (debug output counts too) passed the output limit of 64 KiB"),
        "{out}"
    );
}

#[test]
fn exact_comparison_gives_presentation_error() {
    let (verdict, out) = judge_one("pe");
    assert_eq!(verdict, "PE", "{out}");
    assert!(out.contains("line 1: the whitespace differs"), "{out}");
}

#[test]
fn a_sleeping_program_is_idle_not_tle() {
    let (verdict, out) = judge_one("idle");
    assert_eq!(verdict, "IDLE", "{out}");
    // Killed once its CPU time stood still for max(300 ms, 2 s), long before its 20 s sleep
    // ends.
    assert!(
        out.contains("killed after 2000 ms in which it used no CPU time"),
        "{out}"
    );
    let wall_ms: u64 = out
        .split("(wall ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("no wall figure: {out}"));
    assert!((2000..20_000).contains(&wall_ms), "{out}");
    assert!(out.contains(", limit 300 ms)"), "{out}");
}

#[test]
fn memory_over_the_limit_wins_over_a_kill() {
    let (verdict, out) = judge_one("hog");
    assert_eq!(verdict, "MLE", "{out}");
    assert!(out.contains("> limit 64.0 MiB"), "{out}");
}

#[test]
fn a_stack_overflow_is_a_runtime_error_naming_it() {
    let (verdict, out) = judge_one("deep");
    assert_eq!(verdict, "RE", "{out}");
    assert!(
        out.contains("stack overflow: the stack limit is 8192 KiB"),
        "{out}"
    );
    // With the default stack (the memory limit), too: not MLE.
    let (verdict, out) = judge_one("deepstack");
    assert_eq!(verdict, "RE", "{out}");
    assert!(
        out.contains("stack overflow: the stack limit is 64.0 MiB"),
        "{out}"
    );
}

#[test]
fn a_stack_overflow_in_a_spawned_thread_is_not_blamed_on_the_main_stack() {
    let (verdict, out) = judge_one("threaddeep");
    assert_eq!(verdict, "RE", "{out}");
    assert!(out.contains("stack overflow in thread 'solver'"), "{out}");
    assert!(!out.contains("stack overflow: the stack limit"), "{out}");
}

#[test]
fn failed_allocations_and_capacity_overflow_say_what_happened() {
    let (verdict, out) = judge_one("alloc");
    assert_eq!(verdict, "MLE", "{out}");
    assert!(
        out.contains("an allocation of 4294967296 bytes (4096.0 MiB) failed"),
        "{out}"
    );
    assert!(!out.contains("peak memory"), "no false peak figure: {out}");
    let (verdict, out) = judge_one("capacity");
    assert_eq!(verdict, "RE", "{out}");
    assert!(out.contains("panic: capacity overflow"), "{out}");
}

#[test]
fn a_checker_decides_with_the_testlib_convention() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", "checked"]);
    let out = &run.stdout;
    let verdicts: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(verdicts, ["AC", "WA", "FAIL"], "{out}");
    assert!(
        out.contains("checker sh check.sh: wrong answer: not a permutation"),
        "{out}"
    );
    assert!(out.contains("exit code 3): empty answer file"), "{out}");
}

/// The ids of the processes whose command line contains `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

/// Waits up to 60 s for `check` to hold (a loaded machine compiles slowly).
fn eventually(check: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn a_forked_child_dies_with_the_case() {
    let (verdict, out) = judge_one("forker");
    assert_eq!(verdict, "AC", "{out}");
    assert!(
        eventually(|| processes_with("sleep 31.4159").is_empty()),
        "left behind: {:?}",
        processes_with("sleep 31.4159")
    );
}

/// Starts `ojgames judge stubborn`, waits until the solution spins, sends `signal` with
/// `send`, and checks that nothing of the run is left.
fn interrupt(send: impl FnOnce(&std::process::Child)) {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let solution_marker = format!("{}/target/ojgames/stubborn", ws.path().display());
    let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command
        .arg("--root")
        .arg(ws.path())
        .args(["judge", "stubborn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0);
    common::isolate_cache(&mut command);
    let mut judge = command.spawn().unwrap();
    assert!(
        eventually(|| !processes_with(&solution_marker).is_empty()),
        "the solution never started"
    );
    std::thread::sleep(Duration::from_millis(100));
    send(&judge);
    let status = judge.wait().unwrap();
    assert!(!status.success());
    assert!(
        eventually(|| processes_with(&solution_marker).is_empty()),
        "left running: {:?}",
        processes_with(&solution_marker)
    );
}

#[test]
fn sigterm_to_the_judge_stops_the_solution() {
    interrupt(|judge| {
        // SAFETY: plain syscall.
        unsafe { libc::kill(judge.id() as i32, libc::SIGTERM) };
    });
}

#[test]
fn ctrl_c_stops_a_solution_that_ignores_it() {
    // The terminal sends SIGINT to the foreground process group: ojgames and its launchers.
    interrupt(|judge| {
        // SAFETY: plain syscall.
        unsafe { libc::killpg(judge.id() as i32, libc::SIGINT) };
    });
}

#[test]
fn a_killed_judge_takes_its_solution_with_it() {
    interrupt(|judge| {
        // SAFETY: plain syscall.
        unsafe { libc::kill(judge.id() as i32, libc::SIGKILL) };
    });
}

#[test]
fn two_judges_at_once_do_not_share_files() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    // Big outputs, so that the runs overlap.
    let data = ws.path().join("testdata/wa");
    let line = "12345678901234567890\n";
    for case in ["1", "2", "3", "4"] {
        std::fs::write(data.join(format!("{case}.in")), "x\n").unwrap();
        std::fs::write(data.join(format!("{case}.out")), line.repeat(200_000)).unwrap();
    }
    let manifest = ws.path().join("problems/wa/Cargo.toml");
    std::fs::write(
        &manifest,
        std::fs::read_to_string(&manifest).unwrap().replace(
            "[package.metadata.judge]",
            "[package.metadata.judge]\noutput-limit-kb = 65536",
        ),
    )
    .unwrap();
    std::fs::write(
        ws.path().join("problems/wa/main.rs"),
        "use std::io::Write;\nfn main() {\n    let mut out = std::io::BufWriter::new(std::io::stdout().lock());\n    for _ in 0..200_000 {\n        out.write_all(b\"12345678901234567890\\n\").unwrap();\n    }\n}\n",
    )
    .unwrap();
    let judges: Vec<_> = (0..3)
        .map(|_| {
            let root = ws.path().to_path_buf();
            std::thread::spawn(move || ojgames_in(&root, &["judge", "wa"]))
        })
        .collect();
    for judge in judges {
        let run = judge.join().unwrap();
        assert!(run.success, "{}{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("4 passed, 0 failed"), "{}", run.stdout);
    }
}

#[test]
fn each_judge_keeps_its_own_failed_output() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    // A wrong answer that differs from run to run: the process id.
    std::fs::write(
        ws.path().join("problems/wa/main.rs"),
        "fn main() {\n    println!(\"{}\", std::process::id());\n}\n",
    )
    .unwrap();
    assert!(ojgames_in(ws.path(), &["bundle", "wa"]).success);
    let judges: Vec<_> = (0..3)
        .map(|_| {
            let root = ws.path().to_path_buf();
            std::thread::spawn(move || ojgames_in(&root, &["judge", "wa", "--no-bundle"]))
        })
        .collect();
    for judge in judges {
        let out = judge.join().unwrap().stdout;
        let got = out
            .split("got \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("no output shown: {out}"));
        let kept = out
            .split("(output kept in ")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .unwrap_or_else(|| panic!("no kept output named: {out}"));
        let text = std::fs::read_to_string(ws.path().join(kept)).unwrap();
        assert_eq!(text.trim(), got, "{kept} is not this judge's output: {out}");
    }
}

#[test]
fn broken_test_data_is_named_and_the_other_cases_judged() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let data = ws.path().join("testdata/ac");
    std::fs::write(data.join("lonely.out"), "3\n").unwrap();
    std::fs::write(data.join("2.in"), "1 2\n").unwrap();
    std::fs::create_dir(data.join("2.out")).unwrap();
    std::fs::write(data.join("3.in"), "2 2\n").unwrap();
    std::fs::write(data.join("3.out"), "4\n").unwrap();
    // A FIFO as `.out` would block its reader; symlinks to nothing are no files either.
    std::fs::write(data.join("4.in"), "1 2\n").unwrap();
    let fifo = data.join("4.out");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    std::fs::write(data.join("dang.out"), "3\n").unwrap();
    std::os::unix::fs::symlink("/nonexistent", data.join("dang.in")).unwrap();
    std::fs::write(data.join("5.in"), "1 2\n").unwrap();
    std::os::unix::fs::symlink("/nonexistent", data.join("5.out")).unwrap();
    // A name with an escape character: shown escaped in the report and the JSON records.
    std::fs::write(data.join("ctl\x1b[2Jname.in"), "1 2\n").unwrap();
    std::fs::write(data.join("ctl\x1b[2Jname.out"), "3\n").unwrap();
    let run = oj_within(ws.path(), &["judge", "ac"], Duration::from_secs(120));
    let out = &run.stdout;
    assert!(!run.success);
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(
        out.contains(r"  ctl\u{1b}[2Jname     AC "),
        "aligned: {out}"
    );
    let json = ojgames_in(ws.path(), &["judge", "ac", "--json"]).stdout;
    assert!(json.contains(r#""case":"ctl\u001b[2Jname""#), "{json}");
    assert!(
        out.contains("testdata/ac/4.out is a FIFO, not a regular file"),
        "{out}"
    );
    assert!(
        out.contains(
            "error: testdata/ac/dang.in is a broken symlink (to /nonexistent), not a regular file: skipped"
        ),
        "{out}"
    );
    assert!(!out.contains("dang.in is missing"), "{out}");
    assert_eq!(
        out.matches("dang.").count(),
        1,
        "one message for the pair: {out}"
    );
    assert!(
        out.contains("testdata/ac/5.out is a broken symlink (to /nonexistent), not a regular file"),
        "{out}"
    );
    assert!(
        out.contains(
            "error: testdata/ac/lonely.out has no input: testdata/ac/lonely.in is missing"
        ),
        "{out}"
    );
    assert!(
        out.contains("testdata/ac/2.out is a directory, not a regular file"),
        "{out}"
    );
    assert!(
        out.contains("  3                    AC"),
        "the case after the unreadable one is judged: {out}"
    );
    assert!(out.ends_with("3 passed, 5 failed\n"), "{out}");
    // Chosen by name, an unusable case gets its one message, not also "does not exist".
    let chosen = ojgames_in(ws.path(), &["judge", "ac", "--case", "dang"]).stdout;
    assert!(chosen.contains("dang.in is a broken symlink"), "{chosen}");
    assert!(!chosen.contains("does not exist"), "{chosen}");
}

#[test]
fn chosen_cases_in_parallel_with_json_records() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let data = ws.path().join("testdata/tle");
    for case in ["2", "3"] {
        std::fs::copy(data.join("1.in"), data.join(format!("{case}.in"))).unwrap();
        std::fs::copy(data.join("1.out"), data.join(format!("{case}.out"))).unwrap();
    }
    let run = ojgames_in(
        ws.path(),
        &[
            "judge", "tle", "--case", "1", "--case", "3.in", "-j", "2", "--json",
        ],
    );
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with('{')).collect();
    assert_eq!(lines.len(), 3, "two cases and the totals: {}", run.stdout);
    for (line, case) in lines.iter().zip(["1", "3"]) {
        assert!(
            line.starts_with(&format!(
                "{{\"problem\":\"tle\",\"case\":\"{case}\",\"verdict\":\"TLE\",\"cpu_ms\":"
            )),
            "{line}"
        );
    }
    assert_eq!(lines[2], "{\"passed\":0,\"ran\":0,\"failed\":2}");
    let missing = ojgames_in(ws.path(), &["judge", "tle", "--case", "9"]);
    assert!(
        missing
            .stdout
            .contains("no case 9: testdata/tle/9.in does not exist"),
        "{}",
        missing.stdout
    );
}

#[test]
fn run_reports_figures_without_comparing() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let input = ws.path().join("my-input");
    std::fs::write(&input, "40 2\n").unwrap();
    let run = ojgames_in(
        ws.path(),
        &["run", "ac", "--input", input.to_str().unwrap()],
    );
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.stdout, "42\n");
    assert!(run.stderr.contains("ac: CPU "), "{}", run.stderr);
    assert!(run.stderr.contains("ended normally"), "{}", run.stderr);
    // Standard input by default.
    let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command
        .arg("--root")
        .arg(ws.path())
        .args(["run", "re"])
        .stdin(std::fs::File::open(&input).unwrap());
    let crashed = common::run(&mut command);
    assert_eq!(crashed.code, Some(1));
    assert!(
        crashed.stderr.contains("RE: exit code 101 (panic)"),
        "{}",
        crashed.stderr
    );
    // In colour when asked: the verdict as judge paints it.
    let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command
        .arg("--root")
        .arg(ws.path())
        .args(["--color", "always", "run", "re"])
        .stdin(std::fs::File::open(&input).unwrap());
    let painted = common::run(&mut command);
    assert!(
        painted
            .stderr
            .contains("\x1b[31mRE\x1b[0m: exit code 101 (panic)"),
        "{}",
        painted.stderr
    );
    // The panic is shown at the original file and line, not the bundle's.
    assert!(
        crashed.stderr.contains("problems/re/main.rs:"),
        "{}",
        crashed.stderr
    );
    let missing = ojgames_in(ws.path(), &["run", "ac", "--input", "/nonexistent/in"]);
    assert_eq!(missing.code, Some(2));
    assert!(
        missing.stderr.contains("/nonexistent/in is missing"),
        "{}",
        missing.stderr
    );
    // A directory is the user's mistake, not the solution's: a tool error, no RE.
    let dir = ws.path().join("inputs");
    std::fs::create_dir(&dir).unwrap();
    let run = ojgames_in(ws.path(), &["run", "ac", "--input", dir.to_str().unwrap()]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "{} is a directory, not a regular file",
            dir.display()
        )),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("RE"), "{}", run.stderr);
    // A FIFO (`--input <(gen)`) is read once, like standard input.
    let fifo = ws.path().join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "5 6\n").unwrap())
    };
    let piped = oj_within(
        ws.path(),
        &["run", "ac", "--input", fifo.to_str().unwrap()],
        Duration::from_secs(120),
    );
    writer.join().unwrap();
    assert!(piped.success, "{}", piped.stderr);
    assert_eq!(piped.stdout, "11\n");
}

#[test]
fn the_cargo_build_is_judged_with_the_same_code() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", "pe", "--cargo-build"]);
    assert!(
        run.stdout.contains("  1                    PE"),
        "{}{}",
        run.stdout,
        run.stderr
    );
    assert!(
        !ws.path().join("bundled").exists(),
        "no bundle for --cargo-build"
    );
}

/// POJ and HDU have a Presentation Error verdict: their problems compare exactly. Every
/// problem's `cargo run -p ID` runs its solution (`default-run`), as docs/practice.md says.
#[test]
fn real_problems_compare_like_their_judge_and_run_by_default() {
    let root = common::real_root();
    let workspace = ojgames::workspace::Workspace::locate(Some(root.clone()), &root).unwrap();
    let ids = workspace.problem_ids().unwrap();
    assert!(ids.len() >= 10);
    for id in ids {
        let problem = workspace.problem(&id).unwrap();
        if ["POJ", "HDU"].contains(&problem.meta.judge.as_str()) {
            assert_eq!(
                problem.meta.compare,
                ojgames::settings::Compare::Exact,
                "problems/{id}/Cargo.toml"
            );
        }
        let manifest: toml::Table = std::fs::read_to_string(problem.dir.join("Cargo.toml"))
            .unwrap()
            .parse()
            .unwrap();
        let default_run = manifest["package"]
            .get("default-run")
            .and_then(|v| v.as_str());
        assert_eq!(default_run, Some(id.as_str()), "problems/{id}/Cargo.toml");
    }
}

#[test]
fn a_cpu_bound_solution_on_a_busy_core_is_not_idle() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    // Built first, on an ordinary machine.
    let run = ojgames_in(ws.path(), &["judge", "starved"]);
    assert_eq!(case_verdict(&run), "AC", "{}", run.stdout);
    // Then judged on one core shared with four busy loops: 600 ms of CPU time need about
    // 3 s of wall time, past a fixed 3 × limit deadline, yet the program never waits.
    let hogs: Vec<std::process::Child> = (0..4)
        .map(|_| {
            Command::new("taskset")
                .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                .spawn()
                .unwrap()
        })
        .collect();
    let mut command = Command::new("taskset");
    command
        .args(["-c", "0", env!("CARGO_BIN_EXE_ojgames"), "--root"])
        .arg(ws.path())
        .args(["judge", "starved"]);
    let run = common::run(&mut command);
    for mut hog in hogs {
        hog.kill().unwrap();
        hog.wait().unwrap();
    }
    assert_eq!(case_verdict(&run), "AC", "{}", run.stdout);
}

#[test]
fn memory_is_stopped_near_the_limit_while_the_program_runs() {
    let (verdict, out) = judge_one("grower");
    assert_eq!(verdict, "MLE", "{out}");
    let peak_mib: f64 = out
        .split("peak memory ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|mib| mib.parse().ok())
        .unwrap_or_else(|| panic!("no peak figure: {out}"));
    // Limit 16 MiB; it would go on to 512 MiB. The watchdog samples every 5 ms, and a loaded
    // machine may delay it: stopped well short, not at the limit to the byte.
    assert!((16.0..256.0).contains(&peak_mib), "{out}");
}

#[test]
fn a_child_in_its_own_session_dies_with_the_case() {
    let (verdict, out) = judge_one("daemon");
    assert_eq!(verdict, "AC", "{out}");
    assert!(
        eventually(|| processes_with("sleep 127.1828").is_empty()),
        "left behind: {:?}",
        processes_with("sleep 127.1828")
    );
}
