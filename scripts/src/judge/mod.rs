//! `oj judge`: compile the bundle with plain rustc and run it on `testdata/<id>/*.in`.

pub mod compare;
mod run;
mod table;
mod verdict;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::rustc;
use crate::settings::JudgeMeta;
use crate::workspace::{Problem, Workspace};
pub use run::{launcher_exit, LAUNCHER_COMMAND};
use run::{Exit, Limits, Outcome};
pub use table::print_table;
use verdict::{Judged, Verdict};

/// Killed at twice the time limit plus this: the verdict is decided on CPU time, the wall
/// deadline only ends programs that hang or loop.
const WALL_MARGIN: Duration = Duration::from_millis(500);
const STDERR_TAIL_LINES: usize = 10;

pub struct CaseResult {
    pub verdict: Verdict,
    pub outcome: Option<Outcome>,
}

pub struct ProblemResult {
    pub id: String,
    pub cases: Vec<CaseResult>,
    pub bundle_bytes: u64,
    /// Why the problem was not judged case by case (no test cases, no bundle): a failure.
    pub unjudged: Option<&'static str>,
}

impl ProblemResult {
    pub fn passed(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.verdict == Verdict::Accepted)
            .count()
    }

    pub fn failed(&self) -> usize {
        self.cases.len() - self.passed() + usize::from(self.unjudged.is_some())
    }
}

/// A problem that could not be judged at all (its bundle failed).
pub fn unjudged(id: &str, reason: &'static str) -> ProblemResult {
    ProblemResult {
        id: id.to_string(),
        cases: Vec::new(),
        bundle_bytes: 0,
        unjudged: Some(reason),
    }
}

pub fn judge(workspace: &Workspace, problem: &Problem) -> Result<ProblemResult> {
    let meta = &problem.meta;
    let bundle = workspace.bundle_path(&problem.id);
    let bundle_bytes = fs::metadata(&bundle)
        .with_context(|| {
            format!(
                "{} not found; run `oj bundle {}` first",
                workspace.display(&bundle),
                problem.id
            )
        })?
        .len();
    println!(
        "{}: {} ms, {} KiB, compare {}, edition {}",
        problem.id,
        meta.time_limit.as_millis(),
        meta.memory_limit_kib,
        meta.compare,
        meta.edition
    );
    let cases = list_cases(&workspace.testdata_dir(&problem.id))?;
    let work = workspace.work_dir(&problem.id);
    fs::create_dir_all(work.join("out"))?;
    let program = work.join("solution");
    let compiled = rustc::compile_cached(&bundle, meta.edition.as_str(), &program)?;
    if !compiled.success {
        println!(
            "  CE: rustc --edition {} -O {} failed:",
            meta.edition,
            workspace.display(&bundle)
        );
        print_indented(&compiled.messages, "    ");
        let cases = cases.iter().map(|_| CaseResult {
            verdict: Verdict::CompileError,
            outcome: None,
        });
        return Ok(ProblemResult {
            id: problem.id.clone(),
            cases: cases.collect(),
            bundle_bytes,
            unjudged: None,
        });
    }
    if !compiled.messages.trim().is_empty() {
        println!("  rustc warnings (a judge may count these against you):");
        print_indented(&compiled.messages, "    ");
    }
    if cases.is_empty() {
        println!("  no test cases: testdata/{}/*.in", problem.id);
    }
    let mut results = Vec::new();
    for (name, input) in &cases {
        results.push(judge_case(workspace, meta, &program, &work, name, input)?);
    }
    let unjudged = cases.is_empty().then_some("no test cases");
    Ok(ProblemResult {
        id: problem.id.clone(),
        cases: results,
        bundle_bytes,
        unjudged,
    })
}

fn judge_case(
    workspace: &Workspace,
    meta: &JudgeMeta,
    program: &Path,
    work: &Path,
    name: &str,
    input: &Path,
) -> Result<CaseResult> {
    let limits = Limits {
        cpu: meta.time_limit,
        wall: meta.time_limit * 2 + WALL_MARGIN,
        memory_kib: meta.memory_limit_kib,
        output_bytes: meta.output_limit_kib * 1024,
    };
    let stdout_path = work.join("out").join(format!("{name}.out"));
    let stderr_path = work.join("out").join(format!("{name}.err"));
    let outcome = run::run(program, input, &stdout_path, &stderr_path, &limits)?;
    let stderr = String::from_utf8_lossy(&fs::read(&stderr_path)?).into_owned();
    let output_len = fs::metadata(&stdout_path)?
        .len()
        .max(fs::metadata(&stderr_path)?.len());
    let judged = Judged {
        cpu_limit: limits.cpu,
        memory_kib: limits.memory_kib,
        output_bytes: limits.output_bytes,
    };
    let expected_path = input.with_extension("out");
    let mut details = String::new();
    let verdict = match verdict::from_outcome(&outcome, &judged, output_len, &stderr) {
        Some(verdict) => {
            details = failure_details(verdict, &outcome, &limits, &stderr);
            verdict
        }
        None if !expected_path.is_file() => {
            details = format!(
                "no expected output: {} is missing\n",
                workspace.display(&expected_path)
            );
            Verdict::NoExpected
        }
        None => {
            let expected = String::from_utf8_lossy(&fs::read(&expected_path)?).into_owned();
            let actual = String::from_utf8_lossy(&fs::read(&stdout_path)?).into_owned();
            if compare::accepts(meta.compare, &expected, &actual) {
                Verdict::Accepted
            } else {
                details = compare::explain(meta.compare, &expected, &actual);
                details.push_str(&format!(
                    "(output kept in {})\n",
                    workspace.display(&stdout_path)
                ));
                Verdict::WrongAnswer
            }
        }
    };
    println!(
        "  {name:<20} {verdict:<6} {:>7} {:>10}",
        format_time(outcome.cpu),
        format_kib(outcome.peak_kib)
    );
    print_indented(&details, "      ");
    Ok(CaseResult {
        verdict,
        outcome: Some(outcome),
    })
}

fn failure_details(verdict: Verdict, outcome: &Outcome, limits: &Limits, stderr: &str) -> String {
    let mut details = match verdict {
        Verdict::TimeLimit if outcome.killed => {
            format!(
                "killed after {} wall time (limit {} CPU)\n",
                format_time(outcome.wall),
                format_time(limits.cpu)
            )
        }
        Verdict::TimeLimit => format!(
            "CPU time {} > limit {}\n",
            format_time(outcome.cpu),
            format_time(limits.cpu)
        ),
        Verdict::MemoryLimit => format!(
            "peak memory {} > limit {}\n",
            format_kib(outcome.peak_kib),
            format_kib(limits.memory_kib)
        ),
        Verdict::OutputLimit => format!(
            "output past the limit of {}\n",
            format_kib(limits.output_bytes / 1024)
        ),
        Verdict::RuntimeError => match outcome.exit {
            Exit::Code(101) => "exit code 101 (panic)\n".to_string(),
            Exit::Code(code) => format!("exit code {code}\n"),
            Exit::Signal(signal) => {
                format!("killed by signal {signal} ({})\n", run::signal_name(signal))
            }
        },
        _ => String::new(),
    };
    if matches!(verdict, Verdict::RuntimeError | Verdict::MemoryLimit) && !stderr.trim().is_empty()
    {
        details.push_str("stderr (last lines):\n");
        let lines: Vec<&str> = stderr.trim_end().lines().collect();
        for line in &lines[lines.len().saturating_sub(STDERR_TAIL_LINES)..] {
            details.push_str(&format!("  {line}\n"));
        }
    }
    details
}

/// `(name, path)` of every `*.in`, sorted by name.
fn list_cases(dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut cases = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") && path.is_file() {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            cases.push((name, path));
        }
    }
    cases.sort();
    Ok(cases)
}

/// Compiles unless the same source was already compiled with the same edition.
fn print_indented(text: &str, prefix: &str) {
    for line in text.lines() {
        println!("{prefix}{line}");
    }
}

pub fn format_time(time: Duration) -> String {
    format!("{} ms", time.as_millis())
}

pub fn format_kib(kib: u64) -> String {
    if kib >= 10 * 1024 {
        format!("{:.1} MiB", kib as f64 / 1024.0)
    } else {
        format!("{kib} KiB")
    }
}
