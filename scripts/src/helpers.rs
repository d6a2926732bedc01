//! A problem's helper programs (its generator `<id>-gen` and brute force `<id>-brute`): built
//! with cargo in release mode and run through the one runner with one deadline.

use std::fs;
use std::path::Path;
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
        for (bin, file) in [("gen", "gen.rs"), ("brute", "brute.rs")] {
            if !problem.dir.join(file).is_file() {
                let id = &problem.id;
                bail!(
                    "problem `{id}` has no {file}: stress needs problems/{id}/gen.rs and brute.rs \
                     (bins `{id}-gen` and `{id}-brute`)"
                );
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
