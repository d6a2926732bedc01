//! The launcher of one interactive run (`ojgames __interact`): reads the request (JSON) on
//! its stdin, starts both programs, relays and records their traffic, watches both, and
//! answers with both outcomes (JSON) on its stdout.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::transcript::Transcript;
use super::wire::{self, Reply, Request, WirePair};
use super::{Side, Stall, Waiting, LAUNCHER_COMMAND};
use crate::runner::client::spawn_retrying_busy;
use crate::runner::launcher::{kill_descendants, outcome, wait, WATCH_INTERVAL};
use crate::runner::sys::{cpu_time, resident_memory};
use crate::runner::{Kill, Limits, Outcome};

/// The process groups of the two programs, for the signal handler.
static GROUPS: [AtomicI32; 2] = [AtomicI32::new(0), AtomicI32::new(0)];

extern "C" fn kill_groups_and_die(signal: libc::c_int) {
    for group in &GROUPS {
        let group = group.load(Ordering::SeqCst);
        if group > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe { libc::killpg(group, libc::SIGKILL) };
        }
    }
    // SAFETY: async-signal-safe.
    unsafe { libc::_exit(128 + signal) };
}

/// `ojgames __interact`: one interactive run, request on stdin, reply on stdout.
pub fn launcher_exit(args: &[OsString]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: ojgames {LAUNCHER_COMMAND} (a request on stdin; for ojgames' own use)");
        return ExitCode::from(2);
    }
    // SAFETY: plain syscall: orphans of the programs become our children (kill_descendants).
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only calls async-signal-safe functions.
        unsafe {
            libc::signal(
                signal,
                kill_groups_and_die as *const () as libc::sighandler_t,
            )
        };
    }
    let mut request = Vec::new();
    let served = std::io::stdin()
        .read_to_end(&mut request)
        .context("cannot read the request")
        .and_then(|_| serde_json::from_slice::<Request>(&request).context("bad request"))
        .and_then(|request| serve(&request));
    let reply = match served {
        Ok(pair) => Reply::Ran(pair),
        Err(err) => Reply::Failed(format!("{err:#}")),
    };
    let mut out = std::io::stdout().lock();
    match serde_json::to_writer(&mut out, &reply).map(|()| out.flush()) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        _ => ExitCode::from(3),
    }
}

/// A pipe as (read end, write end), both close-on-exec, as large as the system allows.
fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: valid pointer to two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error()).context("cannot create a pipe");
    }
    // SAFETY: pipe2 just opened both; nothing else owns them.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let max = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
        .ok()
        .and_then(|s| s.trim().parse::<libc::c_int>().ok())
        .unwrap_or(1 << 20);
    // Above the per-user soft limit an unprivileged process may be refused: then halve.
    let mut size = max;
    // SAFETY: plain fcntl on a descriptor we own.
    while size >= 1 << 16 && unsafe { libc::fcntl(write.as_raw_fd(), libc::F_SETPIPE_SZ, size) } < 0
    {
        size /= 2;
    }
    Ok((read, write))
}

/// The size of the pipe `fd` (for the tests).
#[cfg(test)]
fn pipe_size(fd: &OwnedFd) -> libc::c_int {
    // SAFETY: plain fcntl on a descriptor we own.
    unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETPIPE_SZ) }
}

fn spawn(
    program: &Path,
    args: &[OsString],
    stdin: OwnedFd,
    stdout: OwnedFd,
    stderr: File,
    limits: Limits,
) -> Result<libc::pid_t> {
    let mut command = Command::new(program);
    command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr));
    crate::runner::launcher::confine(&mut command, limits);
    let child = spawn_retrying_busy(&mut command)
        .with_context(|| format!("cannot run {}", program.display()))?;
    // The command (and with it our copies of the child's ends) is dropped here.
    Ok(child.id() as libc::pid_t)
}

/// One direction: reads what `side` writes and passes it on at once, recording it. When the
/// reader is gone it keeps reading and drops the bytes, so the writer never gets SIGPIPE.
struct Relay {
    side: Side,
    from: OwnedFd,
    to: OwnedFd,
    /// A copy of every byte, up to `copy_limit`.
    copy: Option<(File, u64)>,
    transcript: Arc<Transcript>,
    moved: Arc<AtomicU64>,
    /// When `side` passes this many bytes, its group is killed (the output limit).
    kill_past: Option<(u64, libc::pid_t)>,
    ended: Arc<Mutex<Option<Instant>>>,
}

impl Relay {
    fn start(self) -> JoinHandle<()> {
        std::thread::spawn(move || self.run())
    }

    fn run(mut self) {
        let mut from = File::from(self.from);
        let mut to = Some(File::from(self.to));
        let mut buffer = vec![0u8; 1 << 16];
        let mut total = 0u64;
        loop {
            let n = match from.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let bytes = &buffer[..n];
            total += n as u64;
            self.moved.fetch_add(n as u64, Ordering::SeqCst);
            self.transcript.data(self.side, bytes);
            if let Some((file, limit)) = &mut self.copy {
                let room = limit.saturating_sub(total - n as u64) as usize;
                if room > 0 && file.write_all(&bytes[..n.min(room)]).is_err() {
                    self.copy = None;
                }
            }
            if let Some(out) = &mut to {
                if out.write_all(bytes).is_err() {
                    to = None;
                    let other = match self.side {
                        Side::Solution => Side::Interactor,
                        Side::Interactor => Side::Solution,
                    };
                    self.transcript.event(&format!(
                        "the {} no longer reads its input: the {}'s output from here on is read \
                         and dropped",
                        other.name(),
                        self.side.name()
                    ));
                }
            }
            if let Some((limit, pid)) = self.kill_past {
                if total > limit {
                    // SAFETY: the group we created; plain syscall.
                    unsafe { libc::killpg(pid, libc::SIGKILL) };
                    self.transcript.event(&format!(
                        "the {} passed the output limit of {limit} bytes: killed",
                        self.side.name()
                    ));
                    self.kill_past = None;
                }
            }
        }
        drop(to);
        *self.ended.lock().unwrap() = Some(Instant::now());
        self.transcript.closed(self.side);
    }
}

/// One program under watch.
struct Watched {
    side: Side,
    pid: libc::pid_t,
    pidfd: Option<OwnedFd>,
    clock: Option<libc::clockid_t>,
    status: String,
    limits: Limits,
    last_cpu: Duration,
    peak_kib: u64,
    killed: Option<Kill>,
    ended: Option<Outcome>,
}

impl Watched {
    fn new(side: Side, pid: libc::pid_t, limits: Limits) -> Watched {
        // SAFETY: plain syscall; a non-negative result is a new descriptor we own.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        // SAFETY: `fd` was just opened and is owned by nothing else.
        let pidfd = (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as libc::c_int) });
        let mut clock: libc::clockid_t = 0;
        // SAFETY: valid pointer; `pid` is our child, not yet reaped.
        let has_clock = unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0;
        Watched {
            side,
            pid,
            pidfd,
            clock: has_clock.then_some(clock),
            status: format!("/proc/{pid}/status"),
            limits,
            last_cpu: Duration::ZERO,
            peak_kib: 0,
            killed: None,
            ended: None,
        }
    }

    fn has_exited(&self) -> bool {
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

    fn kill(&mut self, why: Kill) {
        if self.killed.is_none() {
            self.killed = Some(why);
        }
        // SAFETY: the group we created; plain syscall.
        unsafe { libc::killpg(self.pid, libc::SIGKILL) };
    }

    /// Reads its clock and memory; kills it past its limits. Whether its CPU time advanced.
    fn check(&mut self) -> bool {
        let cpu = self.clock.and_then(cpu_time);
        let advanced = cpu.is_some_and(|cpu| cpu > self.last_cpu);
        if let Some(cpu) = cpu.filter(|_| advanced) {
            self.last_cpu = cpu;
        }
        let mut outside_stack_kib = 0;
        if let Some(memory) = resident_memory(&self.status) {
            self.peak_kib = self.peak_kib.max(memory.resident_kib);
            outside_stack_kib = memory.resident_kib.saturating_sub(memory.stack_kib);
        }
        if cpu.is_some_and(|cpu| cpu > self.limits.cpu) {
            self.kill(Kill::Cpu);
        } else if outside_stack_kib > self.limits.memory_kib {
            self.kill(Kill::Memory);
        }
        advanced
    }

    /// What it is blocked in: reading its stdin (any of its threads), or elsewhere.
    fn waiting(&self) -> Waiting {
        if self.ended.is_some() {
            return Waiting::Exited;
        }
        let tasks = std::fs::read_dir(format!("/proc/{}/task", self.pid))
            .map(|dir| dir.flatten().map(|e| e.path()).collect::<Vec<_>>())
            .unwrap_or_default();
        for task in &tasks {
            let syscall = std::fs::read_to_string(task.join("syscall")).unwrap_or_default();
            let mut fields = syscall.split_whitespace();
            let number = fields.next().and_then(|n| n.parse::<libc::c_long>().ok());
            let fd = fields.next();
            if number == Some(libc::SYS_read) && fd == Some("0x0") {
                return Waiting::ToRead;
            }
        }
        let wchan = std::fs::read_to_string(format!("/proc/{}/wchan", self.pid))
            .unwrap_or_default()
            .trim()
            .to_string();
        if wchan.contains("pipe_read") && tasks.len() <= 1 {
            return Waiting::ToRead;
        }
        Waiting::Elsewhere(if wchan.is_empty() || wchan == "0" {
            "not in a system call".to_string()
        } else {
            wchan
        })
    }

    fn reap(&mut self, start: Instant, transcript: &Transcript) -> Result<()> {
        let (status, usage) = wait(self.pid)?;
        // Whatever it started in its group dies with it.
        // SAFETY: the group we created; plain syscall.
        unsafe { libc::killpg(self.pid, libc::SIGKILL) };
        let mut ended = outcome(status, usage, start.elapsed(), self.killed);
        ended.peak_kib = ended.peak_kib.max(self.peak_kib);
        let killed = match ended.killed {
            Some(Kill::Cpu) => " (killed: CPU time over its limit)",
            Some(Kill::Memory) => " (killed: memory over its limit)",
            Some(Kill::Idle) => " (killed: the run stood still)",
            Some(Kill::Wall) => " (killed: the wall-clock safety net)",
            None => "",
        };
        transcript.event(&format!(
            "{} exited: {}{killed}, CPU time {} ms",
            self.side.name(),
            ended.exit,
            ended.cpu.as_millis()
        ));
        self.ended = Some(ended);
        Ok(())
    }
}

/// Waits up to `interval` for one of `watched` to exit.
fn wait_for_exit(watched: &[&Watched], interval: Duration) {
    let mut polls: Vec<libc::pollfd> = watched
        .iter()
        .filter_map(|w| w.pidfd.as_ref())
        .map(|fd| libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    if polls.len() < watched.len() {
        std::thread::sleep(interval);
        return;
    }
    // SAFETY: valid pollfds.
    unsafe {
        libc::poll(
            polls.as_mut_ptr(),
            polls.len() as libc::nfds_t,
            interval.as_millis() as libc::c_int,
        )
    };
}

fn serve(request: &Request) -> Result<WirePair> {
    let solution_limits = Limits::from(&request.solution_limits);
    let interactor_limits = Limits::from(&request.interactor_limits);
    let (from_solution, solution_stdout) = pipe()?;
    let (interactor_stdin, to_interactor) = pipe()?;
    let (from_interactor, interactor_stdout) = pipe()?;
    let (solution_stdin, to_solution) = pipe()?;
    let create = |bytes: &[u8]| {
        let path = wire::path(bytes);
        File::create(&path).with_context(|| format!("cannot create {}", path.display()))
    };
    let solution_stderr = create(&request.solution_stderr)?;
    let interactor_stderr = create(&request.interactor_stderr)?;
    let solution_copy = create(&request.solution_stdout)?;
    let interactor_args: Vec<OsString> = request
        .interactor_args
        .iter()
        .map(|a| wire::path(a).into_os_string())
        .collect();
    let start = Instant::now();
    let transcript = Arc::new(Transcript::new(start));
    let solution_pid = spawn(
        &wire::path(&request.solution),
        &[],
        solution_stdin,
        solution_stdout,
        solution_stderr,
        solution_limits,
    )?;
    GROUPS[0].store(solution_pid, Ordering::SeqCst);
    let interactor_pid = match spawn(
        &wire::path(&request.interactor),
        &interactor_args,
        interactor_stdin,
        interactor_stdout,
        interactor_stderr,
        interactor_limits,
    ) {
        Ok(pid) => pid,
        Err(err) => {
            // SAFETY: our own child's group; then reaped.
            unsafe { libc::killpg(solution_pid, libc::SIGKILL) };
            let _ = wait(solution_pid);
            return Err(err);
        }
    };
    GROUPS[1].store(interactor_pid, Ordering::SeqCst);
    let solution_moved = Arc::new(AtomicU64::new(0));
    let interactor_moved = Arc::new(AtomicU64::new(0));
    let ends = [
        Arc::new(Mutex::new(None::<Instant>)),
        Arc::new(Mutex::new(None::<Instant>)),
    ];
    let relay = |side, from, to, copy, counted: &Arc<AtomicU64>, kill_past, ended| Relay {
        side,
        from,
        to,
        copy,
        transcript: Arc::clone(&transcript),
        moved: Arc::clone(counted),
        kill_past,
        ended: Arc::clone(ended),
    };
    let relays = [
        relay(
            Side::Solution,
            from_solution,
            to_interactor,
            Some((solution_copy, solution_limits.output_bytes + 1)),
            &solution_moved,
            Some((solution_limits.output_bytes, solution_pid)),
            &ends[0],
        )
        .start(),
        relay(
            Side::Interactor,
            from_interactor,
            to_solution,
            None,
            &interactor_moved,
            None,
            &ends[1],
        )
        .start(),
    ];
    let mut watched = [
        Watched::new(Side::Solution, solution_pid, solution_limits),
        Watched::new(Side::Interactor, interactor_pid, interactor_limits),
    ];
    let idle = solution_limits.idle();
    let wall = solution_limits.wall.max(interactor_limits.wall);
    // SAFETY: plain syscall.
    let parent = unsafe { libc::getppid() };
    // When each ended: exited, was killed, or closed its output (a process's output closes
    // as it exits, before its parent can see the exit: the other side may react and exit
    // in between).
    let mut ended_at: [Option<Instant>; 2] = [None, None];
    let mut stall = None;
    let (mut last_moved, mut last_progress) = (0, start);
    let watched_result = (|| -> Result<()> {
        loop {
            let alive: Vec<&Watched> = watched.iter().filter(|w| w.ended.is_none()).collect();
            if alive.is_empty() {
                return Ok(());
            }
            wait_for_exit(&alive, WATCH_INTERVAL);
            let exited: Vec<usize> = (0..2)
                .filter(|&i| watched[i].ended.is_none() && watched[i].has_exited())
                .collect();
            for &i in &exited {
                watched[i].reap(start, &transcript)?;
            }
            for &i in &exited {
                ended_at[i].get_or_insert_with(Instant::now);
            }
            // SAFETY: plain syscalls.
            if unsafe { libc::getppid() } != parent {
                kill_groups_and_die(libc::SIGTERM);
            }
            let now = Instant::now();
            let mut progress = false;
            for w in watched.iter_mut().filter(|w| w.ended.is_none()) {
                progress |= w.check();
            }
            for (i, w) in watched.iter().enumerate() {
                // Killed at its limit, it ended now, whatever the other does on seeing it go.
                if w.killed.is_some() {
                    ended_at[i].get_or_insert(now);
                }
            }
            let total =
                solution_moved.load(Ordering::SeqCst) + interactor_moved.load(Ordering::SeqCst);
            if total != last_moved {
                (last_moved, progress) = (total, true);
            }
            if progress {
                last_progress = now;
            }
            let running = watched.iter().any(|w| w.ended.is_none());
            if running && now - last_progress >= idle {
                let found = Stall {
                    solution: watched[0].waiting(),
                    interactor: watched[1].waiting(),
                    at: now - start,
                };
                transcript.event(&format!(
                    "nothing moved for {} ms: the solution {}, the interactor {}; killed",
                    idle.as_millis(),
                    found.solution.describe(),
                    found.interactor.describe()
                ));
                stall = Some(found);
                for w in watched.iter_mut().filter(|w| w.ended.is_none()) {
                    w.kill(Kill::Idle);
                }
                last_progress = now;
            } else if running && now - start >= wall {
                for w in watched.iter_mut().filter(|w| w.ended.is_none()) {
                    w.kill(Kill::Wall);
                }
            }
        }
    })();
    if watched_result.is_err() {
        for w in watched.iter_mut().filter(|w| w.ended.is_none()) {
            w.kill(Kill::Wall);
        }
    }
    GROUPS[0].store(0, Ordering::SeqCst);
    GROUPS[1].store(0, Ordering::SeqCst);
    // Whatever escaped their groups: with us a subreaper, they are our children now.
    kill_descendants();
    for relay in relays {
        let _ = relay.join();
    }
    watched_result?;
    for (i, end) in ends.iter().enumerate() {
        if let Some(closed) = *end.lock().unwrap() {
            ended_at[i] = Some(ended_at[i].map_or(closed, |at| at.min(closed)));
        }
    }
    let first_exit = match ended_at {
        [Some(solution), Some(interactor)] if interactor < solution => Side::Interactor,
        _ => Side::Solution,
    };
    transcript
        .write(&wire::path(&request.transcript))
        .context("cannot write the transcript")?;
    let [solution, interactor] = watched;
    Ok(WirePair {
        solution: solution.ended.expect("reaped").into(),
        interactor: interactor.ended.expect("reaped").into(),
        first_exit,
        solution_bytes: solution_moved.load(Ordering::SeqCst),
        interactor_bytes: interactor_moved.load(Ordering::SeqCst),
        stall,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipes_are_as_large_as_the_system_allows() {
        let max: libc::c_int = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let (read, _write) = pipe().unwrap();
        // The default is 64 KiB; unprivileged processes may get less than the maximum only
        // past the per-user soft limit, which one pipe does not reach.
        assert_eq!(pipe_size(&read), max);
    }
}
