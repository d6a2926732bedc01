//! A problem's programs that cargo builds, in one place: its solution's release build
//! (`--cargo-build`) and its helper programs, the generator `<id>-gen`, the brute force
//! `<id>-brute`, the checker `<id>-checker` and the interactor `<id>-interactor`.
//! They are built here, with one `cargo build --release` for all a command needs, and the
//! helpers run here, through the one runner under one deadline.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::console;
use crate::files::read_tail;
use crate::id::ProblemId;
use crate::runner::{Job, Kill, Limits, Outcome, Runner, Scratch};
use crate::workspace::{Layout, Problem, Workspace};

/// A bin of a problem's crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bin {
    /// The solution itself (`main.rs`), bin `<id>`.
    Solution,
    Gen,
    Brute,
    Checker,
    Interactor,
}

impl Bin {
    /// Its name in the problem's Cargo.toml: `p1247`, `p1247-gen`, `p1247-brute`, ...
    pub fn name(self, id: &ProblemId) -> String {
        match self {
            Bin::Solution => id.to_string(),
            Bin::Gen => format!("{id}-gen"),
            Bin::Brute => format!("{id}-brute"),
            Bin::Checker => format!("{id}-checker"),
            Bin::Interactor => format!("{id}-interactor"),
        }
    }

    /// What messages call it.
    pub fn role(self) -> &'static str {
        match self {
            Bin::Solution => "the solution",
            Bin::Gen => "the generator",
            Bin::Brute => "the brute force",
            Bin::Checker => "the checker",
            Bin::Interactor => "the interactor",
        }
    }

    /// Where `cargo build --release` writes it.
    pub fn path(self, workspace: &Workspace, id: &ProblemId) -> PathBuf {
        workspace.target_dir().join("release").join(self.name(id))
    }
}

/// How long any helper may run (wall clock and CPU time). Helpers get small inputs and
/// finish in far less; this only stops one that hangs. Fill's brute force on a sample is the
/// slowest honest run, so the deadline is set for it.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Builds `bins` with one `cargo build --release`: `-p ID` once for each problem, `--bin` for
/// each of its bins.
pub fn build(workspace: &Workspace, bins: &[(&Problem, Bin)]) -> Result<()> {
    let mut args: Vec<String> = ["build", "--release", "--quiet"].map(String::from).to_vec();
    let mut packages: Vec<&str> = Vec::new();
    for (problem, _) in bins {
        if problem.package.is_empty() {
            bail!(
                "{} is a lone file: cargo cannot build it (no package); it is bundled and \
                 compiled with rustc",
                problem.main.display()
            );
        }
        if !packages.contains(&problem.package.as_str()) {
            packages.push(&problem.package);
        }
    }
    for package in packages {
        for (problem, bin) in bins
            .iter()
            .filter(|(problem, _)| problem.package == package)
        {
            args.extend(["--bin".to_string(), bin.name(&problem.id)]);
        }
        args.extend(["-p".to_string(), package.to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cargo(workspace, &args)
}

/// Builds the problem's bin `name`, whatever it is (`stress --bin`: a planted wrong solution).
pub fn build_named(workspace: &Workspace, problem: &Problem, name: &str) -> Result<()> {
    cargo(
        workspace,
        &[
            "build",
            "--release",
            "--quiet",
            "-p",
            &problem.package,
            "--bin",
            name,
        ],
    )
}

/// Runs cargo in the workspace root; fails with cargo's status.
fn cargo(workspace: &Workspace, args: &[&str]) -> Result<()> {
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(&workspace.root)
        .args(args)
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

/// Builds each problem's generator and brute force (for stress and `table --brute`); each
/// must have its `gen.rs` and `brute.rs`. An interactive problem's judge is its interactor:
/// its generator and interactor instead.
pub fn build_gen_and_brute(workspace: &Workspace, problems: &[Problem]) -> Result<()> {
    let mut bins = Vec::new();
    for problem in problems {
        let id = &problem.id;
        if is_interactive(problem)? {
            if !problem.dir.join("gen.rs").is_file() {
                bail!(
                    "problem `{id}` has no gen.rs: stress needs problems/{id}/gen.rs (bin \
                     `{id}-gen`), which writes a hidden test for the interactor"
                );
            }
            bins.extend([(problem, Bin::Gen), (problem, Bin::Interactor)]);
            continue;
        }
        for (bin, file) in [(Bin::Gen, "gen.rs"), (Bin::Brute, "brute.rs")] {
            if let Layout::Package(package) = &workspace.layout {
                let name = bin.name(id);
                if !package.bins.iter().any(|b| b.name == name) {
                    bail!(
                        "no bin `{name}` in {}: stress needs {} (the bins `<bin>-gen` and \
                         `<bin>-brute`)",
                        workspace.display(&package.dir.join("Cargo.toml")),
                        bin.role()
                    );
                }
                bins.push((problem, bin));
                continue;
            }
            if !problem.dir.join(file).is_file() {
                bail!(
                    "problem `{id}` has no {file}: stress needs problems/{id}/gen.rs and brute.rs \
                     (bins `{id}-gen` and `{id}-brute`)"
                );
            }
            bins.push((problem, bin));
        }
    }
    build(workspace, &bins).context("building the generators and brute forces")
}

/// Where one helper run reads and writes.
#[derive(Clone, Copy)]
pub struct HelperFiles<'a> {
    /// `None`: no input at all.
    pub stdin: Option<&'a Path>,
    pub stdout: &'a Path,
    pub stderr: &'a Path,
}

/// Runs a helper `program` (built here, or a checker command) with `args` under [`DEADLINE`].
pub fn run(
    runner: &Runner,
    program: &Path,
    args: &[OsString],
    files: HelperFiles,
) -> Result<Outcome> {
    runner.run(&Job {
        program,
        args,
        stdin: files.stdin,
        stdout: files.stdout,
        stderr: files.stderr,
        limits: Limits::helper(DEADLINE),
    })
}

/// How a helper's run failed: `the brute force failed (exit code 101); its stderr ends: ...`,
/// or the limit that stopped it.
pub fn failure(bin: Bin, outcome: &Outcome, stderr_path: &Path) -> String {
    let stderr = read_tail(stderr_path, 64 * 1024).unwrap_or_default();
    let how = match limit_hit(outcome, &String::from_utf8_lossy(&stderr)) {
        Some(limit) => format!("stopped: {limit}"),
        None => format!("failed ({})", outcome.exit),
    };
    format!("{} {how}{}", bin.role(), console::stderr_tail(&stderr))
}

/// Which of a helper's limits ([`Limits::helper`] with [`DEADLINE`]) stopped a run, with the
/// figures: a kill for CPU time, memory, waiting or the wall deadline, or an allocation
/// refused at the memory limit (Rust's `memory allocation of N bytes failed`). `None` when
/// no limit did.
pub fn limit_hit(outcome: &Outcome, stderr: &str) -> Option<String> {
    let limits = Limits::helper(DEADLINE);
    let mib = |kib: u64| kib / 1024;
    let (limit_mib, peak_mib) = (mib(limits.memory_kib), mib(outcome.peak_kib));
    Some(match outcome.killed {
        Some(Kill::Cpu) => format!(
            "its CPU time passed the {} s limit (killed)",
            limits.cpu.as_secs()
        ),
        Some(Kill::Memory) => {
            format!("its memory passed the {limit_mib} MiB limit (peak {peak_mib} MiB, killed)")
        }
        Some(Kill::Idle) => format!(
            "its CPU time stood still for {} s: it waited for input or slept (killed)",
            limits.idle().as_secs()
        ),
        Some(Kill::Wall) => format!(
            "still running at the {} s wall deadline (killed)",
            limits.wall.as_secs()
        ),
        None if !outcome.success() && stderr.contains("memory allocation of ") => format!(
            "out of memory: an allocation failed at the {limit_mib} MiB memory limit \
             (peak {peak_mib} MiB, {})",
            outcome.exit
        ),
        None => return None,
    })
}

/// Builds the problem's brute force (with its generator, as stress does) and runs it on each
/// input in turn through the shared runner: its standard output for each. For
/// `ojgames table --brute`.
pub fn run_brute(
    workspace: &Workspace,
    problem: &Problem,
    inputs: &[String],
) -> Result<Vec<String>> {
    build_gen_and_brute(workspace, std::slice::from_ref(problem))?;
    let runner = Runner::current()?;
    let brute = Bin::Brute.path(workspace, &problem.id);
    let scratch = Scratch::new(&workspace.work_dir(&problem.id).join("runs"))?;
    let (input_path, output_path, stderr_path) = (
        scratch.file("table.in"),
        scratch.file("table.out"),
        scratch.file("table.err"),
    );
    let files = HelperFiles {
        stdin: Some(&input_path),
        stdout: &output_path,
        stderr: &stderr_path,
    };
    let mut outputs = Vec::with_capacity(inputs.len());
    for input in inputs {
        fs::write(&input_path, input)?;
        let ran = run(&runner, &brute, &[], files)?;
        if !ran.success() {
            let what = failure(Bin::Brute, &ran, &stderr_path);
            bail!("on the input {input:?}: {what}");
        }
        outputs.push(String::from_utf8_lossy(&fs::read(&output_path)?).into_owned());
    }
    Ok(outputs)
}

/// Whether the problem's Cargo.toml has the bin `<id>-interactor` (found by name, as
/// `<id>-gen` and `<id>-brute` are): then it is an interactive problem.
pub fn is_interactive(problem: &Problem) -> Result<bool> {
    if problem.package.is_empty() {
        // A lone file has no bins, so no interactor.
        return Ok(false);
    }
    let path = problem.dir.join("Cargo.toml");
    let text =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let manifest: toml::Table = text
        .parse()
        .with_context(|| format!("{}: invalid TOML", path.display()))?;
    let name = Bin::Interactor.name(&problem.id);
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
        build(workspace, &[(problem, Bin::Interactor)]).with_context(|| {
            format!(
                "building the interactor `{}`",
                Bin::Interactor.name(&problem.id)
            )
        })?;
        Ok(Some(Interactor::built(workspace, problem)))
    }

    /// The interactor that [`build_gen_and_brute`] built.
    pub fn built(workspace: &Workspace, problem: &Problem) -> Interactor {
        Interactor {
            program: Bin::Interactor.path(workspace, &problem.id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Exit;

    fn outcome(killed: Option<Kill>, exit: Exit) -> Outcome {
        Outcome {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(1),
            peak_kib: 3 << 20,
            exit,
            killed,
        }
    }

    #[test]
    fn the_limit_that_stopped_a_helper_is_named_with_its_figure() {
        let killed = Exit::Signal(9);
        let hit = |killed_by, stderr| limit_hit(&outcome(Some(killed_by), killed), stderr);
        assert_eq!(
            hit(Kill::Cpu, "").unwrap(),
            "its CPU time passed the 60 s limit (killed)"
        );
        assert_eq!(
            hit(Kill::Memory, "").unwrap(),
            "its memory passed the 8192 MiB limit (peak 3072 MiB, killed)"
        );
        assert!(hit(Kill::Idle, "")
            .unwrap()
            .contains("stood still for 60 s"));
        assert!(hit(Kill::Wall, "").unwrap().contains("60 s wall deadline"));
        let abort = outcome(None, Exit::Signal(6));
        let refused = limit_hit(&abort, "memory allocation of 17179869184 bytes failed\n");
        assert_eq!(
            refused.unwrap(),
            "out of memory: an allocation failed at the 8192 MiB memory limit (peak 3072 MiB, \
             signal 6 (SIGABRT))"
        );
        assert_eq!(limit_hit(&abort, "assertion failed"), None);
        assert_eq!(limit_hit(&outcome(None, Exit::Code(101)), ""), None);
    }
}
