//! Per-case verdicts, decided in the order a judge would report them.

use std::fmt;
use std::time::Duration;

use super::run::{Exit, Outcome};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    CompileError,
    /// The case has no `.out`: it ran, but nothing says whether it is right.
    NoExpected,
}

impl Verdict {
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::CompileError => "CE",
            Verdict::NoExpected => "NO-OUT",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

pub struct Judged {
    pub cpu_limit: Duration,
    pub memory_kib: u64,
    pub output_bytes: u64,
}

/// The verdict from how the program ended, before its output is compared; `None` when it
/// ended normally within the limits.
pub fn from_outcome(
    outcome: &Outcome,
    limits: &Judged,
    output_len: u64,
    stderr: &str,
) -> Option<Verdict> {
    let allocation_failed =
        stderr.contains("memory allocation of") || stderr.contains("capacity overflow");
    if outcome.killed {
        Some(Verdict::TimeLimit)
    } else if output_len > limits.output_bytes || outcome.exit == Exit::Signal(libc::SIGXFSZ) {
        Some(Verdict::OutputLimit)
    } else if outcome.peak_kib > limits.memory_kib
        || (outcome.exit != Exit::Code(0) && allocation_failed)
    {
        Some(Verdict::MemoryLimit)
    } else if outcome.cpu > limits.cpu_limit {
        Some(Verdict::TimeLimit)
    } else if outcome.exit != Exit::Code(0) {
        Some(Verdict::RuntimeError)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(cpu_ms: u64, peak_kib: u64, killed: bool, exit: Exit) -> Outcome {
        let cpu = Duration::from_millis(cpu_ms);
        Outcome {
            cpu,
            wall: cpu,
            peak_kib,
            killed,
            exit,
        }
    }

    #[test]
    fn decides_in_judge_order() {
        let limits = Judged {
            cpu_limit: Duration::from_millis(1000),
            memory_kib: 1000,
            output_bytes: 100,
        };
        let ok = Exit::Code(0);
        assert_eq!(
            from_outcome(&outcome(10, 10, false, ok), &limits, 5, ""),
            None
        );
        assert_eq!(
            from_outcome(&outcome(10, 10, true, Exit::Signal(9)), &limits, 5, ""),
            Some(Verdict::TimeLimit)
        );
        assert_eq!(
            from_outcome(&outcome(1001, 10, false, ok), &limits, 5, ""),
            Some(Verdict::TimeLimit)
        );
        assert_eq!(
            from_outcome(&outcome(10, 1001, false, ok), &limits, 5, ""),
            Some(Verdict::MemoryLimit)
        );
        assert_eq!(
            from_outcome(&outcome(10, 10, false, ok), &limits, 101, ""),
            Some(Verdict::OutputLimit)
        );
        assert_eq!(
            from_outcome(
                &outcome(10, 10, false, Exit::Code(101)),
                &limits,
                5,
                "panicked"
            ),
            Some(Verdict::RuntimeError)
        );
        let oom = "memory allocation of 4096 bytes failed";
        assert_eq!(
            from_outcome(&outcome(10, 10, false, Exit::Signal(6)), &limits, 5, oom),
            Some(Verdict::MemoryLimit)
        );
    }
}
