//! Helpers shared by the integration tests: fixture workspaces copied to a temporary
//! directory (so tests never write into the source tree) and the `ojgames` binary run on them.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
}

/// Copies `from` (without build output) into a new temporary directory.
pub fn copy_workspace(from: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    copy_tree(from, dir.path());
    dir
}

pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == "bundled" {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
    pub code: Option<i32>,
}

/// `ojgames --root ROOT ARGS...`, as if installed: its directory first on PATH.
pub fn ojgames_in(root: &Path, args: &[&str]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command.arg("--root").arg(root).args(args);
    run(&mut command)
}

/// PATH with the directory of the `ojgames` under test first.
pub fn path_with_ojgames() -> std::ffi::OsString {
    let dir = Path::new(env!("CARGO_BIN_EXE_ojgames")).parent().unwrap();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&rest)))
        .unwrap()
}

/// Gives `command` a cache of the tool's own unless it sets one (`OJGAMES_CACHE`, or
/// `XDG_CACHE_HOME` alone, which then decides): tests never read or write the user's cache (`workspace::user_cache`),
/// so they pass the same on a fresh machine. With `--root ROOT` the cache is
/// `ROOT/target/ojgames/.cache` (a test that removes `target/ojgames` to bundle afresh
/// removes it too); otherwise one temporary cache of this test binary (never beside a lone
/// file). A test that shares a cache between workspaces sets `OJGAMES_CACHE` itself.
pub fn isolate_cache(command: &mut Command) -> &mut Command {
    let sets = |name: &str| {
        command
            .get_envs()
            .any(|(var, value)| var == name && value.is_some())
    };
    if sets("OJGAMES_CACHE") {
        return command;
    }
    if sets("XDG_CACHE_HOME") {
        // An OJGAMES_CACHE of the shell running the tests would win over it.
        return command.env_remove("OJGAMES_CACHE");
    }
    let args: Vec<&std::ffi::OsStr> = command.get_args().collect();
    let root = args
        .iter()
        .position(|arg| *arg == "--root")
        .and_then(|at| args.get(at + 1))
        .map(PathBuf::from);
    let cache = match root {
        Some(root) => root.join("target/ojgames/.cache"),
        None => process_cache().to_path_buf(),
    };
    command.env("OJGAMES_CACHE", cache)
}

/// The cache of the tool runs that name no workspace: one for this test binary.
fn process_cache() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("temporary directory"))
        .path()
}

/// PATH with a `rustc` of the test's own first, then [`path_with_ojgames`]: a shell script in
/// `dir` that runs `before` (shell lines; `$*` holds rustc's arguments), then the real rustc.
pub fn path_with_rustc(dir: &Path, before: &str) -> std::ffi::OsString {
    use std::os::unix::fs::PermissionsExt;
    fs::create_dir_all(dir).unwrap();
    let real = Command::new("sh")
        .args(["-c", "command -v rustc"])
        .output()
        .unwrap()
        .stdout;
    let real = String::from_utf8(real).unwrap();
    let wrapper = dir.join("rustc");
    let script = format!("#!/bin/sh\n{before}\nexec '{}' \"$@\"\n", real.trim());
    // Rewritten only when it changes: the tool keys what it compiled and shook on the
    // compiler's size and date, so a rewrite is another compiler.
    if fs::read_to_string(&wrapper).ok().as_deref() != Some(script.as_str()) {
        fs::write(&wrapper, script).unwrap();
    }
    fs::set_permissions(&wrapper, fs::Permissions::from_mode(0o755)).unwrap();
    let rest = std::env::split_paths(&path_with_ojgames()).collect::<Vec<_>>();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(rest)).unwrap()
}

/// Runs `command` (with ojgames on PATH unless it sets a PATH of its own, no backtraces, the
/// default target directory, a cache of its own: [`isolate_cache`]).
pub fn run(command: &mut Command) -> Run {
    let sets_path = command
        .get_envs()
        .any(|(var, value)| var == "PATH" && value.is_some());
    if !sets_path {
        command.env("PATH", path_with_ojgames());
    }
    let output: Output = isolate_cache(command)
        .env_remove("RUST_BACKTRACE")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("the command runs");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        success: output.status.success(),
        code: output.status.code(),
    }
}

/// `rustc --edition E -O` on `source`; returns (success, messages).
pub fn rustc(source: &Path, edition: &str, output: &Path) -> (bool, String) {
    let result = Command::new("rustc")
        .args(["--edition", edition, "-O", "-o"])
        .arg(output)
        .arg(source)
        .output()
        .expect("rustc runs");
    (
        result.status.success(),
        String::from_utf8_lossy(&result.stderr).into_owned(),
    )
}

/// What `bundle`, compiled with `rustc --edition E -O` (as a std-only judge does), prints with
/// no input; panics (with rustc's messages) when it does not compile.
pub fn output_of_bundle(bundle: &str, edition: &str) -> String {
    let scratch = tempfile::tempdir().unwrap();
    let source = scratch.path().join("bundle.rs");
    fs::write(&source, bundle).unwrap();
    let program = scratch.path().join("bundle");
    let (compiled, message) = rustc(&source, edition, &program);
    assert!(compiled, "{message}");
    let output = Command::new(&program).output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `program` with `input` as its standard input: its output, or why it failed (its status
/// and standard error).
pub fn run_on(program: &Path, input: &Path) -> Result<Vec<u8>, String> {
    let output = Command::new(program)
        .stdin(Stdio::from(fs::File::open(input).unwrap()))
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} on {} exited with {}:\n{}",
            program.display(),
            input.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(output.stdout)
}

/// The real workspace root.
pub fn real_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The root manifest of [`library_workspace`]: the library and `problems/*`, no registry
/// crates, so cargo builds it offline.
pub const LIBRARY_MANIFEST: &str = r#"[workspace]
members = ["problems/*"]
resolver = "2"

[workspace.package]
edition = "2021"
rust-version = "1.70"
publish = false

[package]
name = "ojlib"
version = "0.1.0"
edition = "2021"
"#;

/// A temporary workspace for `ojgames stress` and `ojgames new`: the manifest above, `src/` copied from
/// the real library, and an empty `problems/`.
pub fn library_workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("Cargo.toml"), LIBRARY_MANIFEST).unwrap();
    copy_tree(&real_root().join("src"), &dir.path().join("src"));
    fs::create_dir_all(dir.path().join("problems")).unwrap();
    dir
}

/// A workspace (an empty library `wlib`, problems under `problems/`) with one problem `id` of
/// edition `edition` whose `[package.metadata.judge]` table is `judge_table`, its main.rs
/// `main`, and its cases `testdata/ID/NAME.in` with `NAME.out` where given.
pub fn one_problem_workspace(
    id: &str,
    edition: &str,
    judge_table: &str,
    main: &str,
    cases: &[(&str, &str, Option<&str>)],
) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nmembers = [\"problems/*\"]\n\n\
         [package]\nname = \"wlib\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("src")).unwrap();
    fs::write(root.join("src/lib.rs"), "").unwrap();
    let problem = root.join("problems").join(id);
    fs::create_dir_all(&problem).unwrap();
    fs::write(
        problem.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{id}\"\nversion = \"0.1.0\"\nedition = \"{edition}\"\n\n\
             [[bin]]\nname = \"{id}\"\npath = \"main.rs\"\n\n\
             [package.metadata.judge]\n{judge_table}"
        ),
    )
    .unwrap();
    fs::write(problem.join("main.rs"), main).unwrap();
    let data = root.join("testdata").join(id);
    fs::create_dir_all(&data).unwrap();
    for (name, input, output) in cases {
        fs::write(data.join(format!("{name}.in")), input).unwrap();
        if let Some(output) = output {
            fs::write(data.join(format!("{name}.out")), output).unwrap();
        }
    }
    dir
}
