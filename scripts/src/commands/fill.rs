//! `ojgames fill`: the expected outputs that are missing, from the brute force (what
//! online-judge-tools calls `generate-output`).

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::{Parsed, Problems, ProblemsBuilder};
use crate::console;
use crate::files::read_tail;
use crate::files::{Kind, NotAFile};
use crate::helpers::{self, Bin, HelperFiles};
use crate::judge::list_cases;
use crate::runner::{Runner, Scratch};
use crate::workspace::{Problem, Workspace};

#[derive(Debug)]
pub struct FillArgs {
    pub problems: Problems,
}

impl FillArgs {
    pub const USAGE: &'static str = "\
usage: ojgames fill (--all | ID...)

For every testdata/<ID>/NAME.in that has no NAME.out, runs the problem's brute force
(problems/<ID>/brute.rs) on it and writes its answer as NAME.out. Existing .out files are
never touched. Check what it wrote: the brute force is only as right as its rules.
  --all      every problem under problems/";

    /// Parses the arguments after `fill` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<FillArgs>> {
        let usage = FillArgs::USAGE;
        let mut selection = ProblemsBuilder::default();
        while let Some(arg) = parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Value(id) => selection.push(id)?,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        Ok(Parsed::Args(FillArgs {
            problems: selection.finish(usage)?,
        }))
    }
}

/// Runs `ojgames fill` on the problems selected.
pub fn run(workspace: &Workspace, args: &FillArgs, runner: &Runner) -> Result<bool> {
    fill(workspace, &args.problems.problems(workspace)?, runner)
}

/// Writes `NAME.out` for every `NAME.in` without one; `Ok(false)` if the brute force failed
/// on any.
pub fn fill(workspace: &Workspace, problems: &[Problem], runner: &Runner) -> Result<bool> {
    let mut ok = true;
    for problem in problems {
        ok &= fill_one(workspace, problem, runner)?;
    }
    Ok(ok)
}

fn fill_one(workspace: &Workspace, problem: &Problem, runner: &Runner) -> Result<bool> {
    let id = &problem.id;
    if crate::helpers::is_interactive(problem)? {
        crate::sayln!("fill {id}: interactive: its interactor is the judge, no .out needed");
        return Ok(true);
    }
    let (cases, errors) = list_cases(workspace, problem, &[])?;
    let mut ok = errors.is_empty();
    for error in errors {
        crate::sayln!("error: {error}");
    }
    let mut missing = Vec::new();
    for case in cases {
        let answer = case.input.with_extension("out");
        match Kind::of(&answer) {
            Kind::Missing => missing.push(case.input),
            Kind::Regular => {}
            kind => {
                let shown = workspace.display(&answer);
                crate::sayln!("error: {}", NotAFile { shown, kind });
                ok = false;
            }
        }
    }
    if missing.is_empty() {
        if ok && !workspace.testdata_dir(id).is_dir() {
            crate::sayln!("{id}: no test cases: testdata/{id}/*.in");
        } else if ok {
            crate::sayln!("{id}: every .in has its .out");
        }
        return Ok(ok);
    }
    if !problem.dir.join("brute.rs").is_file() {
        bail!(
            "problem `{id}` has no brute.rs to fill {} missing .out files with",
            missing.len()
        );
    }
    helpers::build(workspace, &[(problem, Bin::Brute)])?;
    let brute = Bin::Brute.name(id);
    let program = Bin::Brute.path(workspace, id);
    let scratch = Scratch::new(&workspace.work_dir(id).join("runs"))?;
    for input in &missing {
        let (stdout, stderr) = (scratch.file("brute.out"), scratch.file("brute.err"));
        let files = HelperFiles {
            stdin: Some(input),
            stdout: &stdout,
            stderr: &stderr,
        };
        let outcome = helpers::run(runner, &program, &[], files)?;
        let answer = input.with_extension("out");
        if !outcome.success() {
            let stderr = read_tail(&stderr, 64 * 1024).unwrap_or_default();
            let how = match helpers::limit_hit(&outcome, &String::from_utf8_lossy(&stderr)) {
                Some(limit) => format!("was stopped: {limit}"),
                None => format!("failed ({})", outcome.exit),
            };
            crate::sayln!(
                "{}: not written: the brute force {how}",
                workspace.display(&answer),
            );
            for line in console::tail(&stderr, 10) {
                crate::sayln!("  {line}");
            }
            ok = false;
            continue;
        }
        // Copied then renamed: a reader never sees half an answer.
        let private = answer.with_extension(format!("out.{}.tmp", std::process::id()));
        fs::copy(&stdout, &private)
            .with_context(|| format!("cannot write {}", workspace.display(&private)))?;
        fs::rename(&private, &answer)
            .with_context(|| format!("cannot write {}", workspace.display(&answer)))?;
        crate::sayln!("{}: written by {brute}", workspace.display(&answer));
    }
    Ok(ok)
}
