//! The workspace: its root, the library crate, and the problems with their judge settings.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::id::ProblemId;
use crate::settings::JudgeMeta;

pub struct Workspace {
    pub root: PathBuf,
    /// The library's crate name as problems write it (`ojlib`; `[lib] name` when set).
    pub lib_name: String,
    /// The library's package name, as problems' manifests depend on it (`ac-library-rs`).
    pub lib_package: String,
}

pub struct Problem {
    pub id: ProblemId,
    pub dir: PathBuf,
    /// The solution: the source of the bin target named like the problem.
    pub main: PathBuf,
    pub meta: JudgeMeta,
    /// Names under `[dependencies]` of the problem's manifest.
    pub dependencies: BTreeSet<String>,
}

impl Workspace {
    /// `root` if given, else the nearest directory above `start` whose Cargo.toml has `[workspace]`.
    pub fn locate(root: Option<PathBuf>, start: &Path) -> Result<Workspace> {
        let root = match root {
            Some(root) => root,
            None => find_root(start)?,
        };
        let manifest = read_manifest(&root.join("Cargo.toml"))?;
        let lib_package = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|name| name.as_str())
            .map(str::to_string)
            .with_context(|| format!("{}: no [package] name for the library", root.display()))?;
        let lib_name = manifest
            .get("lib")
            .and_then(|lib| lib.get("name"))
            .and_then(|name| name.as_str())
            .unwrap_or(&lib_package)
            .replace('-', "_");
        Ok(Workspace {
            root,
            lib_name,
            lib_package,
        })
    }

    pub fn lib_entry(&self) -> PathBuf {
        self.root.join("src").join("lib.rs")
    }

    pub fn bundle_path(&self, id: &str) -> PathBuf {
        self.root.join("bundled").join(format!("{id}.rs"))
    }

    pub fn testdata_dir(&self, id: &str) -> PathBuf {
        self.root.join("testdata").join(id)
    }

    /// Scratch space for compiled bundles and program output.
    pub fn work_dir(&self, id: &str) -> PathBuf {
        self.root.join("target").join("ojgames").join(id)
    }

    /// cargo's target directory (`CARGO_TARGET_DIR`, relative to the root, or `target/`).
    pub fn target_dir(&self) -> PathBuf {
        match std::env::var_os("CARGO_TARGET_DIR") {
            Some(dir) => self.root.join(dir),
            None => self.root.join("target"),
        }
    }

    /// Paths shown to the user: relative to the workspace root where possible.
    pub fn display(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Every directory under `problems/` with a Cargo.toml whose name is a valid id.
    pub fn problem_ids(&self) -> Result<Vec<ProblemId>> {
        let dir = self.root.join("problems");
        let entries =
            fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?;
        let mut ids = Vec::new();
        for entry in entries {
            let entry = entry?;
            if entry.path().join("Cargo.toml").is_file() {
                if let Ok(id) = ProblemId::parse_os(&entry.file_name()) {
                    ids.push(id);
                }
            }
        }
        ids.sort();
        Ok(ids)
    }

    pub fn problem(&self, id: &str) -> Result<Problem> {
        let id = ProblemId::parse(id)?;
        let id = id.as_str();
        let dir = self.root.join("problems").join(id);
        let manifest_path = dir.join("Cargo.toml");
        if !manifest_path.is_file() {
            let known: Vec<String> = self
                .problem_ids()
                .unwrap_or_default()
                .iter()
                .map(|id| id.to_string())
                .collect();
            let known = known.join(", ");
            bail!("unknown problem `{id}`: no problems/{id}/Cargo.toml (known: {known})");
        }
        let manifest = read_manifest(&manifest_path)?;
        let workspace = read_manifest(&self.root.join("Cargo.toml")).ok();
        let meta = JudgeMeta::from_manifest(&manifest, workspace.as_ref())
            .with_context(|| format!("problems/{id}/Cargo.toml"))?;
        for warning in crate::settings::misspelt_tables(&manifest) {
            crate::warn!("warning: problems/{id}/Cargo.toml: {warning}");
        }
        let dependencies = manifest
            .get("dependencies")
            .and_then(|deps| deps.as_table())
            .map(|deps| deps.keys().map(|k| k.replace('-', "_")).collect())
            .unwrap_or_default();
        let main = solution_source(&manifest, &dir, id)
            .with_context(|| format!("problems/{id}/Cargo.toml"))?;
        Ok(Problem {
            id: ProblemId::parse(id)?,
            main,
            dir,
            meta,
            dependencies,
        })
    }
}

impl Problem {
    pub fn main_file(&self) -> PathBuf {
        self.main.clone()
    }
}

/// The source of the bin target named `id`, as cargo finds it: its `path`, else
/// `src/main.rs` for the package's own name or `src/bin/ID.rs`. A manifest without such a
/// bin means `main.rs` in the problem's directory (this workspace's layout) if there is one.
fn solution_source(manifest: &toml::Table, dir: &Path, id: &str) -> Result<PathBuf> {
    let bins = manifest
        .get("bin")
        .and_then(toml::Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let package = manifest
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(toml::Value::as_str);
    let named = bins
        .iter()
        .find(|bin| bin.get("name").and_then(toml::Value::as_str) == Some(id));
    if let Some(bin) = named {
        return Ok(match bin.get("path").and_then(toml::Value::as_str) {
            Some(path) => dir.join(path),
            None if package == Some(id) && dir.join("src/main.rs").is_file() => {
                dir.join("src/main.rs")
            }
            None => dir.join("src/bin").join(format!("{id}.rs")),
        });
    }
    for default in ["main.rs", "src/main.rs"] {
        if dir.join(default).is_file() && (default == "main.rs" || package == Some(id)) {
            return Ok(dir.join(default));
        }
    }
    let others: Vec<String> = bins
        .iter()
        .filter_map(|bin| {
            let name = bin.get("name")?.as_str()?;
            let path = bin.get("path").and_then(toml::Value::as_str);
            Some(match path {
                Some(path) => format!("`{name}` ({path})"),
                None => format!("`{name}`"),
            })
        })
        .collect();
    if others.is_empty() {
        bail!("no bin target named `{id}` and no main.rs: the solution is the bin named like the problem's directory");
    }
    bail!(
        "no bin target named `{id}` (it has {}): the solution is the bin named like the problem's directory; rename one or add `[[bin]] name = \"{id}\"`",
        others.join(", ")
    )
}

fn find_root(start: &Path) -> Result<PathBuf> {
    for dir in start.ancestors() {
        let manifest = dir.join("Cargo.toml");
        if manifest.is_file() && read_manifest(&manifest)?.get("workspace").is_some() {
            return Ok(dir.to_path_buf());
        }
    }
    bail!(
        "no Cargo.toml with [workspace] in {} or above; pass --root DIR",
        start.display()
    )
}

fn read_manifest(path: &Path) -> Result<toml::Table> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.parse::<toml::Table>()
        .with_context(|| format!("{}: invalid TOML", path.display()))
}
