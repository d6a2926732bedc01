//! Interactive judging: one game of the solution against the problem's interactor (see
//! [`crate::runner::pair`]) and its verdict ([`decide`]), the one step judge, stress and run
//! share.

pub mod decide;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::bundle::LineMap;
use crate::console as show;
use crate::files::read_tail;
use crate::helpers::Interactor;
use crate::judge::execute::{self, RunFiles};
use crate::judge::verdict::Verdict;
use crate::runner::pair::{interactor_limits, run_pair, transcript_tail, PairJob, PairOutcome};
use crate::runner::{Limits, Outcome, Runner};

/// Transcript lines shown with a verdict.
pub const TRANSCRIPT_LINES: usize = 12;
const STDERR_LINES: usize = 10;

/// Where one case's files go (a worker's own, reused case after case).
pub struct CaseFiles {
    pub solution_stdout: PathBuf,
    pub solution_stderr: PathBuf,
    pub interactor_stderr: PathBuf,
    /// The interactor's OUTPUT (testlib's `tout`).
    pub tout: PathBuf,
    pub transcript: PathBuf,
    /// An empty ANSWER for a case without `.out`.
    pub empty_answer: PathBuf,
}

impl CaseFiles {
    /// `prefix.solution.out`, `prefix.transcript`, … under `dir`.
    pub fn new(dir: &Path, prefix: &str) -> CaseFiles {
        let file = |name: &str| dir.join(format!("{prefix}.{name}"));
        CaseFiles {
            solution_stdout: file("solution.out"),
            solution_stderr: file("solution.err"),
            interactor_stderr: file("interactor.err"),
            tout: file("tout"),
            transcript: file("transcript"),
            empty_answer: file("answer"),
        }
    }
}

/// One game and its verdict.
pub struct Played {
    pub verdict: Verdict,
    /// Why, with the last lines of both stderrs and of the transcript (empty for AC).
    pub evidence: String,
    /// The same without the transcript.
    pub summary: String,
    /// The solution's figures.
    pub outcome: Outcome,
    pub pair: PairOutcome,
}

/// A solution and the jury it plays against.
pub struct Game<'a> {
    pub runner: &'a Runner,
    pub interactor: &'a Interactor,
    pub solution: &'a Path,
    /// Maps the bundle's lines in panics back to the sources.
    pub lines: &'a LineMap,
    /// The solution's limits.
    pub limits: Limits,
}

impl Game<'_> {
    /// Plays the solution against the interactor on the hidden `input` (with `answer`, else
    /// an empty file).
    pub fn play(&self, input: &Path, answer: Option<&Path>, files: &CaseFiles) -> Result<Played> {
        play(self, input, answer, files)
    }
}

fn play(game: &Game, input: &Path, answer: Option<&Path>, files: &CaseFiles) -> Result<Played> {
    let Game {
        runner,
        interactor,
        solution,
        lines,
        limits,
    } = *game;
    let answer = match answer {
        Some(answer) => answer.to_path_buf(),
        None => {
            std::fs::write(&files.empty_answer, "")
                .with_context(|| format!("cannot write {}", files.empty_answer.display()))?;
            files.empty_answer.clone()
        }
    };
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let args: Vec<OsString> = [input, &files.tout, &answer]
        .map(|p| absolute(p).into_os_string())
        .to_vec();
    let jury_limits = interactor_limits(&limits);
    let pair = run_pair(
        runner,
        &PairJob {
            solution,
            interactor: &interactor.program,
            interactor_args: &args,
            solution_stdout: &files.solution_stdout,
            solution_stderr: &files.solution_stderr,
            interactor_stderr: &files.interactor_stderr,
            transcript: &files.transcript,
            solution_limits: limits,
            interactor_limits: jury_limits,
        },
    )?;
    let run = execute::decide(
        pair.solution,
        &limits,
        RunFiles {
            stdin: None,
            stdout: &files.solution_stdout,
            stderr: &files.solution_stderr,
        },
    )?;
    let stderr = run.stderr_tail;
    let (verdict, reason) = decide::decide(&pair, run.failure, &limits, &jury_limits);
    let (mut evidence, mut summary) = (String::new(), String::new());
    if verdict != Verdict::Accepted {
        evidence = format!("{reason}\n");
        let solution_tail = lines.rewrite(&tail_block("solution's stderr", &stderr));
        evidence.push_str(&solution_tail);
        let mut jury_said = read_tail(&files.interactor_stderr, 64 * 1024).unwrap_or_default();
        if jury_said.is_empty() {
            jury_said = read_tail(&files.tout, 64 * 1024).unwrap_or_default();
        }
        evidence.push_str(&tail_block("interactor's message", &jury_said));
        summary = evidence.clone();
        let transcript = transcript_tail(&files.transcript, TRANSCRIPT_LINES);
        if !transcript.is_empty() {
            evidence.push_str(&format!("transcript (last {} lines):\n", transcript.len()));
            for line in transcript {
                evidence.push_str(&format!("  {line}\n"));
            }
        }
    }
    Ok(Played {
        verdict,
        evidence,
        summary,
        outcome: pair.solution,
        pair,
    })
}

fn tail_block(title: &str, bytes: &[u8]) -> String {
    let tail = show::tail(bytes, STDERR_LINES);
    if tail.is_empty() {
        return String::new();
    }
    let mut out = format!("{title} (last {} lines):\n", tail.len());
    for line in tail {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// `ojgames run ID` by hand: the user, at the terminal, is the solution. The interactor
/// reads the terminal and writes to it; its verdict and message at the end.
pub fn play_by_hand(
    interactor: &Interactor,
    input: &Path,
    answer: Option<&Path>,
    files: &CaseFiles,
) -> Result<(Verdict, String)> {
    let answer = match answer {
        Some(answer) => answer.to_path_buf(),
        None => {
            std::fs::write(&files.empty_answer, "")
                .with_context(|| format!("cannot write {}", files.empty_answer.display()))?;
            files.empty_answer.clone()
        }
    };
    let stderr = std::fs::File::create(&files.interactor_stderr)
        .with_context(|| format!("cannot write {}", files.interactor_stderr.display()))?;
    let start = std::time::Instant::now();
    // The terminal is the solution: no limits, no relay, no watchdog (a person thinks).
    let status = std::process::Command::new(&interactor.program)
        .args([input, &files.tout, &answer])
        .stderr(stderr)
        .status()
        .with_context(|| format!("cannot run {}", interactor.program.display()))?;
    let exit = match std::os::unix::process::ExitStatusExt::signal(&status) {
        Some(signal) => crate::runner::Exit::Signal(signal),
        None => crate::runner::Exit::Code(status.code().unwrap_or(-1)),
    };
    let outcome = Outcome {
        cpu: std::time::Duration::ZERO,
        wall: start.elapsed(),
        peak_kib: 0,
        exit,
        killed: None,
    };
    let (verdict, reason) = decide::jury_verdict(&outcome, &Limits::helper(outcome.wall));
    let said = read_tail(&files.interactor_stderr, 64 * 1024).unwrap_or_default();
    Ok((
        verdict,
        format!("{reason}\n{}", tail_block("interactor's message", &said)),
    ))
}
