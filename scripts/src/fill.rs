//! `ojgames fill`: the expected outputs that are missing, from the brute force (what
//! online-judge-tools calls `generate-output`).

use std::fs;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::judge::show;
use crate::runner::{Job, Limits, Runner, Scratch};
use crate::solution::{cargo, release_bin};
use crate::workspace::{Problem, Workspace};

const BRUTE_DEADLINE: Duration = Duration::from_secs(60);

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
    let dir = workspace.testdata_dir(id);
    let mut missing = Vec::new();
    let entries =
        fs::read_dir(&dir).with_context(|| format!("cannot list {}", workspace.display(&dir)))?;
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot list {}", workspace.display(&dir)))?
            .path();
        if path.extension().is_some_and(|e| e == "in")
            && path.is_file()
            && !path.with_extension("out").exists()
        {
            missing.push(path);
        }
    }
    missing.sort();
    if missing.is_empty() {
        crate::sayln!("{id}: every .in has its .out");
        return Ok(true);
    }
    if !problem.dir.join("brute.rs").is_file() {
        bail!(
            "problem `{id}` has no brute.rs to fill {} missing .out files with",
            missing.len()
        );
    }
    let brute = format!("{id}-brute");
    cargo(
        workspace,
        &["build", "--release", "--quiet", "-p", id, "--bin", &brute],
    )?;
    let program = release_bin(workspace, &brute);
    let scratch = Scratch::new(&workspace.work_dir(id).join("runs"))?;
    let mut ok = true;
    for input in &missing {
        let (stdout, stderr) = (scratch.file("brute.out"), scratch.file("brute.err"));
        let outcome = runner.run(&Job {
            program: &program,
            args: &[],
            stdin: Some(input),
            stdout: &stdout,
            stderr: &stderr,
            limits: Limits::helper(BRUTE_DEADLINE),
        })?;
        let answer = input.with_extension("out");
        if !outcome.success() {
            let message = show::text(&fs::read(&stderr).unwrap_or_default());
            crate::sayln!(
                "{}: not written: the brute force failed ({}{}): {}",
                workspace.display(&answer),
                outcome.exit,
                if outcome.killed.is_some() {
                    ", killed"
                } else {
                    ""
                },
                message.trim()
            );
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
