//! The first hour with the tool (issue 25): colour, stale bundles, parse errors, JSON records.

mod common;

use common::{copy_workspace, fixture, library_workspace, ojgames_in, real_root};

#[test]
fn verdicts_are_coloured_only_when_asked_or_on_a_terminal() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let always = ojgames_in(ws.path(), &["--color", "always", "judge", "ac", "wa"]);
    assert!(
        always.stdout.contains("\x1b[32mAC\x1b[0m"),
        "{}",
        always.stdout
    );
    assert!(
        always.stdout.contains("\x1b[31mWA\x1b[0m"),
        "{}",
        always.stdout
    );
    assert!(always
        .stdout
        .ends_with("1 passed, \x1b[31m1 failed\x1b[0m\n"));
    // Piped (as here), with or without NO_COLOR: plain text.
    for no_color in [None, Some("1")] {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"));
        command
            .arg("--root")
            .arg(ws.path())
            .args(["judge", "ac", "wa"]);
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let piped = common::run(&mut command);
        assert!(!piped.stdout.contains('\x1b'), "{}", piped.stdout);
        assert!(piped.stdout.contains(" AC "), "{}", piped.stdout);
    }
    let never = ojgames_in(ws.path(), &["--color", "never", "judge", "wa"]);
    assert!(!never.stdout.contains('\x1b'), "{}", never.stdout);
}

#[test]
fn a_solution_that_does_not_parse_gets_rustcs_message_at_its_line() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let main = ws.path().join("problems/ac/main.rs");
    for (source, message, at) in [
        (
            "fn main() {\n    let x = f(1, 2;\n    println!(\"{}\", x);\n}\n",
            "unclosed delimiter",
            "problems/ac/main.rs:2:14",
        ),
        (
            "fn main() {\n    let x = 1;\n}\n}\nfn g() {}\n",
            "unexpected closing delimiter: `}`",
            "problems/ac/main.rs:4:1",
        ),
        (
            "fn main() {\n    let s = \"abc;\n}\n",
            "unterminated double quote string",
            "problems/ac/main.rs:2:13",
        ),
    ] {
        std::fs::write(&main, source).unwrap();
        let run = ojgames_in(ws.path(), &["judge", "ac"]);
        let out = &run.stdout;
        assert_eq!(run.code, Some(1), "{out}{}", run.stderr);
        assert!(out.contains(message), "{out}");
        assert!(out.contains(&format!("--> {at}\n")), "{out}");
        assert!(!out.contains("token stream"), "{out}");
        assert!(out.contains("  1                    CE"), "{out}");
    }
}

#[test]
fn a_bundle_older_than_its_sources_is_named_with_the_way_to_refresh_it() {
    let ws = library_workspace();
    let problem = ws.path().join("problems/pku1067");
    std::fs::create_dir_all(&problem).unwrap();
    for file in ["Cargo.toml", "main.rs", "gen.rs", "brute.rs"] {
        let from = real_root().join("problems/pku1067").join(file);
        std::fs::copy(from, problem.join(file)).unwrap();
    }
    let input = ws.path().join("1.in");
    std::fs::write(&input, "2 1\n").unwrap();
    let input = input.to_str().unwrap();
    assert!(ojgames_in(ws.path(), &["bundle", "pku1067"]).success);
    let fresh = ojgames_in(
        ws.path(),
        &["run", "pku1067", "--no-bundle", "--input", input],
    );
    assert!(fresh.success, "{}{}", fresh.stdout, fresh.stderr);
    assert!(!fresh.stderr.contains("older"), "{}", fresh.stderr);

    // A library file the bundle pasted changes (here: is written again).
    std::thread::sleep(std::time::Duration::from_millis(20));
    let library_file = ws.path().join("src/games/wythoff.rs");
    let text = std::fs::read(&library_file).unwrap();
    std::fs::write(&library_file, &text).unwrap();
    for args in [
        &["judge", "pku1067", "--no-bundle"][..],
        &["run", "pku1067", "--no-bundle", "--input", input],
        &["stress", "pku1067", "--no-bundle", "-n", "3"],
    ] {
        let stale = ojgames_in(ws.path(), args);
        let warnings: Vec<&str> = stale
            .stderr
            .lines()
            .filter(|l| l.contains("older"))
            .collect();
        assert_eq!(
            warnings,
            [format!(
                "warning: bundled/pku1067.rs is older than src/games/wythoff.rs, changed since \
                 it was bundled; --no-bundle uses the bundle as it is (`ojgames --root {} \
                 bundle pku1067` makes it again)",
                ws.path().display()
            )],
            "{args:?}: {}{}",
            stale.stdout,
            stale.stderr
        );
    }

    // Bundled again (the bundle comes out the same, its time is the line map's): no warning.
    assert!(ojgames_in(ws.path(), &["bundle", "pku1067"]).success);
    let again = ojgames_in(
        ws.path(),
        &["run", "pku1067", "--no-bundle", "--input", input],
    );
    assert!(again.success, "{}{}", again.stdout, again.stderr);
    assert!(!again.stderr.contains("older"), "{}", again.stderr);
}
