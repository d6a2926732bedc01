//! Strangers' solution packages: glob imports between a solution's own modules (`use
//! super::*;` in each, as templates split into many modules write) are resolved in time
//! polynomial in the modules; a package with a build script is refused; files read with
//! `include_str!`/`include_bytes!` travel inside the bundle.

mod common;

use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{copy_workspace, fixture, oj, path_with_ojgames, rustc};

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_ojgames"))
        .arg("--root")
        .arg(ws.path())
        .args(["bundle", "alpha", "--no-check", "-o", "-"])
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
    let run = oj(ws.path(), &["bundle", "build_script"]);
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
    let run = oj(ws.path(), &["bundle", "includes"]);
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
