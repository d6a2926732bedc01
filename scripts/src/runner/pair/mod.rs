//! An interactive run: the solution plays against the interactor (the jury), move by move.
//! The verdict is decided in `judge::interactive`.
//!
//! - Two processes joined through the judge: the solution's stdout goes to the interactor's
//!   stdin and the interactor's stdout to the solution's stdin. Each direction passes through
//!   a relay thread that forwards every read at once and records it with a timestamp: the
//!   transcript. All four pipes are enlarged to `/proc/sys/fs/pipe-max-size`.
//! - The interactor is run as `INTERACTOR INPUT OUTPUT ANSWER` (testlib's order); its exit code
//!   is its verdict (see [`decide`]).
//! - Both run from a launcher of their own (`ojgames __interact`, one per case: a forked child
//!   of a large process would report its parent's memory), each in its own process group under
//!   its own rlimits. The solution's CPU time and memory are its own: a slow jury never makes
//!   the solution TLE.
//! - A watchdog kills the solution at its CPU or memory limit, the interactor at the jury's
//!   (generous) limits, and both when neither has used CPU time nor moved a byte for
//!   [`Limits::idle`]: a deadlock (each waiting for the other), recorded with what each side
//!   was doing then (waiting to read its input, or asleep elsewhere).
//! - A relay whose reader is gone keeps reading and drops what it reads: a solution that
//!   writes after the interactor has exited is never killed by SIGPIPE.

mod launcher;
mod transcript;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::client::{install_forwarding, spawn_retrying_busy, Launchers};
use super::{Exit, Kill, Limits, Outcome, Runner};

pub use launcher::launcher_exit;
pub use transcript::tail as transcript_tail;

/// The hidden command that serves one interactive run.
pub const LAUNCHER_COMMAND: &str = "__interact";

/// One of the two programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Solution,
    Interactor,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Solution => "solution",
            Side::Interactor => "interactor",
        }
    }
}

/// What to run.
pub struct PairJob<'a> {
    pub solution: &'a Path,
    pub interactor: &'a Path,
    /// `INPUT OUTPUT ANSWER`.
    pub interactor_args: &'a [OsString],
    /// Everything the solution wrote to its stdout, as the interactor received it.
    pub solution_stdout: &'a Path,
    pub solution_stderr: &'a Path,
    pub interactor_stderr: &'a Path,
    /// Both directions with timestamps (see [`transcript_tail`]).
    pub transcript: &'a Path,
    pub solution_limits: Limits,
    pub interactor_limits: Limits,
}

/// The jury's limits for a solution limited by `solution`: only a runaway guard. Its CPU
/// time may pass the solution's many times over (a slow jury is not the solution's fault).
pub fn interactor_limits(solution: &Limits) -> Limits {
    let cpu = Limits::wall_for(solution.cpu);
    Limits {
        wall: cpu * 2,
        ..Limits::helper(cpu)
    }
}

/// What a side was doing when the run stood still.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waiting {
    /// Blocked reading its standard input: waiting for the other side.
    ToRead,
    /// Blocked elsewhere (the kernel's wait channel: `hrtimer_nanosleep`, `do_wait`, ...).
    Elsewhere(String),
    /// It had already exited.
    Exited,
}

impl Waiting {
    /// `waited to read its input`, `neither read nor ran (blocked in …)`, `had exited`.
    pub fn describe(&self) -> String {
        match self {
            Waiting::ToRead => "waited to read its input".to_string(),
            Waiting::Elsewhere(wchan) => format!("neither read nor ran (blocked in {wchan})"),
            Waiting::Exited => "had exited".to_string(),
        }
    }
}

/// Both sides at the moment the run stood still for [`Limits::idle`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stall {
    pub solution: Waiting,
    pub interactor: Waiting,
    /// Since the start of the run.
    pub at: Duration,
}

/// How an interactive run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairOutcome {
    pub solution: Outcome,
    pub interactor: Outcome,
    /// Which of them exited (or was killed) first.
    pub first_exit: Side,
    /// Bytes the solution wrote (its stdout), and the interactor wrote.
    pub solution_bytes: u64,
    pub interactor_bytes: u64,
    /// The run stood still: nobody used CPU time or moved a byte for [`Limits::idle`].
    pub stall: Option<Stall>,
}

/// Runs the solution against the interactor through a launcher `runner`'s binary serves.
pub fn run_pair(runner: &Runner, job: &PairJob) -> Result<PairOutcome> {
    install_forwarding();
    let request = wire::Request::from(job);
    let mut command = Command::new(runner.launcher());
    command
        .arg(LAUNCHER_COMMAND)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = spawn_retrying_busy(&mut command).with_context(|| {
        format!(
            "cannot start the interactive launcher {}",
            runner.launcher().display()
        )
    })?;
    let slot = Launchers::register(child.id() as libc::pid_t);
    let served = (|| -> Result<String> {
        let mut stdin = child.stdin.take().expect("piped");
        stdin.write_all(&serde_json::to_vec(&request)?)?;
        drop(stdin);
        let mut reply = String::new();
        child
            .stdout
            .take()
            .expect("piped")
            .read_to_string(&mut reply)?;
        Ok(reply)
    })();
    let status = child.wait();
    Launchers::release(slot);
    let reply = served.context("the interactive launcher failed")?;
    let what = || {
        format!(
            "running {} against {}",
            job.solution.display(),
            job.interactor.display()
        )
    };
    match serde_json::from_str::<wire::Reply>(&reply) {
        Ok(wire::Reply::Ran(pair)) => Ok(pair.into()),
        Ok(wire::Reply::Failed(message)) => Err(anyhow::anyhow!("{message}")).with_context(what),
        Err(_) => bail!(
            "{}: the interactive launcher ended ({}) without a report",
            what(),
            status.map_or_else(|e| e.to_string(), |s| s.to_string())
        ),
    }
}

/// The launcher's request and reply, as JSON over its stdin and stdout.
mod wire {
    use super::*;

    #[derive(Serialize, Deserialize)]
    pub struct WireLimits {
        cpu_us: u64,
        wall_us: u64,
        memory_kib: u64,
        stack_kib: u64,
        output_bytes: u64,
    }

    impl From<Limits> for WireLimits {
        fn from(l: Limits) -> Self {
            WireLimits {
                cpu_us: l.cpu.as_micros() as u64,
                wall_us: l.wall.as_micros() as u64,
                memory_kib: l.memory_kib,
                stack_kib: l.stack_kib,
                output_bytes: l.output_bytes,
            }
        }
    }

    impl From<&WireLimits> for Limits {
        fn from(l: &WireLimits) -> Self {
            Limits {
                cpu: Duration::from_micros(l.cpu_us),
                wall: Duration::from_micros(l.wall_us),
                memory_kib: l.memory_kib,
                stack_kib: l.stack_kib,
                output_bytes: l.output_bytes,
            }
        }
    }

    /// Paths as bytes: they may hold any byte but NUL.
    #[derive(Serialize, Deserialize)]
    pub struct Request {
        pub solution: Vec<u8>,
        pub interactor: Vec<u8>,
        pub interactor_args: Vec<Vec<u8>>,
        pub solution_stdout: Vec<u8>,
        pub solution_stderr: Vec<u8>,
        pub interactor_stderr: Vec<u8>,
        pub transcript: Vec<u8>,
        pub solution_limits: WireLimits,
        pub interactor_limits: WireLimits,
    }

    fn bytes(path: &Path) -> Vec<u8> {
        path.as_os_str().as_bytes().to_vec()
    }

    pub fn path(bytes: &[u8]) -> PathBuf {
        PathBuf::from(OsString::from_vec(bytes.to_vec()))
    }

    impl From<&PairJob<'_>> for Request {
        fn from(job: &PairJob) -> Self {
            Request {
                solution: bytes(job.solution),
                interactor: bytes(job.interactor),
                interactor_args: job
                    .interactor_args
                    .iter()
                    .map(|a| a.as_bytes().to_vec())
                    .collect(),
                solution_stdout: bytes(job.solution_stdout),
                solution_stderr: bytes(job.solution_stderr),
                interactor_stderr: bytes(job.interactor_stderr),
                transcript: bytes(job.transcript),
                solution_limits: job.solution_limits.into(),
                interactor_limits: job.interactor_limits.into(),
            }
        }
    }

    #[derive(Serialize, Deserialize)]
    pub struct WireOutcome {
        cpu_us: u64,
        wall_us: u64,
        peak_kib: u64,
        killed: Option<String>,
        code: Option<i32>,
        signal: Option<i32>,
    }

    impl From<Outcome> for WireOutcome {
        fn from(o: Outcome) -> Self {
            let (code, signal) = match o.exit {
                Exit::Code(c) => (Some(c), None),
                Exit::Signal(s) => (None, Some(s)),
            };
            WireOutcome {
                cpu_us: o.cpu.as_micros() as u64,
                wall_us: o.wall.as_micros() as u64,
                peak_kib: o.peak_kib,
                killed: o.killed.map(|k| format!("{k:?}")),
                code,
                signal,
            }
        }
    }

    impl From<WireOutcome> for Outcome {
        fn from(o: WireOutcome) -> Self {
            let killed = o.killed.and_then(|name| {
                [Kill::Cpu, Kill::Memory, Kill::Idle, Kill::Wall]
                    .into_iter()
                    .find(|k| format!("{k:?}") == name)
            });
            Outcome {
                cpu: Duration::from_micros(o.cpu_us),
                wall: Duration::from_micros(o.wall_us),
                peak_kib: o.peak_kib,
                killed,
                exit: match (o.code, o.signal) {
                    (_, Some(s)) => Exit::Signal(s),
                    (c, None) => Exit::Code(c.unwrap_or(-1)),
                },
            }
        }
    }

    #[derive(Serialize, Deserialize)]
    pub struct WirePair {
        pub solution: WireOutcome,
        pub interactor: WireOutcome,
        pub first_exit: Side,
        pub solution_bytes: u64,
        pub interactor_bytes: u64,
        pub stall: Option<Stall>,
    }

    impl From<WirePair> for PairOutcome {
        fn from(p: WirePair) -> Self {
            PairOutcome {
                solution: p.solution.into(),
                interactor: p.interactor.into(),
                first_exit: p.first_exit,
                solution_bytes: p.solution_bytes,
                interactor_bytes: p.interactor_bytes,
                stall: p.stall,
            }
        }
    }

    #[derive(Serialize, Deserialize)]
    pub enum Reply {
        Ran(WirePair),
        Failed(String),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_survive_the_wire() {
        for (exit, killed) in [
            (Exit::Code(43), None),
            (Exit::Signal(9), Some(Kill::Idle)),
            (Exit::Signal(9), Some(Kill::Memory)),
        ] {
            let outcome = Outcome {
                cpu: Duration::from_micros(1234),
                wall: Duration::from_micros(98765),
                peak_kib: 77,
                exit,
                killed,
            };
            let wire: wire::WireOutcome = outcome.into();
            let back: Outcome =
                serde_json::from_str::<wire::WireOutcome>(&serde_json::to_string(&wire).unwrap())
                    .unwrap()
                    .into();
            assert_eq!(back, outcome);
        }
    }

    #[test]
    fn the_jury_gets_far_more_time_than_the_solution() {
        let solution = Limits {
            cpu: Duration::from_secs(1),
            wall: Limits::wall_for(Duration::from_secs(1)),
            memory_kib: 1 << 18,
            stack_kib: 1 << 16,
            output_bytes: 1 << 26,
        };
        let jury = interactor_limits(&solution);
        assert!(jury.cpu >= solution.cpu * 10, "{jury:?}");
        assert!(jury.wall > jury.cpu);
    }
}
