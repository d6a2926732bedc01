//! Item shaking of impls and types (`bundle/shake/impls.rs`): what the bundle compiles
//! without goes, but never an impl whose deletion would compile and change what runs.

mod common;

use std::fs;
use std::process::Command;

use common::{copy_workspace, fixture, ojgames_in, rustc};

/// Bundles `id`, compiles it under 2018, 2021 and 2024 without a warning and runs it;
/// returns the bundle and its output.
fn bundle_compile_run(id: &str) -> (String, String) {
    let ws = copy_workspace(&fixture("shake_ws"));
    let run = ojgames_in(ws.path(), &["bundle", id]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let path = ws.path().join(format!("bundled/{id}.rs"));
    let text = fs::read_to_string(&path).unwrap();
    let mut outputs = Vec::new();
    for edition in ["2018", "2021", "2024"] {
        let binary = ws.path().join(format!("{id}-{edition}"));
        let (ok, messages) = rustc(&path, edition, &binary);
        assert!(
            ok && messages.is_empty(),
            "edition {edition}:\n{messages}\n{text}"
        );
        let output = Command::new(&binary).output().unwrap();
        assert!(output.status.success());
        outputs.push(String::from_utf8_lossy(&output.stdout).into_owned());
    }
    assert!(outputs.iter().all(|o| *o == outputs[0]), "{outputs:?}");
    (text, outputs.swap_remove(0))
}

#[test]
fn unused_trait_impls_and_never_constructed_types_go_with_their_impls() {
    let (text, output) = bundle_compile_run("impls");
    assert_eq!(output, "7m\nby value\n42\n5\n2\ndropped 5\n", "{text}");
    assert!(text.contains("impl Add for Meters"), "{text}");
    assert!(text.contains("impl fmt::Display for Meters"), "{text}");
    for gone in ["impl Sub for Meters", "Sum for Meters", "Ghost"] {
        assert!(!text.contains(gone), "`{gone}` is still there:\n{text}");
    }
}

#[test]
fn entries_of_a_macro_call_that_generate_unused_impls_go() {
    let (text, _) = bundle_compile_run("impls");
    let call = text
        .lines()
        .find(|line| line.starts_with("impl_double!"))
        .unwrap_or_else(|| panic!("the call that generates the used impl stays:\n{text}"));
    assert!(call.contains("u32"), "{call}");
    for gone in ["u8", "u16", "u64"] {
        assert!(!call.contains(gone), "{call}");
    }
    // The same for entries written as words, without separators.
    let words = text
        .lines()
        .find(|line| line.starts_with("impl_half!"))
        .unwrap_or_else(|| panic!("the call that generates the used impl stays:\n{text}"));
    assert!(words.contains("u16"), "{words}");
    for gone in ["u8", "u32", "u64"] {
        assert!(!words.contains(gone), "{words}");
    }
}

#[test]
fn impls_whose_deletion_would_change_what_runs_stay() {
    // Without `Drop` the bundle compiles and prints no "dropped 5"; without the impl for
    // `Probe`, `(&Probe).describe()` autorefs to the impl for `&Probe`: "by reference".
    let (text, output) = bundle_compile_run("impls");
    assert!(output.ends_with("dropped 5\n"), "{output}");
    assert!(output.contains("by value"), "{output}");
    // Without `Index` for `Shifted`, `s[0]` autoderefs to the `Vec`: 1 instead of 2.
    assert!(output.contains("\n2\n"), "{output}");
    assert!(
        text.contains("impl std::ops::Index<usize> for Shifted"),
        "{text}"
    );
    assert!(text.contains("impl Drop for Loud"), "{text}");
    assert!(text.contains("impl Describe for Probe {"), "{text}");
}

#[test]
fn a_type_only_code_behind_a_false_cfg_makes_stays() {
    let (text, _) = bundle_compile_run("impls");
    assert!(text.contains("pub struct WindowsOnly"), "{text}");
    assert!(text.contains("fn make_windows_only"), "{text}");
}

#[test]
fn two_bundles_of_one_problem_at_once_shake_alike() {
    // Both shakes wrote their candidates to the same `target/ojgames/ID/shake.rs`: one
    // read the other's diagnostics, kept cuts the other had tried, and could end broken.
    let ws = copy_workspace(&fixture("shake_ws"));
    for round in 0..3 {
        let _ = fs::remove_dir_all(ws.path().join("target/ojgames"));
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_ojgames"))
                .arg("--root")
                .arg(ws.path())
                .args(["bundle", "impls", "-o", "-"])
                .output()
                .unwrap()
        };
        let (first, second) = std::thread::scope(|s| {
            let first = s.spawn(spawn);
            let second = s.spawn(spawn);
            (first.join().unwrap(), second.join().unwrap())
        });
        for run in [&first, &second] {
            assert!(
                run.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        assert_eq!(
            String::from_utf8_lossy(&first.stdout),
            String::from_utf8_lossy(&second.stdout),
            "round {round}"
        );
    }
}
