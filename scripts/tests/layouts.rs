//! ojgames where contestants already work (issue 25): run inside a cargo-compete folder (no
//! `--root`) it finds a solution by bin name or alias, bundles it for its judge and judges it
//! on its YAML suite; a lone `main.rs` is judged on the samples in `tests/`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{copy_workspace, fixture, run, Run};

/// `ojgames ARGS...` run in `dir`, as a contestant runs the installed tool there.
fn ojgames_at(program: &Path, dir: &Path, args: &[&str]) -> Run {
    run(Command::new(program).current_dir(dir).args(args))
}

fn tool() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ojgames"))
}

/// The verdict column of each case line of a judge report, in order.
fn verdicts(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_string))
        .collect()
}

/// Fetches the fixture's crates once (proconio and itertools from crates.io, as pinned in its
/// Cargo.lock); the judge's own build of an AtCoder bundle downloads AtCoder's pins itself.
fn fetched_compete_ws() -> tempfile::TempDir {
    let ws = copy_workspace(&fixture("compete_ws"));
    let fetched = run(Command::new(env!("CARGO"))
        .current_dir(ws.path())
        .args(["fetch", "--locked"]));
    assert!(fetched.success, "cargo fetch: {}", fetched.stderr);
    ws
}

/// `cargo install --path scripts --root TMP`, as a contestant installs the tool. The install
/// reuses this repository's target directory, so after `make` it costs a link, not a build.
fn installed(root: &Path) -> PathBuf {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR"));
    let installed = Command::new(env!("CARGO"))
        .args(["install", "--locked", "--offline", "--quiet", "--path"])
        .arg(scripts)
        .arg("--root")
        .arg(root)
        .env("CARGO_TARGET_DIR", scripts.parent().unwrap().join("target"))
        .status()
        .unwrap();
    assert!(installed.success(), "cargo install failed");
    root.join("bin/ojgames")
}

/// The installed tool run inside the package, no `--root`: AC, AC, WA.
#[test]
fn a_cargo_compete_package_is_judged_from_inside_by_alias_and_bin_name_on_its_yaml_suites() {
    let ws = fetched_compete_ws();
    let bin = tempfile::tempdir().unwrap();
    let tool = installed(bin.path());
    let package = ws.path().join("abc999");
    // `a`: inline cases (one past u64), `timelimit: 2s`, `match: Lines`.
    let a = ojgames_at(&tool, &package, &["judge", "a"]);
    assert!(a.success, "{}\n{}", a.stdout, a.stderr);
    assert!(a.stdout.contains("abc999-a: 2000 ms"), "{}", a.stdout);
    assert!(a.stdout.contains("compare lines"), "{}", a.stdout);
    assert_eq!(verdicts(&a.stdout), ["AC", "AC"], "{}", a.stdout);
    // The bundle is for AtCoder (the problem URL says so): proconio kept as a `use`, and it
    // is written under the target directory, not in the user's folders.
    let bundle = ws.path().join("target/ojgames/bundled/abc999-a.rs");
    let text = fs::read_to_string(&bundle).unwrap();
    assert!(text.contains("AtCoder"), "{text}");
    assert!(!package.join("bundled").exists());
    assert!(a.stderr.contains("bundled/abc999-a.rs") || a.stdout.contains("bundled/abc999-a.rs"));
    // `b` by its bin name, from a folder below: `extend` files and `match: SplitWhitespace`.
    let b = ojgames_at(&tool, &package.join("src/bin"), &["judge", "abc999-b"]);
    assert!(b.success, "{}\n{}", b.stdout, b.stderr);
    assert!(b.stdout.contains("compare tokens"), "{}", b.stdout);
    assert_eq!(verdicts(&b.stdout), ["AC", "AC", "AC"], "{}", b.stdout);
    // `c`: the planted wrong answer (`match: Exact`).
    let c = ojgames_at(&tool, &package, &["judge", "c"]);
    assert!(!c.success, "{}", c.stdout);
    assert_eq!(verdicts(&c.stdout), ["AC", "WA"], "{}", c.stdout);
    assert!(
        c.stdout.contains("expected \"-3\", got \"0\""),
        "{}",
        c.stdout
    );
    // An unknown name lists the bins with their aliases.
    let d = ojgames_at(&tool, &package, &["judge", "d"]);
    assert!(!d.success);
    assert!(
        format!("{}{}", d.stdout, d.stderr).contains("a (abc999-a), b (abc999-b), c (abc999-c)"),
        "{}{}",
        d.stdout,
        d.stderr
    );
    // `run` works the same way.
    let input = ws.path().join("in.txt");
    fs::write(&input, "40 2\n").unwrap();
    let ran = ojgames_at(
        &tool,
        &package,
        &["run", "a", "--input", input.to_str().unwrap()],
    );
    assert!(ran.success, "{}", ran.stderr);
    assert_eq!(ran.stdout, "42\n");
    // An error only AtCoder's build finds (its edition 2024 denies a reference to a `static
    // mut`; the package is 2021) in a bin whose name has a hyphen is shown, not only cargo's
    // "could not compile" (i20probe6's F2: rustc's messages were kept for a target named
    // `abc999_a`, cargo's being `abc999-a`).
    let a_rs = package.join("src/bin/a.rs");
    let broken = fs::read_to_string(&a_rs).unwrap()
        + "\nstatic mut SEEN: Vec<u64> = Vec::new();\n\
           #[allow(dead_code)]\nfn remember(x: u64) {\n    unsafe { SEEN.push(x) }\n}\n";
    fs::write(&a_rs, broken).unwrap();
    // Its first build (cargo's, not the rustc command recorded by an earlier one).
    let project = ws
        .path()
        .join("target/ojgames/judge-atcoder/projects/abc999-a");
    fs::remove_dir_all(&project).unwrap();
    let a = ojgames_at(&tool, &package, &["judge", "a"]);
    assert!(!a.success, "{}", a.stdout);
    let said = format!("{}{}", a.stdout, a.stderr);
    assert!(said.contains("mutable static"), "{said}");
}

/// AtCoder's build compiles the bundle as its project's `src/main.rs`: a panic there named
/// that file and the bundle's line (`panicked at src/main.rs:12:9`, a file the user never
/// had; i20probe8's P1), where a std-only bundle's panic names the solution's own line.
#[test]
fn a_panic_in_atcoders_build_names_the_solutions_file_and_line() {
    let ws = fetched_compete_ws();
    let package = ws.path().join("abc999");
    let c_rs = package.join("src/bin/c.rs");
    let text = fs::read_to_string(&c_rs).unwrap();
    let text = text.replace(
        "    let mut best = 0;\n",
        "    assert!(n != 2, \"two numbers\");\n    let mut best = 0;\n",
    );
    fs::write(&c_rs, &text).unwrap();
    let line = text.lines().position(|l| l.contains("assert!")).unwrap() + 1;
    let c = ojgames_at(&tool(), &package, &["judge", "c"]);
    assert_eq!(
        verdicts(&c.stdout),
        ["AC", "RE"],
        "{}{}",
        c.stdout,
        c.stderr
    );
    let at = format!("panicked at src/bin/c.rs:{line}:5:");
    assert!(c.stdout.contains(&at), "{at}\n{}", c.stdout);
    assert!(!c.stdout.contains("main.rs"), "{}", c.stdout);
}

#[test]
fn a_missing_suite_or_an_interactive_one_without_interactor_is_said() {
    let ws = copy_workspace(&fixture("compete_ws"));
    let package = ws.path().join("abc999");
    fs::write(
        package.join("testcases/c.yml"),
        "type: Interactive\ntimelimit: 2s\n",
    )
    .unwrap();
    fs::remove_file(package.join("testcases/b.yml")).unwrap();
    let (b, c) = (
        ojgames_at(&tool(), &package, &["judge", "b", "--no-bundle"]),
        ojgames_at(&tool(), &package, &["judge", "c", "--no-bundle"]),
    );
    assert!(
        b.stdout.contains("testcases/b.yml does not exist"),
        "{}{}",
        b.stdout,
        b.stderr
    );
    assert!(!b.success);
    let c = format!("{}{}", c.stdout, c.stderr);
    assert!(
        c.contains("type: Interactive") && c.contains("interactor"),
        "{c}"
    );
}

#[test]
fn a_lone_main_rs_is_judged_on_its_tests_folder_with_limits_from_flags() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    fs::create_dir_all(&tests).unwrap();
    fs::write(
        dir.path().join("main.rs"),
        "use std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    \
         std::io::stdin().read_to_string(&mut s).unwrap();\n    let n: u64 = s.trim().parse().unwrap();\n    \
         println!(\"{}\", n as u128 * n as u128);\n}\n",
    )
    .unwrap();
    for (name, input, answer, ext) in [
        ("1", "3\n", "9\n", "out"),
        (
            "2",
            "18446744073709551615\n",
            "340282366920938463426481119284349108225\n",
            "ans",
        ),
    ] {
        fs::write(tests.join(format!("{name}.in")), input).unwrap();
        fs::write(tests.join(format!("{name}.{ext}")), answer).unwrap();
    }
    let cache = tempfile::tempdir().unwrap();
    let lone = |args: &[&str]| {
        run(Command::new(tool())
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", cache.path())
            .args(args))
    };
    let judged = lone(&[
        "judge",
        "main.rs",
        "--time-limit",
        "3s",
        "--memory-limit",
        "64m",
    ]);
    assert!(judged.success, "{}\n{}", judged.stdout, judged.stderr);
    assert!(
        judged.stdout.contains("main: 3000 ms, 65536 KiB"),
        "{}",
        judged.stdout
    );
    assert_eq!(verdicts(&judged.stdout), ["AC", "AC"], "{}", judged.stdout);
    // Nothing written beside the user's file.
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["main.rs", "tests"]);
    // `-d` names the folder; a wrong answer there is WA.
    let other = dir.path().join("mine");
    fs::create_dir_all(&other).unwrap();
    fs::write(other.join("x.in"), "2\n").unwrap();
    fs::write(other.join("x.out"), "5\n").unwrap();
    let wrong = lone(&["judge", "main.rs", "-d", "mine"]);
    assert_eq!(verdicts(&wrong.stdout), ["WA"], "{}", wrong.stdout);
    let ran = {
        let input = dir.path().join("mine/x.in");
        lone(&["run", "main.rs", "--input", input.to_str().unwrap()])
    };
    assert_eq!(ran.stdout, "4\n", "{}", ran.stderr);
    let bundled = lone(&["bundle", "main.rs"]);
    assert!(bundled.success, "{}", bundled.stderr);
    // A lone file has no library: its note names none (it said "(ojgames_no_library modules:
    // none)").
    let said = format!("{}{}", bundled.stdout, bundled.stderr);
    assert!(said.contains(" KiB") && !said.contains("modules"), "{said}");
    let bad = lone(&["judge", "main.rs", "--time-limit", "2"]);
    assert!(!bad.success);
    assert!(bad.stderr.contains("--time-limit"), "{}", bad.stderr);
}

/// `ojgames new` writes templates that use this repository's library: in a cargo-compete
/// package it refuses, saying what to do there, and writes nothing.
#[test]
fn new_outside_this_repository_refuses_and_writes_nothing() {
    let ws = copy_workspace(&fixture("compete_ws"));
    let package = ws.path().join("abc999");
    let refused = ojgames_at(&tool(), &package, &["new", "d"]);
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("`ojgames new` writes problems/d/")
            && refused.stderr.contains("[[bin]]"),
        "{}",
        refused.stderr
    );
    assert!(!package.join("problems").exists() && !ws.path().join("problems").exists());
}
