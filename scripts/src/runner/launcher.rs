//! The launcher process (`ojgames __run`): runs each job it is sent under its limits, watches
//! it, and reports what `wait4` said.

use std::ffi::OsString;
use std::fs::File;
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::sys::{children_of, cpu_time, resident_memory, set_limit};
use super::wire::{decode_fields, job_from};
use super::LAUNCHER_COMMAND;
use super::{Exit, Job, Kill, Limits, Outcome};

/// The launcher's process (`ojgames __run`): reads jobs from stdin (see [`encode_fields`]:
/// CPU_US WALL_US MEM_KIB STACK_KIB OUT_BYTES IN OUT ERR PROGRAM [ARGS...], IN `-` for no
/// input), runs each, and answers one line each: `ran OUTCOME` or `failed MESSAGE`. Exits at
/// the end of its input.
pub fn launcher_exit(args: &[OsString]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: ojgames {LAUNCHER_COMMAND} (jobs on stdin; for ojgames' own use)");
        return ExitCode::from(2);
    }
    install_launcher_handlers();
    let mut requests = BufReader::new(std::io::stdin().lock());
    let mut replies = std::io::stdout().lock();
    loop {
        let reply = match decode_fields(&mut requests) {
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(fields)) => match job_from(&fields).and_then(|job| run_here(&job)) {
                Ok(outcome) => format!("ran {}", outcome.encode()),
                Err(err) => format!("failed {}", format!("{err:#}").replace('\n', " ")),
            },
            Err(err) => {
                eprintln!("ojgames {LAUNCHER_COMMAND}: {err:#}");
                return ExitCode::from(3);
            }
        };
        if writeln!(replies, "{reply}")
            .and_then(|()| replies.flush())
            .is_err()
        {
            return ExitCode::from(3);
        }
    }
}

/// The process group of the program the launcher runs, for its signal handler.
static PROGRAM_GROUP: AtomicI32 = AtomicI32::new(0);

extern "C" fn kill_group_and_die(signal: libc::c_int) {
    let group = PROGRAM_GROUP.load(Ordering::SeqCst);
    // SAFETY: async-signal-safe calls only.
    unsafe {
        if group > 0 {
            libc::killpg(group, libc::SIGKILL);
        }
        libc::_exit(128 + signal);
    }
}

/// Room above the memory limit before allocations fail: reserved but untouched memory
/// (thread stacks, allocator arenas) is not a judge's business, resident memory is (the
/// watchdog stops the program when it passes the limit).
pub(super) const ADDRESS_SPACE_HEADROOM: u64 = 2 << 30;
/// How often the watchdog reads the CPU clock and resident memory: a TLE or an MLE is killed
/// at most this much past the limit.
pub(super) const WATCH_INTERVAL: Duration = Duration::from_millis(5);

fn install_launcher_handlers() {
    // SAFETY: plain syscall. Orphans of the programs we run become our children, so that
    // `kill_descendants` finds them.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only calls async-signal-safe functions.
        unsafe {
            libc::signal(
                signal,
                kill_group_and_die as *const () as libc::sighandler_t,
            )
        };
    }
}

fn run_here(job: &Job) -> Result<Outcome> {
    let stdin = match job.stdin {
        Some(path) => Stdio::from(
            File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        ),
        None => Stdio::null(),
    };
    let create = |path: &Path| {
        File::create(path).with_context(|| format!("cannot create {}", path.display()))
    };
    let limits = job.limits;
    let mut command = Command::new(job.program);
    command
        .args(job.args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(stdin)
        .stdout(Stdio::from(create(job.stdout)?))
        .stderr(Stdio::from(create(job.stderr)?));
    confine(&mut command, limits);
    let start = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("cannot run {}", job.program.display()))?;
    let pid = child.id() as libc::pid_t;
    PROGRAM_GROUP.store(pid, Ordering::SeqCst);
    // SAFETY: plain syscall.
    let parent = unsafe { libc::getppid() };
    let watch = Watch::new(pid, parent, start, limits);
    watch.until_exit();
    let (status, usage) = wait(pid)?;
    let wall = start.elapsed();
    // Whatever the program started dies with it.
    // SAFETY: `pid` is the id of the group we created; plain syscall.
    unsafe { libc::killpg(pid, libc::SIGKILL) };
    kill_descendants();
    drop(child);
    let mut outcome = outcome(status, usage, wall, watch.killed.get());
    outcome.peak_kib = outcome.peak_kib.max(watch.peak_kib.get());
    Ok(outcome)
}

/// Kills every process left of the program: with the launcher a subreaper, they are all its
/// children (or become so as their parents die), and none is the launcher's own.
pub(super) fn kill_descendants() {
    loop {
        let mut status = 0;
        // SAFETY: plain syscall with a valid pointer.
        match unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) } {
            0 => {
                for child in children_of(std::process::id()) {
                    // SAFETY: plain syscall on our own (unreaped) child.
                    unsafe { libc::kill(child, libc::SIGKILL) };
                }
                // SAFETY: as above; blocks until one of them is gone.
                unsafe { libc::waitpid(-1, &mut status, 0) };
            }
            -1 if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) => {}
            -1 => return,
            _ => {}
        }
    }
}

/// The watchdog, in the launcher's own thread: between checks it waits on a pidfd for the
/// program to exit, so an exit is seen at once, and no thread is started per run.
struct Watch {
    pid: libc::pid_t,
    parent: libc::pid_t,
    start: Instant,
    limits: Limits,
    /// Why it was killed, if it was.
    killed: std::cell::Cell<Option<Kill>>,
    /// The largest resident memory sampled.
    peak_kib: std::cell::Cell<u64>,
}

impl Watch {
    fn new(pid: libc::pid_t, parent: libc::pid_t, start: Instant, limits: Limits) -> Watch {
        Watch {
            pid,
            parent,
            start,
            limits,
            killed: std::cell::Cell::new(None),
            peak_kib: std::cell::Cell::new(0),
        }
    }

    /// Returns when the program has exited (not reaped yet). Kills its group when its CPU
    /// time passes the limit, its resident memory passes the limit, its CPU time stands
    /// still for [`Limits::idle`], or at the wall deadline; kills it and exits when `ojgames`
    /// (`parent`) is gone.
    fn until_exit(&self) {
        let pid = self.pid;
        let exited = ExitSignal::open(pid);
        let mut clock: libc::clockid_t = 0;
        // SAFETY: valid pointer; `pid` is our child, not yet reaped.
        let has_clock = unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0;
        let status = format!("/proc/{pid}/status");
        let (mut last_cpu, mut last_progress) = (Duration::ZERO, self.start);
        let limits = self.limits;
        while !exited.wait(WATCH_INTERVAL) {
            // SAFETY: plain syscalls.
            if unsafe { libc::getppid() } != self.parent {
                unsafe {
                    libc::killpg(pid, libc::SIGKILL);
                    libc::_exit(128 + libc::SIGTERM);
                }
            }
            let now = Instant::now();
            let cpu = if has_clock { cpu_time(clock) } else { None };
            if let Some(cpu) = cpu.filter(|&cpu| cpu > last_cpu) {
                (last_cpu, last_progress) = (cpu, now);
            }
            // The main stack has its own limit (RLIMIT_STACK): growing past it is a stack
            // overflow, reported as such, so the memory kill looks at what lies outside it.
            let mut outside_stack_kib = 0;
            if let Some(memory) = resident_memory(&status) {
                self.peak_kib
                    .set(self.peak_kib.get().max(memory.resident_kib));
                outside_stack_kib = memory.resident_kib.saturating_sub(memory.stack_kib);
            }
            let kill = if cpu.is_some_and(|cpu| cpu > limits.cpu) {
                Some(Kill::Cpu)
            } else if outside_stack_kib > limits.memory_kib {
                Some(Kill::Memory)
            } else if has_clock && now - last_progress >= limits.idle() {
                Some(Kill::Idle)
            } else if now - self.start >= limits.wall {
                Some(Kill::Wall)
            } else {
                None
            };
            if let Some(kill) = kill {
                self.killed.set(Some(kill));
                // SAFETY: the group we created; plain syscall.
                unsafe { libc::killpg(pid, libc::SIGKILL) };
                return;
            }
        }
    }
}

/// How the launcher learns that the program exited: a pidfd (Linux 5.3) that polls readable,
/// else a check with `waitid(WNOWAIT)` after each interval.
struct ExitSignal {
    pid: libc::pid_t,
    pidfd: Option<std::os::fd::OwnedFd>,
}

impl ExitSignal {
    fn open(pid: libc::pid_t) -> ExitSignal {
        // SAFETY: plain syscall; a non-negative result is a new descriptor we own.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        let pidfd = (fd >= 0).then(|| {
            // SAFETY: `fd` was just opened and is owned by nothing else.
            unsafe { std::os::fd::FromRawFd::from_raw_fd(fd as libc::c_int) }
        });
        ExitSignal { pid, pidfd }
    }

    /// Whether the program exited, waiting up to `interval` for it.
    fn wait(&self, interval: Duration) -> bool {
        if let Some(fd) = &self.pidfd {
            let mut poll = libc::pollfd {
                fd: std::os::fd::AsRawFd::as_raw_fd(fd),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            let ready = unsafe { libc::poll(&mut poll, 1, interval.as_millis() as libc::c_int) };
            return ready > 0;
        }
        std::thread::sleep(interval);
        // SAFETY: siginfo_t is plain old data; waitid fills it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: valid pointer; WNOWAIT leaves the child to be reaped by `wait`.
        let found = unsafe {
            libc::waitid(
                libc::P_PID,
                self.pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: reading the pid field of a siginfo_t that waitid filled (0 if nothing).
        found == 0 && unsafe { info.si_pid() } != 0
    }
}

pub(super) fn wait(pid: libc::pid_t) -> Result<(libc::c_int, libc::rusage)> {
    let mut status = 0;
    // SAFETY: rusage is plain old data; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: valid pointers to locals.
        let result = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if result == pid {
            return Ok((status, usage));
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("wait4 failed");
        }
    }
}

pub(super) fn outcome(
    status: libc::c_int,
    usage: libc::rusage,
    wall: Duration,
    killed: Option<Kill>,
) -> Outcome {
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

/// Makes `command`'s process the leader of its own process group (so the whole group can be
/// killed) and puts it under `limits` as rlimits: address space (with headroom for the
/// allocator), stack, file size just past the output limit, no core file, and whole CPU seconds
/// just past the limit. The watchdog kills first; the CPU rlimit is the backstop. Both the
/// single-program launcher and the interactive pair's launcher confine their programs here.
pub(super) fn confine(command: &mut Command, limits: Limits) {
    let address_space = limits.memory_kib * 1024 + ADDRESS_SPACE_HEADROOM;
    let stack = limits.stack_kib * 1024;
    let file_size = limits.output_bytes + 1;
    let cpu_seconds = limits.cpu.as_secs() + 1;
    // SAFETY: only async-signal-safe calls (setpgid, setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            set_limit(libc::RLIMIT_AS, address_space, address_space)?;
            set_limit(libc::RLIMIT_STACK, stack, stack)?;
            set_limit(libc::RLIMIT_FSIZE, file_size, file_size)?;
            set_limit(libc::RLIMIT_CORE, 0, 0)?;
            set_limit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn an_exit_is_seen_with_a_pidfd_and_without_one() {
        for with_pidfd in [true, false] {
            let mut child = Command::new("sleep").arg("0.2").spawn().unwrap();
            let pid = child.id() as libc::pid_t;
            let mut signal = ExitSignal::open(pid);
            if !with_pidfd {
                signal.pidfd = None;
            }
            let start = Instant::now();
            assert!(!signal.wait(Duration::from_millis(5)), "still running");
            while !signal.wait(Duration::from_millis(5)) {
                assert!(start.elapsed() < Duration::from_secs(10));
            }
            assert!(start.elapsed() >= Duration::from_millis(150));
            // Not reaped by the check: the launcher's wait4 still gets its status.
            assert!(child.wait().unwrap().success());
        }
    }
}
