//! `ojgames run`: the solution once on the user's input, with its time and memory.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::ProblemsBuilder;
use super::args::{memory_limit, source, time_limit, JudgeFlag, Judged, Parsed, Problems};
use crate::files;
use crate::helpers::Interactor;
use crate::judge;
use crate::judge::interactive;
use crate::judge::verdict::Verdict;
use crate::runner::{self, Runner};
use crate::workspace::{Overrides, Problem, Workspace};

#[derive(Debug)]
pub struct RunArgs {
    /// One problem id, or a lone `.rs` file.
    pub problem: Problems,
    /// `--time-limit`, `--memory-limit`.
    pub limits: Overrides,
    /// Standard input when `None`.
    pub input: Option<PathBuf>,
    pub no_bundle: bool,
    pub cargo_build: bool,
    pub judge: JudgeFlag,
    /// An interactive problem: the user plays the solution's side at the terminal.
    pub by_hand: bool,
    /// `--command CMD` (its `--compare` is refused: nothing is compared).
    pub judged: Judged,
}

impl RunArgs {
    pub const USAGE: &'static str = "\
usage: ojgames run (ID | FILE.rs) [--input FILE] [--by-hand]
                   [--no-bundle | --cargo-build | --command CMD] [--judge NAME]
                   [--time-limit T] [--memory-limit M]

Bundles and compiles the problem like judge, runs it once on FILE (default: standard input)
under the problem's limits, passes its output through, and reports CPU time, peak memory and
how it ended on stderr. Nothing is compared.

An interactive problem (a bin `<ID>-interactor`): with --input FILE, the solution plays the
interactor on the hidden test FILE and the game's transcript is printed, then the verdict;
without --input (or with --by-hand), you are the solution: the interactor plays the hidden
test FILE (default: the first of testdata/<ID>/) at the terminal, you type the moves.
  --input FILE   the input (default: standard input); an interactive problem's hidden test
  --by-hand      an interactive problem: play the solution's side yourself
  --no-bundle    run bundled/<ID>.rs as it is
  --cargo-build  run the cargo release build instead
  --command CMD  run CMD (`./a.out`, `python3 sol.py`) instead, under the problem's limits; no
                 shell: CMD is split into words so that the figures are the program's own
  --time-limit T    the CPU time limit (2s, 1500ms) instead of the problem's
  --memory-limit M  the memory limit (256m, 1g, 262144k; a bare number is MiB)
  --judge NAME   bundle and compile for judge NAME (scripts/judges.toml) instead of the
                 problem's `judge`";

    /// Parses the arguments after `run` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<RunArgs>> {
        let usage = RunArgs::USAGE;
        let mut selection = ProblemsBuilder::default();
        let (mut input, mut no_bundle, mut cargo_build) = (None, false, false);
        let mut limits = Overrides::default();
        let mut by_hand = false;
        let mut judged = Judged::default();
        let mut judge = JudgeFlag::default();
        while let Some(arg) = parser.next()? {
            match arg {
                Long("input") | Short('i') => input = Some(PathBuf::from(parser.value()?)),
                Long("no-bundle") => no_bundle = true,
                Long("cargo-build") => cargo_build = true,
                Long("by-hand") => by_hand = true,
                Long("time-limit") => limits.time_limit = Some(time_limit(parser.value()?)?),
                Long("memory-limit") => {
                    limits.memory_limit_kib = Some(memory_limit(parser.value()?)?);
                }
                Long("command") => judged.command(parser.value()?)?,
                Long("judge") => judge.set(parser.value()?)?,
                Value(id) => selection.push(id)?,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if no_bundle && cargo_build {
            bail!("--no-bundle and --cargo-build exclude each other\n\n{usage}");
        }
        if judged.command.is_some() && (no_bundle || cargo_build || by_hand || judge.0.is_some()) {
            bail!("--command runs the command given: --no-bundle, --cargo-build, --by-hand and --judge do not apply\n\n{usage}");
        }
        judge.check(no_bundle, cargo_build, usage)?;
        if selection.ids.len() + usize::from(selection.file.is_some()) != 1 {
            bail!("give exactly one problem id or .rs file\n\n{usage}");
        }
        Ok(Parsed::Args(RunArgs {
            problem: selection.finish(usage)?,
            limits,
            input,
            no_bundle,
            cargo_build,
            judge,
            by_hand,
            judged,
        }))
    }
}

/// `ojgames run`: one run on the user's input; the output passed through, the figures and
/// how it ended on stderr. Fails when the run does not end normally within the limits.
pub fn run(workspace: &Workspace, args: &RunArgs, runner: &Runner) -> Result<bool> {
    let id = args.problem.ids(workspace)?.remove(0);
    let problem = workspace.problem(&id)?;
    if args.judged.command.is_some() && crate::helpers::is_interactive(&problem)? {
        bail!("--command on an interactive problem is not supported: its solution plays the interactor");
    }
    if let Some(interactor) = Interactor::resolve(workspace, &problem)? {
        return run_interactive(workspace, &problem, args, &interactor, runner);
    }
    if args.by_hand {
        bail!(
            "--by-hand is for interactive problems: `{}` has no bin `{}-interactor`",
            problem.id,
            problem.id
        );
    }
    let work = workspace.work_dir(&problem.id);
    // Standard input, and a FIFO (`--input <(gen)`) or a device, is read to a file first: the
    // program runs in its own process group, which may not read the terminal, its time is
    // then its own, not the typist's, and a stream cannot be read twice.
    let copy;
    let input: PathBuf = match &args.input {
        Some(path) => match files::Kind::of(path) {
            files::Kind::Regular => path.clone(),
            files::Kind::Fifo | files::Kind::Device => {
                let file = std::fs::File::open(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                copy = InputCopy::of(&work, file)?;
                copy.path.clone()
            }
            kind => {
                return Err(files::NotAFile {
                    shown: path.display().to_string(),
                    kind,
                }
                .into())
            }
        },
        None => {
            copy = InputCopy::of(&work, std::io::stdin())?;
            copy.path.clone()
        }
    };
    let source = source(args.no_bundle, args.cargo_build, false, args.judge);
    let command = args.judged.command.as_ref();
    let Some(ran) = judge::run_once(workspace, &problem, source, command, &input, runner)? else {
        return Ok(false);
    };
    let mut stdout = std::io::stdout().lock();
    std::io::copy(&mut std::fs::File::open(&ran.stdout)?, &mut stdout)?;
    stdout.flush()?;
    let stderr = ran.stderr.trim_end_matches('\n');
    if !stderr.is_empty() {
        crate::warn!("{stderr}");
    }
    let o = ran.outcome;
    let ended = match &ran.verdict {
        None => "ended normally".to_string(),
        Some((verdict, evidence)) => format!(
            "{}: {}",
            crate::report::painted(*verdict, 0),
            evidence.trim_end()
        ),
    };
    crate::warn!(
        "{}: CPU {}, wall {}, peak memory {} (limits {}, {}): {ended}",
        problem.id,
        judge::verdict::format_time(o.cpu),
        judge::verdict::format_time(o.wall),
        judge::verdict::format_kib(o.peak_kib),
        judge::verdict::format_time(ran.limits.cpu),
        judge::verdict::format_kib(ran.limits.memory_kib),
    );
    Ok(ran.verdict.is_none())
}

/// `ojgames run` on an interactive problem: the solution's game on `--input` (its transcript
/// on stdout, the verdict and figures on stderr), or the user's game by hand.
fn run_interactive(
    workspace: &Workspace,
    problem: &Problem,
    args: &RunArgs,
    interactor: &Interactor,
    runner: &Runner,
) -> Result<bool> {
    let scratch = runner::Scratch::new(&workspace.work_dir(&problem.id).join("runs"))?;
    let files = interactive::CaseFiles::new(scratch.path(), "run");
    let input = match &args.input {
        Some(path) => {
            files::check_regular(path, path.display().to_string())?;
            path.clone()
        }
        None => {
            let (cases, _) = judge::list_cases(workspace, problem, &[])?;
            let Some(first) = cases.into_iter().next() else {
                bail!(
                    "no hidden test to play: testdata/{}/ has no .in; give --input FILE",
                    problem.id
                );
            };
            first.input
        }
    };
    let answer = input.with_extension("out");
    let answer = answer.is_file().then_some(answer.as_path());
    if args.by_hand || args.input.is_none() {
        crate::warn!(
            "{}: you are the solution. The interactor plays {}: its lines appear below; type \
             your moves, one a line (Ctrl-D ends your input).",
            problem.id,
            workspace.display(&input)
        );
        let (verdict, text) = interactive::play_by_hand(interactor, &input, answer, &files)?;
        crate::warn!(
            "{}: {}: {}",
            problem.id,
            crate::report::painted(verdict, 0),
            text.trim_end()
        );
        return Ok(verdict == Verdict::Accepted);
    }
    let source = source(args.no_bundle, args.cargo_build, false, args.judge);
    let Some(solution) = judge::build_for_run(workspace, problem, source)? else {
        return Ok(false);
    };
    let game = interactive::Game {
        runner,
        interactor,
        solution: &solution.program,
        lines: &solution.lines,
        limits: judge::solution_limits(&problem.meta),
    };
    let played = game.play(&input, answer, &files)?;
    let mut stdout = std::io::stdout().lock();
    std::io::copy(
        &mut std::fs::File::open(&files.transcript)
            .with_context(|| format!("cannot read {}", files.transcript.display()))?,
        &mut stdout,
    )?;
    stdout.flush()?;
    let o = played.outcome;
    let verdict = crate::report::painted(played.verdict, 0);
    let ended = if played.verdict == Verdict::Accepted {
        verdict
    } else {
        format!("{verdict}: {}", played.summary.trim_end())
    };
    crate::warn!(
        "{}: CPU {}, wall {}, peak memory {} (limits {}, {}): {ended}",
        problem.id,
        judge::verdict::format_time(o.cpu),
        judge::verdict::format_time(o.wall),
        judge::verdict::format_kib(o.peak_kib),
        judge::verdict::format_time(game.limits.cpu),
        judge::verdict::format_kib(game.limits.memory_kib),
    );
    Ok(played.verdict == Verdict::Accepted)
}

/// A stream's bytes in a file of a scratch directory, removed with it.
struct InputCopy {
    path: PathBuf,
    _scratch: runner::Scratch,
}

impl InputCopy {
    fn of(work: &std::path::Path, mut stream: impl std::io::Read) -> Result<InputCopy> {
        let scratch = runner::Scratch::new(&work.join("runs"))?;
        let path = scratch.file("stdin");
        let mut file = std::fs::File::create(&path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        std::io::copy(&mut stream, &mut file).context("cannot read the input")?;
        Ok(InputCopy {
            path,
            _scratch: scratch,
        })
    }
}
