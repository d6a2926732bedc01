//! The judge's own build of a bundle that keeps `use`s of crates the judge provides (AtCoder):
//! a cargo project holding the bundle as its `main.rs`, with the judge's edition and the
//! judge's pinned versions (and features) of the crates the bundle uses. The projects stay in
//! the workspace; every project of every workspace on the machine shares one target directory
//! in the user's store (`workspace::shared_store`), so each crate compiles once and is reused
//! by the next contest's workspace too. Each project's program is cargo's own file of it in
//! `deps/` (named by cargo's hash of the project's path), never the copy `release/ID` that
//! problems of the same id in two workspaces would both write.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

use crate::judges::Judge;
use crate::rustc;
use crate::settings::Edition;
use crate::workspace::Workspace;

pub struct JudgeBuild {
    /// rustc's (or cargo's) verdict and messages on the bundle, as data: the messages point into
    /// the bundle, for `LineMap::render`.
    pub compiled: rustc::Compiled,
    /// The program (for [`Mode::Release`]).
    pub program: PathBuf,
    /// What was run, for reports.
    pub command: String,
}

/// What the judge project does with the bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Type-check it (`cargo check --release`: the crates' metadata only, no code generated).
    Check,
    /// Build the program the judge would run (`cargo build --release`).
    Release,
}

impl Mode {
    fn cargo_command(self) -> &'static str {
        match self {
            Mode::Check => "check",
            Mode::Release => "build",
        }
    }
}

/// `target/ojgames/judge-<judge>/`: the workspace's projects (one per problem).
/// Absolute: cargo runs in the project, and a relative `--root` must not put a target there.
fn projects_dir(workspace: &Workspace, judge: &Judge) -> PathBuf {
    let dir = workspace
        .target_dir()
        .join("ojgames")
        .join(judge.folder_name());
    std::path::absolute(&dir).unwrap_or(dir)
}

/// The target directory of every project of `judge` on the machine: `<user store>/judge-<judge>`
/// (bounded by `workspace::prune_shared_stores`).
fn judge_target(judge: &Judge) -> PathBuf {
    crate::workspace::shared_store(&judge.folder_name())
}

/// The project's Cargo.toml: the bin named after the problem, in a package named after it and
/// `place` (the project's own: cargo names the program `deps/ID-HASH` by a hash of the
/// package's name and version, not its path, and problem `a` of two workspaces shares the
/// target), `edition` (the one the judge compiles the problem at: `Judge::compiles_at`), and
/// the judge's pin of each package in `packages`.
pub fn manifest(
    id: &str,
    place: &str,
    judge: &Judge,
    edition: Edition,
    packages: &[String],
) -> Result<String> {
    let mut text = format!(
        "# Written by ojgames: {}'s build of bundled/{id}.rs.\n[package]\nname = \"{id}-{place}\"\nversion = \"0.1.0\"\nedition = \"{edition}\"\npublish = false\n\n[[bin]]\nname = \"{id}\"\npath = \"src/main.rs\"\n\n[workspace]\n\n[dependencies]\n",
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

/// Checks or builds `bundle` (problem `id`) as `judge` would, in release mode, holding it to
/// the APIs of the judge's rustc when known (clippy-driver, as `rustc::run_recorded` says).
///
/// The first time, and whenever the project's manifest, its lock, a crate's compiled file,
/// the toolchain or cargo's configuration changed, cargo does it (offline when every crate is
/// downloaded, else downloading them), and the rustc command cargo ran for the bundle is kept
/// (`ojgames-<mode>.json` in the project, under a stamp of all those). Otherwise that command
/// is run again directly: the same compile, without cargo's fingerprinting of every crate.
pub fn build(
    workspace: &Workspace,
    id: &str,
    bundle: &Path,
    judge: &Judge,
    edition: Edition,
    packages: &[String],
    mode: Mode,
) -> Result<JudgeBuild> {
    // Its crates and the program stay where they are while this process builds and runs.
    crate::workspace::hold_shared_target(&judge_target(judge));
    let built = build_in_project(workspace, id, bundle, judge, edition, packages, mode)?;
    // rustc compiled the project's copy, `src/main.rs`: its messages point into the bundle.
    let bundle_name = bundle.display().to_string();
    Ok(JudgeBuild {
        compiled: built
            .compiled
            .with_file_renamed("src/main.rs", &bundle_name),
        ..built
    })
}

fn build_in_project(
    workspace: &Workspace,
    id: &str,
    bundle: &Path,
    judge: &Judge,
    edition: Edition,
    packages: &[String],
    mode: Mode,
) -> Result<JudgeBuild> {
    let dir = projects_dir(workspace, judge);
    let project = dir.join("projects").join(id);
    std::fs::create_dir_all(project.join("src"))
        .with_context(|| format!("cannot create {}", project.display()))?;
    let place = {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        project.hash(&mut hasher);
        format!("{:016x}", hasher.finish())
    };
    let manifest_text = manifest(id, &place, judge, edition, packages)?;
    let manifest_path = project.join("Cargo.toml");
    if std::fs::read_to_string(&manifest_path).ok().as_deref() != Some(manifest_text.as_str()) {
        std::fs::write(&manifest_path, manifest_text)?;
    }
    let source =
        std::fs::read(bundle).with_context(|| format!("cannot read {}", bundle.display()))?;
    let main = project.join("src").join("main.rs");
    if std::fs::read(&main).ok().as_deref() != Some(source.as_slice()) {
        std::fs::write(&main, &source)?;
    }
    let msrv = judge.rustc.as_deref();
    let described = format!(
        "(edition {edition}, {}'s crates) in {}",
        judge.name,
        workspace.display(&project)
    );
    let record = Record::new(&project, mode);
    if let Some((invocation, stamp)) = record.load() {
        let command = format!(
            "rustc as `cargo {} --release` runs it {described}",
            mode.cargo_command()
        );
        let again = run_again(&record, &invocation, &stamp, &source, msrv, command)?;
        if let Some(built) = again {
            return Ok(built);
        }
    }
    let target = judge_target(judge);
    let crate_name = id.replace('-', "_");
    let (mut compiled, mut ran) = cargo(&project, &target, &crate_name, mode)?;
    if compiled.success && ran.is_none() {
        // cargo found the bundle built and ran no rustc: its command is not known yet. The
        // bundle made newer than cargo's outputs makes it run it.
        std::fs::File::options()
            .append(true)
            .open(&main)
            .and_then(|file| file.set_modified(std::time::SystemTime::now()))
            .with_context(|| format!("cannot touch {}", main.display()))?;
        (compiled, ran) = cargo(&project, &target, &crate_name, mode)?;
    }
    let command = format!("cargo {} --release {described}", mode.cargo_command());
    let program = ran
        .as_ref()
        .and_then(rustc::Invocation::executable)
        .unwrap_or_else(|| target.join("release").join(id));
    let Some(invocation) = ran.filter(|_| compiled.success) else {
        return Ok(JudgeBuild {
            compiled,
            program,
            command,
        });
    };
    record.save(&invocation);
    if !compiled.success || msrv.is_none() {
        return Ok(JudgeBuild {
            compiled,
            program,
            command,
        });
    }
    // cargo compiled it with rustc; the judge's version is held by clippy-driver's type check.
    let checked = msrv_check(&record, &invocation, msrv)?;
    Ok(JudgeBuild {
        compiled: if checked.success { compiled } else { checked },
        program,
        command,
    })
}

/// `invocation` run again: for [`Mode::Release`] the program (kept under a key of the bundle
/// and the command: compiled once however many runs ask) with the version check beside it,
/// for [`Mode::Check`] the type check by clippy-driver at the judge's version. `None` when the
/// compiler did not run properly (no diagnostics to show): then cargo does it.
fn run_again(
    record: &Record,
    invocation: &rustc::Invocation,
    stamp: &str,
    source: &[u8],
    msrv: Option<&str>,
    command: String,
) -> Result<Option<JudgeBuild>> {
    let Some(program) = invocation.executable() else {
        return Ok(None);
    };
    let compiled = match record.mode {
        Mode::Check => rustc::run_recorded(invocation, msrv)?,
        Mode::Release => {
            let key = {
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                (source, &invocation.args, stamp, msrv).hash(&mut hasher);
                format!("{:016x}\n", hasher.finish())
            };
            let built = record.project.join("ojgames-built");
            if let Some(messages) = std::fs::read_to_string(&built)
                .ok()
                .and_then(|text| text.strip_prefix(&key).map(str::to_string))
                .filter(|_| program.is_file())
            {
                let compiled = rustc::Compiled::from_output(true, &messages, command.clone());
                return Ok(Some(JudgeBuild {
                    compiled,
                    program,
                    command,
                }));
            }
            let _ = std::fs::remove_file(&built);
            let compiled = rustc::beside_check(
                || rustc::run_recorded(invocation, None),
                msrv.map(|_| || msrv_check(record, invocation, msrv)),
            )?;
            if compiled.success {
                std::fs::write(&built, format!("{key}{}", compiled.diagnostics_json()))?;
            }
            compiled
        }
    };
    let erred = compiled.diagnostics.iter().any(|d| d.level == "error");
    if !compiled.success && !erred {
        return Ok(None);
    }
    Ok(Some(JudgeBuild {
        compiled,
        program,
        command,
    }))
}

/// The judge's version check of what `invocation` compiles: clippy-driver's type check,
/// writing its metadata into a directory of this process's own.
fn msrv_check(
    record: &Record,
    invocation: &rustc::Invocation,
    msrv: Option<&str>,
) -> Result<rustc::Compiled> {
    let private = record
        .project
        .join(format!("ojgames-check-{}", std::process::id()));
    std::fs::create_dir_all(&private)?;
    let checked = rustc::run_recorded(&invocation.metadata_into(&private), msrv);
    let _ = std::fs::remove_dir_all(&private);
    checked
}

/// `cargo check|build --release -vv` of the project: its verdict and messages on the bundle,
/// and the rustc command it ran for the bundle's crate (`None` when it ran none).
fn cargo(
    project: &Path,
    target: &Path,
    crate_name: &str,
    mode: Mode,
) -> Result<(rustc::Compiled, Option<rustc::Invocation>)> {
    let run = |offline: bool| -> Result<std::process::Output> {
        let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        command
            .current_dir(project)
            .args([mode.cargo_command(), "--release", "-vv"])
            .args(["--message-format", "json", "--color", "never"])
            .arg("--target-dir")
            .arg(target)
            .env_remove("CARGO_TARGET_DIR");
        if offline {
            command.arg("--offline");
        }
        command.output().context("cannot run cargo")
    };
    let mut output = run(true)?;
    // Offline and a crate is missing: cargo says so before compiling anything.
    if !output.status.success()
        && !String::from_utf8_lossy(&output.stderr).contains("error: could not compile")
    {
        output = run(false)?;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let success = output.status.success();
    // The bundle's diagnostics as rustc gave them (JSON lines); cargo's own errors as text.
    let mut messages: Vec<String> = stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        // cargo names the target as the bin is named (`abc961-i`), rustc's crate `abc961_i`.
        .filter(|m| {
            let target = m["target"]["name"].as_str().map(|n| n.replace('-', "_"));
            m["reason"] == "compiler-message" && target.as_deref() == Some(crate_name)
        })
        .map(|m| m["message"].to_string())
        .collect();
    if !success && messages.is_empty() {
        messages = stderr
            .lines()
            .filter(|line| !is_progress(line))
            .map(str::to_string)
            .collect();
    }
    let compiled = rustc::Compiled::from_output(
        success,
        &messages.join("\n"),
        format!("cargo {} --release", mode.cargo_command()),
    );
    let invocation = rustc::Invocation::from_cargo_output(&stderr, crate_name, project);
    Ok((compiled, invocation))
}

/// A line of cargo's progress (`Compiling`, `Running`, a build script's output under `-vv`).
fn is_progress(line: &str) -> bool {
    const WORDS: [&str; 13] = [
        "Running ",
        "Compiling ",
        "Checking ",
        "Fresh ",
        "Dirty ",
        "Finished ",
        "Downloading ",
        "Downloaded ",
        "Updating ",
        "Locking ",
        "Adding ",
        "Blocking ",
        "Building ",
    ];
    let trimmed = line.trim_start();
    trimmed.starts_with('[') || WORDS.iter().any(|w| trimmed.starts_with(w))
}

/// The rustc command cargo ran for a project's bundle in one mode, kept in
/// `ojgames-<mode>.json` under a stamp of what could make it stale.
struct Record {
    project: PathBuf,
    mode: Mode,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    stamp: String,
    invocation: rustc::Invocation,
}

impl Record {
    fn new(project: &Path, mode: Mode) -> Record {
        Record {
            project: project.to_path_buf(),
            mode,
        }
    }

    fn path(&self) -> PathBuf {
        self.project
            .join(format!("ojgames-{}.json", self.mode.cargo_command()))
    }

    /// The kept command, and its stamp, when nothing it depends on changed since.
    fn load(&self) -> Option<(rustc::Invocation, String)> {
        let text = std::fs::read_to_string(self.path()).ok()?;
        let kept: Kept = serde_json::from_str(&text).ok()?;
        let fresh = stamp(&self.project, &kept.invocation)? == kept.stamp
            && same_toolchain(
                &kept.invocation.program,
                std::env::var("RUSTUP_TOOLCHAIN").ok().as_deref(),
            );
        fresh.then_some((kept.invocation, kept.stamp))
    }

    /// Keeps `invocation` (atomically: two bundles may run at once). Failing only costs time.
    fn save(&self, invocation: &rustc::Invocation) {
        let Some(stamp) = stamp(&self.project, invocation) else {
            return;
        };
        let kept = Kept {
            stamp,
            invocation: invocation.clone(),
        };
        let Ok(text) = serde_json::to_string(&kept) else {
            return;
        };
        let _ = crate::files::write_atomically(&self.path(), text);
    }
}

/// What a kept command depends on: the project's Cargo.toml and Cargo.lock, the compiler and
/// every crate file it is given (each by path, size and modification time), cargo's config
/// files and the toolchain's (rustup's settings, `rust-toolchain` files) from the project up,
/// and the environment that steers cargo and rustc. `None` when a crate file is missing.
fn stamp(project: &Path, invocation: &rustc::Invocation) -> Option<String> {
    let mut files = vec![
        project.join("Cargo.toml"),
        project.join("Cargo.lock"),
        invocation.program.clone(),
    ];
    let crates = invocation.extern_files();
    if crates.iter().any(|file| !file.is_file()) {
        return None;
    }
    files.extend(crates);
    let home = |var: &str, fallback: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(fallback)))
    };
    for dir in project.ancestors() {
        for name in [
            ".cargo/config.toml",
            ".cargo/config",
            "rust-toolchain.toml",
            "rust-toolchain",
        ] {
            files.push(dir.join(name));
        }
    }
    if let Some(cargo_home) = home("CARGO_HOME", ".cargo") {
        files.push(cargo_home.join("config.toml"));
        files.push(cargo_home.join("config"));
    }
    if let Some(rustup_home) = home("RUSTUP_HOME", ".rustup") {
        files.push(rustup_home.join("settings.toml"));
    }
    let mut stamp = crate::files::stamp(&files);
    let mut vars: Vec<(String, String)> = std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.to_string_lossy().into_owned())))
        .filter(|(k, _)| steers_the_build(k))
        .collect();
    vars.sort();
    for (var, value) in vars {
        stamp.push_str(&format!("{var}={value}\n"));
    }
    Some(stamp)
}

/// Whether `rustc` (a recorded compiler) is of the toolchain `chosen` (`RUSTUP_TOOLCHAIN`), when
/// it names one (rustup's proxies set it for what they run, so it is not in the stamp: otherwise
/// rustup's settings and `rust-toolchain` files choose, and they are).
fn same_toolchain(rustc: &Path, chosen: Option<&str>) -> bool {
    let Some(chosen) = chosen else {
        return true;
    };
    let mut parts = rustc.components().map(|c| c.as_os_str().to_string_lossy());
    parts.any(|part| part == "toolchains")
        && parts.next().is_some_and(|name| {
            name == chosen
                || name
                    .strip_prefix(chosen)
                    .is_some_and(|rest| rest.starts_with('-'))
        })
}

/// An environment variable that can change what cargo runs or how rustc compiles.
fn steers_the_build(var: &str) -> bool {
    matches!(var, "CARGO_ENCODED_RUSTFLAGS")
        || [
            "RUSTC",
            "RUSTFLAGS",
            "CARGO_BUILD_",
            "CARGO_PROFILE_",
            "CARGO_TARGET_",
        ]
        .iter()
        .any(|prefix| var.starts_with(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_pins_the_judges_versions_and_features_of_the_crates_used() {
        let atcoder = crate::judges::named("AtCoder");
        let edition = atcoder.compiles_at(Edition::E2021);
        let text = manifest(
            "abc1_a",
            "0123",
            &atcoder,
            edition,
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
        // The program is the problem's; the package is this project's own.
        assert!(text.contains("name = \"abc1_a-0123\""), "{text}");
        assert!(text.contains("[[bin]]\nname = \"abc1_a\"\n"), "{text}");
        let error = manifest("x", "0123", &atcoder, edition, &["serde".to_string()]).unwrap_err();
        assert!(error.to_string().contains("does not provide"), "{error}");
    }

    /// A project with a lock, a compiler and a crate file, and the command kept for it.
    fn kept_project(dir: &Path) -> (Record, rustc::Invocation) {
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"a\"\n").unwrap();
        std::fs::write(dir.join("Cargo.lock"), "version = 4\n").unwrap();
        // Under rustup's proxy (`cargo test`), the toolchain it names.
        let toolchain = std::env::var("RUSTUP_TOOLCHAIN").unwrap_or("stable".to_string());
        let bin = dir.join("toolchains").join(toolchain).join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        let rustc = bin.join("rustc");
        std::fs::write(&rustc, "1.95").unwrap();
        std::fs::write(dir.join("libit-1.rlib"), "0.14.0").unwrap();
        let invocation = rustc::Invocation {
            dir: dir.to_path_buf(),
            env: vec![],
            program: rustc,
            args: ["--crate-name", "a", "--extern"]
                .iter()
                .map(|s| s.to_string())
                .chain([format!("itertools={}", dir.join("libit-1.rlib").display())])
                .collect(),
        };
        let record = Record::new(dir, Mode::Release);
        record.save(&invocation);
        (record, invocation)
    }

    #[test]
    fn a_kept_command_is_not_used_once_the_manifest_the_lock_a_crate_or_the_toolchain_changed() {
        type Change = (&'static str, fn(&Path));
        let changes: [Change; 5] = [
            ("the manifest", |dir| {
                std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"b\"\n").unwrap()
            }),
            ("the lock (a crate's version)", |dir| {
                std::fs::write(dir.join("Cargo.lock"), "version = 4\n# it 0.14.1\n").unwrap()
            }),
            ("a crate's file", |dir| {
                std::fs::write(dir.join("libit-1.rlib"), "0.14.1").unwrap()
            }),
            ("a crate's file gone", |dir| {
                std::fs::remove_file(dir.join("libit-1.rlib")).unwrap()
            }),
            ("the toolchain", |dir| {
                let toolchain = std::env::var("RUSTUP_TOOLCHAIN").unwrap_or("stable".to_string());
                let rustc = dir.join("toolchains").join(toolchain).join("bin/rustc");
                std::fs::write(rustc, "1.96").unwrap()
            }),
        ];
        for (what, change) in changes {
            let dir = tempfile::tempdir().unwrap();
            let (record, invocation) = kept_project(dir.path());
            let kept = record.load().map(|(invocation, _)| invocation);
            assert_eq!(kept, Some(invocation), "kept, before {what} changed");
            // Modification times of a fast test may tie: the sizes differ in every change.
            change(dir.path());
            assert_eq!(record.load(), None, "used after {what} changed");
        }
        // Another mode keeps its own command.
        let dir = tempfile::tempdir().unwrap();
        kept_project(dir.path());
        assert_eq!(Record::new(dir.path(), Mode::Check).load(), None);
    }

    #[test]
    fn a_kept_compiler_serves_only_the_toolchain_rustup_was_asked_for() {
        let rustc = Path::new("/r/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc");
        assert!(same_toolchain(rustc, None));
        assert!(same_toolchain(rustc, Some("stable")));
        assert!(same_toolchain(
            rustc,
            Some("stable-x86_64-unknown-linux-gnu")
        ));
        assert!(!same_toolchain(rustc, Some("nightly")));
        assert!(!same_toolchain(rustc, Some("stab")));
        assert!(!same_toolchain(rustc, Some("/opt/my-toolchain")));
    }
}
