//! The loop after an edit on the AtCoder path (issue 21): a bundle that keeps AtCoder's crates is
//! checked and built in AtCoder's project, by cargo the first time and then by the rustc command
//! cargo ran, kept; either way held to AtCoder's rustc version.

mod common;

use std::fs;

use common::{copy_workspace, fixture, ojgames_in};

#[test]
fn an_atcoder_bundle_using_an_api_newer_than_atcoders_rustc_is_refused_naming_it() {
    let ws = copy_workspace(&fixture("crates_ws"));
    let main = ws.path().join("problems/practice2_k/main.rs");
    let original = fs::read_to_string(&main).unwrap();
    let lines = original.lines().count();
    let newer = "fn _less(a: u32) -> Option<u32> {\n    a.checked_sub_signed(1)\n}\n";
    fs::write(&main, format!("{original}{newer}")).unwrap();
    let project = ws
        .path()
        .join("target/ojgames/judge-atcoder/projects/practice2_k");
    for round in ["cargo's check", "the kept command"] {
        let bundled = ojgames_in(ws.path(), &["bundle", "practice2_k"]);
        assert!(!bundled.success, "{round}: {}", bundled.stdout);
        for words in [
            "AtCoder runs rustc 1.89.0".to_string(),
            format!(
                "`checked_sub_signed` at problems/practice2_k/main.rs:{}:7 is stable since Rust 1.90.0",
                lines + 2
            ),
        ] {
            assert!(bundled.stderr.contains(&words), "{round}: {}", bundled.stderr);
        }
        assert!(project.join("ojgames-check.json").is_file(), "{round}");
    }
    // The kept command's check kept rustc's incremental state, and still refused the API.
    assert!(project.join("ojgames-incremental/clippy-1.89.0").is_dir());
    for round in ["cargo's build", "the kept command"] {
        let judged = ojgames_in(ws.path(), &["judge", "practice2_k"]);
        assert!(!judged.success, "{round}");
        assert!(judged.stdout.contains(" CE "), "{round}: {}", judged.stdout);
        assert!(
            judged.stdout.contains("checked_sub_signed"),
            "{round}: {}",
            judged.stdout
        );
        // At the user's file and line, not the judge project's copy (`src/main.rs`).
        let at = format!("--> problems/practice2_k/main.rs:{}:", lines + 2);
        assert!(judged.stdout.contains(&at), "{round}: {}", judged.stdout);
    }
    // With an API AtCoder has, the same solution bundles and runs, the same each time.
    let older = newer.replace("checked_sub_signed(1)", "checked_sub(1)");
    fs::write(&main, format!("{original}{older}")).unwrap();
    let bundled = ojgames_in(ws.path(), &["bundle", "practice2_k"]);
    assert!(bundled.success, "{}", bundled.stderr);
    assert!(bundled.stdout.contains("compiles as AtCoder builds it"));
    let input = ws.path().join("testdata/practice2_k/sample.in");
    let input = input.to_str().unwrap();
    let first = ojgames_in(ws.path(), &["run", "practice2_k", "--input", input]);
    assert!(first.success, "{}", first.stderr);
    assert!(!first.stdout.is_empty());
    assert!(project.join("ojgames-build.json").is_file());
    let again = ojgames_in(ws.path(), &["run", "practice2_k", "--input", input]);
    assert!(again.success, "{}", again.stderr);
    assert_eq!(again.stdout, first.stdout);
}

/// `bundle --judge NAME` checks the bundle with the edition the judged program is compiled
/// with (the judge's, from scripts/judges.toml), not the problem's: a let chain of edition 2024
/// passed `bundle --judge Codeforces` and then failed to compile in `run --judge Codeforces`
/// (found by the contest corpus probe, F6). Codeforces offers Rust 2024 too, so the judge here
/// is Kattis (2021 only).
#[test]
fn bundle_and_run_for_a_judge_compile_with_the_same_edition() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let package = ws.path().join("problems/ac");
    let manifest = fs::read_to_string(package.join("Cargo.toml")).unwrap();
    fs::write(
        package.join("Cargo.toml"),
        manifest.replace("edition = \"2021\"", "edition = \"2024\""),
    )
    .unwrap();
    let main = package.join("main.rs");
    let original = fs::read_to_string(&main).unwrap();
    let chained = "    if let Some(x) = a.checked_add(b) && x > 0 {\n        println!(\"{}\", x);\n        return;\n    }\n";
    let edited = original.replace(
        "    println!(\"{}\", a + b);\n",
        &format!("{chained}    println!(\"0\");\n"),
    );
    assert_ne!(edited, original);
    fs::write(&main, edited).unwrap();
    // Its own edition (2024) takes the let chain.
    let own = ojgames_in(ws.path(), &["bundle", "ac"]);
    assert!(own.success, "{}", own.stderr);
    let input = ws.path().join("sum.in");
    fs::write(&input, "40 2\n").unwrap();
    let input = input.to_str().unwrap();
    for command in ["bundle", "run"] {
        let mut args = vec![command, "ac", "--judge", "Kattis"];
        if command == "run" {
            args.extend(["--input", input]);
        }
        let run = ojgames_in(ws.path(), &args);
        assert!(!run.success, "{command}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("edition 2021"),
            "{command}: {}",
            run.stderr
        );
    }
}

#[test]
fn atcoders_crates_compile_once_for_every_workspace_and_each_keeps_its_own_program() {
    // A cargo-compete user has a workspace per contest: the next one's first judge of a
    // solution keeping ac-library-rs compiles only the solution.
    let cache = tempfile::tempdir().unwrap();
    // `run` builds the program as AtCoder does (`cargo build --release` in its project).
    let judge = |ws: &std::path::Path| {
        let input = ws.join("testdata/practice2_k/sample.in");
        common::run(
            std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"))
                .arg("--root")
                .arg(ws)
                .args(["run", "practice2_k", "--input"])
                .arg(input)
                .env("OJGAMES_CACHE", cache.path()),
        )
    };
    let deps = cache.path().join(".store/judge-atcoder/release/deps");
    let listed = |prefix: &str| -> Vec<(String, std::time::SystemTime)> {
        let mut files: Vec<_> = fs::read_dir(&deps)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| (e.file_name().to_string_lossy().into_owned(), e))
                    .filter(|(name, _)| name.starts_with(prefix) && !name.contains('.'))
                    .map(|(name, e)| (name, e.metadata().unwrap().modified().unwrap()))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    };
    let rlibs = || {
        let mut files: Vec<_> = fs::read_dir(&deps)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".rlib"))
            .map(|e| {
                let modified = e.metadata().unwrap().modified().unwrap();
                (e.file_name().to_string_lossy().into_owned(), modified)
            })
            .collect();
        files.sort();
        files
    };
    let first_ws = copy_workspace(&fixture("crates_ws"));
    let first = judge(first_ws.path());
    assert!(
        first.success && !first.stdout.is_empty(),
        "{}",
        first.stderr
    );
    let compiled = rlibs();
    assert!(
        compiled
            .iter()
            .any(|(name, _)| name.starts_with("libac_library")),
        "{compiled:?}"
    );
    assert_eq!(listed("practice2_k-").len(), 1);
    let second_ws = copy_workspace(&fixture("crates_ws"));
    let second = judge(second_ws.path());
    assert_eq!(second.stdout, first.stdout, "{}", second.stderr);
    assert_eq!(rlibs(), compiled, "no crate compiled again");
    // The second workspace's program is its own file, not the first's overwritten.
    assert_eq!(listed("practice2_k-").len(), 2);
    assert!(!first_ws
        .path()
        .join("target/ojgames/judge-atcoder/target")
        .exists());
}

/// `make bundle P=ID` and `make judge P=ID` are the loop's commands, and make's built-in
/// implicit rules (a search for a rule to remake each of the tool's sources: RCS, SCCS,
/// `%.rs,v` …) cost 60-75 ms of each (docs/performance.md), a fifth of cargo's rebuild after an edit.
#[test]
fn the_makefile_has_no_built_in_implicit_rules_to_search() {
    let database = std::process::Command::new("make")
        .args([
            "-p",
            "-n",
            "-s",
            "--no-print-directory",
            "bundle",
            "P=hdu1536",
            "OJ=true",
        ])
        .current_dir(common::real_root())
        .output()
        .expect("make runs");
    assert!(database.status.success(), "{database:?}");
    let database = String::from_utf8_lossy(&database.stdout);
    assert!(
        database.contains("# No implicit rules."),
        "make knows implicit rules: {:?}",
        database.lines().find(|l| l.contains("implicit rules,"))
    );
}
