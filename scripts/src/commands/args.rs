//! What every command's arguments share: which problems to work on, the solution to build,
//! `--help` as an answer of its own, and numbers and case names checked at the edge.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Result};

use crate::id::ProblemId;
use crate::judge::command::UserCommand;
use crate::judges::Judge;
use crate::settings::Compare;
use crate::solution::SolutionSource;
use crate::workspace::{Overrides, Problem, Workspace};

/// A command's parsed arguments, or `--help` (anywhere among them): its usage is the answer.
#[derive(Debug)]
pub enum Parsed<T> {
    Args(T),
    Help,
}

/// What to work on: every problem, the ones named, or a lone `.rs` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problems {
    All,
    Ids(Vec<ProblemId>),
    /// `ojgames judge main.rs`: the file's own workspace (`Workspace::for_file`).
    File(PathBuf),
}

impl Problems {
    /// The ids selected, in order.
    pub fn ids(&self, workspace: &Workspace) -> Result<Vec<ProblemId>> {
        match self {
            Problems::All => workspace.problem_ids(),
            Problems::Ids(ids) => Ok(ids.clone()),
            Problems::File(file) => Ok(vec![Workspace::for_file(file, Overrides::default())?.1]),
        }
    }

    /// The lone file named, if one was.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Problems::File(file) => Some(file),
            _ => None,
        }
    }

    /// The problems selected, each read from its manifest.
    pub fn problems(&self, workspace: &Workspace) -> Result<Vec<Problem>> {
        self.ids(workspace)?
            .iter()
            .map(|id| workspace.problem(id))
            .collect()
    }
}

/// Collects `--all`, ids and a lone `.rs` file into a [`Problems`].
#[derive(Default)]
pub struct ProblemsBuilder {
    pub all: bool,
    pub ids: Vec<ProblemId>,
    pub file: Option<PathBuf>,
}

impl ProblemsBuilder {
    /// A problem id (a name: `p1247`, a bin or cargo-compete alias), or a path ending in `.rs`.
    pub fn push(&mut self, value: OsString) -> Result<()> {
        if Path::new(&value).extension().is_some_and(|e| e == "rs") {
            if let Some(first) = &self.file {
                bail!(
                    "one .rs file at a time: {} and {}",
                    first.display(),
                    Path::new(&value).display()
                );
            }
            self.file = Some(PathBuf::from(value));
            return Ok(());
        }
        self.ids.push(ProblemId::parse_os(&value)?);
        Ok(())
    }

    pub fn finish(self, usage: &str) -> Result<Problems> {
        if let Some(file) = self.file {
            if self.all || !self.ids.is_empty() {
                bail!("give a .rs file alone (not with ids or --all)\n\n{usage}");
            }
            return Ok(Problems::File(file));
        }
        match (self.all, self.ids.is_empty()) {
            (true, true) => Ok(Problems::All),
            (false, false) => Ok(Problems::Ids(self.ids)),
            (true, false) => bail!("give problem ids or --all, not both\n\n{usage}"),
            (false, true) => bail!("no problem given: name problem ids or pass --all\n\n{usage}"),
        }
    }
}

/// The solution `--no-bundle`, `--cargo-build`, `--keep-docs` and `--judge` ask for.
pub fn source(
    no_bundle: bool,
    cargo_build: bool,
    keep_docs: bool,
    judge: JudgeFlag,
) -> SolutionSource {
    if cargo_build {
        SolutionSource::CargoBuild
    } else if no_bundle {
        SolutionSource::ExistingBundle
    } else {
        SolutionSource::Bundle {
            keep_docs,
            judge: judge.0,
        }
    }
}

/// `--judge NAME` of judge, run and stress: bundle for that judge of scripts/judges.toml
/// instead of the problem's `judge` setting (the bundle command has its own).
#[derive(Debug, Clone, Copy, Default)]
pub struct JudgeFlag(pub Option<&'static Judge>);

impl JudgeFlag {
    pub const HELP: &'static str =
        "  --judge NAME   bundle for judge NAME (scripts/judges.toml) instead of the problem's `judge`";

    /// Reads the flag's value: a judge of scripts/judges.toml, or one error with "did you
    /// mean".
    pub fn set(&mut self, value: OsString) -> Result<()> {
        self.0 = Some(crate::judges::listed(&value.to_string_lossy())?);
        Ok(())
    }

    /// `--judge` is about bundling: not with `--no-bundle` or `--cargo-build`.
    pub fn check(&self, no_bundle: bool, cargo_build: bool, usage: &str) -> Result<()> {
        if self.0.is_some() && (no_bundle || cargo_build) {
            let other = if no_bundle {
                "--no-bundle"
            } else {
                "--cargo-build"
            };
            bail!("--judge picks the judge to bundle for: not with {other}\n\n{usage}");
        }
        Ok(())
    }
}

/// A decimal number in `range`, or one error naming the flag and what it got.
pub fn number(value: OsString, flag: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64> {
    let text = value.to_string_lossy();
    match text.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => bail!(
            "{flag} expects a whole number from {} to {}, found `{text}`",
            range.start(),
            range.end()
        ),
    }
}

/// A case name: a file stem under testdata/<ID>/, so no path separators.
pub fn case_name(value: OsString) -> Result<String> {
    let name = value.to_string_lossy().into_owned();
    let name = name.strip_suffix(".in").unwrap_or(&name).to_string();
    if name.is_empty() || name.contains('/') || name == "." || name == ".." {
        bail!("--case expects a case name (NAME for testdata/<ID>/NAME.in), found `{name}`");
    }
    Ok(name)
}

/// `--time-limit 2s`: a duration with its unit.
pub fn time_limit(value: OsString) -> Result<Duration> {
    let text = value.to_string_lossy();
    let time = crate::suite::parse_duration(&text)
        .map_err(|err| anyhow::anyhow!("--time-limit: {err} (for example 2s or 1500ms)"))?;
    let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
    let range = crate::settings::TIME_LIMIT_MS;
    if !range.contains(&ms) {
        bail!(
            "--time-limit {text} is out of range: expected {} ms to {} ms",
            range.start(),
            range.end()
        );
    }
    Ok(time)
}

/// `--memory-limit 256m`: KiB; a bare number is MiB.
pub fn memory_limit(value: OsString) -> Result<u64> {
    let text = value.to_string_lossy();
    let lower = text.trim().to_ascii_lowercase();
    let lower = lower.trim_end_matches("ib").trim_end_matches('b');
    let digits = lower.bytes().take_while(u8::is_ascii_digit).count();
    let unit = match &lower[digits..] {
        "k" => 1,
        "" | "m" => 1024,
        "g" => 1024 * 1024,
        _ => 0,
    };
    let kib = lower[..digits]
        .parse::<u64>()
        .ok()
        .filter(|_| unit > 0)
        .and_then(|n| n.checked_mul(unit))
        .filter(|kib| crate::settings::MEMORY_LIMIT_KIB.contains(kib));
    kib.ok_or_else(|| {
        anyhow::anyhow!(
            "--memory-limit expects a size up to 64g like 256m, 1g or 262144k, found `{text}`"
        )
    })
}

/// `--compare MODE` and `--command CMD`: how outputs are compared (instead of the problem's
/// compare mode or checker) and a program judged instead of the problem's solution.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Judged {
    pub compare: Option<Compare>,
    pub command: Option<UserCommand>,
}

impl Judged {
    /// `--compare MODE`.
    pub fn compare(&mut self, value: OsString) -> Result<()> {
        let mode = Compare::parse(&value.to_string_lossy());
        self.compare = Some(mode.map_err(|e| anyhow::anyhow!("--compare: {e:#}"))?);
        Ok(())
    }

    /// `--command CMD`: split, its program found from here.
    pub fn command(&mut self, value: OsString) -> Result<()> {
        let cwd = std::env::current_dir()?;
        let path = std::env::var_os("PATH");
        let command = UserCommand::parse(&value.to_string_lossy(), &cwd, path.as_deref())?;
        self.command = Some(command);
        Ok(())
    }

    /// The problem as judged: `--compare` replaces its compare mode and its checker; an
    /// interactive problem's interactor decides, so there it is an error.
    pub fn apply(&self, mut problem: Problem) -> Result<Problem> {
        if let Some(compare) = self.compare {
            if crate::helpers::is_interactive(&problem)? {
                bail!(
                    "--compare {compare}: `{}` is interactive, its interactor decides the verdict",
                    problem.id
                );
            }
            problem.meta.compare = compare;
            problem.meta.checker = None;
        }
        Ok(problem)
    }
}
