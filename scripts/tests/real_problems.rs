//! Every real problem of this repository bundles into a file that plain rustc compiles under
//! edition 2021 and 2024 without a warning (`ojgames bundle --check`), well under 64 KiB.

mod common;

use std::path::Path;

use common::{copy_tree, ojgames_in};

#[test]
fn real_problems_bundle_warning_free_in_both_editions() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let ws = tempfile::tempdir().unwrap();
    std::fs::copy(repo.join("Cargo.toml"), ws.path().join("Cargo.toml")).unwrap();
    copy_tree(&repo.join("src"), &ws.path().join("src"));
    copy_tree(&repo.join("problems"), &ws.path().join("problems"));
    let run = ojgames_in(ws.path(), &["bundle", "--all", "--check"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    assert!(
        run.stdout.contains("compiles warning-free"),
        "{}",
        run.stdout
    );
}
