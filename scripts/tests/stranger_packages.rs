//! Strangers' solution packages: glob imports between a solution's own modules (`use
//! super::*;` in each, as templates split into many modules write) are resolved in time
//! polynomial in the modules; a package with a build script is refused; files read with
//! `include_str!`/`include_bytes!` travel inside the bundle.

mod common;

use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{copy_workspace, fixture, ojgames_in, path_with_ojgames, rustc};

/// Each lookup used to follow every glob again, up to 8 deep: 14 modules took 12 s in a
/// release build, and a real 40-file solution did not finish in 12 minutes. 24 modules would
/// take hours that way; resolved once per name and module, they take well under a second.
#[test]
fn many_modules_that_glob_import_each_other_bundle_without_blowing_up() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let mut main = String::new();
    for i in 1..=24 {
        main += &format!(
            "mod m{i} {{ #[allow(unused_imports)] use super::*; \
             pub fn f{i}(x: u64) -> u64 {{ let v: Vec<u64> = Vec::new(); x + {i} + v.len() as u64 }} }}\n"
        );
    }
    main += "use m1::*;\nuse m24::*;\nfn main() { println!(\"{}\", f1(3) + f24(0)); }\n";
    fs::write(ws.path().join("problems/alpha/main.rs"), main).unwrap();
    let mut child = common::isolate_cache(
        Command::new(env!("CARGO_BIN_EXE_ojgames"))
            .arg("--root")
            .arg(ws.path())
            .args(["bundle", "alpha", "--no-check", "-o", "-"]),
    )
    .env("PATH", path_with_ojgames())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // A deadline, not a timing: the fixed bundler needs a fraction of it even on a busy machine.
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("bundling 24 glob-importing modules did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    let bundle = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(bundle.contains("pub fn f24(x: u64)"), "{bundle}");
}

/// What a build script sets (`cargo:rustc-env`, `cargo:rustc-cfg`, generated code) exists only
/// in a cargo build: the bundle printed 7 where cargo printed 9, and bundling said nothing.
#[test]
fn a_solution_package_with_a_build_script_is_refused_naming_the_file() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "build_script"]);
    assert!(!run.success, "{}", run.stderr);
    assert!(
        run.stderr.contains("problems/build_script/build.rs")
            && run.stderr.contains("build script"),
        "{}",
        run.stderr
    );
    assert!(!ws.path().join("bundled/build_script.rs").exists());
}

/// `include_str!`/`include_bytes!` read files next to the solution when cargo compiles it; the
/// bundle failed with "couldn't read bundled/banner.txt", a path the user never wrote.
#[test]
fn files_read_by_include_str_and_include_bytes_become_literals_in_the_bundle() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "includes"]);
    assert!(run.success, "{}", run.stderr);
    let problem = ws.path().join("problems/includes");
    let banner = fs::read_to_string(problem.join("banner.txt")).unwrap();
    let table = fs::read(problem.join("data/table.bin")).unwrap();
    let sum: u32 = table.iter().map(|&b| u32::from(b)).sum();
    let expected = format!("{banner}{} {sum}\n", table.len());
    // The files are gone: the bundle alone must carry them.
    fs::remove_file(problem.join("banner.txt")).unwrap();
    fs::remove_dir_all(problem.join("data")).unwrap();
    let bundle = ws.path().join("bundled/includes.rs");
    let binary = ws.path().join("includes-bin");
    for edition in ["2018", "2021", "2024"] {
        let (ok, messages) = rustc(&bundle, edition, &binary);
        assert!(ok && messages.trim().is_empty(), "{edition}: {messages}");
        let output = Command::new(&binary).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{edition}"
        );
    }
}

/// A problem package in the temporary workspace `ws` with this manifest head and `code` at
/// `path`.
fn add_problem(ws: &std::path::Path, id: &str, manifest_head: &str, path: &str, code: &str) {
    let dir = ws.join("problems").join(id);
    fs::create_dir_all(dir.join(path).parent().unwrap()).unwrap();
    fs::write(
        dir.join("Cargo.toml"),
        format!("{manifest_head}\n[dependencies]\n"),
    )
    .unwrap();
    fs::write(dir.join(path), code).unwrap();
}

/// cargo-compete's layout: the bin named like the problem lives under `src/bin/`. The tool
/// said "has no problems/ID/main.rs" and never looked at the manifest.
#[test]
fn the_solution_is_the_bin_named_like_the_problem_wherever_its_file_is() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let code = "fn main() { println!(\"from src/bin\"); }\n";
    let head = "[package]\nname = \"srcbin\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                [[bin]]\nname = \"srcbin\"\npath = \"src/bin/a.rs\"";
    add_problem(ws.path(), "srcbin", head, "src/bin/a.rs", code);
    let run = ojgames_in(ws.path(), &["bundle", "srcbin", "-o", "-"]);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("from src/bin"), "{}", run.stdout);

    let head = "[package]\nname = \"otherbin\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                [[bin]]\nname = \"otherbin-a\"\npath = \"src/bin/a.rs\"";
    add_problem(ws.path(), "otherbin", head, "src/bin/a.rs", code);
    let run = ojgames_in(ws.path(), &["bundle", "otherbin"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("problems/otherbin/Cargo.toml")
            && run.stderr.contains("`otherbin-a` (src/bin/a.rs)"),
        "{}",
        run.stderr
    );
}

/// cargo builds a package without `edition` as 2015, where `[1u8, 2, 3].into_iter()` yields
/// references: judged as 2021 it printed 3 where cargo printed 24, and bundling said OK.
#[test]
fn a_package_without_an_edition_is_an_error_naming_the_manifest() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let code = "fn main() { let a = [1u8, 2, 3]; \
                let n: usize = a.into_iter().map(|x| std::mem::size_of_val(&x)).sum(); \
                println!(\"{}\", n); }\n";
    let head = "[package]\nname = \"ed2015\"\nversion = \"0.1.0\"\n\
                [[bin]]\nname = \"ed2015\"\npath = \"main.rs\"";
    add_problem(ws.path(), "ed2015", head, "main.rs", code);
    for command in ["bundle", "judge"] {
        let run = ojgames_in(ws.path(), &[command, "ed2015"]);
        assert!(!run.success, "{command}");
        // `judge` reports a problem it cannot judge in its table, on stdout.
        let said = run.stdout + &run.stderr;
        assert!(
            said.contains("problems/ed2015/Cargo.toml")
                && said.contains("no `edition` in [package]"),
            "{command}: {said}"
        );
    }
}

/// A 2024 package judged as 2021: rustc's "let chains are only allowed in Rust 2024" said
/// nothing of the two settings that disagree.
#[test]
fn a_judge_edition_other_than_the_packages_is_named_when_the_bundle_does_not_compile() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let code = "fn main() { let s = \"5\"; if let Ok(n) = s.parse::<u32>() && n > 3 { println!(\"{n}\"); } }\n";
    let head = "[package]\nname = \"mismatch\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\
                [[bin]]\nname = \"mismatch\"\npath = \"main.rs\"\n\
                [package.metadata.judge]\nedition = \"2021\"";
    add_problem(ws.path(), "mismatch", head, "main.rs", code);
    let run = ojgames_in(ws.path(), &["bundle", "mismatch"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("the package is edition 2024")
            && run.stderr.contains("edition = \"2021\""),
        "{}",
        run.stderr
    );
}

/// Valid 2015 code the bundler cannot parse (`async` as a name) got a bare parse error.
#[test]
fn edition_2015_code_that_does_not_parse_as_2018_says_why() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let code = "fn main() { let async = 3; println!(\"{}\", async); }\n";
    let head = "[package]\nname = \"old\"\nversion = \"0.1.0\"\nedition = \"2015\"\n\
                [[bin]]\nname = \"old\"\npath = \"main.rs\"";
    add_problem(ws.path(), "old", head, "main.rs", code);
    let run = ojgames_in(ws.path(), &["bundle", "old"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("edition 2015") && run.stderr.contains("parse error"),
        "{}",
        run.stderr
    );
}
