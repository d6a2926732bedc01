//! Runs one child with stdin from a file and stdout to a file (or /dev/null), and measures its
//! wall time, CPU time and peak RSS with `wait4`.
//!
//! Written here because the judge tool (`oj`, in `scripts/`) exposes no library API yet.

use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct Measured {
    pub wall: Duration,
    /// User plus system time.
    pub cpu: Duration,
    /// Peak resident set size in KiB (`ru_maxrss`).
    pub max_rss_kib: u64,
}

pub fn run(program: &Path, args: &[String], stdin: &Path, stdout: &Path) -> io::Result<Measured> {
    let input = File::open(stdin)?;
    let output = File::create(stdout)?;
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::from(input))
        .stdout(Stdio::from(output))
        .stderr(Stdio::inherit())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = loop {
        // SAFETY: `status` and `usage` are valid, writable and live for the call; `pid` is our
        // own child, which nothing else waits for (`child` is never waited on or killed).
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == -1 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
            continue;
        }
        break r;
    };
    let wall = start.elapsed();
    drop(child);
    if reaped != pid {
        return Err(io::Error::last_os_error());
    }
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(io::Error::other(format!(
            "{} failed (wait status {status})",
            program.display()
        )));
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Ok(Measured {
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        max_rss_kib: usage.ru_maxrss as u64,
    })
}
