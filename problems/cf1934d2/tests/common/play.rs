//! A pipe harness for the interactive problems' own tests, until `ojgames judge` judges them:
//! the solution's stdout is the interactor's stdin and the interactor's stdout the solution's
//! stdin (a thread copies that direction), and both are killed at a deadline. The three
//! interactive crates include this file by path.

use std::io::{self, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a game ended: the interactor's exit code (its verdict) and its message, and how the
/// solution ended.
#[derive(Debug)]
pub struct Game {
    pub verdict: Option<i32>,
    pub message: String,
    pub solution: ExitStatus,
}

/// `command` started; retried while the program is "busy": a script that another test thread
/// has just written is still open for writing in any child forked meanwhile, until that
/// child's exec closes it, and exec of it fails with ETXTBSY for that moment.
fn spawn(command: &mut Command) -> io::Result<Child> {
    for _ in 0..100 {
        match command.spawn() {
            // ETXTBSY on Linux (`io::ErrorKind::ExecutableFileBusy` is newer than the MSRV).
            Err(e) if e.raw_os_error() == Some(26) => {
                std::thread::sleep(Duration::from_millis(10));
            }
            started => return started,
        }
    }
    command.spawn()
}

/// Plays `solution` against `interactor` on the hidden test `input`, written to a file of
/// this test's own under the target directory.
pub fn play(solution: &str, interactor: &str, input: &str) -> Game {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "play-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let test = dir.join("test.in");
    std::fs::write(&test, input).unwrap();
    let report = dir.join("report.txt");
    let mut solution = spawn(
        Command::new(solution)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
    .expect("the solution starts");
    let mut jury = spawn(
        Command::new(interactor)
            .arg(&test)
            .arg(&report)
            .arg(dir.join("answer-is-empty"))
            .stdin(Stdio::from(solution.stdout.take().unwrap()))
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
    .expect("the interactor starts");
    let mut from_jury = jury.stdout.take().unwrap();
    let mut to_solution = solution.stdin.take().unwrap();
    let relay = std::thread::spawn(move || {
        // Byte by byte as it comes: io::copy writes each read at once, and its end closes
        // the solution's stdin.
        let _ = io::copy(&mut from_jury, &mut to_solution);
        let _ = to_solution.flush();
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let verdict = wait(&mut jury, deadline).code();
    let solution_status = wait(&mut solution, deadline);
    relay.join().unwrap();
    let message = std::fs::read_to_string(&report).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    Game {
        verdict,
        message,
        solution: solution_status,
    }
}

fn wait(child: &mut Child, deadline: Instant) -> ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("a game ran past its 60 s deadline");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Runs a generator bin with a seed and returns the hidden test it writes.
pub fn generate(gen: &str, seed: u64) -> String {
    let out = Command::new(gen).arg(seed.to_string()).output().unwrap();
    assert!(out.status.success(), "{gen} {seed}: {:?}", out.status);
    String::from_utf8(out.stdout).unwrap()
}
