//! The one process runner: every program `ojgames` runs (a solution under judge, run or
//! stress, a generator, a brute force, a checker, a benchmark competitor) runs through it.
//!
//! - stdin from a file (or nothing), stdout and stderr to files: no pipe to deadlock on.
//! - The program is not forked from `ojgames` itself: a forked child starts with a copy of its
//!   parent's resident pages, and Linux keeps that high-water mark in `ru_maxrss` across
//!   `exec` (a 2-page C program forked from a 200 MB parent reports 200 MB). So `ojgames`
//!   starts itself again as a small launcher (`ojgames __run`) that forks the program and
//!   reports what `wait4` said: CPU time, peak memory, how it ended. A launcher serves one job
//!   after another over a pipe (an exec per case costs more than the case), one launcher per
//!   job running at once.
//! - rlimits: address space (the memory limit plus headroom, a runaway guard only), stack
//!   (its own setting), file size (the output limit), no core files, and `RLIMIT_CPU` in whole
//!   seconds just past the CPU limit as a backstop.
//! - The program runs in its own process group. A watchdog thread in the launcher reads the
//!   program's CPU clock and resident memory and kills the group as soon as the CPU time
//!   passes the limit (so a TLE costs about the limit, not a multiple of it), as soon as its
//!   memory passes the limit, when its CPU time has not advanced for [`Limits::idle`] (it
//!   sleeps or waits: a busy machine slows a program, it does not stop its clock), or at the
//!   wall deadline, a safety net far past the limit.
//! - The launcher is a child subreaper: when the program ends, whatever it started is killed,
//!   with the group and also what left it (`setsid`, a double fork), as it is reparented to
//!   the launcher.
//! - Ctrl-C and SIGTERM: the launcher kills the group before it exits; `ojgames` forwards
//!   SIGINT/SIGTERM to its launchers; a launcher whose parent dies (even by SIGKILL) notices
//!   within a watch interval, kills the group and exits.

mod client;
mod launcher;
pub mod pair;
mod scratch;
mod sys;
mod wire;

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

pub use client::{Runner, LAUNCHER_COMMAND};
pub use launcher::launcher_exit;
pub use scratch::{Scratch, KEPT_RUNS};
pub use sys::signal_name;

/// What a run may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system); the program is killed just past it.
    pub cpu: Duration,
    /// Wall time: the program is killed at this deadline whatever its CPU time. A safety net
    /// only: a program that waits is killed as idle long before.
    pub wall: Duration,
    pub memory_kib: u64,
    pub stack_kib: u64,
    /// Each of stdout and stderr.
    pub output_bytes: u64,
}

impl Limits {
    /// The wall deadline of a run with CPU limit `cpu`: room for a very busy machine (a
    /// program that waits is stopped by [`Limits::idle`] first).
    pub fn wall_for(cpu: Duration) -> Duration {
        (cpu * 10).max(cpu + Duration::from_secs(30))
    }

    /// How long the program's CPU time may stand still before it is killed as idle.
    pub fn idle(&self) -> Duration {
        self.cpu.max(Duration::from_secs(2))
    }

    /// For helpers (generators, brute forces, checkers, benchmark programs): generous limits
    /// that only stop a runaway.
    pub fn helper(wall: Duration) -> Limits {
        Limits {
            cpu: wall,
            wall,
            memory_kib: 8 << 20,
            stack_kib: 1 << 20,
            output_bytes: 4 << 30,
        }
    }
}

/// What to run.
pub struct Job<'a> {
    pub program: &'a Path,
    pub args: &'a [OsString],
    /// `None`: `/dev/null`.
    pub stdin: Option<&'a Path>,
    pub stdout: &'a Path,
    pub stderr: &'a Path,
    pub limits: Limits,
}

/// How a run ended, with its figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_kib: u64,
    pub exit: Exit,
    /// Killed by the watchdog, and why.
    pub killed: Option<Kill>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// Its CPU time passed the limit.
    Cpu,
    /// Its resident memory passed the limit.
    Memory,
    /// Its CPU time stood still for [`Limits::idle`]: it waited.
    Idle,
    /// The wall deadline passed while it still used CPU time (a machine too busy to judge).
    Wall,
}

impl Kill {
    const ALL: [Kill; 4] = [Kill::Cpu, Kill::Memory, Kill::Idle, Kill::Wall];

    fn name(self) -> &'static str {
        match self {
            Kill::Cpu => "cpu",
            Kill::Memory => "memory",
            Kill::Idle => "idle",
            Kill::Wall => "wall",
        }
    }
}

impl std::fmt::Display for Exit {
    /// `exit code 1`, `signal 11 (SIGSEGV)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(code) => write!(f, "exit code {code}"),
            Exit::Signal(signal) => write!(f, "signal {signal} ({})", signal_name(signal)),
        }
    }
}

impl Outcome {
    pub fn success(&self) -> bool {
        self.exit == Exit::Code(0) && self.killed.is_none()
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn exits_read_as_words() {
        assert_eq!(Exit::Code(1).to_string(), "exit code 1");
        assert_eq!(Exit::Signal(11).to_string(), "signal 11 (SIGSEGV)");
    }
}
