//! The client side: [`Runner`] hands each job to a launcher process kept running between
//! jobs, and forwards SIGINT/SIGTERM to the launchers.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use super::wire::encode_fields;
use super::{Job, Outcome};

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

    /// The `ojgames` binary that serves as launcher (of interactive runs too).
    pub fn launcher(&self) -> &Path {
        &self.launcher
    }

    fn new(launcher: PathBuf) -> Runner {
        Runner {
            launcher,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// Starts a launcher now, kept idle for the next [`Runner::run`]: its start (an exec of
    /// this binary) then happens while the caller does something else (a judge compiling the
    /// solution) instead of before the first case. A launcher that cannot start is left to
    /// `run` to report. None starts while one is idle: a `judge` of many problems calls this
    /// for each, and every launcher `run` used stays idle (the review's finding: one more
    /// process a problem, past the slots that Ctrl-C reaches).
    pub fn start_ahead(&self) {
        install_forwarding();
        if !self.idle.lock().unwrap().is_empty() {
            return;
        }
        if let Ok(launcher) = Launcher::start(&self.launcher) {
            self.idle.lock().unwrap().push(launcher);
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

/// `exec` fails with ETXTBSY while another process still has the executable open for
/// writing (a concurrent `cargo build` replacing `ojgames`, a linker just finishing).
pub(super) fn spawn_retrying_busy(command: &mut Command) -> std::io::Result<std::process::Child> {
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
pub(super) struct Launchers;

const LAUNCHER_SLOTS: usize = 256;
static LAUNCHER_PIDS: [AtomicI32; LAUNCHER_SLOTS] = [const { AtomicI32::new(0) }; LAUNCHER_SLOTS];

impl Launchers {
    pub(super) fn register(pid: libc::pid_t) -> Option<usize> {
        (0..LAUNCHER_SLOTS).find(|&i| {
            LAUNCHER_PIDS[i]
                .compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
    }

    pub(super) fn release(slot: Option<usize>) {
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

pub(super) fn install_forwarding() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only calls async-signal-safe functions.
            unsafe { libc::signal(signal, forward_and_die as *const () as libc::sighandler_t) };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_launcher_is_started_ahead_only_when_none_is_idle() {
        // `cat __run` stands in for a launcher: started, it waits on its pipe (or exits).
        let runner = Runner::with_launcher("/bin/cat").unwrap();
        for _ in 0..3 {
            runner.start_ahead();
        }
        assert_eq!(runner.idle.lock().unwrap().len(), 1);
    }
}
