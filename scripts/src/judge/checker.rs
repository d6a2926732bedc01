//! Checkers, for problems with several right answers, in testlib's convention: called as
//! `checker INPUT OUTPUT ANSWER`, exit 0 accepted, 1 wrong answer, 2 presentation error,
//! anything else a failure of the checker itself. `checker = "checker.rs"` in the problem's
//! settings is a Rust file of the problem built like its brute force (the bin `<id>-checker`
//! in its Cargo.toml); anything else is a command, run by `sh` in the problem's directory.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::verdict::Verdict;
use crate::console;
use crate::helpers::{self, Bin, HelperFiles};
use crate::runner::{Exit, Runner, Scratch};
use crate::workspace::{Problem, Workspace};

pub struct Checker {
    program: PathBuf,
    /// Arguments before INPUT OUTPUT ANSWER.
    args: Vec<OsString>,
    /// For messages: `checker.rs` or the command.
    label: String,
}

impl Checker {
    /// The problem's checker, built if it is a Rust file; `None` when it has none.
    pub fn resolve(workspace: &Workspace, problem: &Problem) -> Result<Option<Checker>> {
        let Some(spec) = problem.meta.checker.as_deref() else {
            return Ok(None);
        };
        if spec.ends_with(".rs") {
            let file = problem.dir.join(spec);
            if !file.is_file() {
                bail!(
                    "checker = {spec:?}: {} does not exist",
                    workspace.display(&file)
                );
            }
            let bin = Bin::Checker.name(&problem.id);
            helpers::build(workspace, &[(problem, Bin::Checker)]).map_err(|err| {
                anyhow::anyhow!(
                    "{err:#}: the checker {} must be the bin `{bin}` of problems/{}/Cargo.toml",
                    workspace.display(&file),
                    problem.id
                )
            })?;
            return Ok(Some(Checker {
                program: Bin::Checker.path(workspace, &problem.id),
                args: Vec::new(),
                label: workspace.display(&file),
            }));
        }
        Ok(Some(Checker {
            program: PathBuf::from("/bin/sh"),
            args: vec![
                "-c".into(),
                format!("cd \"$0\" && {spec} \"$@\"").into(),
                problem.dir.clone().into(),
            ],
            label: spec.to_string(),
        }))
    }

    /// The verdict on `output` for `input`, and the checker's message.
    pub fn check(
        &self,
        runner: &Runner,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Scratch,
        index: usize,
    ) -> Result<(Verdict, String)> {
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let mut args = self.args.clone();
        args.extend([input, output, answer].map(|p| absolute(p).into_os_string()));
        let report = scratch.file(&format!("{index}.checker"));
        let files = HelperFiles {
            stdin: None,
            stdout: &report,
            stderr: &report.with_extension("checker-err"),
        };
        let outcome = helpers::run(runner, &self.program, &args, files)?;
        let mut message = fs::read(&report).unwrap_or_default();
        message.extend(fs::read(report.with_extension("checker-err")).unwrap_or_default());
        let message = console::text(&message);
        let message = message.trim();
        let said = |what: &str| {
            if message.is_empty() {
                format!("checker {}: {what}\n", self.label)
            } else {
                format!("checker {}: {what}: {message}\n", self.label)
            }
        };
        Ok(match (outcome.killed, outcome.exit) {
            (None, Exit::Code(0)) => (Verdict::Accepted, String::new()),
            (None, Exit::Code(1)) => (Verdict::WrongAnswer, said("wrong answer")),
            (None, Exit::Code(2)) => (Verdict::PresentationError, said("presentation error")),
            (Some(_), _) => (Verdict::CheckerFailure, said("killed at its deadline")),
            (None, exit) => (
                Verdict::CheckerFailure,
                said(&format!("the checker failed ({exit})")),
            ),
        })
    }
}
