//! The one step that runs a solution on an input and decides how the run ended. Judge, run
//! and stress all come here, so RE, TLE, MLE, OLE and IDLE mean the same in each, read from
//! the same evidence.
//!
//! Running and deciding are two functions: [`execute`] is one run through the runner followed
//! by [`decide`]. A solution that runs beside a second process (interactive judging, with the
//! problem's interactor on the other end of its stdin and stdout) gets its [`Outcome`] another
//! way, then calls [`decide`] on it with the same files.

use std::ffi::OsString;
use std::path::Path;

use anyhow::Result;

use super::verdict::{self, Verdict};
use crate::files::{file_len, read_tail};
use crate::runner::{Job, Limits, Outcome, Runner};

/// How much of stderr is read: the end, where panics and aborts write.
pub const STDERR_READ: u64 = 64 * 1024;

/// A solution (its arguments too: `--command python3 sol.py`) and the limits it runs under.
#[derive(Clone, Copy)]
pub struct Program<'a> {
    pub path: &'a Path,
    pub args: &'a [OsString],
    pub limits: Limits,
}

/// Where one run reads and writes.
#[derive(Clone, Copy)]
pub struct RunFiles<'a> {
    /// `None`: no input at all.
    pub stdin: Option<&'a Path>,
    pub stdout: &'a Path,
    pub stderr: &'a Path,
}

/// One run of a solution and how it ended.
#[derive(Debug)]
pub struct Execution {
    pub outcome: Outcome,
    /// How the run failed by itself (RE, TLE, MLE, OLE, IDLE) and the evidence; `None` when
    /// it ended normally within the limits, so that its output is what decides.
    pub failure: Option<(Verdict, String)>,
    /// The last [`STDERR_READ`] bytes of its stderr, as written.
    pub stderr_tail: Vec<u8>,
}

/// Runs `program` on `files` and decides how it ended.
pub fn execute(runner: &Runner, program: Program, files: RunFiles) -> Result<Execution> {
    let outcome = runner.run(&Job {
        program: program.path,
        args: program.args,
        stdin: files.stdin,
        stdout: files.stdout,
        stderr: files.stderr,
        limits: program.limits,
    })?;
    decide(outcome, &program.limits, files)
}

/// How a run that ended as `outcome` under `limits`, having written `files`, ended for the
/// judge. The only caller of [`verdict::from_outcome`].
pub fn decide(outcome: Outcome, limits: &Limits, files: RunFiles) -> Result<Execution> {
    let stderr_tail = read_tail(files.stderr, STDERR_READ)?;
    let stderr_text = String::from_utf8_lossy(&stderr_tail);
    let traces = verdict::Traces {
        stdout_bytes: file_len(files.stdout)?,
        stderr_bytes: file_len(files.stderr)?,
        stderr: &stderr_text,
    };
    let failure = verdict::from_outcome(&outcome, limits, &traces);
    Ok(Execution {
        outcome,
        failure,
        stderr_tail,
    })
}
