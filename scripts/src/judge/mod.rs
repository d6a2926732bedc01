//! `ojgames judge`: build the solution (the bundle compiled with plain rustc, or the cargo
//! build), run it on `testdata/<id>/*.in` through the one runner, and decide a verdict per
//! case. Judging returns records; `crate::report` prints them.

pub mod checker;
pub mod command;
pub mod compare;
pub mod execute;
pub mod interactive;
pub mod verdict;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{Context, Result};

use crate::bundle::LineMap;
use crate::console;
use crate::files::{self, file_len, Kind, NotAFile};
use crate::helpers::Interactor;
use crate::id::ProblemId;
use crate::judges::Judge;
use crate::runner::{Limits, Outcome, Runner, Scratch};
use crate::settings::{Edition, JudgeMeta, MissingOut};
use crate::solution::{build_solution, compile_edition, Built, Solution, SolutionSource};
use crate::workspace::{Problem, Tests, Workspace};
use checker::Checker;
use command::UserCommand;
use compare::Match;
use execute::{execute, Program, RunFiles};
pub use verdict::Verdict;

/// One case: its verdict, the run's figures and the evidence for the verdict.
#[derive(Debug)]
pub struct CaseRecord {
    pub name: String,
    pub verdict: Verdict,
    pub outcome: Option<Outcome>,
    /// Why (empty for AC): where the output differs, which limit, the stderr tail.
    pub evidence: String,
}

/// One problem: its settings, what was built, every case, and what stopped judging.
#[derive(Debug)]
pub struct ProblemRecord {
    pub id: ProblemId,
    /// `300 ms, 65536 KiB, stack 65536 KiB, compare lines, edition 2021, rustc 1.89.0 (AtCoder)`.
    pub settings: String,
    /// What ran: `bundled/x.rs (rustc --edition 2021 -O bundled/x.rs)`.
    pub solution: String,
    pub warnings: String,
    /// The compile command and rustc's messages, when the solution does not compile.
    pub compile_error: Option<(String, String)>,
    pub cases: Vec<CaseRecord>,
    pub bundle_bytes: Option<u64>,
    /// What bundling wrote, when it bundled.
    pub bundle_note: Option<String>,
    /// Problems with the problem itself (a `.out` without `.in`, a case not found, nothing to
    /// judge, a bundle that failed); each counts as a failure.
    pub errors: Vec<String>,
    /// The limits each case ran under, when the problem's settings were read.
    pub limits: Option<Limits>,
    /// The bundle judged (`bundled/x.rs`); `None` for the cargo build and `--command`.
    pub bundle: Option<String>,
    /// Shown after a WA (or PE) when the program was compiled at another edition than the
    /// package's ([`crate::solution::output_edition_note`]).
    pub edition_note: Option<String>,
}

impl ProblemRecord {
    /// A problem that could not be judged at all.
    pub fn failed_before_judging(id: &ProblemId, error: String) -> ProblemRecord {
        let mut record = ProblemRecord::new(id);
        record.errors.push(error);
        record
    }

    fn new(id: &ProblemId) -> ProblemRecord {
        ProblemRecord {
            id: id.clone(),
            settings: String::new(),
            solution: String::new(),
            warnings: String::new(),
            compile_error: None,
            cases: Vec::new(),
            bundle_bytes: None,
            bundle_note: None,
            errors: Vec::new(),
            limits: None,
            bundle: None,
            edition_note: None,
        }
    }

    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| c.verdict.passes()).count()
    }

    /// The passing cases that had no `.out` (RAN): counted apart, as nothing was compared.
    pub fn ran(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.verdict == Verdict::Ran)
            .count()
    }

    pub fn failed(&self) -> usize {
        self.cases.len() - self.passed() + self.errors.len()
    }
}

pub struct JudgeOptions<'a> {
    pub source: SolutionSource,
    /// Only these case names; every case when empty.
    pub cases: &'a [String],
    /// Cases judged at once.
    pub jobs: usize,
    pub runner: &'a Runner,
    /// `--command`: this program is judged instead of the problem's solution.
    pub command: Option<&'a UserCommand>,
}

/// The limits a solution runs under.
pub fn solution_limits(meta: &JudgeMeta) -> Limits {
    Limits {
        cpu: meta.time_limit,
        wall: Limits::wall_for(meta.time_limit),
        memory_kib: meta.memory_limit_kib,
        stack_kib: meta.stack_limit_kib,
        output_bytes: meta.output_limit_kib * 1024,
    }
}

pub fn judge(
    workspace: &Workspace,
    problem: &Problem,
    options: &JudgeOptions,
) -> Result<ProblemRecord> {
    let meta = &problem.meta;
    let mut record = ProblemRecord::new(&problem.id);
    record.settings = format!(
        "{} ms, {} KiB, stack {} KiB{}, compare {}, {}",
        meta.time_limit.as_millis(),
        meta.memory_limit_kib,
        meta.stack_limit_kib,
        whose_limits(problem, options.source),
        meta.compare,
        built_with(problem, options.source)
    );
    record.limits = Some(solution_limits(meta));
    if options.command.is_none() {
        record.edition_note =
            compiled_with(problem, options.source).and_then(|(edition, judge)| {
                crate::solution::output_edition_note(problem, edition, &judge)
            });
    }
    if options.command.is_none() && options.source != SolutionSource::CargoBuild {
        record.bundle = Some(workspace.display(&workspace.bundle_path(&problem.id)));
    }
    if let Some(command) = options.command {
        // No edition: nothing is compiled.
        let cut = record
            .settings
            .rfind(", edition")
            .unwrap_or(record.settings.len());
        record.settings.truncate(cut);
        record
            .settings
            .push_str(&format!(", --command {}", command.text));
    }
    let (cases, errors) = list_cases(workspace, problem, options.cases)?;
    record.errors = errors;
    if !cases.is_empty() {
        // The first case's launcher starts while the solution compiles.
        options.runner.start_ahead();
    }
    let solution = match options.command {
        Some(command) => command_solution(command, problem)?,
        None => match build_solution(workspace, problem, options.source)? {
            Built::Ready(solution) => solution,
            Built::CompileError {
                command,
                messages,
                bundle_note,
            } => {
                record.bundle_note = bundle_note;
                record.cases = cases
                    .iter()
                    .map(|case| CaseRecord {
                        name: case.name.clone(),
                        verdict: Verdict::CompileError,
                        outcome: None,
                        evidence: String::new(),
                    })
                    .collect();
                record.compile_error = Some((command, messages));
                return Ok(record);
            }
        },
    };
    record.solution = solution.label.clone();
    record.warnings = solution.warnings.clone();
    record.bundle_bytes = solution.bundle_bytes;
    record.bundle_note = solution.bundle_note.clone();
    if cases.is_empty() && record.errors.is_empty() {
        record.errors.push(format!(
            "no test cases: {}",
            tests_label(workspace, problem)
        ));
    }
    let checker = Checker::resolve(workspace, problem)?;
    let interactor = Interactor::resolve(workspace, problem)?;
    let work = workspace.work_dir(&problem.id);
    let scratch = Scratch::new(&work.join("runs"))?;
    let context = CaseContext {
        workspace,
        meta,
        program: Program {
            path: &solution.program,
            args: options.command.map_or(&[], |c| &c.args),
            limits: solution_limits(meta),
        },
        lines: &solution.lines,
        runner: options.runner,
        checker: checker.as_ref(),
        interactor: interactor.as_ref(),
        scratch: &scratch,
        kept_parent: work.join("out"),
        kept: Mutex::new(None),
    };
    record.cases = in_parallel(&cases, options.jobs, |worker, case| {
        context.judge_case(worker, case)
    });
    Ok(record)
}

/// What the program is built with, as the header says it: `edition 2021, rustc 1.89.0
/// (Codeforces)`, the edition it is compiled at and the judge's rustc it is held to; with
/// `--judge NAME` that judge's, else the problem's judge's (the rule of
/// [`crate::solution::compile_edition`]).
fn built_with(problem: &Problem, source: SolutionSource) -> String {
    let meta = &problem.meta;
    let Some((edition, judge)) = compiled_with(problem, source) else {
        return match meta.package_edition {
            Some(edition) => format!("edition {edition}, cargo build"),
            None => "edition of the package, cargo build".to_string(),
        };
    };
    match &judge.rustc {
        Some(rustc) => format!("edition {edition}, rustc {rustc} ({})", judge.name),
        None => format!("edition {edition}"),
    }
}

/// The edition a bundle is compiled at and the judge whose build it is; `None` for the cargo
/// build.
fn compiled_with(problem: &Problem, source: SolutionSource) -> Option<(Edition, Judge)> {
    match source {
        SolutionSource::CargoBuild => None,
        SolutionSource::Bundle {
            judge: Some(judge), ..
        } => Some((compile_edition(problem, Some(judge)), judge.clone())),
        _ => {
            let judge = crate::judges::named(&problem.meta.judge);
            Some((compile_edition(problem, Some(&judge)), judge))
        }
    }
}

/// With `--judge NAME` naming another judge than the problem's: the limits stay the
/// problem's (its statement's, which its settings or suite hold), since `--judge` changes
/// only how the program is built (docs/bundling.md).
fn whose_limits(problem: &Problem, source: SolutionSource) -> String {
    match source {
        SolutionSource::Bundle {
            judge: Some(judge), ..
        } if !judge.name.eq_ignore_ascii_case(&problem.meta.judge) => {
            format!(" (the problem's limits, not {}'s)", judge.name)
        }
        _ => String::new(),
    }
}

/// `--command`'s program as the solution: nothing to build, no bundle lines to map. An
/// interactive problem's game starts a solution without arguments, so it takes none.
fn command_solution(command: &UserCommand, problem: &Problem) -> Result<Solution> {
    if crate::helpers::is_interactive(problem)? {
        anyhow::bail!(
            "--command on an interactive problem is not supported: its solution plays the \
             interactor `{}`",
            crate::helpers::Bin::Interactor.name(&problem.id)
        );
    }
    Ok(Solution {
        program: command.program.clone(),
        label: format!("--command {} ({})", command.text, command.program.display()),
        warnings: String::new(),
        bundle_bytes: None,
        bundle_note: None,
        lines: LineMap::default(),
    })
}

/// `f(worker, item)` on every item, `jobs` workers at a time, results in the items' order.
/// `worker` (0..jobs) is the same for the items one worker takes in turn.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for worker in 0..jobs.clamp(1, items.len().max(1)) {
            let (next, results, f) = (&next, &results, &f);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { return };
                *results[i].lock().unwrap() = Some(f(worker, item));
            });
        }
    });
    results
        .into_iter()
        .map(|slot| slot.into_inner().unwrap().expect("every item ran"))
        .collect()
}

pub struct Case {
    pub name: String,
    pub input: PathBuf,
    /// The expected output (`NAME.out`, or `NAME.ans` when that is there); it may be missing.
    pub expected: PathBuf,
}

/// A problem's cases, sorted by name, and what is wrong with its test data (an `.in` that is
/// no regular file, a `.out` without an `.in`, a `--case` that does not exist). Judge, run and
/// fill list cases here: `NAME.in` files of a folder, or a cargo-compete suite.
pub fn list_cases(
    workspace: &Workspace,
    problem: &Problem,
    only: &[String],
) -> Result<(Vec<Case>, Vec<String>)> {
    match &problem.tests {
        Tests::Dir(dir) => list_dir(workspace, dir, only),
        Tests::Suite(path) => list_suite(workspace, problem, path, only),
    }
}

/// What `list_cases` reads, for messages: `testdata/x/*.in`, `testcases/a.yml`.
pub fn tests_label(workspace: &Workspace, problem: &Problem) -> String {
    match &problem.tests {
        Tests::Dir(dir) => format!("{}/*.in", workspace.display(dir)),
        Tests::Suite(path) => workspace.display(path),
    }
}

/// The cases of a cargo-compete suite, written out as `NAME.in`/`NAME.out` files in the
/// problem's scratch folder (the suite's own files stay as they are).
fn list_suite(
    workspace: &Workspace,
    problem: &Problem,
    path: &Path,
    only: &[String],
) -> Result<(Vec<Case>, Vec<String>)> {
    let Some(suite) = &problem.suite else {
        anyhow::bail!("no test suite: {} does not exist", workspace.display(path));
    };
    if suite.kind == crate::suite::Kind::Interactive && !crate::helpers::is_interactive(problem)? {
        anyhow::bail!(
            "{} is `type: Interactive`: give an interactor, the bin `{}-interactor` (it plays the \
             judge's side on each case's input), to judge it",
            workspace.display(path),
            problem.id
        );
    }
    let dir = workspace.work_dir(&problem.id).join("suite");
    if dir.is_dir() {
        fs::remove_dir_all(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut cases = Vec::new();
    for case in &suite.cases {
        let file = case.name.replace(['/', '\\'], "_");
        let input = dir.join(format!("{file}.in"));
        let expected = dir.join(format!("{file}.out"));
        fs::write(&input, &case.input)?;
        if let Some(output) = &case.output {
            fs::write(&expected, output)?;
        }
        cases.push(Case {
            name: case.name.clone(),
            input,
            expected,
        });
    }
    let mut errors = Vec::new();
    for name in only {
        if !cases.iter().any(|c| &c.name == name) {
            errors.push(format!("no case {name:?} in {}", workspace.display(path)));
        }
    }
    if !only.is_empty() {
        cases.retain(|c| only.contains(&c.name));
    }
    Ok((cases, errors))
}

/// The `*.in` cases of a folder.
fn list_dir(
    workspace: &Workspace,
    dir: &Path,
    only: &[String],
) -> Result<(Vec<Case>, Vec<String>)> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Ok((Vec::new(), Vec::new()))
        }
        Err(err) => {
            return Err(err).with_context(|| format!("cannot list {}", workspace.display(dir)))
        }
    };
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    // Names whose `.in` is there but unusable (already reported).
    let mut skipped = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot list {}", workspace.display(dir)))?
            .path();
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        match path.extension().and_then(|e| e.to_str()) {
            Some("in") => match files::check_regular(&path, workspace.display(&path)) {
                Ok(()) => {
                    let answer = path.with_extension("ans");
                    let expected = match Kind::of(&path.with_extension("out")) {
                        Kind::Missing if !matches!(Kind::of(&answer), Kind::Missing) => answer,
                        _ => path.with_extension("out"),
                    };
                    cases.push(Case {
                        name,
                        input: path,
                        expected,
                    })
                }
                Err(not_a_file) => {
                    errors.push(format!("{not_a_file}: skipped"));
                    skipped.push(name);
                }
            },
            Some("out" | "ans") => {
                let input = path.with_extension("in");
                if let Kind::Missing = Kind::of(&input) {
                    errors.push(format!(
                        "{} has no input: {} is missing",
                        workspace.display(&path),
                        workspace.display(&input)
                    ));
                }
            }
            _ => {}
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    errors.sort();
    if !only.is_empty() {
        for name in only {
            if !cases.iter().any(|c| &c.name == name) && !skipped.contains(name) {
                errors.push(format!(
                    "no case {name}: {} does not exist",
                    workspace.display(&dir.join(format!("{name}.in")))
                ));
            }
        }
        cases.retain(|c| only.contains(&c.name));
    }
    Ok((cases, errors))
}

struct CaseContext<'a> {
    workspace: &'a Workspace,
    meta: &'a JudgeMeta,
    program: Program<'a>,
    lines: &'a LineMap,
    runner: &'a Runner,
    checker: Option<&'a Checker>,
    /// The jury of an interactive problem.
    interactor: Option<&'a Interactor>,
    scratch: &'a Scratch,
    /// Where the output of failed cases is kept for the user: a directory of this run's own
    /// under `kept_parent`, made at the first failure.
    kept_parent: PathBuf,
    kept: Mutex<Option<PathBuf>>,
}

const STDERR_TAIL_LINES: usize = 10;

impl CaseContext<'_> {
    fn judge_case(&self, worker: usize, case: &Case) -> CaseRecord {
        let (verdict, outcome, evidence) = match self.try_case(worker, case) {
            Ok(judged) => judged,
            Err(err) => (Verdict::Unjudged, None, format!("{err:#}\n")),
        };
        CaseRecord {
            name: case.name.clone(),
            verdict,
            outcome,
            evidence,
        }
    }

    /// One case in `worker`'s files: each worker reuses its own, as truncating a file costs
    /// less than making a new one for every case.
    fn try_case(&self, worker: usize, case: &Case) -> Result<(Verdict, Option<Outcome>, String)> {
        if let Some(interactor) = self.interactor {
            return self.try_interactive(worker, case, interactor);
        }
        let display = |path: &Path| self.workspace.display(path);
        let stdout = self.scratch.file(&format!("{worker}.out"));
        let stderr = self.scratch.file(&format!("{worker}.err"));
        let files = RunFiles {
            stdin: Some(&case.input),
            stdout: &stdout,
            stderr: &stderr,
        };
        let run = execute(self.runner, self.program, files)?;
        let outcome = run.outcome;
        if let Some((verdict, mut evidence)) = run.failure {
            evidence.push('\n');
            evidence.push_str(&self.lines.rewrite(&stderr_tail(&run.stderr_tail)));
            return Ok((verdict, Some(outcome), evidence));
        }
        let expected_path = case.expected.clone();
        let expected = match files::read_regular(&expected_path, &display(&expected_path)) {
            Ok(expected) => expected,
            Err(NotAFile {
                kind: Kind::Missing,
                shown,
            }) => {
                return Ok(match self.meta.missing_out {
                    MissingOut::Passes => (
                        Verdict::Ran,
                        Some(outcome),
                        format!("exited cleanly; no .out to compare with ({shown} is missing)\n"),
                    ),
                    MissingOut::Fails => (
                        Verdict::NoExpected,
                        Some(outcome),
                        format!(
                            "no expected output: {shown} is missing (`ojgames fill` writes it \
                             with the brute force; missing-out = \"pass\" in \
                             [package.metadata.judge] passes a case that exits cleanly)\n"
                        ),
                    ),
                });
            }
            Err(not_a_file) => return Err(not_a_file.into()),
        };
        if expected.is_empty() && file_len(&case.input)? == 0 {
            let evidence = format!(
                "{} and its .out are both empty: paste the problem's sample (an empty case proves nothing)\n",
                display(&case.input)
            );
            return Ok((Verdict::EmptyCase, Some(outcome), evidence));
        }
        let (verdict, mut evidence) = match self.checker {
            Some(checker) => checker.check(
                self.runner,
                &case.input,
                &stdout,
                &expected_path,
                self.scratch,
                worker,
            )?,
            None => {
                let actual = fs::read(&stdout)
                    .with_context(|| format!("cannot read {}", display(&stdout)))?;
                match compare::compare(self.meta.compare, &expected, &actual) {
                    Match::Accepted => (Verdict::Accepted, String::new()),
                    Match::Presentation => (
                        Verdict::PresentationError,
                        compare::explain(self.meta.compare, &expected, &actual),
                    ),
                    Match::Wrong => (
                        Verdict::WrongAnswer,
                        compare::explain(self.meta.compare, &expected, &actual),
                    ),
                }
            }
        };
        if verdict != Verdict::Accepted {
            let kept = self.keep_output(&case.name, &stdout)?;
            evidence.push_str(&format!("(output kept in {})\n", display(&kept)));
        }
        Ok((verdict, Some(outcome), evidence))
    }

    /// One case of an interactive problem: the solution plays the interactor on the case's
    /// `.in`; a missing `.out` is no failure (the interactor gets an empty ANSWER). A failed
    /// case keeps the solution's output and the transcript.
    fn try_interactive(
        &self,
        worker: usize,
        case: &Case,
        interactor: &Interactor,
    ) -> Result<(Verdict, Option<Outcome>, String)> {
        let files = interactive::CaseFiles::new(self.scratch.path(), &worker.to_string());
        let answer = case.expected.clone();
        let game = interactive::Game {
            runner: self.runner,
            interactor,
            solution: self.program.path,
            lines: self.lines,
            limits: self.program.limits,
        };
        let played = game.play(&case.input, answer.is_file().then_some(&*answer), &files)?;
        let mut evidence = played.evidence;
        if played.verdict != Verdict::Accepted {
            let kept = self.keep_output(&case.name, &files.solution_stdout)?;
            let transcript = kept.with_extension("transcript");
            fs::copy(&files.transcript, &transcript)
                .with_context(|| format!("cannot write {}", transcript.display()))?;
            evidence.push_str(&format!(
                "(output kept in {}, transcript in {})\n",
                self.workspace.display(&kept),
                self.workspace.display(&transcript)
            ));
        }
        Ok((played.verdict, Some(played.outcome), evidence))
    }

    /// Copies a failed case's output out of the scratch directory into this run's kept
    /// directory: another judge of the same problem at the same time keeps its own.
    fn keep_output(&self, name: &str, stdout: &Path) -> Result<PathBuf> {
        let dir = {
            let mut kept = self.kept.lock().unwrap();
            match &*kept {
                Some(dir) => dir.clone(),
                None => kept.insert(Scratch::kept(&self.kept_parent)?).clone(),
            }
        };
        let kept = dir.join(format!("{name}.out"));
        fs::copy(stdout, &kept).with_context(|| format!("cannot write {}", kept.display()))?;
        Ok(kept)
    }
}

/// The last lines of stderr, escaped and capped, under a heading; empty when stderr is.
fn stderr_tail(stderr: &[u8]) -> String {
    let tail = console::tail(stderr, STDERR_TAIL_LINES);
    if tail.is_empty() {
        return String::new();
    }
    let mut out = format!("stderr (last {} lines):\n", tail.len());
    for line in tail {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// One run of `ojgames run`.
pub struct Ran {
    pub outcome: Outcome,
    pub limits: Limits,
    /// How it failed, if it did (the judge's verdict and evidence before any compare).
    pub verdict: Option<(Verdict, String)>,
    /// The program's output, in `_scratch`.
    pub stdout: PathBuf,
    /// Escaped, with panic locations at the original files.
    pub stderr: String,
    _scratch: Scratch,
}

/// The solution for `ojgames run`: its bundle note on stderr; `None` when it does not compile
/// (rustc's messages are printed).
pub fn build_for_run(
    workspace: &Workspace,
    problem: &Problem,
    source: SolutionSource,
) -> Result<Option<crate::solution::Solution>> {
    Ok(match build_solution(workspace, problem, source)? {
        Built::Ready(solution) => {
            if let Some(note) = &solution.bundle_note {
                crate::warn!("{note}");
            }
            Some(solution)
        }
        Built::CompileError {
            command, messages, ..
        } => {
            crate::warn!(
                "CE: {command} failed:\n{}",
                console::text(messages.as_bytes()).trim_end()
            );
            None
        }
    })
}

/// `ojgames run`: the solution (or `--command`'s program) once on `input`; `None` when it
/// does not compile (rustc's messages are printed).
pub fn run_once(
    workspace: &Workspace,
    problem: &Problem,
    source: SolutionSource,
    command: Option<&UserCommand>,
    input: &Path,
    runner: &Runner,
) -> Result<Option<Ran>> {
    let solution = match command {
        Some(command) => command_solution(command, problem)?,
        None => match build_for_run(workspace, problem, source)? {
            Some(solution) => solution,
            None => return Ok(None),
        },
    };
    let scratch = Scratch::new(&workspace.work_dir(&problem.id).join("runs"))?;
    let (stdout, stderr) = (scratch.file("run.out"), scratch.file("run.err"));
    let limits = solution_limits(&problem.meta);
    let program = Program {
        path: &solution.program,
        args: command.map_or(&[], |c| &c.args),
        limits,
    };
    let files = RunFiles {
        stdin: Some(input),
        stdout: &stdout,
        stderr: &stderr,
    };
    let run = execute(runner, program, files)?;
    // All of it is shown, not only the tail the verdict reads.
    let stderr_bytes =
        fs::read(&stderr).with_context(|| format!("cannot read {}", stderr.display()))?;
    Ok(Some(Ran {
        outcome: run.outcome,
        limits,
        verdict: run.failure,
        stdout,
        stderr: solution.lines.rewrite(&console::text(&stderr_bytes)),
        _scratch: scratch,
    }))
}
