//! A problem's helper programs (its generator `<id>-gen` and brute force `<id>-brute`): built
//! with cargo in release mode and run through the one runner with one deadline.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::console;
use crate::runner::{Job, Limits, Outcome, Runner, Scratch};
use crate::solution::{cargo, release_bin};
use crate::workspace::{Problem, Workspace};

/// The generator and the brute force get this long a case.
pub const HELPER_DEADLINE: Duration = Duration::from_secs(30);

/// One `cargo build --release` for every problem's generator and brute force.
pub fn build_helpers(workspace: &Workspace, problems: &[Problem]) -> Result<()> {
    let mut args: Vec<String> = ["build", "--release", "--quiet"].map(String::from).to_vec();
    for problem in problems {
        // An interactive problem's judge is its interactor: no brute force.
        let interactive = is_interactive(problem)?;
        let helpers: &[(&str, &str)] = if interactive {
            &[("gen", "gen.rs"), ("interactor", "interactor.rs")]
        } else {
            &[("gen", "gen.rs"), ("brute", "brute.rs")]
        };
        for &(bin, file) in helpers {
            if bin != "interactor" && !problem.dir.join(file).is_file() {
                let id = &problem.id;
                let needs = if interactive {
                    format!("problems/{id}/gen.rs (bin `{id}-gen`)")
                } else {
                    format!("problems/{id}/gen.rs and brute.rs (bins `{id}-gen` and `{id}-brute`)")
                };
                bail!("problem `{id}` has no {file}: stress needs {needs}");
            }
            args.extend(["--bin".to_string(), format!("{}-{bin}", problem.id)]);
        }
        args.extend(["-p".to_string(), problem.id.to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cargo(workspace, &args).context("building the generators and brute forces")
}

pub fn helper_failure(who: &str, outcome: &Outcome, stderr_path: &Path) -> String {
    let stderr = crate::judge::read_tail(stderr_path, 64 * 1024).unwrap_or_default();
    let how = match (outcome.killed, outcome.exit) {
        (Some(_), _) => format!("did not finish in {} s (killed)", HELPER_DEADLINE.as_secs()),
        (None, exit) => format!("failed ({exit})"),
    };
    format!("{who} {how}{}", console::stderr_tail(&stderr))
}

/// Builds the problem's brute force (with its generator, as stress does) and runs it on each
/// input in turn through the shared runner: its standard output for each. For
/// `ojgames table --brute`.
pub fn run_brute(
    workspace: &Workspace,
    problem: &Problem,
    inputs: &[String],
) -> Result<Vec<String>> {
    build_helpers(workspace, std::slice::from_ref(problem))?;
    let runner = Runner::current()?;
    let brute = release_bin(workspace, &format!("{}-brute", problem.id));
    let scratch = Scratch::new(&workspace.work_dir(&problem.id).join("runs"))?;
    let (input_path, output_path, stderr_path) = (
        scratch.file("table.in"),
        scratch.file("table.out"),
        scratch.file("table.err"),
    );
    let mut outputs = Vec::with_capacity(inputs.len());
    for input in inputs {
        fs::write(&input_path, input)?;
        let ran = runner.run(&Job {
            program: &brute,
            args: &[],
            stdin: Some(&input_path),
            stdout: &output_path,
            stderr: &stderr_path,
            limits: Limits::helper(HELPER_DEADLINE),
        })?;
        if !ran.success() {
            let what = helper_failure("the brute force", &ran, &stderr_path);
            bail!("on the input {input:?}: {what}");
        }
        outputs.push(String::from_utf8_lossy(&fs::read(&output_path)?).into_owned());
    }
    Ok(outputs)
}

/// The bin name that makes a problem interactive.
pub fn interactor_bin(problem: &Problem) -> String {
    format!("{}-interactor", problem.id)
}

/// Whether the problem's Cargo.toml has the bin `<id>-interactor` (found by name, as
/// `<id>-gen` and `<id>-brute` are).
pub fn is_interactive(problem: &Problem) -> Result<bool> {
    let path = problem.dir.join("Cargo.toml");
    let text =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let manifest: toml::Table = text
        .parse()
        .with_context(|| format!("{}: invalid TOML", path.display()))?;
    let name = interactor_bin(problem);
    Ok(manifest
        .get("bin")
        .and_then(toml::Value::as_array)
        .is_some_and(|bins| {
            bins.iter()
                .any(|bin| bin.get("name").and_then(toml::Value::as_str) == Some(&name))
        }))
}

/// The jury of an interactive problem, built.
pub struct Interactor {
    pub program: PathBuf,
}

impl Interactor {
    /// The problem's interactor, built with cargo (release) when the problem is interactive.
    pub fn resolve(workspace: &Workspace, problem: &Problem) -> Result<Option<Interactor>> {
        if !is_interactive(problem)? {
            return Ok(None);
        }
        let bin = interactor_bin(problem);
        cargo(
            workspace,
            &[
                "build",
                "--release",
                "--quiet",
                "-p",
                &problem.id,
                "--bin",
                &bin,
            ],
        )
        .with_context(|| format!("building the interactor `{bin}`"))?;
        Ok(Some(Interactor::built(workspace, problem)))
    }

    /// The interactor [`build_helpers`] built.
    pub fn built(workspace: &Workspace, problem: &Problem) -> Interactor {
        Interactor {
            program: release_bin(workspace, &interactor_bin(problem)),
        }
    }
}
