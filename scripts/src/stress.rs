//! `oj stress`: the bundled solution against a brute force on random small inputs.
//!
//! For each problem: bundle it and compile `bundled/<id>.rs` with plain rustc, exactly as
//! `oj judge` does (so the file the user pastes is the one tested); build the problem's
//! `<id>-gen` and `<id>-brute` bins with cargo (release); then for case `i` run the generator
//! with seed `S + i`, and the bundle and the brute force on its output. The first case whose
//! outputs differ (or where the solution crashes or hangs) stops the run and is printed with
//! its input, a diff and the seed that reproduces it. Cases run on every core; the reported
//! case is always the lowest failing index, whatever the scheduling.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::bundle;
use crate::id::ProblemId;
use crate::judge::compare;
use crate::rustc;
use crate::settings::JudgeMeta;
use crate::workspace::{Problem, Workspace};

/// Inputs are small: a solution that runs this long on one has hung.
const SOLUTION_DEADLINE: Duration = Duration::from_secs(5);
/// The brute force and the generator get longer.
const HELPER_DEADLINE: Duration = Duration::from_secs(30);
const SHOWN_LINES: usize = 40;

/// Stresses each problem; prints a summary line per problem. `Ok(false)` if any disagreed.
pub fn stress(workspace: &Workspace, ids: &[ProblemId], cases: u64, seed: u64) -> Result<bool> {
    let problems = ids
        .iter()
        .map(|id| workspace.problem(id))
        .collect::<Result<Vec<_>>>()?;
    build_helpers(workspace, &problems)?;
    let mut ok = true;
    for problem in &problems {
        ok &= stress_one(workspace, problem, cases, seed)?;
    }
    Ok(ok)
}

/// One `cargo build --release` for every problem's generator and brute force.
fn build_helpers(workspace: &Workspace, problems: &[Problem]) -> Result<()> {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command
        .current_dir(&workspace.root)
        .args(["build", "--release", "--quiet"]);
    for problem in problems {
        for (bin, file) in [("gen", "gen.rs"), ("brute", "brute.rs")] {
            if !problem.dir.join(file).is_file() {
                bail!(
                    "problem `{}` has no {file}: stress needs problems/{}/gen.rs and brute.rs \
                     (bins `{}-gen` and `{}-brute`)",
                    problem.id,
                    problem.id,
                    problem.id,
                    problem.id
                );
            }
            command.args(["--bin", &format!("{}-{bin}", problem.id)]);
        }
        command.args(["-p", &problem.id]);
    }
    let status = command.status().context("cannot run cargo")?;
    if !status.success() {
        bail!("cargo build of the generators and brute forces failed ({status})");
    }
    Ok(())
}

fn target_dir(workspace: &Workspace) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => workspace.root.join(dir),
        None => workspace.root.join("target"),
    }
}

struct Programs {
    solution: PathBuf,
    gen: PathBuf,
    brute: PathBuf,
}

/// What went wrong in one case.
struct Failure {
    index: u64,
    seed: u64,
    what: String,
    input: String,
    expected: String,
    actual: String,
}

fn stress_one(workspace: &Workspace, problem: &Problem, cases: u64, seed: u64) -> Result<bool> {
    let id = &problem.id;
    let work = workspace.work_dir(id).join("stress");
    fs::create_dir_all(&work)?;

    let built = bundle::build(workspace, problem, &bundle::Options { keep_docs: false })?;
    bundle::write(workspace, problem, &built)?;
    let bundle_path = workspace.bundle_path(id);
    // The same binary `oj judge` builds and runs: compiled once between them.
    let solution = workspace.work_dir(id).join("solution");
    let compiled = rustc::compile_cached(&bundle_path, problem.meta.edition.as_str(), &solution)?;
    if !compiled.success {
        bail!(
            "{} does not compile with rustc --edition {} (CE):\n{}",
            workspace.display(&bundle_path),
            problem.meta.edition,
            compiled.messages.trim_end()
        );
    }
    let release = target_dir(workspace).join("release");
    let programs = Programs {
        solution,
        gen: release.join(format!("{id}-gen")),
        brute: release.join(format!("{id}-brute")),
    };

    let jobs = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let failure: Mutex<Option<Failure>> = Mutex::new(None);
    let progress = std::io::stderr().is_terminal();
    let start = Instant::now();
    thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..jobs.min(cases.max(1)))
            .map(|worker| {
                let (next, done, failure, programs) = (&next, &done, &failure, &programs);
                let scratch = work.join(format!("w{worker}"));
                scope.spawn(move || -> Result<()> {
                    loop {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        let earlier_failure = failure
                            .lock()
                            .unwrap()
                            .as_ref()
                            .is_some_and(|f| f.index < index);
                        if index >= cases || earlier_failure {
                            return Ok(());
                        }
                        let case_seed = seed.wrapping_add(index);
                        if let Some(what) =
                            run_case(programs, &problem.meta, &scratch, index, case_seed)?
                        {
                            let mut slot = failure.lock().unwrap();
                            if slot.as_ref().is_none_or(|f| f.index > index) {
                                *slot = Some(what);
                            }
                        }
                        done.fetch_add(1, Ordering::SeqCst);
                    }
                })
            })
            .collect();
        while progress && workers.iter().any(|w| !w.is_finished()) {
            let finished = done.load(Ordering::SeqCst);
            let rate = finished as f64 / start.elapsed().as_secs_f64().max(1e-3);
            eprint!("\r\x1b[Kstress {id}: {finished}/{cases} cases, {rate:.0}/s");
            thread::sleep(Duration::from_millis(100));
        }
        for worker in workers {
            worker.join().expect("stress worker panicked")?;
        }
        Ok(())
    })?;
    if progress {
        eprint!("\r\x1b[K");
    }
    let elapsed = start.elapsed().as_secs_f64();
    let failure = failure.into_inner().unwrap();
    let ran = failure.as_ref().map_or(cases, |f| f.index + 1);
    let failed = u64::from(failure.is_some());
    if let Some(f) = &failure {
        report(workspace, problem, &programs, f);
    }
    println!("stress {id}: {ran} cases, {failed} failed (seed {seed}) in {elapsed:.1} s");
    if let Some(f) = &failure {
        println!("reproduce: ojgames stress {id} -n 1 --seed {}", f.seed);
    }
    Ok(failure.is_none())
}

/// Runs case `index`; `Some` describes a disagreement, a crash or a hang.
fn run_case(
    programs: &Programs,
    meta: &JudgeMeta,
    scratch: &Path,
    index: u64,
    seed: u64,
) -> Result<Option<Failure>> {
    fs::create_dir_all(scratch)?;
    let input_path = scratch.join("input");
    let seed_arg = seed.to_string();
    let gen = run(
        &programs.gen,
        &[&seed_arg],
        None,
        &input_path,
        HELPER_DEADLINE,
    )?;
    let input = fs::read_to_string(&input_path).unwrap_or_default();
    let failure = |what: String, expected: String, actual: String| Failure {
        index,
        seed,
        what,
        input: input.clone(),
        expected,
        actual,
    };
    if let Some(problem) = gen.problem("the generator") {
        return Ok(Some(failure(problem, String::new(), String::new())));
    }
    let brute = run(
        &programs.brute,
        &[],
        Some(&input_path),
        &scratch.join("brute"),
        HELPER_DEADLINE,
    )?;
    let solution = run(
        &programs.solution,
        &[],
        Some(&input_path),
        &scratch.join("solution"),
        SOLUTION_DEADLINE,
    )?;
    let (expected, actual) = (brute.stdout.clone(), solution.stdout.clone());
    if let Some(problem) = solution.problem("the solution") {
        return Ok(Some(failure(problem, expected, actual)));
    }
    if let Some(problem) = brute.problem("the brute force") {
        return Ok(Some(failure(problem, expected, actual)));
    }
    if !compare::accepts(meta.compare, &expected, &actual) {
        let what = "the solution and the brute force disagree".to_string();
        return Ok(Some(failure(what, expected, actual)));
    }
    Ok(None)
}

fn report(workspace: &Workspace, problem: &Problem, programs: &Programs, f: &Failure) {
    let mut out = String::new();
    let gen = workspace.display(&programs.gen);
    let _ = writeln!(
        out,
        "stress {}: case {} (seed {}): {}",
        problem.id, f.index, f.seed, f.what
    );
    let _ = writeln!(out, "--- input ({gen} {}) ---", f.seed);
    out.push_str(&capped(&f.input));
    let _ = writeln!(out, "--- brute force output ---");
    out.push_str(&capped(&f.expected));
    let _ = writeln!(out, "--- solution output (bundled/{}.rs) ---", problem.id);
    out.push_str(&capped(&f.actual));
    let differing = differing_lines(&f.expected, &f.actual);
    if !differing.is_empty() {
        let _ = writeln!(out, "--- differing lines (brute force | solution) ---");
        out.push_str(&capped(&differing));
    }
    print!("{out}");
    let _ = std::io::stdout().flush();
}

/// Line by line, where the outputs differ: `line 3: 0 | 1`. Positional, not a minimal diff:
/// answers are one per line, and a shifted alignment would hide which case is wrong.
fn differing_lines(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i).copied(), a.get(i).copied());
        if x.map(str::trim_end) != y.map(str::trim_end) {
            let show =
                |line: Option<&str>| line.map_or("(no line)".to_string(), |l| format!("{l:?}"));
            let _ = writeln!(out, "line {}: {} | {}", i + 1, show(x), show(y));
        }
    }
    out
}

/// The text with at most [`SHOWN_LINES`] lines, saying how many it leaves out.
fn capped(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for line in lines.iter().take(SHOWN_LINES) {
        out.push_str(line);
        out.push('\n');
    }
    if lines.len() > SHOWN_LINES {
        let _ = writeln!(out, "… {} more lines", lines.len() - SHOWN_LINES);
    }
    if lines.is_empty() {
        out.push_str("(empty)\n");
    }
    out
}

struct Ran {
    /// `None` when killed at the deadline.
    status: Option<ExitStatus>,
    stdout: String,
    stderr: String,
}

impl Ran {
    /// Why the run counts as a failure, if it does: a hang or a non-zero exit.
    fn problem(&self, who: &str) -> Option<String> {
        let tail: Vec<&str> = self.stderr.lines().rev().take(10).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        let stderr = if tail.is_empty() {
            String::new()
        } else {
            format!("; its stderr ends:\n{}", tail.join("\n"))
        };
        match self.status {
            None => Some(format!("{who} did not finish in time (killed){stderr}")),
            Some(status) if !status.success() => Some(format!("{who} failed ({status}){stderr}")),
            Some(_) => None,
        }
    }
}

/// Runs `program` with stdin from `input` (or nothing) and stdout to `output`, killing it
/// at `deadline`. Files rather than pipes: no deadlock whatever the program prints.
fn run(
    program: &Path,
    args: &[&str],
    input: Option<&Path>,
    output: &Path,
    deadline: Duration,
) -> Result<Ran> {
    let stdin = match input {
        Some(path) => Stdio::from(File::open(path)?),
        None => Stdio::null(),
    };
    let stderr_path = output.with_extension("stderr");
    let mut child = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(File::create(output)?)
        .stderr(File::create(&stderr_path)?)
        .spawn()
        .with_context(|| format!("cannot run {}", program.display()))?;
    let start = Instant::now();
    let mut nap = Duration::from_micros(50);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    };
    let read =
        |path: &Path| String::from_utf8_lossy(&fs::read(path).unwrap_or_default()).into_owned();
    Ok(Ran {
        status,
        stdout: read(output),
        stderr: read(&stderr_path),
    })
}

/// Builds the problem's brute force (with its generator, as stress does) and runs it on each
/// input in turn: its standard output for each. For `ojgames table --brute`.
pub fn run_brute(
    workspace: &Workspace,
    problem: &Problem,
    inputs: &[String],
) -> Result<Vec<String>> {
    build_helpers(workspace, std::slice::from_ref(problem))?;
    let brute = target_dir(workspace)
        .join("release")
        .join(format!("{}-brute", problem.id));
    let scratch = workspace.work_dir(&problem.id).join("table");
    fs::create_dir_all(&scratch)?;
    let input_path = scratch.join("input");
    let output_path = scratch.join("brute");
    let mut outputs = Vec::with_capacity(inputs.len());
    for input in inputs {
        fs::write(&input_path, input)?;
        let ran = run(
            &brute,
            &[],
            Some(&input_path),
            &output_path,
            HELPER_DEADLINE,
        )?;
        if let Some(problem) = ran.problem("the brute force") {
            bail!("on the input {input:?}: {problem}");
        }
        outputs.push(ran.stdout);
    }
    Ok(outputs)
}
