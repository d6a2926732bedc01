//! `ojgames`: bundle a problem into one self-contained `.rs` file and judge that file like an
//! online judge does. The binary is a thin `main` over [`main`]; the pieces (bundling, building,
//! the process runner, judging, reporting) are modules other tools (the benchmark, the tests)
//! use directly.

pub mod bundle;
pub mod check;
pub mod cli;
pub mod files;
pub mod fill;
pub mod id;
pub mod interactive;
pub mod judge;
pub mod new;
pub mod report;
pub mod runner;
pub mod rustc;
pub mod settings;
pub mod solution;
pub mod stress;
pub mod table;
pub mod workspace;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use cli::{BundleArgs, Command, JudgeArgs, RunArgs, Selection};
use id::ProblemId;
use judge::{JudgeOptions, ProblemRecord};
use runner::Runner;
use solution::Source;
use workspace::Workspace;

/// The whole command line (without the program name); the exit code: 0 all passed, 1 some
/// case or problem failed, 2 the tool could not do what was asked.
pub fn main(args: Vec<OsString>) -> ExitCode {
    if args.first().is_some_and(|a| a == runner::LAUNCHER_COMMAND) {
        return runner::launcher_exit(&args[1..]);
    }
    if args
        .first()
        .is_some_and(|a| a == interactive::LAUNCHER_COMMAND)
    {
        return interactive::launcher_exit(&args[1..]);
    }
    match cli::parse(args).and_then(dispatch) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            crate::warn!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(cli: cli::Cli) -> Result<bool> {
    if let Command::Help(text) = cli.command {
        crate::sayln!("{text}");
        return Ok(true);
    }
    let workspace = Workspace::locate(cli.root, &std::env::current_dir()?)?;
    let runner = Runner::current()?;
    match cli.command {
        Command::Bundle(args) => run_bundle(&workspace, &args),
        Command::Judge(args) => run_judge(&workspace, &args, &runner),
        Command::Run(args) => run_once(&workspace, &args, &runner),
        Command::Stress(args) => {
            let problems = problems(&workspace, &args.problems)?;
            stress::stress(&workspace, &problems, &args, &runner)
        }
        Command::Fill(args) => {
            let problems = problems(&workspace, &args.problems)?;
            fill::fill(&workspace, &problems, &runner)
        }
        Command::New(args) => new::create(&workspace, &args.id).map(|()| true),
        Command::Table(args) => table::run(&workspace, &args),
        Command::Help(_) => unreachable!("handled above"),
    }
}

fn select(workspace: &Workspace, selection: &Selection) -> Result<Vec<ProblemId>> {
    match selection {
        Selection::All => workspace.problem_ids(),
        Selection::Ids(ids) => Ok(ids.clone()),
    }
}

fn problems(workspace: &Workspace, selection: &Selection) -> Result<Vec<workspace::Problem>> {
    select(workspace, selection)?
        .iter()
        .map(|id| workspace.problem(id))
        .collect()
}

/// How to run this tool again, as a user can type it: `ojgames` when that is on PATH, else
/// through cargo; with `--root` when the current directory is outside the workspace.
pub fn invocation(workspace: &Workspace) -> String {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("ojgames").is_file()));
    let manifest = workspace.root.join("Cargo.toml");
    let mut command = if on_path {
        "ojgames".to_string()
    } else {
        format!(
            "cargo run --manifest-path {} --release -q -p ojgames --",
            shell_word(&manifest.display().to_string())
        )
    };
    let inside = std::env::current_dir().is_ok_and(|cwd| cwd.starts_with(&workspace.root));
    if !inside {
        command.push_str(" --root ");
        command.push_str(&shell_word(&workspace.root.display().to_string()));
    }
    command
}

/// A word the shell reads back as itself.
fn shell_word(text: &str) -> String {
    if !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,".contains(&b))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// Bundles each problem; reports every failure, then fails if any did.
fn run_bundle(workspace: &Workspace, args: &BundleArgs) -> Result<bool> {
    let mut ok = true;
    for id in select(workspace, &args.problems)? {
        let options = bundle::Options {
            keep_docs: args.keep_docs,
            layout: args.layout,
            whole_modules: args.whole_modules,
        };
        let check = match (args.check, args.no_check) {
            (true, _) => check::Check::Editions,
            (false, true) => check::Check::Skip,
            (false, false) => check::Check::Types,
        };
        let written = workspace.problem(&id).and_then(|problem| {
            solution::write_bundle(workspace, &problem, &options, check, args.to_stdout)
        });
        match written {
            Ok(note) if args.to_stdout => crate::warn!("{note}"),
            Ok(note) => crate::sayln!("{note}"),
            Err(err) => {
                crate::warn!("error: {id}: {err:#}");
                ok = false;
            }
        }
    }
    Ok(ok)
}

fn source(no_bundle: bool, cargo_build: bool, keep_docs: bool) -> Source {
    if cargo_build {
        Source::CargoBuild
    } else if no_bundle {
        Source::ExistingBundle
    } else {
        Source::Bundle { keep_docs }
    }
}

fn run_judge(workspace: &Workspace, args: &JudgeArgs, runner: &Runner) -> Result<bool> {
    let options = JudgeOptions {
        source: source(args.no_bundle, args.cargo_build, args.keep_docs),
        cases: &args.cases,
        jobs: args.jobs,
        runner,
    };
    let mut records = Vec::new();
    for id in select(workspace, &args.problems)? {
        let judged = workspace
            .problem(&id)
            .and_then(|problem| judge::judge(workspace, &problem, &options));
        let record = judged
            .unwrap_or_else(|err| ProblemRecord::failed_before_judging(&id, format!("{err:#}")));
        if !args.json {
            crate::say!("{}", report::problem_text(&record));
        }
        records.push(record);
    }
    let (passed, failed) = report::totals(&records);
    if args.json {
        crate::say!("{}", report::json(&records));
    } else {
        if records.len() > 1 {
            crate::say!("{}", report::table(&records));
        }
        crate::sayln!("{passed} passed, {failed} failed");
    }
    Ok(failed == 0)
}

/// `ojgames run`: one run on the user's input; the output passed through, the figures and
/// how it ended on stderr. Fails when the run does not end normally within the limits.
fn run_once(workspace: &Workspace, args: &RunArgs, runner: &Runner) -> Result<bool> {
    let problem = workspace.problem(&args.problem)?;
    let work = workspace.work_dir(&problem.id);
    // Standard input, and a FIFO (`--input <(gen)`) or a device, is read to a file first: the
    // program runs in its own process group, which may not read the terminal, its time is
    // then its own, not the typist's, and a stream cannot be read twice.
    let copy;
    let input: PathBuf = match &args.input {
        Some(path) => match files::Kind::of(path) {
            files::Kind::Regular => path.clone(),
            files::Kind::Fifo | files::Kind::Device => {
                let file = std::fs::File::open(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                copy = InputCopy::of(&work, file)?;
                copy.path.clone()
            }
            kind => {
                return Err(files::NotAFile {
                    shown: path.display().to_string(),
                    kind,
                }
                .into())
            }
        },
        None => {
            copy = InputCopy::of(&work, std::io::stdin())?;
            copy.path.clone()
        }
    };
    let source = source(args.no_bundle, args.cargo_build, false);
    let Some(ran) = judge::run_once(workspace, &problem, source, &input, runner)? else {
        return Ok(false);
    };
    let mut stdout = std::io::stdout().lock();
    std::io::copy(&mut std::fs::File::open(&ran.stdout)?, &mut stdout)?;
    stdout.flush()?;
    let stderr = ran.stderr.trim_end_matches('\n');
    if !stderr.is_empty() {
        crate::warn!("{stderr}");
    }
    let o = ran.outcome;
    let ended = match &ran.verdict {
        None => "ended normally".to_string(),
        Some((verdict, evidence)) => format!("{verdict}: {}", evidence.trim_end()),
    };
    crate::warn!(
        "{}: CPU {}, wall {}, peak memory {} (limits {}, {}): {ended}",
        problem.id,
        judge::verdict::format_time(o.cpu),
        judge::verdict::format_time(o.wall),
        judge::verdict::format_kib(o.peak_kib),
        judge::verdict::format_time(ran.limits.cpu),
        judge::verdict::format_kib(ran.limits.memory_kib),
    );
    Ok(ran.verdict.is_none())
}

/// A stream's bytes in a file of a scratch directory, removed with it.
struct InputCopy {
    path: PathBuf,
    _scratch: runner::Scratch,
}

impl InputCopy {
    fn of(work: &std::path::Path, mut stream: impl std::io::Read) -> Result<InputCopy> {
        let scratch = runner::Scratch::new(&work.join("runs"))?;
        let path = scratch.file("stdin");
        let mut file = std::fs::File::create(&path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        std::io::copy(&mut stream, &mut file).context("cannot read the input")?;
        Ok(InputCopy {
            path,
            _scratch: scratch,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn printed_paths_read_back_in_the_shell() {
        assert_eq!(shell_word("/tmp/ws-1/Cargo.toml"), "/tmp/ws-1/Cargo.toml");
        assert_eq!(shell_word("/tmp/my ws"), "'/tmp/my ws'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
