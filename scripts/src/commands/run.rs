//! `ojgames run`: the solution once on the user's input, with its time and memory.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::{source, Parsed};
use crate::files;
use crate::id::ProblemId;
use crate::judge;
use crate::runner::{self, Runner};
use crate::workspace::Workspace;

#[derive(Debug)]
pub struct RunArgs {
    pub problem: ProblemId,
    /// Standard input when `None`.
    pub input: Option<PathBuf>,
    pub no_bundle: bool,
    pub cargo_build: bool,
}

impl RunArgs {
    pub const USAGE: &'static str = "\
usage: ojgames run ID [--input FILE] [--no-bundle | --cargo-build]

Bundles and compiles the problem like judge, runs it once on FILE (default: standard input)
under the problem's limits, passes its output through, and reports CPU time, peak memory and
how it ended on stderr. Nothing is compared.
  --input FILE   the input (default: standard input)
  --no-bundle    run bundled/<ID>.rs as it is
  --cargo-build  run the cargo release build instead";

    /// Parses the arguments after `run` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<RunArgs>> {
        let usage = RunArgs::USAGE;
        let (mut ids, mut input, mut no_bundle, mut cargo_build) = (Vec::new(), None, false, false);
        while let Some(arg) = parser.next()? {
            match arg {
                Long("input") | Short('i') => input = Some(PathBuf::from(parser.value()?)),
                Long("no-bundle") => no_bundle = true,
                Long("cargo-build") => cargo_build = true,
                Value(id) => ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if no_bundle && cargo_build {
            bail!("--no-bundle and --cargo-build exclude each other\n\n{usage}");
        }
        let [problem]: [ProblemId; 1] = ids
            .try_into()
            .map_err(|_| anyhow::anyhow!("give exactly one problem id\n\n{usage}"))?;
        Ok(Parsed::Args(RunArgs {
            problem,
            input,
            no_bundle,
            cargo_build,
        }))
    }
}

/// `ojgames run`: one run on the user's input; the output passed through, the figures and
/// how it ended on stderr. Fails when the run does not end normally within the limits.
pub fn run(workspace: &Workspace, args: &RunArgs, runner: &Runner) -> Result<bool> {
    let problem = workspace.problem(&args.problem)?;
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
    let source = source(args.no_bundle, args.cargo_build, false);
    let Some(ran) = judge::run_once(workspace, &problem, source, &input, runner)? else {
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
        Some((verdict, evidence)) => format!("{verdict}: {}", evidence.trim_end()),
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
