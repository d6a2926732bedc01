//! `ojgames judge`: bundle, compile like the judge, run every case and give its verdict.

use std::path::PathBuf;

use anyhow::{bail, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::{case_name, memory_limit, number, source, time_limit};
use super::args::{JudgeFlag, Judged, Parsed, Problems, ProblemsBuilder};
use crate::judge::{self, JudgeOptions, ProblemRecord};
use crate::report;
use crate::runner::Runner;
use crate::workspace::{Overrides, Workspace};

#[derive(Debug)]
pub struct JudgeArgs {
    pub problems: Problems,
    pub keep_docs: bool,
    /// Judge `bundled/<ID>.rs` as it is.
    pub no_bundle: bool,
    /// Judge the cargo release build instead of the bundle.
    pub cargo_build: bool,
    pub judge: JudgeFlag,
    /// Only these cases (names without `.in`); every case when empty.
    pub cases: Vec<String>,
    pub jobs: usize,
    pub json: bool,
    /// `--time-limit`, `--memory-limit`, `-d DIR`.
    pub limits: Overrides,
    pub judged: Judged,
}

impl JudgeArgs {
    pub const USAGE: &'static str = "\
usage: ojgames judge (--all | ID... | FILE.rs) [--case NAME]... [-j N] [--json]
                     [--no-bundle | --cargo-build | --command CMD] [--keep-docs]
                     [--compare MODE] [--judge NAME] [--time-limit T] [--memory-limit M]
                     [-d DIR]

Bundles each problem, compiles bundled/<ID>.rs with rustc as its judge does, runs it on every
testdata/<ID>/*.in under the problem's limits and compares with the .out. Each case gets a
verdict with its evidence (where the output differs, CPU time, peak memory, stderr):
  AC accepted; WA wrong answer; PE only whitespace differs (compare = \"exact\"); RE runtime
  error; TLE CPU time over the limit; MLE memory over the limit; OLE output over the limit;
  IDLE killed when its CPU time stood still (it waited or slept); CE compile error; FAIL the
  checker failed; NO-OUT no .out to compare with; RAN no .out, exited cleanly, passes as
  missing-out = \"pass\" lets it (nothing compared; counted apart); EMPTY an empty sample pair
  (paste the sample); ERROR the case could not be judged (an unreadable .out, named).
  --all          every problem under problems/
  --case NAME    only testdata/<ID>/NAME.in (repeatable)
  -j N           judge N cases at once (verdicts are decided on CPU time, so they do not change)
  --json         one JSON record per case on stdout instead of the table (with the limits
                 and the bundle judged)
  --no-bundle    judge bundled/<ID>.rs as it is
  --cargo-build  judge the cargo release build (`cargo build --release -p ID`) instead
  --keep-docs    keep doc comments in the bundle
  --compare MODE compare outputs this way instead of the problem's compare mode or checker:
                 exact (byte for byte; PE when only whitespace differs), exact-crlf (exact
                 once CR LF is LF: oj's default), lines (trailing whitespace and empty lines
                 ignored), words (each line's words: oj -S), tokens (all words, line breaks
                 ignored: cargo-compete SplitWhitespace, oj -N), float (tokens; numbers within
                 an error) or float-lines (each line's words; numbers within an error:
                 cargo-compete Float, oj -e). A number passes when either error holds:
                 float:rel=1e-6,abs=1e-6 (one left out is 0; bare float is both 1e-6)
  --command CMD  judge CMD (`./a.out`, `python3 sol.py`) on the problem's cases, with its
                 limits and verdicts, instead of its solution. No shell runs: CMD is split
                 into words (quotes as in a shell) so that the time and memory measured are
                 the program's own, not a shell's; for a pipeline, give a script
  --judge NAME   bundle and compile for judge NAME (scripts/judges.toml) instead of the
                 problem's `judge`: for AtCoder its crates stay `use`s, for others all is pasted
  --time-limit T    the CPU time limit (2s, 1500ms) instead of the problem's
  --memory-limit M  the memory limit (256m, 1g, 262144k; a bare number is MiB)
  -d DIR            a lone file's samples folder (default: tests/, test/ or beside it)

Outside this repository: in a cargo package (a cargo-compete folder), ID is a bin name or a
cargo-compete alias and the cases are its test suite (testcases/<alias>.yml); FILE.rs is a
lone file with samples NAME.in + NAME.out (or NAME.ans) in tests/, test/ or beside it.";

    /// Parses the arguments after `judge` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<JudgeArgs>> {
        let usage = JudgeArgs::USAGE;
        let mut selection = ProblemsBuilder::default();
        let mut args = JudgeArgs {
            problems: Problems::All,
            keep_docs: false,
            no_bundle: false,
            cargo_build: false,
            judge: JudgeFlag::default(),
            cases: Vec::new(),
            jobs: 1,
            json: false,
            limits: Overrides::default(),
            judged: Judged::default(),
        };
        while let Some(arg) = parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Long("keep-docs") => args.keep_docs = true,
                Long("no-bundle") => args.no_bundle = true,
                Long("cargo-build") => args.cargo_build = true,
                Long("judge") => args.judge.set(parser.value()?)?,
                Long("json") => args.json = true,
                Long("compare") => args.judged.compare(parser.value()?)?,
                Long("command") => args.judged.command(parser.value()?)?,
                Long("case") => args.cases.push(case_name(parser.value()?)?),
                Short('j') | Long("jobs") => {
                    args.jobs = number(parser.value()?, "-j", 1..=256)? as usize;
                }
                Long("time-limit") => args.limits.time_limit = Some(time_limit(parser.value()?)?),
                Long("memory-limit") => {
                    args.limits.memory_limit_kib = Some(memory_limit(parser.value()?)?);
                }
                Short('d') => args.limits.tests_dir = Some(PathBuf::from(parser.value()?)),
                Value(id) => selection.push(id)?,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if args.no_bundle && args.cargo_build {
            bail!("--no-bundle and --cargo-build exclude each other\n\n{usage}");
        }
        args.judge.check(args.no_bundle, args.cargo_build, usage)?;
        args.problems = selection.finish(usage)?;
        if args.judged.command.is_some() {
            if args.no_bundle || args.cargo_build || args.keep_docs || args.judge.0.is_some() {
                bail!("--command runs the command given: --no-bundle, --cargo-build, --keep-docs and --judge do not apply\n\n{usage}");
            }
            if !matches!(&args.problems, Problems::Ids(ids) if ids.len() == 1) {
                bail!("--command judges one problem's cases: give one problem id\n\n{usage}");
            }
        }
        Ok(Parsed::Args(args))
    }
}

/// Judges each problem and prints its record; then, for several, the table; then the totals.
pub fn run(workspace: &Workspace, args: &JudgeArgs, runner: &Runner) -> Result<bool> {
    let options = JudgeOptions {
        source: source(args.no_bundle, args.cargo_build, args.keep_docs, args.judge),
        cases: &args.cases,
        jobs: args.jobs,
        runner,
        command: args.judged.command.as_ref(),
    };
    let mut records = Vec::new();
    for id in args.problems.ids(workspace)? {
        let judged = workspace
            .problem(&id)
            .and_then(|problem| args.judged.apply(problem))
            .and_then(|problem| judge::judge(workspace, &problem, &options));
        let record = judged
            .unwrap_or_else(|err| ProblemRecord::failed_before_judging(&id, format!("{err:#}")));
        if !args.json {
            crate::say!("{}", report::problem_text(&record));
        }
        records.push(record);
    }
    let (passed, failed) = report::totals(&records);
    if args.json {
        crate::say!("{}", report::json(&records));
    } else {
        if records.len() > 1 {
            crate::say!("{}", report::table(&records));
        }
        let ran: usize = records.iter().map(ProblemRecord::ran).sum();
        crate::sayln!("{}", report::totals_line(passed, ran, failed));
    }
    Ok(failed == 0)
}

#[cfg(test)]
mod tests {
    use super::JudgeArgs;
    use crate::judge::verdict::Verdict;

    #[test]
    fn the_help_names_every_verdict() {
        for verdict in Verdict::ALL {
            let code = verdict.code();
            assert!(
                JudgeArgs::USAGE.contains(&format!(" {code} ")),
                "{code} is missing from judge --help"
            );
        }
    }
}
