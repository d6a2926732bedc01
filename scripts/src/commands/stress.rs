//! `ojgames stress`: the bundled solution against a brute force on random small inputs.
//!
//! For each problem: build the solution exactly as `ojgames judge` does (the bundle, compiled
//! with plain rustc: the file the user pastes is the one tested); build the problem's
//! `<id>-gen` and `<id>-brute` bins with cargo (release); then for case `i` run the generator
//! with seed `S + i`, and the solution (under the judge's limits) and the brute force on its
//! output, all through the one runner. The outputs are compared with the problem's checker if
//! it has one, else its compare mode. The first failing case stops the run and is printed with
//! its input, both outputs, the differing lines and the command that reproduces it; `--save`
//! keeps it as a test case. Cases run on every core; the reported case is always the lowest
//! failing index, whatever the scheduling.

use std::fmt::Write as _;
use std::fs;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::{number, JudgeFlag, Parsed, Problems, ProblemsBuilder};
use crate::bundle::LineMap;
use crate::console;
use crate::files::{Kind, NotAFile};
use crate::helpers::{self, is_interactive, Bin, HelperFiles, Interactor};
use crate::judge::checker::Checker;
use crate::judge::compare::{self, Match};
use crate::judge::execute::{execute, Program, RunFiles};
use crate::judge::interactive;
use crate::judge::{solution_limits, verdict};
use crate::runner::{Limits, Runner, Scratch};
use crate::solution::{build_solution, Built, SolutionSource};
use crate::workspace::{Problem, Workspace};

#[derive(Debug)]
pub struct StressArgs {
    pub problems: Problems,
    pub cases: u64,
    pub seed: u64,
    /// Save a failing input, with the brute force's answer, into testdata/<ID>/.
    pub save: bool,
    /// Stress this bin of the problem (its cargo build) instead of the bundle.
    pub bin: Option<String>,
    pub judge: JudgeFlag,
    /// Stress `bundled/<ID>.rs` as it is.
    pub no_bundle: bool,
    /// One JSON record per problem on stdout instead of the text.
    pub json: bool,
}

pub const DEFAULT_STRESS_CASES: u64 = 300;

impl StressArgs {
    pub const USAGE: &'static str = "\
usage: ojgames stress (--all | ID...) [-n N] [--seed S] [--save] [--bin NAME] [--no-bundle]
                      [--judge NAME] [--json]

Bundles and compiles each problem like judge, builds its gen.rs and brute.rs, then for i in
0..N runs gen(S + i), the bundle and the brute force, and compares them (with the problem's
checker if it has one). An interactive problem (a bin `<ID>-interactor`) needs no brute force:
gen(S + i) writes the hidden input and the interactor plays it against the bundle. Stops at
the first failure and prints the command that reproduces it (with the game's transcript).
  --all       every problem under problems/
  -n N        cases (default 300)
  --seed S    the first seed (default 1)
  --save      save a failing input and the brute force's answer as testdata/<ID>/stress-seed-S.*
              (an interactive problem's: the input alone)
  --bin NAME  stress the cargo build of the problem's bin NAME instead of the bundle (a planted
              wrong solution such as `<ID>-wrong`, which stress must catch)
  --no-bundle stress bundled/<ID>.rs as it is
  --json      one JSON record per problem on stdout: the seeds, the cases run, the first
              failure (its verdict, input and both outputs) and the command that replays it
  --judge NAME bundle and compile for judge NAME (scripts/judges.toml) instead of the
              problem's `judge`";

    /// Parses the arguments after `stress` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<StressArgs>> {
        let usage = StressArgs::USAGE;
        let mut selection = ProblemsBuilder::default();
        let (mut cases, mut seed, mut save, mut bin) = (DEFAULT_STRESS_CASES, 1, false, None);
        let mut judge = JudgeFlag::default();
        let (mut no_bundle, mut json) = (false, false);
        while let Some(arg) = parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Short('n') => cases = number(parser.value()?, "-n", 1..=u64::MAX)?,
                Long("seed") => seed = number(parser.value()?, "--seed", 0..=u64::MAX)?,
                Long("save") => save = true,
                Long("bin") => bin = Some(parser.value()?.string()?),
                Long("judge") => judge.set(parser.value()?)?,
                Long("no-bundle") => no_bundle = true,
                Long("json") => json = true,
                Value(id) => selection.push(id)?,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if bin.is_some() && judge.0.is_some() {
            bail!(
                "--judge picks the judge to bundle for: not with --bin (a cargo build)\n\n{usage}"
            );
        }
        judge.check(no_bundle, false, usage)?;
        Ok(Parsed::Args(StressArgs {
            problems: selection.finish(usage)?,
            cases,
            seed,
            save,
            bin,
            judge,
            no_bundle,
            json,
        }))
    }
}

/// Runs `ojgames stress` on the problems selected.
pub fn run(workspace: &Workspace, args: &StressArgs, runner: &Runner) -> Result<bool> {
    let problems = args.problems.problems(workspace)?;
    stress(workspace, &problems, args, runner)
}

/// Stresses each problem; prints a summary line per problem. `Ok(false)` if any failed.
pub fn stress(
    workspace: &Workspace,
    problems: &[Problem],
    args: &StressArgs,
    runner: &Runner,
) -> Result<bool> {
    helpers::build_gen_and_brute(workspace, problems)?;
    let mut ok = true;
    for problem in problems {
        ok &= stress_one(workspace, problem, args, runner)?;
    }
    Ok(ok)
}

struct Programs<'a> {
    solution: PathBuf,
    /// The jury of an interactive problem (then `brute` is unused).
    interactor: Option<Interactor>,
    lines: LineMap,
    gen: PathBuf,
    brute: PathBuf,
    checker: Option<Checker>,
    runner: &'a Runner,
    solution_limits: Limits,
}

/// What went wrong in one case.
pub struct Failure {
    pub index: u64,
    pub seed: u64,
    /// What happened: a disagreement, the solution's verdict, a helper's failure.
    pub what: String,
    pub input: Vec<u8>,
    /// The brute force's output.
    pub expected: Vec<u8>,
    /// The solution's output.
    pub actual: Vec<u8>,
    /// The solution's verdict, when the case judged it (not when a helper failed).
    pub verdict: Option<verdict::Verdict>,
    /// The brute force answered: the case can be saved as test data.
    brute_ok: bool,
    /// The game of an interactive problem, both directions with timestamps.
    pub transcript: Option<Vec<u8>>,
}

fn stress_one(
    workspace: &Workspace,
    problem: &Problem,
    args: &StressArgs,
    runner: &Runner,
) -> Result<bool> {
    let id = &problem.id;
    let (cases, seed) = (args.cases, args.seed);
    let interactor = if is_interactive(problem)? {
        Some(Interactor::built(workspace, problem))
    } else {
        None
    };
    let solution = match &args.bin {
        Some(bin) => Built::Ready(planted(workspace, problem, bin)?),
        None if args.no_bundle => {
            build_solution(workspace, problem, SolutionSource::ExistingBundle)?
        }
        None => build_solution(
            workspace,
            problem,
            SolutionSource::Bundle {
                keep_docs: false,
                judge: args.judge.0,
            },
        )?,
    };
    let solution = match solution {
        Built::Ready(solution) => {
            if let Some(note) = &solution.bundle_note {
                if args.json {
                    crate::warn!("{note}");
                } else {
                    crate::sayln!("{note}");
                }
            }
            solution
        }
        Built::CompileError {
            command, messages, ..
        } => {
            bail!(
                "{command} failed (CE):\n{}",
                console::text(messages.as_bytes()).trim_end()
            )
        }
    };
    let programs = Programs {
        solution: solution.program,
        interactor,
        lines: solution.lines,
        gen: Bin::Gen.path(workspace, id),
        brute: Bin::Brute.path(workspace, id),
        checker: Checker::resolve(workspace, problem)?,
        runner,
        solution_limits: solution_limits(&problem.meta),
    };
    let scratch = Scratch::new(&workspace.work_dir(id).join("runs"))?;

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
                let files = CaseFiles::new(&scratch, worker);
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
                        if let Some(what) = run_case(programs, problem, &files, index, case_seed)? {
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
    let reproduce = failure.as_ref().map(|f| {
        let mut flags = args
            .bin
            .as_ref()
            .map_or(String::new(), |bin| format!(" --bin {bin}"));
        if args.no_bundle {
            flags.push_str(" --no-bundle");
        }
        format!(
            "{} stress {id} -n 1 --seed {}{flags}",
            console::invocation(workspace),
            f.seed
        )
    });
    let saved = match &failure {
        Some(f) if args.save => Some(save_case(workspace, problem, f)?),
        _ => None,
    };
    if args.json {
        let summary = Summary {
            seed,
            cases,
            ran,
            seconds: elapsed,
        };
        crate::sayln!(
            "{}",
            json_record(id, &summary, failure.as_ref(), reproduce.as_deref())
        );
        if let Some(note) = saved {
            crate::warn!("{note}");
        }
        return Ok(failure.is_none());
    }
    if let Some(f) = &failure {
        let gen = workspace.display(&programs.gen);
        crate::say!("{}", failure_report(&problem.id, &gen, f));
    }
    let failed = crate::report::failed_count(failed);
    crate::sayln!("stress {id}: {ran} cases, {failed} (seed {seed}) in {elapsed:.1} s");
    if let Some(note) = saved {
        crate::sayln!("{note}");
    }
    if let Some(command) = reproduce {
        crate::sayln!("reproduce: {command}");
    }
    Ok(failure.is_none())
}

/// A worker's files in the run's scratch directory.
struct CaseFiles {
    input: PathBuf,
    gen_err: PathBuf,
    brute: PathBuf,
    brute_err: PathBuf,
    solution: PathBuf,
    solution_err: PathBuf,
    scratch_dir: PathBuf,
    worker: u64,
}

impl CaseFiles {
    fn new(scratch: &Scratch, worker: u64) -> CaseFiles {
        let file = |name: &str| scratch.file(&format!("w{worker}.{name}"));
        CaseFiles {
            input: file("in"),
            gen_err: file("gen.err"),
            brute: file("brute.out"),
            brute_err: file("brute.err"),
            solution: file("solution.out"),
            solution_err: file("solution.err"),
            scratch_dir: scratch.path().to_path_buf(),
            worker,
        }
    }
}

/// Runs case `index`; `Some` describes a disagreement, a crash or a hang.
fn run_case(
    programs: &Programs,
    problem: &Problem,
    files: &CaseFiles,
    index: u64,
    seed: u64,
) -> Result<Option<Failure>> {
    let runner = programs.runner;
    let seed_arg = [seed.to_string().into()];
    let gen_files = HelperFiles {
        stdin: None,
        stdout: &files.input,
        stderr: &files.gen_err,
    };
    let gen = helpers::run(runner, &programs.gen, &seed_arg, gen_files)?;
    let input = fs::read(&files.input).unwrap_or_default();
    let failure = |what: String, expected: Vec<u8>, actual: Vec<u8>, brute_ok: bool| Failure {
        index,
        seed,
        what,
        input: input.clone(),
        expected,
        actual,
        verdict: None,
        brute_ok,
        transcript: None,
    };
    if !gen.success() {
        let what = helpers::failure(Bin::Gen, &gen, &files.gen_err);
        return Ok(Some(failure(what, Vec::new(), Vec::new(), false)));
    }
    if let Some(interactor) = &programs.interactor {
        let game = interactive::Game {
            runner,
            interactor,
            solution: &programs.solution,
            lines: &programs.lines,
            limits: programs.solution_limits,
        };
        let case_files =
            interactive::CaseFiles::new(&files.scratch_dir, &format!("w{}.game", files.worker));
        let played = game.play(&files.input, None, &case_files)?;
        if played.verdict == verdict::Verdict::Accepted {
            return Ok(None);
        }
        let what = format!("{}: {}", played.verdict, played.summary.trim_end());
        let actual = fs::read(&case_files.solution_stdout).unwrap_or_default();
        return Ok(Some(Failure {
            transcript: Some(fs::read(&case_files.transcript).unwrap_or_default()),
            verdict: Some(played.verdict),
            ..failure(what, Vec::new(), actual, false)
        }));
    }
    let brute_files = HelperFiles {
        stdin: Some(&files.input),
        stdout: &files.brute,
        stderr: &files.brute_err,
    };
    let brute = helpers::run(runner, &programs.brute, &[], brute_files)?;
    let program = Program {
        path: &programs.solution,
        args: &[],
        limits: programs.solution_limits,
    };
    let solution_files = RunFiles {
        stdin: Some(&files.input),
        stdout: &files.solution,
        stderr: &files.solution_err,
    };
    let solution = execute(runner, program, solution_files)?;
    let expected = fs::read(&files.brute).unwrap_or_default();
    let actual = fs::read(&files.solution).unwrap_or_default();
    if let Some((verdict, evidence)) = solution.failure {
        let what = format!(
            "the solution failed: {verdict}: {evidence}{}",
            programs
                .lines
                .rewrite(&console::stderr_tail(&solution.stderr_tail))
        );
        return Ok(Some(Failure {
            verdict: Some(verdict),
            ..failure(what, expected, actual, brute.success())
        }));
    }
    if !brute.success() {
        let what = helpers::failure(Bin::Brute, &brute, &files.brute_err);
        return Ok(Some(failure(what, expected, actual, false)));
    }
    let verdict = match &programs.checker {
        Some(checker) => {
            let scratch_files =
                Scratch::new(&files.scratch_dir.join(format!("checker-{}", files.worker)))?;
            let (verdict, message) = checker.check(
                runner,
                &files.input,
                &files.solution,
                &files.brute,
                &scratch_files,
                0,
            )?;
            (verdict != verdict::Verdict::Accepted)
                .then(|| (verdict, format!("{verdict}: {}", message.trim_end())))
        }
        None => match compare::compare(problem.meta.compare, &expected, &actual) {
            Match::Accepted => None,
            Match::Presentation => Some((
                verdict::Verdict::PresentationError,
                "PE: the tokens agree but the whitespace differs".to_string(),
            )),
            Match::Wrong => Some((
                verdict::Verdict::WrongAnswer,
                "the solution and the brute force disagree".to_string(),
            )),
        },
    };
    Ok(verdict.map(|(verdict, what)| Failure {
        verdict: Some(verdict),
        ..failure(what, expected, actual, true)
    }))
}

/// `--save`: the failing input and the brute force's answer as `stress-seed-S.in/.out`; for
/// an interactive problem the hidden input alone (its interactor is the judge). Returns what
/// it did, to print.
fn save_case(workspace: &Workspace, problem: &Problem, f: &Failure) -> Result<String> {
    let interactive = f.transcript.is_some();
    if !f.brute_ok && !interactive {
        return Ok("not saved: the brute force gave no answer for this input".to_string());
    }
    let dir = workspace.testdata_dir(&problem.id);
    fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create {}", workspace.display(&dir)))?;
    let input = dir.join(format!("stress-seed-{}.in", f.seed));
    let answer = input.with_extension("out");
    let files: &[(&PathBuf, &Vec<u8>)] = if interactive {
        &[(&input, &f.input)]
    } else {
        &[(&input, &f.input), (&answer, &f.expected)]
    };
    for &(path, _) in files {
        match Kind::of(path) {
            Kind::Missing => {}
            Kind::Regular => {
                return Ok(format!("not saved: {} exists", workspace.display(path)));
            }
            kind => {
                let shown = workspace.display(path);
                return Ok(format!("not saved: {}", NotAFile { shown, kind }));
            }
        }
    }
    for &(path, bytes) in files {
        // A new file only: never through a symlink or into a FIFO put there meanwhile.
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|mut file| file.write_all(bytes))
            .with_context(|| format!("cannot write {}", workspace.display(path)))?;
    }
    Ok(if interactive {
        format!("saved: {} (the hidden input)", workspace.display(&input))
    } else {
        format!(
            "saved: {} and {} (the brute force's answer)",
            workspace.display(&input),
            workspace.display(&answer)
        )
    })
}

/// The run of one problem, for its JSON record.
struct Summary {
    seed: u64,
    cases: u64,
    ran: u64,
    seconds: f64,
}

/// `--json`: one line per problem. The seeds run are `seed..seed + ran`; `failure` is `null`
/// when all passed, else the first failing case: its seed, the solution's verdict (`null`
/// when a helper failed), what happened, the input and both outputs (and the transcript of
/// an interactive game), with the command that replays it.
fn json_record(
    id: &str,
    run: &Summary,
    failure: Option<&Failure>,
    reproduce: Option<&str>,
) -> String {
    let string = crate::report::string;
    let bytes = |b: &[u8]| string(&String::from_utf8_lossy(b));
    let mut out = format!(
        "{{\"problem\":{},\"seed\":{},\"cases\":{},\"ran\":{},\"failed\":{},\"seconds\":{:.3}",
        string(id),
        run.seed,
        run.cases,
        run.ran,
        u8::from(failure.is_some()),
        run.seconds
    );
    match failure {
        None => out.push_str(",\"failure\":null"),
        Some(f) => {
            let verdict = f.verdict.map_or("null".to_string(), |v| string(v.code()));
            let _ = write!(
                out,
                ",\"failure\":{{\"case\":{},\"seed\":{},\"verdict\":{verdict},\"what\":{},\
                 \"input\":{},\"expected\":{},\"actual\":{}",
                f.index,
                f.seed,
                string(&f.what),
                bytes(&f.input),
                bytes(&f.expected),
                bytes(&f.actual)
            );
            if let Some(transcript) = &f.transcript {
                let _ = write!(out, ",\"transcript\":{}", bytes(transcript));
            }
            out.push('}');
        }
    }
    if let Some(command) = reproduce {
        let _ = write!(out, ",\"reproduce\":{}", string(command));
    }
    out.push('}');
    out
}

const SHOWN_LINES: usize = 40;

/// The first failing case of `ojgames stress`: what happened, its input (from `gen`), both
/// outputs and the lines where they differ.
fn failure_report(problem: &str, gen: &str, f: &Failure) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "stress {problem}: case {} (seed {}): {}",
        f.index,
        f.seed,
        console::paint(console::Colour::Red, &f.what)
    );
    let _ = writeln!(out, "--- input ({gen} {}) ---", f.seed);
    out.push_str(&capped(&f.input));
    if let Some(transcript) = &f.transcript {
        let _ = writeln!(
            out,
            "--- transcript (the interactor's lines and the solution's) ---"
        );
        let text = console::text(transcript);
        let lines: Vec<&str> = text.lines().collect();
        // The end of the game is where it went wrong.
        if lines.len() > SHOWN_LINES {
            let _ = writeln!(out, "… {} earlier lines", lines.len() - SHOWN_LINES);
        }
        for line in &lines[lines.len().saturating_sub(SHOWN_LINES)..] {
            let _ = writeln!(out, "{line}");
        }
        return out;
    }
    let _ = writeln!(out, "--- brute force output ---");
    out.push_str(&capped(&f.expected));
    let _ = writeln!(out, "--- solution output (bundled/{problem}.rs) ---");
    out.push_str(&capped(&f.actual));
    let differing = differing_lines(&f.expected, &f.actual);
    if !differing.is_empty() {
        let _ = writeln!(out, "--- differing lines (brute force | solution) ---");
        out.push_str(&differing);
    }
    out
}

/// Line by line, where the outputs differ: `line 3: "0" | "1"`. Positional, not a minimal
/// diff: answers are one per line, and a shifted alignment would hide which case is wrong.
fn differing_lines(expected: &[u8], actual: &[u8]) -> String {
    let lines =
        |t: &[u8]| -> Vec<Vec<u8>> { t.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect() };
    let (mut e, mut a) = (lines(expected), lines(actual));
    for side in [&mut e, &mut a] {
        while side.last().is_some_and(|l| l.is_empty()) {
            side.pop();
        }
    }
    let mut out = String::new();
    let mut shown = 0;
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i), a.get(i));
        if x != y {
            if shown == SHOWN_LINES {
                let _ = writeln!(out, "… more differing lines");
                break;
            }
            let show = |line: Option<&Vec<u8>>| {
                line.map_or("(no line)".to_string(), |l| console::quote(l))
            };
            let _ = writeln!(out, "line {}: {} | {}", i + 1, show(x), show(y));
            shown += 1;
        }
    }
    out
}

/// The text, escaped, with at most [`SHOWN_LINES`] lines, saying how many it leaves out.
fn capped(bytes: &[u8]) -> String {
    let text = console::text(bytes);
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

/// `--bin NAME`: another solution of the problem (a planted wrong one, an older version),
/// its cargo release build.
fn planted(
    workspace: &Workspace,
    problem: &Problem,
    bin: &str,
) -> Result<crate::solution::Solution> {
    helpers::build_named(workspace, problem, bin).with_context(|| {
        format!(
            "--bin {bin}: no such bin in problems/{}/Cargo.toml?",
            problem.id
        )
    })?;
    Ok(crate::solution::Solution {
        label: format!("the cargo build of `{bin}`"),
        program: workspace.target_dir().join("release").join(bin),
        warnings: String::new(),
        bundle_bytes: None,
        bundle_note: None,
        lines: LineMap::default(),
    })
}
