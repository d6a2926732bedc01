//! `ojgames stress` finds a planted bug: POJ 1067 (Wythoff's game) with `ceil` where the formula
//! needs `floor`, a mistake a published write-up makes. The same run with the real solution
//! passes, so the failure is the bug's and not the harness's.

mod common;

use std::fs;

use std::process::Command;

use common::{library_workspace, ojgames_in, real_root, run};

const CEIL_INSTEAD_OF_FLOOR: &str = r#"//! POJ 1067 with a planted bug: ceil(k·φ) instead of floor(k·φ).
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    while let Some(a) = input.next::<u64>()? {
        let b = input.read::<u64>()?;
        let (small, large) = (a.min(b), a.max(b));
        let losing = ((large - small) as f64 * phi).ceil() as u64 == small;
        out.line(u8::from(!losing));
    }
    Ok(())
}
"#;

/// A library workspace with the real problem `id` (its manifest, generator and brute force)
/// and `main` as its solution; the workspace and the problem's directory.
fn with_problem(id: &str, main: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let ws = library_workspace();
    let problem = ws.path().join("problems").join(id);
    fs::create_dir_all(&problem).unwrap();
    for file in ["Cargo.toml", "gen.rs", "brute.rs"] {
        fs::copy(
            real_root().join("problems").join(id).join(file),
            problem.join(file),
        )
        .unwrap();
    }
    fs::write(problem.join("main.rs"), main).unwrap();
    (ws, problem)
}

#[test]
fn stress_catches_ceil_instead_of_floor_in_wythoff() {
    let (ws, problem) = with_problem("pku1067", CEIL_INSTEAD_OF_FLOOR);

    let output = ojgames_in(
        ws.path(),
        &["stress", "pku1067", "-n", "300", "--seed", "1"],
    );
    let stdout = output.stdout;
    assert_eq!(output.code, Some(1), "{stdout}\n{}", output.stderr);
    assert!(
        stdout.contains("the solution and the brute force disagree"),
        "{stdout}"
    );
    assert!(
        stdout.contains("--- differing lines (brute force | solution) ---"),
        "{stdout}"
    );
    assert!(stdout.contains(" failed (seed 1) in "), "{stdout}");
    // The printed command reproduces the failure on its own, with a single case, as printed.
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .expect("a reproduce line")
        .to_string();
    assert!(reproduce.starts_with("ojgames --root "), "{reproduce}");
    assert!(
        reproduce.contains(" stress pku1067 -n 1 --seed "),
        "{reproduce}"
    );
    let again = run(Command::new("sh").arg("-c").arg(&reproduce));
    let again_out = again.stdout;
    assert_eq!(again.code, Some(1), "{again_out}{}", again.stderr);
    assert!(
        again_out.contains("stress pku1067: 1 cases, 1 failed"),
        "{again_out}"
    );
    // The bundle was tested, not the cargo build.
    let bundle = fs::read_to_string(ws.path().join("bundled/pku1067.rs")).unwrap();
    assert!(bundle.contains(".ceil()"));

    fs::copy(
        real_root().join("problems/pku1067/main.rs"),
        problem.join("main.rs"),
    )
    .unwrap();
    let fixed = ojgames_in(
        ws.path(),
        &["stress", "pku1067", "-n", "300", "--seed", "1"],
    );
    let fixed_out = fixed.stdout;
    assert!(fixed.success, "{fixed_out}\n{}", fixed.stderr);
    assert!(
        fixed_out.contains("stress pku1067: 300 cases, 0 failed (seed 1)"),
        "{fixed_out}"
    );
}

#[test]
fn stress_reports_a_crashing_solution() {
    // Panics on the first case whose piles are equal.
    let main = fs::read_to_string(real_root().join("problems/p1290/main.rs"))
        .unwrap()
        .replace(
            "let (m, n) = (input.read::<u64>()?, input.read::<u64>()?);",
            "let (m, n) = (input.read::<u64>()?, input.read::<u64>()?);\n        assert!(m != n, \"planted\");",
        );
    assert!(main.contains("planted"));
    let (ws, _) = with_problem("p1290", &main);
    let output = ojgames_in(ws.path(), &["stress", "p1290", "-n", "300"]);
    let stdout = output.stdout;
    assert_eq!(output.code, Some(1), "{stdout}\n{}", output.stderr);
    assert!(
        stdout.contains("the solution failed: RE: exit code 101 (panic)"),
        "{stdout}"
    );
    assert!(stdout.contains("planted"), "{stdout}");
}

#[test]
fn stress_saves_the_failing_case_and_fill_writes_missing_answers() {
    let (ws, _) = with_problem("pku1067", CEIL_INSTEAD_OF_FLOOR);
    let output = ojgames_in(
        ws.path(),
        &["stress", "pku1067", "-n", "300", "--seed", "1", "--save"],
    );
    assert_eq!(output.code, Some(1), "{}{}", output.stdout, output.stderr);
    let saved = output
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("saved: testdata/pku1067/"))
        .unwrap_or_else(|| panic!("nothing saved:\n{}", output.stdout));
    let name = saved.split(".in").next().unwrap().to_string();
    let data = ws.path().join("testdata/pku1067");
    let answer = fs::read(data.join(format!("{name}.out"))).unwrap();
    assert!(!answer.is_empty());
    // The saved case fails the buggy solution under judge too.
    let judged = ojgames_in(ws.path(), &["judge", "pku1067", "--case", &name]);
    assert!(
        judged.stdout.contains(&format!("{name:<20} WA")),
        "{}",
        judged.stdout
    );

    // `fill` writes the brute force's answer back, and leaves existing answers alone.
    fs::remove_file(data.join(format!("{name}.out"))).unwrap();
    fs::write(data.join("mine.in"), "1 2\n").unwrap();
    fs::write(data.join("mine.out"), "untouched\n").unwrap();
    let filled = ojgames_in(ws.path(), &["fill", "pku1067"]);
    assert!(filled.success, "{}{}", filled.stdout, filled.stderr);
    assert_eq!(fs::read(data.join(format!("{name}.out"))).unwrap(), answer);
    assert_eq!(
        fs::read_to_string(data.join("mine.out")).unwrap(),
        "untouched\n"
    );

    // A FIFO where the answer would go is named, not written into.
    fs::remove_file(data.join(format!("{name}.in"))).unwrap();
    fs::remove_file(data.join(format!("{name}.out"))).unwrap();
    assert!(Command::new("mkfifo")
        .arg(data.join(format!("{name}.out")))
        .status()
        .unwrap()
        .success());
    let again = ojgames_in(
        ws.path(),
        &["stress", "pku1067", "-n", "300", "--seed", "1", "--save"],
    );
    let message = format!("not saved: testdata/pku1067/{name}.out is a FIFO, not a regular file");
    assert!(again.stdout.contains(&message), "{}", again.stdout);
    assert!(!data.join(format!("{name}.in")).exists());
}

/// A problem whose answers may come in any order: the solution prints the tokens reversed, the
/// brute force sorted. Only a checker can say they agree. `checker`: none, a command
/// (`sh check.sh`) or a Rust file of the problem (`checker.rs`).
fn any_order_problem(checker: Option<&str>) -> tempfile::TempDir {
    let ws = library_workspace();
    let dir = ws.path().join("problems/anyorder");
    fs::create_dir_all(&dir).unwrap();
    let setting = checker.map_or(String::new(), |c| format!("checker = \"{c}\"\n"));
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"anyorder\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [[bin]]\nname = \"anyorder\"\npath = \"main.rs\"\n\n\
             [[bin]]\nname = \"anyorder-gen\"\npath = \"gen.rs\"\n\n\
             [[bin]]\nname = \"anyorder-brute\"\npath = \"brute.rs\"\n\n\
             [[bin]]\nname = \"anyorder-checker\"\npath = \"checker.rs\"\n\n\
             [package.metadata.judge]\n{setting}"
        ),
    )
    .unwrap();
    let echo = |reverse: &str| {
        format!(
            "use std::io::Read;\n\nfn main() {{\n    let mut s = String::new();\n    \
             std::io::stdin().read_to_string(&mut s).unwrap();\n    \
             let mut t: Vec<&str> = s.split_whitespace().collect();\n    {reverse}\n    \
             println!(\"{{}}\", t.join(\" \"));\n}}\n"
        )
    };
    fs::write(dir.join("main.rs"), echo("t.reverse();")).unwrap();
    fs::write(dir.join("brute.rs"), echo("t.sort();")).unwrap();
    fs::write(
        dir.join("gen.rs"),
        "fn main() {\n    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();\n    \
         println!(\"{} {} {}\", seed % 7, seed % 5 + 10, seed % 3 + 20);\n}\n",
    )
    .unwrap();
    fs::copy(
        common::fixture("verdict_ws").join("problems/checked/check.sh"),
        dir.join("check.sh"),
    )
    .unwrap();
    fs::write(dir.join("checker.rs"), RUST_CHECKER).unwrap();
    ws
}

/// testlib's convention in Rust: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA.
const RUST_CHECKER: &str = r#"fn sorted(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut tokens: Vec<String> = text.split_whitespace().map(String::from).collect();
    tokens.sort();
    tokens
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if sorted(&args[2]) != sorted(&args[3]) {
        eprintln!("not a permutation of the answer");
        std::process::exit(1);
    }
}
"#;

#[test]
fn stress_compares_with_the_problems_checker() {
    for checker in ["sh check.sh", "checker.rs"] {
        let ws = any_order_problem(Some(checker));
        let run = ojgames_in(ws.path(), &["stress", "anyorder", "-n", "20"]);
        assert!(run.success, "{checker}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stdout.contains("stress anyorder: 20 cases, 0 failed"),
            "{checker}: {}",
            run.stdout
        );
    }
    // Without it, the reversed order is a disagreement.
    let without = any_order_problem(None);
    let run = ojgames_in(without.path(), &["stress", "anyorder", "-n", "20"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("the solution and the brute force disagree"),
        "{}",
        run.stdout
    );
}

#[test]
fn fill_names_unusable_test_data_and_how_the_brute_force_failed() {
    let ws = any_order_problem(None);
    let data = ws.path().join("testdata/anyorder");
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("ok.in"), "3 1 2\n").unwrap();
    fs::create_dir(data.join("d.in")).unwrap();
    std::os::unix::fs::symlink("/nonexistent", data.join("e.in")).unwrap();
    fs::write(data.join("f.in"), "1\n").unwrap();
    assert!(Command::new("mkfifo")
        .arg(data.join("f.out"))
        .status()
        .unwrap()
        .success());
    // Not UTF-8: the brute force's read_to_string fails and it panics.
    fs::write(data.join("bad.in"), b"\xFF\n").unwrap();
    let filled = ojgames_in(ws.path(), &["fill", "anyorder"]);
    let out = &filled.stdout;
    assert_eq!(filled.code, Some(1), "{out}{}", filled.stderr);
    assert_eq!(fs::read_to_string(data.join("ok.out")).unwrap(), "1 2 3\n");
    for message in [
        "error: testdata/anyorder/d.in is a directory, not a regular file: skipped",
        "error: testdata/anyorder/e.in is a broken symlink (to /nonexistent), not a regular file: skipped",
        "error: testdata/anyorder/f.out is a FIFO, not a regular file",
        "testdata/anyorder/bad.out: not written: the brute force failed (exit code 101)",
    ] {
        assert!(out.contains(message), "{message}: {out}");
    }
    assert!(!data.join("bad.out").exists());
}
