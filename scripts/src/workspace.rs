//! The one model of "a problem" for three layouts: where its solution, tests, settings,
//! helper programs, bundle and scratch space are.
//!
//! - **This repository** (`Layout::Repository`): a `[workspace]` with `problems/<id>/` (one
//!   package each, settings in `[package.metadata.judge]`), `testdata/<id>/`, `bundled/<id>.rs`.
//! - **Any cargo package** (`Layout::Package`, a cargo-compete folder among them): each bin is
//!   a problem, named by bin name or cargo-compete alias; tests are its cargo-compete suite
//!   (`crate::suite`); bundles and scratch go under `<target-dir>/ojgames/`.
//! - **A lone `.rs` file** (`Layout::File`): samples in `tests/`, `test/` or beside it, limits
//!   from flags; bundles and scratch under `$CARGO_TARGET_DIR` or the user's cache folder.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::id::ProblemId;
use crate::package::Package;
use crate::settings::{Compare, JudgeMeta, MissingOut, Tolerance};
use crate::suite::{self, Suite};

pub struct Workspace {
    /// Where cargo runs and paths are shown from: the repository, the package, the lone file's
    /// folder.
    pub root: PathBuf,
    /// The library's crate name as problems write it (`ojlib`; `[lib] name` when set).
    pub lib_name: String,
    /// The library's package name, as problems' manifests depend on it (`ac-library-rs`).
    pub lib_package: String,
    pub layout: Layout,
    /// Limits and the tests folder given on the command line.
    pub overrides: Overrides,
    /// The library's source (an empty file when the package has none).
    lib: PathBuf,
    /// cargo's target directory.
    target: PathBuf,
}

/// Which layout the workspace has.
pub enum Layout {
    Repository,
    Package(Box<Package>),
    /// A lone file (absolute path).
    File(PathBuf),
}

/// What the command line sets for every problem: `--time-limit`, `--memory-limit`, `-d DIR`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overrides {
    pub time_limit: Option<Duration>,
    pub memory_limit_kib: Option<u64>,
    /// A lone file's samples folder.
    pub tests_dir: Option<PathBuf>,
}

/// Where a problem's cases are.
#[derive(Debug, Clone)]
pub enum Tests {
    /// `NAME.in` with `NAME.out` (or `NAME.ans`).
    Dir(PathBuf),
    /// A cargo-compete suite (its path; `None` in `Problem::suite` when the file is missing).
    Suite(PathBuf),
}

pub struct Problem {
    /// Its name: the directory under problems/, the bin's name, the lone file's stem.
    pub id: ProblemId,
    /// The cargo package that builds it and its helpers (`-p`); empty for a lone file.
    pub package: String,
    /// The package's folder (the lone file's folder).
    pub dir: PathBuf,
    /// The solution: the source of the bin target named like the problem.
    pub main: PathBuf,
    pub meta: JudgeMeta,
    /// Names under `[dependencies]` of the problem's manifest.
    pub dependencies: BTreeSet<String>,
    pub tests: Tests,
    /// The suite read, when `tests` is one and it exists.
    pub suite: Option<Suite>,
}

impl Workspace {
    /// The workspace of a command run in `start`: `root` if given, else the nearest
    /// `[workspace]` above `start` when it is this repository's layout (a `problems/` folder,
    /// or a root package the current directory is in), else the nearest cargo package.
    pub fn locate(root: Option<PathBuf>, start: &Path) -> Result<Workspace> {
        Workspace::locate_with(root, start, Overrides::default())
    }

    pub fn locate_with(
        root: Option<PathBuf>,
        start: &Path,
        overrides: Overrides,
    ) -> Result<Workspace> {
        let found = match &root {
            Some(root) => Some(root.clone()),
            None => find_root(start)?,
        };
        if let Some(found) = found {
            let manifest = read_manifest(&found.join("Cargo.toml"))?;
            let nearest = Package::find(start).ok().flatten().map(|p| p.dir);
            let is_repository = manifest.get("workspace").is_some()
                && (found.join("problems").is_dir()
                    || (manifest.get("package").is_some()
                        && (root.is_some() || nearest.as_deref() == Some(found.as_path()))));
            if is_repository {
                return Workspace::repository(found, &manifest, overrides);
            }
            if root.is_some() {
                if manifest.get("package").is_none() {
                    bail!(
                        "{}: a [workspace] without problems/ and without [package]: run inside \
                         one of its packages",
                        found.join("Cargo.toml").display()
                    );
                }
                return Workspace::package(Package::read(&found)?, overrides);
            }
        }
        match Package::find(start)? {
            Some(package) => Workspace::package(package, overrides),
            None => bail!(
                "no Cargo.toml in {} or above: run inside a cargo package, pass --root DIR, or \
                 name a .rs file",
                start.display()
            ),
        }
    }

    fn repository(
        root: PathBuf,
        manifest: &toml::Table,
        overrides: Overrides,
    ) -> Result<Workspace> {
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
            lib: root.join("src").join("lib.rs"),
            target: cargo_target(&root),
            root,
            lib_name,
            lib_package,
            layout: Layout::Repository,
            overrides,
        })
    }

    fn package(package: Package, overrides: Overrides) -> Result<Workspace> {
        let target = cargo_target(&package.workspace_root);
        let (lib, lib_name) = match &package.lib {
            Some((lib, name)) => (lib.clone(), name.clone()),
            None => (no_library(&target)?, package.name.replace('-', "_")),
        };
        Ok(Workspace {
            root: package.dir.clone(),
            lib_name,
            lib_package: package.name.clone(),
            lib,
            target,
            layout: Layout::Package(Box::new(package)),
            overrides,
        })
    }

    /// The workspace of a lone `.rs` file: the package whose bin it is, else the file alone.
    /// With it, the problem's name.
    pub fn for_file(file: &Path, overrides: Overrides) -> Result<(Workspace, ProblemId)> {
        if !file.is_file() {
            bail!("{}: no such file", file.display());
        }
        let file = std::path::absolute(file)
            .with_context(|| format!("{}: cannot resolve the path", file.display()))?;
        let dir = file.parent().unwrap_or(Path::new("/")).to_path_buf();
        if let Some(package) = Package::find(&dir)? {
            if let Some(bin) = package.bin_of_file(&file) {
                let id = ProblemId::parse(&bin.name)?;
                return Ok((Workspace::package(package, overrides)?, id));
            }
        }
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let id =
            ProblemId::parse(stem.trim_start_matches('-')).or_else(|_| ProblemId::parse("main"))?;
        let target = match std::env::var_os("CARGO_TARGET_DIR") {
            Some(target) => dir.join(target),
            None => cache_dir(&dir)?,
        };
        Ok((
            Workspace {
                root: dir,
                lib_name: "ojgames_no_library".to_string(),
                lib_package: String::new(),
                lib: no_library(&target)?,
                target,
                layout: Layout::File(file),
                overrides,
            },
            id,
        ))
    }

    pub fn lib_entry(&self) -> PathBuf {
        self.lib.clone()
    }

    /// The bundle a user pastes: `bundled/<id>.rs` in this repository, else
    /// `<target>/ojgames/bundled/<id>.rs` (never in the user's source folders).
    pub fn bundle_path(&self, id: &str) -> PathBuf {
        match self.layout {
            Layout::Repository => self.root.join("bundled").join(format!("{id}.rs")),
            _ => self
                .target
                .join("ojgames")
                .join("bundled")
                .join(format!("{id}.rs")),
        }
    }

    /// The folder of a problem's `NAME.in`/`NAME.out` cases (this repository's `testdata/<id>`;
    /// a lone file's samples folder).
    pub fn testdata_dir(&self, id: &str) -> PathBuf {
        match &self.layout {
            Layout::Repository => self.root.join("testdata").join(id),
            Layout::Package(package) => package.dir.join("testcases").join(id),
            Layout::File(_) => self.samples_dir(),
        }
    }

    /// A lone file's samples: `-d DIR`, else `tests/`, `test/` or its own folder.
    fn samples_dir(&self) -> PathBuf {
        if let Some(dir) = &self.overrides.tests_dir {
            return dir.clone();
        }
        ["tests", "test"]
            .iter()
            .map(|d| self.root.join(d))
            .find(|d| d.is_dir())
            .unwrap_or_else(|| self.root.clone())
    }

    /// Scratch space for compiled bundles and program output.
    pub fn work_dir(&self, id: &str) -> PathBuf {
        self.target.join("ojgames").join(id)
    }

    /// cargo's target directory (`CARGO_TARGET_DIR`, relative to the root, or `target/`).
    pub fn target_dir(&self) -> PathBuf {
        self.target.clone()
    }

    /// Paths shown to the user: relative to the workspace root where possible.
    pub fn display(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Every problem: the directories under `problems/` with a Cargo.toml whose name is a
    /// valid id; a package's bins; the lone file.
    pub fn problem_ids(&self) -> Result<Vec<ProblemId>> {
        match &self.layout {
            Layout::Repository => {}
            Layout::Package(package) => {
                return package
                    .bins
                    .iter()
                    .filter(|b| !HELPER_SUFFIXES.iter().any(|s| b.name.ends_with(s)))
                    .map(|b| ProblemId::parse(&b.name))
                    .collect()
            }
            Layout::File(file) => {
                return Ok(vec![Workspace::for_file(file, Overrides::default())?.1])
            }
        }
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

    /// The problem named `id`: a directory under problems/, a package's bin name or
    /// cargo-compete alias, the lone file.
    pub fn problem(&self, id: &str) -> Result<Problem> {
        let mut problem = match &self.layout {
            Layout::Repository => self.repository_problem(id)?,
            Layout::Package(package) => self.package_problem(package, id)?,
            Layout::File(file) => self.file_problem(file, id)?,
        };
        let overrides = &self.overrides;
        if let Some(time) = overrides.time_limit {
            problem.meta.time_limit = time;
        }
        if let Some(memory) = overrides.memory_limit_kib {
            if problem.meta.stack_limit_kib == problem.meta.memory_limit_kib {
                problem.meta.stack_limit_kib = memory;
            }
            problem.meta.memory_limit_kib = memory;
        }
        Ok(problem)
    }

    fn package_problem(&self, package: &Package, name: &str) -> Result<Problem> {
        let bin = package.bin(name)?;
        let id = ProblemId::parse(&bin.name)?;
        let manifest_path = package.dir.join("Cargo.toml");
        let shown = self.display(&manifest_path);
        let workspace = read_manifest(&package.workspace_root.join("Cargo.toml")).ok();
        let mut meta = JudgeMeta::from_manifest(&package.manifest, workspace.as_ref())
            .with_context(|| shown.clone())?;
        for warning in crate::settings::misspelt_tables(&package.manifest) {
            crate::warn!("warning: {shown}: {warning}");
        }
        let judge_given = package
            .manifest
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("judge"))
            .is_some_and(|j| j.get("judge").is_some());
        if !judge_given {
            if let Some(judge) = package.judge_of(bin) {
                meta.judge = judge.to_string();
                if let Some(memory) = crate::package::judge_memory_kib(judge) {
                    meta.memory_limit_kib = memory;
                }
                meta.stack_limit_kib =
                    crate::settings::default_stack_kib(judge, meta.memory_limit_kib);
            }
        }
        if meta.url.is_empty() {
            meta.url = bin.problem_url.clone().unwrap_or_default();
        }
        let suite_path = package.suite_path(bin)?;
        let suite = if suite_path.is_file() {
            let suite = suite::load(&suite_path)?;
            apply_suite(&mut meta, &suite).with_context(|| self.display(&suite_path))?;
            Some(suite)
        } else {
            None
        };
        let dependencies = package
            .manifest
            .get("dependencies")
            .and_then(|deps| deps.as_table())
            .map(|deps| deps.keys().map(|k| k.replace('-', "_")).collect())
            .unwrap_or_default();
        Ok(Problem {
            id,
            package: package.name.clone(),
            dir: package.dir.clone(),
            main: bin.path.clone(),
            meta,
            dependencies,
            tests: Tests::Suite(suite_path),
            suite,
        })
    }

    fn file_problem(&self, file: &Path, id: &str) -> Result<Problem> {
        let id = ProblemId::parse(id)?;
        Ok(Problem {
            id,
            package: String::new(),
            dir: self.root.clone(),
            main: file.to_path_buf(),
            meta: JudgeMeta::default(),
            dependencies: BTreeSet::new(),
            tests: Tests::Dir(self.samples_dir()),
            suite: None,
        })
    }

    fn repository_problem(&self, id: &str) -> Result<Problem> {
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
            package: id.to_string(),
            main,
            tests: Tests::Dir(self.testdata_dir(id)),
            suite: None,
            dir,
            meta,
            dependencies,
        })
    }
}

/// Bins named like these are a problem's helpers, not problems.
const HELPER_SUFFIXES: [&str; 4] = ["-gen", "-brute", "-checker", "-interactor"];

/// A cargo-compete suite's limit and compare mode become the problem's.
fn apply_suite(meta: &mut JudgeMeta, suite: &Suite) -> Result<()> {
    if let Some(time) = suite.timelimit {
        let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        if !crate::settings::TIME_LIMIT_MS.contains(&ms) {
            bail!(
                "timelimit {ms} ms is out of range: expected {} to {} ms",
                crate::settings::TIME_LIMIT_MS.start(),
                crate::settings::TIME_LIMIT_MS.end()
            );
        }
        meta.time_limit = time;
    }
    // A case without `out` passes when the program exits cleanly, as cargo-compete judges it.
    meta.missing_out = MissingOut::Passes;
    match &suite.matching {
        None => {}
        Some(suite::Match::Exact) => meta.compare = Compare::Exact,
        Some(suite::Match::SplitWhitespace) => meta.compare = Compare::Tokens,
        Some(suite::Match::Lines) => meta.compare = Compare::Lines,
        Some(suite::Match::Float {
            relative_error,
            absolute_error,
        }) => {
            // cargo-compete's Float: line by line, a number within either error (one not
            // given is 0).
            meta.compare = Compare::FloatLines(Tolerance {
                relative: relative_error.unwrap_or(0.0),
                absolute: absolute_error.unwrap_or(0.0),
            });
        }
        Some(suite::Match::Checker { cmd }) => {
            // cargo-compete's convention (the files in environment variables, any failure a
            // wrong answer) as the judge's checker command (INPUT OUTPUT ANSWER, exit 1 WA).
            let quoted = format!("'{}'", cmd.replace('\'', "'\\''"));
            meta.checker = Some(format!(
                "ojgames_checker() {{ INPUT=\"$1\" ACTUAL_OUTPUT=\"$2\" EXPECTED_OUTPUT=\"$3\" \
                 bash -c {quoted} || exit 1; }}; ojgames_checker"
            ));
        }
    }
    Ok(())
}

/// cargo's target directory for a workspace rooted at `root`.
fn cargo_target(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// An empty library for a package or file that has none: the bundler pastes nothing from it.
fn no_library(target: &Path) -> Result<PathBuf> {
    let dir = target.join("ojgames");
    let path = dir.join("no-library.rs");
    if !path.is_file() {
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        fs::write(&path, "").with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(path)
}

/// The user's cache of the tool, shared by every workspace on the machine: `$OJGAMES_CACHE` if
/// set, else `$XDG_CACHE_HOME/ojgames`, else `~/.cache/ojgames` (the system's temporary
/// directory without a home). Relative values are taken from the current directory.
pub fn user_cache() -> PathBuf {
    user_cache_in(|name| std::env::var_os(name))
}

/// [`user_cache`] in an environment where `var` reads a variable.
fn user_cache_in(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> PathBuf {
    let set = |name: &str| var(name).filter(|d| !d.is_empty()).map(PathBuf::from);
    let dir = set("OJGAMES_CACHE").unwrap_or_else(|| {
        set("XDG_CACHE_HOME")
            .or_else(|| set("HOME").map(|h| h.join(".cache")))
            .unwrap_or_else(std::env::temp_dir)
            .join("ojgames")
    });
    std::path::absolute(&dir).unwrap_or(dir)
}

/// What the tool learns about texts, kept for every workspace of the user ([`user_cache`]'s
/// `.store/NAME`): keyed by content (texts, features, edition, the tool's build), never by
/// the workspace (see `docs/bundling.md`, "Where things are kept").
pub fn shared_store(name: &str) -> PathBuf {
    user_cache().join(".store").join(name)
}

/// The shared store of shaken tails (`bundle::shake::reuse`).
pub const SHAKE_STORE: &str = "shake";
/// The shared store of kept facts and answers (`bundle::facts::store`).
pub const FACTS_STORE: &str = "facts";
/// The shared store of the toolchain rustup's proxy runs (`rustc::use_kept_toolchain`).
pub const TOOLCHAIN_STORE: &str = "toolchain";

/// How long an entry of a shared store is kept after it was last read (or written).
pub const STORE_KEEP_DAYS: u64 = 30;

const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// Marks `entry` of a shared store as read now (at most once a day: a slot read by every
/// bundle is not written by every bundle), so [`prune_shared_stores`] keeps it.
pub fn keep_alive(entry: &Path) {
    let now = std::time::SystemTime::now();
    let stale = fs::metadata(entry)
        .and_then(|m| m.modified())
        .is_ok_and(|modified| now.duration_since(modified).is_ok_and(|age| age > DAY));
    if stale {
        let _ = fs::File::open(entry).and_then(|file| file.set_modified(now));
    }
}

/// Bounds the shared stores: at most once a day (`.store/pruned`'s date), removes every entry
/// not read for [`STORE_KEEP_DAYS`] days and every half-written file older than a day (a
/// writer that stopped), and a judge's cargo target over [`JUDGE_TARGET_CAP`]. Failing only
/// leaves the entries there.
pub fn prune_shared_stores() {
    prune_stores_in(&user_cache().join(".store"), JUDGE_TARGET_CAP);
}

fn prune_stores_in(root: &Path, judge_target_cap: u64) {
    let stamp = root.join("pruned");
    let now = std::time::SystemTime::now();
    let age = |path: &Path| {
        fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
    };
    if age(&stamp).is_some_and(|age| age < DAY) || !root.is_dir() {
        return;
    }
    if fs::write(&stamp, "").is_err() {
        return;
    }
    let keep = DAY * STORE_KEEP_DAYS as u32;
    for store in [SHAKE_STORE, FACTS_STORE, TOOLCHAIN_STORE] {
        let Ok(entries) = fs::read_dir(root.join(store)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let partial = path
                .extension()
                .is_some_and(|e| e.to_string_lossy().starts_with("partial-"));
            let limit = if partial { DAY } else { keep };
            if age(&path).is_some_and(|age| age > limit) {
                let _ = fs::remove_file(&path);
            }
        }
    }
    // A judge's shared cargo target (`judge_project`): cargo's files are not ours to pick
    // from, so one over the cap goes whole (moved aside first: a build that starts now gets
    // a fresh one), and the next judge compiles the judge's crates again.
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("judge-") && name.contains(".removed-") {
            // Left by a prune that stopped while removing it.
            let _ = fs::remove_dir_all(&path);
        } else if name.starts_with("judge-")
            && !name.contains('.')
            && size_of_tree(&path) > judge_target_cap
        {
            // Only when no process holds it (`hold_shared_target`): one building or running
            // a program there would fail for a reason that is not the solution's.
            let Ok(lock) = fs::File::create(target_lock(&path)) else {
                continue;
            };
            if lock.try_lock().is_err() {
                continue;
            }
            let aside = root.join(format!("{name}.removed-{}", std::process::id()));
            if fs::rename(&path, &aside).is_ok() {
                let _ = fs::remove_dir_all(&aside);
            }
        }
    }
}

/// Removes what tools before the user-level store kept in the workspace's `<target>/ojgames`:
/// the shaken tails (`.shake`), the kept facts (`.facts`) and each judge's own cargo target
/// (`judge-<judge>/target`), now all in [`shared_store`], once untouched for a day. Nothing
/// reads them any more; they cost only disk (AtCoder's crates a workspace's problems used,
/// compiled: 9-133 MB in three old workspaces on the lead's machine). Failing
/// leaves them there.
pub fn remove_old_caches(target: &Path) {
    let ours = target.join("ojgames");
    let judges = crate::judges::all()
        .iter()
        .filter(|judge| judge.has_crates());
    let old = [ours.join(".shake"), ours.join(".facts")]
        .into_iter()
        .chain(judges.map(|judge| ours.join(judge.folder_name()).join("target")));
    let now = std::time::SystemTime::now();
    let recent = |path: &Path| {
        fs::metadata(path)
            .and_then(|m| m.modified())
            .is_ok_and(|modified| now.duration_since(modified).map_or(true, |age| age < DAY))
    };
    for dir in old {
        // A tool from before the store may still be building there (another checkout run
        // on this workspace): only a folder untouched for a day goes.
        let busy = [dir.clone(), dir.join("release"), dir.join("release/deps")]
            .iter()
            .any(|path| recent(path));
        if dir.is_dir() && !busy {
            let _ = fs::remove_dir_all(&dir);
        }
    }
}

/// The lock file of a shared cargo target `dir`: `<dir>.lock`, beside it.
fn target_lock(dir: &Path) -> PathBuf {
    let mut name = dir.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Holds `dir`'s lock (shared) until this process exits: [`prune_shared_stores`] removes a
/// judge's shared target only when no process holds it. A lock that cannot be taken only
/// leaves the target unguarded.
pub fn hold_shared_target(dir: &Path) {
    static HELD: std::sync::Mutex<Vec<(PathBuf, fs::File)>> = std::sync::Mutex::new(Vec::new());
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    if held.iter().any(|(path, _)| path == dir) {
        return;
    }
    if let Some(parent) = dir.parent() {
        let _ = fs::create_dir_all(parent);
    }
    let Ok(lock) = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(target_lock(dir))
    else {
        return;
    };
    if lock.lock_shared().is_ok() {
        held.push((dir.to_path_buf(), lock));
    }
}

/// The size at which a judge's shared cargo target is removed (see [`prune_shared_stores`]).
pub const JUDGE_TARGET_CAP: u64 = 4 << 30;

/// The bytes of the files under `dir` (not following symlinks).
fn size_of_tree(dir: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| match entry.file_type() {
            Ok(kind) if kind.is_dir() => size_of_tree(&entry.path()),
            Ok(kind) if kind.is_file() => entry.metadata().map_or(0, |m| m.len()),
            _ => 0,
        })
        .sum()
}

/// A lone file's bundles and scratch: `<user cache>/<its folder>` ([`user_cache`]), out of the
/// user's source folders.
fn cache_dir(dir: &Path) -> Result<PathBuf> {
    let cache = user_cache();
    let name: String = dir
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Ok(cache.join(name.trim_start_matches('_')))
}

impl Problem {
    pub fn main_file(&self) -> PathBuf {
        self.main.clone()
    }
}

/// The source of the bin target named `id`, as cargo finds it
/// ([`crate::package::listed_bin_source`]). A manifest without such a
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
        return Ok(crate::package::listed_bin_source(bin, id, dir, package));
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

/// The nearest directory at or above `start` whose Cargo.toml has `[workspace]`.
fn find_root(start: &Path) -> Result<Option<PathBuf>> {
    for dir in start.ancestors() {
        let manifest = dir.join("Cargo.toml");
        if manifest.is_file() && read_manifest(&manifest)?.get("workspace").is_some() {
            return Ok(Some(dir.to_path_buf()));
        }
    }
    Ok(None)
}

fn read_manifest(path: &Path) -> Result<toml::Table> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.parse::<toml::Table>()
        .with_context(|| format!("{}: invalid TOML", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_bin_without_a_path_is_found_where_cargo_looks() {
        let dir = tempfile::tempdir().unwrap();
        let manifest: toml::Table =
            toml::from_str("[package]\nname = \"p\"\n\n[[bin]]\nname = \"x\"\n").unwrap();
        let folder = dir.path().join("src/bin/x");
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("main.rs"), "fn main() {}").unwrap();
        let found = solution_source(&manifest, dir.path(), "x").unwrap();
        assert_eq!(found, folder.join("main.rs"));
        fs::remove_dir_all(&folder).unwrap();
        let found = solution_source(&manifest, dir.path(), "x").unwrap();
        assert_eq!(found, dir.path().join("src/bin/x.rs"));
    }

    #[test]
    fn the_user_cache_is_ojgames_cache_else_the_xdg_cache_else_the_homes() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(var, _)| *var == name)
                    .map(|(_, value)| std::ffi::OsString::from(value))
            }
        };
        const ALL: [(&str, &str); 3] = [
            ("OJGAMES_CACHE", "/c/oj"),
            ("XDG_CACHE_HOME", "/x"),
            ("HOME", "/h"),
        ];
        assert_eq!(user_cache_in(env(&ALL)), Path::new("/c/oj"));
        assert_eq!(user_cache_in(env(&ALL[1..])), Path::new("/x/ojgames"));
        assert_eq!(
            user_cache_in(env(&ALL[2..])),
            Path::new("/h/.cache/ojgames")
        );
        // Set but empty: as if unset.
        const EMPTY: [(&str, &str); 3] = [
            ("OJGAMES_CACHE", ""),
            ("XDG_CACHE_HOME", ""),
            ("HOME", "/h"),
        ];
        assert_eq!(user_cache_in(env(&EMPTY)), Path::new("/h/.cache/ojgames"));
    }

    #[test]
    fn pruning_removes_a_kept_toolchain_unread_for_the_keep_days() {
        let root = tempfile::tempdir().unwrap();
        let store = root.path().join(TOOLCHAIN_STORE);
        fs::create_dir_all(&store).unwrap();
        let now = std::time::SystemTime::now();
        let aged = |name: &str, days: u64| {
            let path = store.join(name);
            fs::write(&path, "x").unwrap();
            let file = fs::File::open(&path).unwrap();
            file.set_modified(now - DAY * days as u32).unwrap();
            path
        };
        let old = aged("a.bin", STORE_KEEP_DAYS + 1);
        let recent = aged("b.bin", STORE_KEEP_DAYS - 1);
        prune_stores_in(root.path(), JUDGE_TARGET_CAP);
        assert!(!old.exists() && recent.exists());
    }

    #[test]
    fn pruning_removes_entries_unread_for_the_keep_days_and_stale_partials_once_a_day() {
        let root = tempfile::tempdir().unwrap();
        let shake = root.path().join("shake");
        fs::create_dir_all(&shake).unwrap();
        let now = std::time::SystemTime::now();
        let aged = |name: &str, days: u64| {
            let path = shake.join(name);
            fs::write(&path, "x").unwrap();
            let file = fs::File::open(&path).unwrap();
            file.set_modified(now - DAY * days as u32).unwrap();
            path
        };
        let old = aged("a.cache", STORE_KEEP_DAYS + 1);
        let read = aged("b.cache", STORE_KEEP_DAYS + 1);
        let recent = aged("c.cache", STORE_KEEP_DAYS - 1);
        let partial = aged("d.partial-7", 2);
        keep_alive(&read);
        prune_stores_in(root.path(), JUDGE_TARGET_CAP);
        assert!(!old.exists() && !partial.exists());
        assert!(read.exists() && recent.exists());
        // Not again the same day.
        let old = aged("a.cache", STORE_KEEP_DAYS + 1);
        prune_stores_in(root.path(), JUDGE_TARGET_CAP);
        assert!(old.exists());
    }

    #[test]
    fn the_old_per_workspace_caches_go_and_the_rest_of_the_workspace_stays() {
        let dir = std::env::temp_dir().join(format!("ojgames-old-caches-{}", std::process::id()));
        let ours = dir.join("target").join("ojgames");
        let old = [
            ours.join(".shake"),
            ours.join(".facts"),
            ours.join("judge-atcoder").join("target").join("release"),
        ];
        let kept = [
            ours.join("judge-atcoder").join("projects").join("a"),
            ours.join("bundled"),
            ours.join("hdu2176"),
            dir.join("target").join("release"),
        ];
        for path in old.iter().chain(&kept) {
            fs::create_dir_all(path).unwrap();
            fs::write(path.join("f"), "x").unwrap();
        }
        // Fresh ones stay (a tool from before the store may be building there).
        remove_old_caches(&dir.join("target"));
        assert!(old[2].join("f").is_file());
        let long_ago = std::time::SystemTime::now() - DAY * 2;
        for path in &old {
            let mut path = path.as_path();
            while path != ours {
                let file = fs::File::open(path).unwrap();
                file.set_modified(long_ago).unwrap();
                path = path.parent().unwrap();
            }
        }
        remove_old_caches(&dir.join("target"));
        for path in &old[..2] {
            assert!(!path.exists(), "{} stayed", path.display());
        }
        assert!(!ours.join("judge-atcoder").join("target").exists());
        for path in &kept {
            assert!(path.join("f").is_file(), "{} went", path.display());
        }
        // A workspace without our folder is no error.
        remove_old_caches(&dir.join("nothing"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_judge_target_over_the_cap_goes_only_when_no_process_holds_it() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("judge-atcoder");
        fs::create_dir_all(target.join("release")).unwrap();
        fs::write(target.join("release/lib.rlib"), "0123456789").unwrap();
        let stopped = root.path().join("judge-atcoder.removed-42");
        fs::create_dir_all(&stopped).unwrap();
        let holder = fs::File::create(target_lock(&target)).unwrap();
        holder.lock_shared().unwrap();
        prune_stores_in(root.path(), 1);
        assert!(target.join("release/lib.rlib").exists(), "held: kept");
        assert!(!stopped.exists(), "a stopped prune's leftover goes");
        drop(holder);
        fs::remove_file(root.path().join("pruned")).unwrap();
        prune_stores_in(root.path(), 100);
        assert!(target.exists(), "under the cap: kept");
        fs::remove_file(root.path().join("pruned")).unwrap();
        prune_stores_in(root.path(), 1);
        assert!(!target.exists(), "over the cap and free: removed");
    }

    fn applied(yaml: &str) -> JudgeMeta {
        let mut meta = JudgeMeta::default();
        let suite = suite::parse(yaml, Path::new("/nonexistent")).unwrap();
        apply_suite(&mut meta, &suite).unwrap();
        meta
    }

    #[test]
    fn a_suite_sets_the_limit_the_compare_mode_and_passing_without_out() {
        let meta = applied("type: Batch\ntimelimit: 1500ms\nmatch: SplitWhitespace\n");
        assert_eq!(meta.time_limit, Duration::from_millis(1500));
        assert_eq!(meta.compare, Compare::Tokens);
        assert_eq!(meta.missing_out, MissingOut::Passes);
        let float = applied("type: Batch\nmatch:\n  Float:\n    relative_error: 1e-9\n");
        assert_eq!(
            float.compare,
            Compare::FloatLines(Tolerance {
                relative: 1e-9,
                absolute: 0.0
            })
        );
        assert_eq!(
            applied("type: Batch\nmatch: Exact\n").compare,
            Compare::Exact
        );
        let mut meta = JudgeMeta::default();
        let long = suite::parse(
            "type: Batch\ntimelimit: 20m\nmatch: Lines\n",
            Path::new("/"),
        )
        .unwrap();
        assert!(apply_suite(&mut meta, &long).is_err());
    }

    /// cargo-compete's checker convention through the judge's (INPUT OUTPUT ANSWER): the
    /// files in `$INPUT`, `$ACTUAL_OUTPUT`, `$EXPECTED_OUTPUT`; any failure a wrong answer.
    #[test]
    fn a_checker_cmd_gets_its_files_in_environment_variables() {
        let meta = applied(
            "type: Batch\nmatch:\n  Checker:\n    cmd: test \"$(cat $ACTUAL_OUTPUT)\" = \"$(cat $EXPECTED_OUTPUT)\" && test -f \"$INPUT\"\n    shell: Bash\n",
        );
        let checker = meta.checker.unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| {
            let path = dir.path().join(name);
            fs::write(&path, text).unwrap();
            path
        };
        let (input, right, wrong) = (file("in", "1"), file("out", "2\n"), file("bad", "3\n"));
        let status = |actual: &Path| {
            std::process::Command::new("/bin/sh")
                .arg("-c")
                .arg(format!("cd \"$0\" && {checker} \"$@\""))
                .arg(dir.path())
                .args([&input, actual, &right])
                .status()
                .unwrap()
                .code()
        };
        assert_eq!(status(&right), Some(0));
        assert_eq!(status(&wrong), Some(1));
    }
}
