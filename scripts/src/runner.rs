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

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

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

/// Runs jobs through launchers: `ojgames` binaries (their [`crate::main`] serves
/// [`LAUNCHER_COMMAND`]), kept running between jobs.
#[derive(Debug)]
pub struct Runner {
    launcher: PathBuf,
    idle: Mutex<Vec<Launcher>>,
}

pub const LAUNCHER_COMMAND: &str = "__run";

impl Runner {
    /// The running `ojgames` binary as its own launcher.
    pub fn current() -> Result<Runner> {
        let launcher = std::env::current_exe().context("cannot find the ojgames executable")?;
        Ok(Runner::new(launcher))
    }

    /// An `ojgames` binary at `path` (tests, other tools).
    pub fn with_launcher(path: impl Into<PathBuf>) -> Result<Runner> {
        let launcher = path.into();
        if !launcher.is_file() {
            bail!(
                "no ojgames launcher at {}: build it with `cargo build --release -p ojgames`",
                launcher.display()
            );
        }
        Ok(Runner::new(launcher))
    }

    /// The `ojgames` binary next to the running executable (a sibling in `target/release`).
    pub fn beside_current_exe() -> Result<Runner> {
        let exe = std::env::current_exe().context("cannot find the running executable")?;
        Runner::with_launcher(exe.with_file_name("ojgames"))
    }

    /// The `ojgames` binary that serves as launcher (the interactive runner starts it too).
    pub fn launcher(&self) -> &Path {
        &self.launcher
    }

    fn new(launcher: PathBuf) -> Runner {
        Runner {
            launcher,
            idle: Mutex::new(Vec::new()),
        }
    }

    pub fn run(&self, job: &Job) -> Result<Outcome> {
        install_forwarding();
        let idle = self.idle.lock().unwrap().pop();
        let mut launcher = match idle {
            Some(launcher) => launcher,
            None => Launcher::start(&self.launcher)?,
        };
        let reply = launcher.serve(job);
        match reply {
            Ok(Reply::Ran(outcome)) => {
                self.idle.lock().unwrap().push(launcher);
                Ok(outcome)
            }
            Ok(Reply::Failed(message)) => {
                self.idle.lock().unwrap().push(launcher);
                bail!("cannot run {}: {message}", job.program.display())
            }
            Err(err) => Err(err.context(format!(
                "the launcher failed running {}",
                job.program.display()
            ))),
        }
    }
}

/// One launcher process and the pipes to it.
#[derive(Debug)]
struct Launcher {
    child: std::process::Child,
    requests: std::process::ChildStdin,
    replies: BufReader<std::process::ChildStdout>,
    slot: Option<usize>,
}

enum Reply {
    Ran(Outcome),
    /// The launcher could not start the program (the message says why).
    Failed(String),
}

impl Launcher {
    fn start(path: &Path) -> Result<Launcher> {
        let mut command = Command::new(path);
        command
            .arg(LAUNCHER_COMMAND)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = spawn_retrying_busy(&mut command)
            .with_context(|| format!("cannot start the launcher {}", path.display()))?;
        let slot = Launchers::register(child.id() as libc::pid_t);
        let requests = child.stdin.take().expect("piped");
        let replies = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Launcher {
            child,
            requests,
            replies,
            slot,
        })
    }

    fn serve(&mut self, job: &Job) -> Result<Reply> {
        let limits = &job.limits;
        let mut fields: Vec<Vec<u8>> = [limits.cpu.as_micros(), limits.wall.as_micros()]
            .iter()
            .map(|v| v.to_string().into_bytes())
            .collect();
        for v in [limits.memory_kib, limits.stack_kib, limits.output_bytes] {
            fields.push(v.to_string().into_bytes());
        }
        let stdin = job.stdin.map_or(OsStr::new("-"), |p| p.as_os_str());
        for field in [
            stdin,
            job.stdout.as_os_str(),
            job.stderr.as_os_str(),
            job.program.as_os_str(),
        ]
        .into_iter()
        .chain(job.args.iter().map(|a| a.as_os_str()))
        {
            fields.push(field.as_bytes().to_vec());
        }
        self.requests.write_all(&encode_fields(&fields))?;
        self.requests.flush()?;
        let mut line = String::new();
        if self.replies.read_line(&mut line)? == 0 {
            bail!("the launcher exited");
        }
        let line = line.trim_end();
        if let Some(message) = line.strip_prefix("failed ") {
            return Ok(Reply::Failed(message.to_string()));
        }
        let report = line.strip_prefix("ran ").unwrap_or(line);
        Outcome::decode(report)
            .map(Reply::Ran)
            .with_context(|| format!("bad launcher report {line:?}"))
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // SIGTERM, not SIGKILL: its handler kills the group of a program still running.
        // SAFETY: plain syscall on our own child, not yet reaped.
        unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM) };
        let _ = self.child.wait();
        Launchers::release(self.slot);
    }
}

/// `COUNT\n` then each field as `LEN\n` and its bytes: paths may hold any byte but NUL.
fn encode_fields(fields: &[Vec<u8>]) -> Vec<u8> {
    let mut out = format!("{}\n", fields.len()).into_bytes();
    for field in fields {
        out.extend_from_slice(format!("{}\n", field.len()).as_bytes());
        out.extend_from_slice(field);
    }
    out
}

/// One request of [`encode_fields`]; `None` at the end of input.
fn decode_fields(input: &mut impl BufRead) -> Result<Option<Vec<OsString>>> {
    let mut line = String::new();
    let number = |line: &str| -> Result<usize> {
        line.trim_end()
            .parse()
            .with_context(|| format!("bad request header {line:?}"))
    };
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let count = number(&line)?;
    let mut fields = Vec::with_capacity(count);
    for _ in 0..count {
        line.clear();
        input.read_line(&mut line)?;
        let mut field = vec![0; number(&line)?];
        input.read_exact(&mut field)?;
        fields.push(OsString::from_vec(field));
    }
    Ok(Some(fields))
}

/// `exec` fails with ETXTBSY while another process still has the executable open for
/// writing (a concurrent `cargo build` replacing `ojgames`, a linker just finishing).
pub(crate) fn spawn_retrying_busy(command: &mut Command) -> std::io::Result<std::process::Child> {
    let mut attempts = 0;
    loop {
        match command.spawn() {
            Err(err) if err.raw_os_error() == Some(libc::ETXTBSY) && attempts < 20 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            result => return result,
        }
    }
}

/// The launchers running now, so that a signal to `ojgames` reaches them.
pub(crate) struct Launchers;

const LAUNCHER_SLOTS: usize = 256;
static LAUNCHER_PIDS: [AtomicI32; LAUNCHER_SLOTS] = [const { AtomicI32::new(0) }; LAUNCHER_SLOTS];

impl Launchers {
    pub(crate) fn register(pid: libc::pid_t) -> Option<usize> {
        (0..LAUNCHER_SLOTS).find(|&i| {
            LAUNCHER_PIDS[i]
                .compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
    }

    pub(crate) fn release(slot: Option<usize>) {
        if let Some(i) = slot {
            LAUNCHER_PIDS[i].store(0, Ordering::SeqCst);
        }
    }
}

extern "C" fn forward_and_die(signal: libc::c_int) {
    for slot in &LAUNCHER_PIDS {
        let pid = slot.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe { libc::kill(pid, libc::SIGTERM) };
        }
    }
    // SAFETY: async-signal-safe calls only; the default action then ends the process with
    // the signal, as if we had not caught it.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

pub(crate) fn install_forwarding() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only calls async-signal-safe functions.
            unsafe { libc::signal(signal, forward_and_die as *const () as libc::sighandler_t) };
        }
    });
}

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

fn job_from(fields: &[OsString]) -> Result<Job<'_>> {
    if fields.len() < 9 {
        bail!("a job has at least 9 fields, got {}", fields.len());
    }
    let number = |arg: &OsString| -> Result<u64> {
        arg.to_string_lossy()
            .parse()
            .with_context(|| format!("bad number {arg:?}"))
    };
    let limits = Limits {
        cpu: Duration::from_micros(number(&fields[0])?),
        wall: Duration::from_micros(number(&fields[1])?),
        memory_kib: number(&fields[2])?,
        stack_kib: number(&fields[3])?,
        output_bytes: number(&fields[4])?,
    };
    Ok(Job {
        program: Path::new(&fields[8]),
        args: &fields[9..],
        stdin: (fields[5] != "-").then(|| Path::new(&fields[5])),
        stdout: Path::new(&fields[6]),
        stderr: Path::new(&fields[7]),
        limits,
    })
}

impl Outcome {
    fn encode(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let killed = self.killed.map_or("none", Kill::name);
        let (cpu, wall) = (self.cpu.as_micros(), self.wall.as_micros());
        format!("{cpu} {wall} {} {killed} {kind} {value}", self.peak_kib)
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
            killed: match *killed {
                "none" => None,
                name => Some(*Kill::ALL.iter().find(|k| k.name() == name)?),
            },
            exit: match *kind {
                "signal" => Exit::Signal(value),
                "code" => Exit::Code(value),
                _ => return None,
            },
        })
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
pub(crate) const ADDRESS_SPACE_HEADROOM: u64 = 2 << 30;
/// How often the watchdog reads the CPU clock and resident memory: a TLE or an MLE is killed
/// at most this much past the limit.
pub(crate) const WATCH_INTERVAL: Duration = Duration::from_millis(5);

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
    let address_space = limits.memory_kib * 1024 + ADDRESS_SPACE_HEADROOM;
    let stack = limits.stack_kib * 1024;
    let file_size = limits.output_bytes + 1;
    // Whole seconds, just past the limit: the watchdog kills first; this is the backstop.
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
pub(crate) fn kill_descendants() {
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

/// The processes whose parent is `parent`, from `/proc/*/stat`.
fn children_of(parent: u32) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: libc::pid_t = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // After `(comm)`: state, then the parent's id.
            let ppid: u32 = stat[stat.rfind(')')? + 2..]
                .split(' ')
                .nth(1)?
                .parse()
                .ok()?;
            (ppid == parent).then_some(pid)
        })
        .collect()
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

pub(crate) struct Memory {
    pub(crate) resident_kib: u64,
    pub(crate) stack_kib: u64,
}

/// `VmRSS` and `VmStk` (the main stack's size) from `/proc/PID/status`, in KiB.
pub(crate) fn resident_memory(status: &str) -> Option<Memory> {
    let text = std::fs::read_to_string(status).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = text.lines().find(|line| line.starts_with(name))?;
        line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    };
    Some(Memory {
        resident_kib: field("VmRSS:")?,
        stack_kib: field("VmStk:").unwrap_or(0),
    })
}

pub(crate) fn cpu_time(clock: libc::clockid_t) -> Option<Duration> {
    // SAFETY: timespec is plain old data; clock_gettime fills it.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointer.
    if unsafe { libc::clock_gettime(clock, &mut now) } != 0 {
        return None;
    }
    Some(Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

pub(crate) fn set_limit(
    resource: libc::__rlimit_resource_t,
    soft: u64,
    hard: u64,
) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: plain syscall with a valid pointer.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

pub(crate) fn wait(pid: libc::pid_t) -> Result<(libc::c_int, libc::rusage)> {
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

pub(crate) fn outcome(
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
        libc::SIGTERM => "SIGTERM",
        _ => "signal",
    }
}

/// A directory of its own for one invocation's files (program output, inputs), removed when
/// dropped: two runs at once never share a file.
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    pub fn new(parent: &Path) -> Result<Scratch> {
        let (path, first) = unique_dir(parent);
        if first {
            remove_abandoned(parent);
        }
        create_dir(&path)?;
        Ok(Scratch { path })
    }

    /// A directory of this run's own under `parent` that outlives the process: the evidence
    /// a report points to (a failed case's output). Those of the last [`KEPT_RUNS`] ended
    /// runs stay; older ones are superseded and removed here.
    pub fn kept(parent: &Path) -> Result<PathBuf> {
        remove_superseded(parent, KEPT_RUNS);
        let (path, _) = unique_dir(parent);
        create_dir(&path)?;
        Ok(path)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

/// `parent/run-PID-N-NANOS`, unique across processes and within one; whether it is this
/// process's first.
fn unique_dir(parent: &Path) -> (PathBuf, bool) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!("run-{}-{n}-{nanos}", std::process::id());
    (parent.join(name), n == 0)
}

fn create_dir(path: &Path) -> Result<()> {
    std::fs::create_dir_all(path).with_context(|| format!("cannot create {}", path.display()))
}

/// How many ended runs' kept directories stay under one parent.
pub const KEPT_RUNS: usize = 8;

/// Removes the scratch directories of runs whose process is gone (killed before it could
/// clean up).
fn remove_abandoned(parent: &Path) {
    remove_superseded(parent, 0);
}

/// Removes the `run-PID-…` directories under `parent` whose process is gone, all but the
/// newest `keep` of them.
fn remove_superseded(parent: &Path, keep: usize) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let mut ended: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|n| n.strip_prefix("run-"))
                .and_then(|rest| rest.split('-').next())
                .and_then(|pid| pid.parse::<u32>().ok());
            pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
        })
        .map(|entry| {
            let made = entry.metadata().and_then(|m| m.modified());
            (made.unwrap_or(std::time::UNIX_EPOCH), entry.path())
        })
        .collect();
    ended.sort_by_key(|(made, _)| std::cmp::Reverse(*made));
    for (_, path) in ended.iter().skip(keep) {
        let _ = std::fs::remove_dir_all(path);
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_round_trip() {
        let outcome = Outcome {
            cpu: Duration::from_micros(1234),
            wall: Duration::from_micros(5678),
            peak_kib: 42,
            exit: Exit::Signal(9),
            killed: Some(Kill::Wall),
        };
        assert_eq!(Outcome::decode(&outcome.encode()), Some(outcome));
        assert_eq!(Outcome::decode("1 2 3 maybe code 0"), None);
    }

    #[test]
    fn exits_read_as_words() {
        assert_eq!(Exit::Code(1).to_string(), "exit code 1");
        assert_eq!(Exit::Signal(11).to_string(), "signal 11 (SIGSEGV)");
    }

    #[test]
    fn abandoned_scratch_directories_are_removed() {
        let parent = std::env::temp_dir().join(format!("ojgames-abandoned-{}", std::process::id()));
        // No process has id 4194305 (above Linux's pid_max limit).
        let dead = parent.join("run-4194305-0-1");
        let alive = parent.join(format!("run-{}-99-1", std::process::id()));
        for dir in [&dead, &alive] {
            std::fs::create_dir_all(dir).unwrap();
        }
        remove_abandoned(&parent);
        assert!(!dead.exists());
        assert!(alive.exists());
        let _ = std::fs::remove_dir_all(parent);
    }

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

    #[test]
    fn kept_directories_of_ended_runs_are_removed_past_the_last_few() {
        let parent = std::env::temp_dir().join(format!("ojgames-kept-{}", std::process::id()));
        let ended: Vec<PathBuf> = (0..KEPT_RUNS + 3)
            .map(|i| parent.join(format!("run-4194305-{i}-1")))
            .collect();
        for dir in &ended {
            std::fs::create_dir_all(dir).unwrap();
            std::thread::sleep(Duration::from_millis(5));
        }
        let mine = Scratch::kept(&parent).unwrap();
        let left: Vec<&PathBuf> = ended.iter().filter(|dir| dir.exists()).collect();
        assert_eq!(left, ended[3..].iter().collect::<Vec<_>>());
        assert!(mine.exists(), "it outlives its process");
        let _ = std::fs::remove_dir_all(parent);
    }

    #[test]
    fn scratch_directories_are_distinct_and_removed() {
        let parent = std::env::temp_dir().join(format!("ojgames-scratch-{}", std::process::id()));
        let (a, b) = (
            Scratch::new(&parent).unwrap(),
            Scratch::new(&parent).unwrap(),
        );
        assert_ne!(a.path(), b.path());
        let kept = a.path().to_path_buf();
        drop(a);
        assert!(!kept.exists());
        drop(b);
        let _ = std::fs::remove_dir_all(parent);
    }
}
