//! The judge's own build of a bundle that keeps `use`s of crates the judge provides (AtCoder):
//! a cargo project holding the bundle as its `main.rs`, with the judge's edition and the
//! judge's pinned versions (and features) of the crates the bundle uses. Every problem's
//! project shares one target directory, so each crate compiles once and is reused.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

use crate::judges::Judge;
use crate::workspace::Workspace;

pub struct JudgeBuild {
    pub success: bool,
    /// cargo's messages (`--message-format short`).
    pub messages: String,
    pub program: PathBuf,
    /// What was run, for reports.
    pub command: String,
}

/// `target/ojgames/judge-<judge>/`: the projects (one per problem) and their shared target.
fn judge_dir(workspace: &Workspace, judge: &Judge) -> PathBuf {
    workspace
        .target_dir()
        .join("ojgames")
        .join(format!("judge-{}", judge.name.to_ascii_lowercase()))
}

/// The project's Cargo.toml: the package named after the problem (one target directory for
/// all), the judge's edition, and the judge's pin of each package in `packages`.
pub fn manifest(id: &str, judge: &Judge, packages: &[String]) -> Result<String> {
    let edition = judge.edition.map_or("2021", |e| e.as_str());
    let mut text = format!(
        "# Written by ojgames: {}'s build of bundled/{id}.rs.\n[package]\nname = \"{id}\"\nversion = \"0.1.0\"\nedition = \"{edition}\"\npublish = false\n\n[workspace]\n\n[dependencies]\n",
        judge.name
    );
    for package in packages {
        let pin = judge.crates.get(package).with_context(|| {
            format!(
                "the bundle uses crate {package}, which {} does not provide",
                judge.name
            )
        })?;
        let features: Vec<String> = pin.features.iter().map(|f| format!("{f:?}")).collect();
        text.push_str(&format!(
            "{package} = {{ version = \"{}\", features = [{}] }}\n",
            pin.version,
            features.join(", ")
        ));
    }
    Ok(text)
}

/// Builds `bundle` (problem `id`) as `judge` would, in release mode: offline when every crate
/// is downloaded, else downloading them.
pub fn build(
    workspace: &Workspace,
    id: &str,
    bundle: &Path,
    judge: &Judge,
    packages: &[String],
) -> Result<JudgeBuild> {
    let dir = judge_dir(workspace, judge);
    let project = dir.join("projects").join(id);
    std::fs::create_dir_all(project.join("src"))
        .with_context(|| format!("cannot create {}", project.display()))?;
    let manifest_text = manifest(id, judge, packages)?;
    let manifest_path = project.join("Cargo.toml");
    if std::fs::read_to_string(&manifest_path).ok().as_deref() != Some(manifest_text.as_str()) {
        std::fs::write(&manifest_path, manifest_text)?;
    }
    let source =
        std::fs::read(bundle).with_context(|| format!("cannot read {}", bundle.display()))?;
    let main = project.join("src").join("main.rs");
    if std::fs::read(&main).ok().as_deref() != Some(source.as_slice()) {
        std::fs::write(&main, source)?;
    }
    let target = dir.join("target");
    let run = |offline: bool| -> Result<std::process::Output> {
        let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        command
            .current_dir(&project)
            .args(["build", "--release", "--quiet", "--message-format", "short"])
            .arg("--target-dir")
            .arg(&target)
            .env_remove("CARGO_TARGET_DIR");
        if offline {
            command.arg("--offline");
        }
        command.output().context("cannot run cargo")
    };
    let mut output = run(true)?;
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    // Offline and a crate is missing: cargo says so before compiling anything.
    if !output.status.success()
        && !stderr.contains("error[")
        && !stderr.contains("error: could not compile")
    {
        output = run(false)?;
    }
    Ok(JudgeBuild {
        success: output.status.success(),
        messages: String::from_utf8_lossy(&output.stderr).to_string(),
        program: target.join("release").join(id),
        command: format!(
            "cargo build --release (edition {}, {}'s crates) in {}",
            judge.edition.map_or("2021", |e| e.as_str()),
            judge.name,
            workspace.display(&project)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_pins_the_judges_versions_and_features_of_the_crates_used() {
        let atcoder = crate::judges::named("AtCoder");
        let text = manifest(
            "abc1_a",
            &atcoder,
            &["proconio".to_string(), "itertools".to_string()],
        )
        .unwrap();
        assert!(text.contains("edition = \"2024\""), "{text}");
        assert!(
            text.contains("proconio = { version = \"=0.5.0\", features = [\"derive\"] }"),
            "{text}"
        );
        assert!(
            text.contains("itertools = { version = \"=0.14.0\", features = [] }"),
            "{text}"
        );
        assert!(text.contains("[workspace]"), "{text}");
        let error = manifest("x", &atcoder, &["serde".to_string()]).unwrap_err();
        assert!(error.to_string().contains("does not provide"), "{error}");
    }
}
