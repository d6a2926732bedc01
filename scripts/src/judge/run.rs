//! Runs the solution on one input like a judge: stdin from the file, stdout and stderr to
//! files (no pipes to deadlock on), CPU time and peak memory from `wait4`, killed at a wall
//! deadline so an infinite loop ends.
//!
//! The solution is not forked from `oj` itself: a forked child starts with a copy of its
//! parent's resident pages, and Linux keeps that high-water mark in `ru_maxrss` across
//! `exec` (a 2-page C program forked from a 200 MB parent reports 200 MB). So `oj` starts
//! itself again as a small launcher (`oj __run …`) that forks the solution and prints what
//! `wait4` said.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

pub struct Limits {
    pub cpu: Duration,
    pub wall: Duration,
    pub memory_kib: u64,
    pub output_bytes: u64,
}

pub struct Outcome {
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_kib: u64,
    /// Killed by us at the wall deadline.
    pub killed: bool,
    pub exit: Exit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// Runs `program` through the launcher; see the module docs.
pub fn run(
    program: &Path,
    input: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: &Limits,
) -> Result<Outcome> {
    let launcher = std::env::current_exe().context("cannot find the oj executable")?;
    let mut command = Command::new(launcher);
    command
        .arg(LAUNCHER_COMMAND)
        .args([limits.cpu.as_micros(), limits.wall.as_micros()].map(|v| v.to_string()))
        .args([limits.memory_kib, limits.output_bytes].map(|v| v.to_string()))
        .args([program, input, stdout, stderr])
        .stdin(Stdio::null());
    let output = output_retrying_busy(&mut command).context("cannot start the launcher")?;
    let report = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        bail!(
            "launcher failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Outcome::decode(report.trim()).with_context(|| format!("bad launcher report {report:?}"))
}

/// `exec` fails with ETXTBSY while another process still has the executable open for
/// writing (a concurrent `cargo build` replacing `oj`, a linker just finishing).
fn output_retrying_busy(command: &mut Command) -> std::io::Result<std::process::Output> {
    let mut attempts = 0;
    loop {
        match command.output() {
            Err(err) if err.raw_os_error() == Some(libc::ETXTBSY) && attempts < 20 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            result => return result,
        }
    }
}

pub const LAUNCHER_COMMAND: &str = "__run";

/// The launcher's process: runs [`launcher_main`] and exits with 3 if it fails.
pub fn launcher_exit(args: &[std::ffi::OsString]) -> std::process::ExitCode {
    match launcher_main(args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ojgames {LAUNCHER_COMMAND}: {err:#}");
            std::process::ExitCode::from(3)
        }
    }
}

/// The launcher's side: `oj __run CPU_US WALL_US MEM_KIB OUT_BYTES PROGRAM IN OUT ERR`.
pub fn launcher_main(args: &[std::ffi::OsString]) -> Result<()> {
    let [cpu, wall, memory, output, program, input, stdout, stderr] = args else {
        bail!("usage: oj {LAUNCHER_COMMAND} CPU_US WALL_US MEM_KIB OUT_BYTES PROGRAM IN OUT ERR");
    };
    let number = |arg: &std::ffi::OsString| -> Result<u64> { Ok(arg.to_string_lossy().parse()?) };
    let limits = Limits {
        cpu: Duration::from_micros(number(cpu)?),
        wall: Duration::from_micros(number(wall)?),
        memory_kib: number(memory)?,
        output_bytes: number(output)?,
    };
    let paths = [program, input, stdout, stderr].map(Path::new);
    let outcome = run_here(paths[0], paths[1], paths[2], paths[3], &limits)?;
    println!("{}", outcome.encode());
    Ok(())
}

impl Outcome {
    fn encode(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let (cpu, wall) = (self.cpu.as_micros(), self.wall.as_micros());
        format!(
            "{cpu} {wall} {} {} {kind} {value}",
            self.peak_kib, self.killed
        )
    }

    fn decode(report: &str) -> Option<Outcome> {
        let fields: Vec<&str> = report.split(' ').collect();
        let [cpu, wall, peak, killed, kind, value] = fields.as_slice() else {
            return None;
        };
        let value = value.parse().ok()?;
        Some(Outcome {
            cpu: Duration::from_micros(cpu.parse().ok()?),
            wall: Duration::from_micros(wall.parse().ok()?),
            peak_kib: peak.parse().ok()?,
            killed: killed.parse().ok()?,
            exit: if *kind == "signal" {
                Exit::Signal(value)
            } else {
                Exit::Code(value)
            },
        })
    }
}

fn run_here(
    program: &Path,
    input: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: &Limits,
) -> Result<Outcome> {
    let stdin = File::open(input).with_context(|| format!("cannot open {}", input.display()))?;
    let mut command = Command::new(program);
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(File::create(stdout)?))
        .stderr(Stdio::from(File::create(stderr)?));
    let address_space = limits.memory_kib * 1024 + ADDRESS_SPACE_HEADROOM;
    let stack = (limits.memory_kib * 1024).max(MIN_STACK);
    let file_size = limits.output_bytes + 1;
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            set_limit(libc::RLIMIT_AS, address_space)?;
            set_limit(libc::RLIMIT_STACK, stack)?;
            set_limit(libc::RLIMIT_FSIZE, file_size)?;
            set_limit(libc::RLIMIT_CORE, 0)
        });
    }
    let start = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("cannot run {}", program.display()))?;
    let pid = child.id() as libc::pid_t;
    let deadline = start + limits.wall;
    let mut killed = false;
    loop {
        if let Some((status, usage)) = wait(pid, libc::WNOHANG)? {
            return Ok(outcome(status, usage, start.elapsed(), killed));
        }
        if !killed && Instant::now() >= deadline {
            // SAFETY: `pid` is our child and has not been reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(POLL_INTERVAL);
    }
}

/// Room above the memory limit before allocations fail: reserved but untouched memory
/// (thread stacks, allocator arenas) is not a judge's business, resident memory is. The
/// cap only stops a runaway program from taking the machine down.
const ADDRESS_SPACE_HEADROOM: u64 = 2 << 30;
const MIN_STACK: u64 = 8 << 20;
const POLL_INTERVAL: Duration = Duration::from_millis(2);

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: plain syscall with a valid pointer.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

fn wait(pid: libc::pid_t, flags: libc::c_int) -> Result<Option<(libc::c_int, libc::rusage)>> {
    let mut status = 0;
    // SAFETY: rusage is plain old data; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: valid pointers to locals.
        let result = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        match result {
            0 => return Ok(None),
            r if r == pid => return Ok(Some((status, usage))),
            _ => {
                let err = std::io::Error::last_os_error();
                if err.kind() != std::io::ErrorKind::Interrupted {
                    return Err(err).context("wait4 failed");
                }
            }
        }
    }
}

fn outcome(status: libc::c_int, usage: libc::rusage, wall: Duration, killed: bool) -> Outcome {
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    Outcome {
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        wall,
        // Linux reports ru_maxrss in KiB.
        peak_kib: usage.ru_maxrss as u64,
        killed,
        exit,
    }
}

pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGPIPE => "SIGPIPE",
        _ => "signal",
    }
}
