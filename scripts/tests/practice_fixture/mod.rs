//! Shared by the `oj stress` and `oj new` tests: a throwaway workspace holding a copy of the
//! real library and no crates from the registry, so cargo builds it offline.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const ROOT_MANIFEST: &str = r#"[workspace]
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

/// The real workspace root.
pub fn real_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A temporary workspace: the root manifest above, `src/` copied from the real library, and
/// an empty `problems/`.
pub fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("Cargo.toml"), ROOT_MANIFEST).unwrap();
    copy_dir(&real_root().join("src"), &dir.path().join("src"));
    fs::create_dir_all(dir.path().join("problems")).unwrap();
    dir
}

pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs `oj --root <root> <args>`.
pub fn oj(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oj"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
