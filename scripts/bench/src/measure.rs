//! Runs one child with stdin from a file and stdout to a file, and measures its wall time,
//! CPU time and peak RSS: through `ojgames`' process runner (`ojgames::runner`), the same one
//! the judge uses, so the benchmark and the judge measure alike. The runner re-executes the
//! `ojgames` binary built next to this one as its launcher (`cargo build --release -p ojgames`).

use std::ffi::OsString;
use std::io;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use ojgames::runner::{Job, Limits, Runner};

#[derive(Debug, Clone, Copy)]
pub struct Measured {
    pub wall: Duration,
    /// User plus system time.
    pub cpu: Duration,
    /// Peak resident set size in KiB (`ru_maxrss`).
    pub max_rss_kib: u64,
}

/// Generous: the benchmark measures, it does not judge. The stack is the usual 8 MiB.
const LIMITS: Limits = Limits {
    cpu: Duration::from_secs(600),
    wall: Duration::from_secs(600),
    memory_kib: 16 << 20,
    stack_kib: 8 << 10,
    output_bytes: 16 << 30,
};

pub fn run(program: &Path, args: &[String], stdin: &Path, stdout: &Path) -> io::Result<Measured> {
    static RUNNER: OnceLock<Result<Runner, String>> = OnceLock::new();
    let runner = RUNNER
        .get_or_init(|| Runner::beside_current_exe().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(|e| io::Error::other(e.clone()))?;
    let stderr = stdout.with_extension("stderr");
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let outcome = runner
        .run(&Job {
            program,
            args: &args,
            stdin: Some(stdin),
            stdout,
            stderr: &stderr,
            limits: LIMITS,
        })
        .map_err(|e| io::Error::other(format!("{e:#}")))?;
    if !outcome.success() {
        let message = std::fs::read_to_string(&stderr).unwrap_or_default();
        return Err(io::Error::other(format!(
            "{} failed ({:?}): {}",
            program.display(),
            outcome.exit,
            message.trim()
        )));
    }
    Ok(Measured {
        wall: outcome.wall,
        cpu: outcome.cpu,
        max_rss_kib: outcome.peak_kib,
    })
}
