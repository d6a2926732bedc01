//! Per-case verdicts, each with the evidence for it. A verdict is a promise: TLE only when
//! the CPU time passed the limit, MLE only when memory did.

use std::fmt;
use std::time::Duration;

use crate::runner::{signal_name, Exit, Kill, Limits, Outcome};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    /// Only whitespace differs under exact comparison.
    PresentationError,
    RuntimeError,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    /// Killed at the wall deadline with its CPU time under the limit: it waited or slept.
    Idle,
    CompileError,
    /// The checker itself failed (exit status other than 0, 1, 2).
    CheckerFailure,
    /// The case has no `.out`: it ran, but nothing says whether it is right (a failure where
    /// every case must have its `.out`: this repository's testdata).
    NoExpected,
    /// The case has no `.out` and the problem lets such a case pass (`missing-out = "pass"`,
    /// as oj and cargo-compete do): it exited cleanly within the limits; nothing was compared.
    Ran,
    /// Both `.in` and `.out` are empty: a sample not pasted yet proves nothing.
    EmptyCase,
    /// The judge could not judge the case (an unreadable file); the evidence names it.
    Unjudged,
}

impl Verdict {
    /// Every verdict, for help texts and their tests.
    pub const ALL: [Verdict; 14] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::RuntimeError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::OutputLimit,
        Verdict::Idle,
        Verdict::CompileError,
        Verdict::CheckerFailure,
        Verdict::NoExpected,
        Verdict::Ran,
        Verdict::EmptyCase,
        Verdict::Unjudged,
    ];

    /// AC, and RAN (which promises only a clean exit).
    pub fn passes(self) -> bool {
        matches!(self, Verdict::Accepted | Verdict::Ran)
    }

    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::Idle => "IDLE",
            Verdict::CompileError => "CE",
            Verdict::CheckerFailure => "FAIL",
            Verdict::NoExpected => "NO-OUT",
            Verdict::Ran => "RAN",
            Verdict::EmptyCase => "EMPTY",
            Verdict::Unjudged => "ERROR",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

/// What the program left behind that the verdict reads besides the outcome.
pub struct Traces<'a> {
    pub stdout_bytes: u64,
    pub stderr_bytes: u64,
    pub stderr: &'a str,
}

/// The verdict from how the program ended, before its output is compared; `None` when it
/// ended normally within the limits. Decided in this order, so the report says what
/// happened: a stack overflow (RE naming it), memory over the limit (MLE, even if it was then
/// killed for time), a failed allocation, CPU time over the limit (TLE), output over the
/// limit (OLE, saying which stream), a wall-clock kill with the CPU under the limit (IDLE),
/// any other failure (RE, with its cause when stderr names one).
pub fn from_outcome(
    outcome: &Outcome,
    limits: &Limits,
    traces: &Traces,
) -> Option<(Verdict, String)> {
    let stderr = traces.stderr;
    let peak = outcome.peak_kib;
    let failed = !outcome.success();
    if let Some(thread) = failed.then(|| overflowed_thread(stderr)).flatten() {
        let evidence = if thread == "main" {
            format!(
                "stack overflow: the stack limit is {} (peak memory {})",
                format_kib(limits.stack_kib),
                format_kib(peak)
            )
        } else {
            format!(
                "stack overflow in thread '{thread}': the stack the program gave that thread \
                 (thread::Builder::stack_size, else 2 MiB) is full; the main stack limit {} \
                 does not apply to it (peak memory {})",
                format_kib(limits.stack_kib),
                format_kib(peak)
            )
        };
        return Some((Verdict::RuntimeError, evidence));
    }
    if peak > limits.memory_kib {
        return Some((
            Verdict::MemoryLimit,
            format!(
                "peak memory {} > limit {}",
                format_kib(peak),
                format_kib(limits.memory_kib)
            ),
        ));
    }
    if let Some(bytes) = failed.then(|| failed_allocation(stderr)).flatten() {
        let asked_kib = bytes / 1024;
        return Some(if peak.saturating_add(asked_kib) > limits.memory_kib {
            (
                Verdict::MemoryLimit,
                format!(
                    "an allocation of {bytes} bytes ({}) failed: with the {} already in use it \
                     would pass the memory limit of {}",
                    format_kib(asked_kib),
                    format_kib(peak),
                    format_kib(limits.memory_kib)
                ),
            )
        } else {
            (
                Verdict::RuntimeError,
                format!(
                    "an allocation of {bytes} bytes failed below the memory limit (peak {}, limit {})",
                    format_kib(peak),
                    format_kib(limits.memory_kib)
                ),
            )
        });
    }
    let cpu_killed =
        outcome.killed == Some(Kill::Cpu) || outcome.exit == Exit::Signal(libc::SIGXCPU);
    if cpu_killed || outcome.cpu > limits.cpu {
        let how = if cpu_killed { ", killed" } else { "" };
        let (used, limit) = format_times_compared(outcome.cpu, limits.cpu);
        let relation = if outcome.cpu > limits.cpu {
            ">"
        } else {
            "reached the"
        };
        return Some((
            Verdict::TimeLimit,
            format!(
                "CPU time {used} {relation} limit {limit}{how} (wall {})",
                format_time(outcome.wall)
            ),
        ));
    }
    let over = |bytes: u64| bytes > limits.output_bytes;
    if over(traces.stdout_bytes)
        || over(traces.stderr_bytes)
        || outcome.exit == Exit::Signal(libc::SIGXFSZ)
    {
        let stream = if over(traces.stderr_bytes) || traces.stderr_bytes > traces.stdout_bytes {
            "stderr (debug output counts too)"
        } else {
            "stdout"
        };
        return Some((
            Verdict::OutputLimit,
            format!(
                "{stream} passed the output limit of {}",
                format_kib(limits.output_bytes / 1024)
            ),
        ));
    }
    if outcome.killed == Some(Kill::Idle) {
        return Some((
            Verdict::Idle,
            format!(
                "killed after {} in which it used no CPU time (wall {}, CPU time {}, limit {}): \
                 it waited (sleep, a read that never ends), it did not run out of time",
                format_time(limits.idle()),
                format_time(outcome.wall),
                format_time(outcome.cpu),
                format_time(limits.cpu)
            ),
        ));
    }
    if outcome.killed == Some(Kill::Wall) {
        return Some((
            Verdict::Unjudged,
            format!(
                "killed at the wall safety net {} while still running, with {} of CPU time \
                 (limit {}): the machine is too busy to judge it; judge it again",
                format_time(outcome.wall),
                format_time(outcome.cpu),
                format_time(limits.cpu)
            ),
        ));
    }
    if !failed {
        return None;
    }
    let cause = if stderr.contains("capacity overflow") {
        "panic: capacity overflow (a collection's size computation overflowed; not a memory limit)"
            .to_string()
    } else if stderr.contains("No space left on device") || stderr.contains("os error 28") {
        "the disk is full (No space left on device): the output could not be written".to_string()
    } else {
        match outcome.exit {
            Exit::Code(101) => "exit code 101 (panic)".to_string(),
            Exit::Code(code) => format!("exit code {code}"),
            Exit::Signal(signal) => format!("killed by signal {signal} ({})", signal_name(signal)),
        }
    };
    Some((Verdict::RuntimeError, cause))
}

/// The thread named in Rust's `thread '<name>' has overflowed its stack` (newer versions add
/// the thread id: `thread 'main' (123) has …`; `<unknown>` for an unnamed thread).
fn overflowed_thread(stderr: &str) -> Option<&str> {
    let at = stderr.find(" has overflowed its stack")?;
    let line = &stderr[stderr[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    let name = line.strip_prefix("thread '")?;
    Some(name.rfind('\'').map_or(name, |end| &name[..end]))
}

/// `memory allocation of N bytes failed`, Rust's message when the allocator returns null.
fn failed_allocation(stderr: &str) -> Option<u64> {
    let rest = &stderr[stderr.find("memory allocation of ")? + "memory allocation of ".len()..];
    rest.split(' ').next()?.parse().ok()
}

pub fn format_time(time: Duration) -> String {
    format!("{} ms", time.as_millis())
}

/// A figure and the limit it is compared with, in milliseconds to a tenth, or as many more
/// digits (down to the microsecond) as it takes for two different times to read differently.
pub fn format_times_compared(time: Duration, limit: Duration) -> (String, String) {
    let at = |digits: usize, t: Duration| {
        let micros = t.as_micros();
        let scale = 10u128.pow(3 - digits as u32);
        // Rounded to `digits` decimals of a millisecond, in integers.
        let rounded = (micros + scale / 2) / scale;
        let ms = rounded / 10u128.pow(digits as u32);
        let fraction = rounded % 10u128.pow(digits as u32);
        format!("{ms}.{fraction:0digits$} ms")
    };
    let digits = (1..=3)
        .find(|&d| time == limit || at(d, time) != at(d, limit))
        .unwrap_or(3);
    (at(digits, time), at(digits, limit))
}

pub fn format_kib(kib: u64) -> String {
    if kib >= 10 * 1024 {
        format!("{:.1} MiB", kib as f64 / 1024.0)
    } else {
        format!("{kib} KiB")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        cpu: Duration::from_millis(1000),
        wall: Duration::from_millis(3000),
        memory_kib: 1000,
        stack_kib: 500,
        output_bytes: 100,
    };

    fn outcome(cpu_ms: u64, peak_kib: u64, killed: Option<Kill>, exit: Exit) -> Outcome {
        Outcome {
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms + 5),
            peak_kib,
            killed,
            exit,
        }
    }

    fn decide(outcome: &Outcome, stdout: u64, stderr: &str) -> Option<Verdict> {
        let traces = Traces {
            stdout_bytes: stdout,
            stderr_bytes: stderr.len() as u64,
            stderr,
        };
        from_outcome(outcome, &LIMITS, &traces).map(|(v, _)| v)
    }

    fn evidence(outcome: &Outcome, stderr: &str) -> String {
        let traces = Traces {
            stdout_bytes: 0,
            stderr_bytes: stderr.len() as u64,
            stderr,
        };
        from_outcome(outcome, &LIMITS, &traces).unwrap().1
    }

    const OK: Exit = Exit::Code(0);
    const KILLED: Exit = Exit::Signal(9);

    #[test]
    fn decides_in_judge_order() {
        assert_eq!(decide(&outcome(10, 10, None, OK), 5, ""), None);
        assert_eq!(
            decide(&outcome(1001, 10, None, OK), 5, ""),
            Some(Verdict::TimeLimit)
        );
        assert_eq!(
            decide(&outcome(1003, 10, Some(Kill::Cpu), KILLED), 5, ""),
            Some(Verdict::TimeLimit)
        );
        assert_eq!(
            decide(&outcome(10, 1001, None, OK), 5, ""),
            Some(Verdict::MemoryLimit)
        );
        assert_eq!(
            decide(&outcome(10, 10, None, OK), 101, ""),
            Some(Verdict::OutputLimit)
        );
        assert_eq!(
            decide(&outcome(10, 10, None, Exit::Code(101)), 5, "panicked"),
            Some(Verdict::RuntimeError)
        );
    }

    #[test]
    fn a_wall_clock_kill_under_the_cpu_limit_is_not_tle() {
        let hung = outcome(686, 10, Some(Kill::Idle), KILLED);
        assert_eq!(decide(&hung, 0, ""), Some(Verdict::Idle));
        let text = evidence(&hung, "");
        assert!(text.contains("CPU time 686 ms, limit 1000 ms"), "{text}");
        // Still running at the safety net: not idle, not judged.
        let starved = outcome(686, 10, Some(Kill::Wall), KILLED);
        assert_eq!(decide(&starved, 0, ""), Some(Verdict::Unjudged));
        let text = evidence(&starved, "");
        assert!(text.contains("too busy"), "{text}");
    }

    #[test]
    fn memory_wins_over_time() {
        let sleeper = outcome(20, 5000, Some(Kill::Idle), KILLED);
        assert_eq!(decide(&sleeper, 0, ""), Some(Verdict::MemoryLimit));
        let spinner = outcome(1005, 5000, Some(Kill::Cpu), KILLED);
        assert_eq!(decide(&spinner, 0, ""), Some(Verdict::MemoryLimit));
    }

    #[test]
    fn failed_allocations_and_capacity_overflow_say_what_happened() {
        let abort = outcome(1, 200, None, Exit::Signal(libc::SIGABRT));
        let huge = "memory allocation of 4294967296 bytes failed\n";
        assert_eq!(decide(&abort, 0, huge), Some(Verdict::MemoryLimit));
        let text = evidence(&abort, huge);
        assert!(
            text.starts_with("an allocation of 4294967296 bytes (4096.0 MiB) failed"),
            "{text}"
        );
        assert!(!text.contains("peak memory 200 KiB >"), "{text}");
        assert!(
            text.ends_with(
                "failed: with the 200 KiB already in use it would pass the memory limit of 1000 KiB"
            ),
            "{text}"
        );
        let small = "memory allocation of 1024 bytes failed\n";
        assert_eq!(decide(&abort, 0, small), Some(Verdict::RuntimeError));
        let panic = outcome(1, 200, None, Exit::Code(101));
        let overflow =
            "thread 'main' panicked at library/alloc/src/raw_vec.rs:25:5:\ncapacity overflow\n";
        assert_eq!(decide(&panic, 0, overflow), Some(Verdict::RuntimeError));
        assert!(evidence(&panic, overflow).contains("capacity overflow"));
    }

    #[test]
    fn a_stack_overflow_is_re_naming_it() {
        let crashed = outcome(50, 1200, None, Exit::Signal(libc::SIGABRT));
        let stderr =
            "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n";
        assert_eq!(decide(&crashed, 0, stderr), Some(Verdict::RuntimeError));
        assert!(
            evidence(&crashed, stderr).starts_with("stack overflow: the stack limit is 500 KiB")
        );
    }

    #[test]
    fn a_stack_overflow_in_a_spawned_thread_names_the_thread() {
        let crashed = outcome(50, 1200, None, Exit::Signal(libc::SIGABRT));
        for stderr in [
            "\nthread 'solver' has overflowed its stack\nfatal runtime error: stack overflow\n",
            "\nthread 'solver' (4242) has overflowed its stack\nfatal runtime error: stack overflow, aborting\n",
        ] {
            assert_eq!(decide(&crashed, 0, stderr), Some(Verdict::RuntimeError));
            let text = evidence(&crashed, stderr);
            assert!(text.starts_with("stack overflow in thread 'solver'"), "{text}");
            assert!(text.contains("does not apply to it"), "{text}");
        }
        let main = "\nthread 'main' (4242) has overflowed its stack\n";
        assert!(evidence(&crashed, main).starts_with("stack overflow: the stack limit is 500 KiB"));
    }

    #[test]
    fn a_time_over_a_tiny_limit_reads_as_over_it() {
        let limits = Limits {
            cpu: Duration::from_millis(1),
            ..LIMITS
        };
        let mut ran = outcome(0, 10, None, OK);
        ran.cpu = Duration::from_micros(1_042);
        let traces = Traces {
            stdout_bytes: 0,
            stderr_bytes: 0,
            stderr: "",
        };
        let (verdict, text) = from_outcome(&ran, &limits, &traces).unwrap();
        assert_eq!(verdict, Verdict::TimeLimit);
        assert!(
            text.starts_with("CPU time 1.04 ms > limit 1.00 ms"),
            "{text}"
        );
        assert_eq!(
            format_times_compared(Duration::from_micros(300_400), Duration::from_millis(300)),
            ("300.4 ms".to_string(), "300.0 ms".to_string())
        );
        assert_eq!(
            format_times_compared(Duration::from_micros(1_000_001), Duration::from_secs(1)),
            ("1000.001 ms".to_string(), "1000.000 ms".to_string())
        );
    }

    #[test]
    fn output_over_the_limit_names_the_stream() {
        let traces = Traces {
            stdout_bytes: 3,
            stderr_bytes: 500,
            stderr: "debug",
        };
        let (verdict, text) = from_outcome(
            &outcome(1, 1, None, Exit::Signal(libc::SIGXFSZ)),
            &LIMITS,
            &traces,
        )
        .unwrap();
        assert_eq!(verdict, Verdict::OutputLimit);
        assert!(text.starts_with("stderr"), "{text}");
    }

    #[test]
    fn a_full_disk_is_named() {
        let failed = outcome(1, 1, None, Exit::Code(101));
        let stderr = "failed printing to stdout: No space left on device (os error 28)";
        assert!(evidence(&failed, stderr).contains("disk is full"));
    }
}
