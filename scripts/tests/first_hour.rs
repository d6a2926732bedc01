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
    let ws = wythoff_workspace(None);
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

/// A library workspace with POJ 1067 (Wythoff's game: its solution, generator and brute
/// force), the solution changed by `plant` (`from`, `to`) when given.
fn wythoff_workspace(plant: Option<(&str, &str)>) -> tempfile::TempDir {
    let ws = library_workspace();
    let problem = ws.path().join("problems/pku1067");
    std::fs::create_dir_all(&problem).unwrap();
    for file in ["Cargo.toml", "main.rs", "gen.rs", "brute.rs"] {
        let from = real_root().join("problems/pku1067").join(file);
        std::fs::copy(from, problem.join(file)).unwrap();
    }
    if let Some((from, to)) = plant {
        let main = std::fs::read_to_string(problem.join("main.rs")).unwrap();
        assert!(main.contains(from), "{main}");
        std::fs::write(problem.join("main.rs"), main.replace(from, to)).unwrap();
    }
    ws
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[test]
fn stress_paints_its_failures_only_when_asked() {
    let plant = (
        "out.line(u8::from(!wythoff::is_losing(a, b)));",
        "out.line(u8::from(!wythoff::is_losing(a, b) && !(a == b && a > 0)));",
    );
    let ws = wythoff_workspace(Some(plant));
    let args = ["stress", "pku1067", "-n", "200", "--seed", "7"];
    let always = ojgames_in(ws.path(), &[&["--color", "always"], &args[..]].concat());
    assert_eq!(always.code, Some(1), "{}{}", always.stdout, always.stderr);
    assert!(
        always
            .stdout
            .contains(" cases, \x1b[31m1 failed\x1b[0m (seed 7)"),
        "{}",
        always.stdout
    );
    // The failure report's headline: what went wrong, in red.
    let headline = always
        .stdout
        .lines()
        .find(|line| line.starts_with("stress pku1067: case "))
        .unwrap_or_else(|| panic!("no headline:\n{}", always.stdout));
    assert!(
        headline.contains("): \x1b[31m") && headline.ends_with("\x1b[0m"),
        "{headline}"
    );
    // Piped, as here: plain text, as CI's logs read it.
    let piped = ojgames_in(ws.path(), &args);
    assert_eq!(piped.code, Some(1), "{}{}", piped.stdout, piped.stderr);
    assert!(!piped.stdout.contains('\x1b'), "{}", piped.stdout);
    assert!(
        piped.stdout.contains(" cases, 1 failed (seed 7)"),
        "{}",
        piped.stdout
    );
}

#[test]
fn stress_json_is_one_record_per_problem_with_the_failure_and_its_replay() {
    // Says the player to move loses when the piles are equal (a, a), and a > 0.
    let plant = (
        "out.line(u8::from(!wythoff::is_losing(a, b)));",
        "out.line(u8::from(!wythoff::is_losing(a, b) && !(a == b && a > 0)));",
    );
    let ws = wythoff_workspace(Some(plant));
    let run = ojgames_in(
        ws.path(),
        &["stress", "pku1067", "-n", "200", "--seed", "7", "--json"],
    );
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 1, "{}", run.stdout);
    let record = &records[0];
    assert_eq!(record["problem"], "pku1067");
    assert_eq!(
        (record["seed"].as_u64(), record["cases"].as_u64()),
        (Some(7), Some(200))
    );
    assert_eq!(record["failed"], 1);
    let failure = &record["failure"];
    assert_eq!(failure["verdict"], "WA", "{record}");
    let seed = failure["seed"].as_u64().unwrap();
    assert_eq!(seed, 7 + failure["case"].as_u64().unwrap());
    assert_eq!(record["ran"].as_u64(), Some(seed - 7 + 1));
    let (input, expected, actual) = (
        failure["input"].as_str().unwrap(),
        failure["expected"].as_str().unwrap(),
        failure["actual"].as_str().unwrap(),
    );
    assert!(!input.is_empty() && expected != actual, "{record}");
    // The record's input and outputs are those of the case: its seed regenerates them.
    let replay = record["reproduce"].as_str().unwrap();
    assert!(
        replay.ends_with(&format!("stress pku1067 -n 1 --seed {seed}")),
        "{replay}"
    );
    let args: Vec<&str> = replay.split(' ').skip(1).collect();
    let again = ojgames_in(ws.path(), &[&args[2..], &["--json"]].concat());
    assert_eq!(again.code, Some(1), "{}{}", again.stdout, again.stderr);
    let again = &json_lines(&again.stdout)[0]["failure"];
    assert_eq!(
        (&again["input"], &again["actual"]),
        (&failure["input"], &failure["actual"])
    );

    let fixed = wythoff_workspace(None);
    let run = ojgames_in(fixed.path(), &["stress", "pku1067", "-n", "20", "--json"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(
        (record["ran"].as_u64(), record["failed"].as_u64()),
        (Some(20), Some(0))
    );
    assert!(
        record["failure"].is_null() && record.get("reproduce").is_none(),
        "{record}"
    );
}

#[test]
fn judge_json_records_carry_the_limits_and_the_bundle() {
    let ws = copy_workspace(&fixture("verdict_ws"));
    let run = ojgames_in(ws.path(), &["judge", "ac", "tle", "--json"]);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 3, "two cases and the totals: {}", run.stdout);
    for (record, (id, time_ms)) in records.iter().zip([("ac", 300), ("tle", 300)]) {
        assert_eq!(record["problem"], id);
        assert_eq!(record["bundle"], format!("bundled/{id}.rs"), "{record}");
        let limits = &record["limits"];
        assert_eq!(limits["time_ms"], time_ms, "{record}");
        assert_eq!(limits["memory_kib"], 65536, "{record}");
        assert_eq!(limits["stack_kib"], 65536, "{record}");
        assert!(limits["output_kib"].as_u64() > Some(0), "{record}");
    }
}

#[test]
fn fill_names_the_limit_that_stopped_the_brute_force() {
    let ws = wythoff_workspace(None);
    // A brute force that asks for 16 GiB on the input `huge`, over its 8 GiB memory limit.
    std::fs::write(
        ws.path().join("problems/pku1067/brute.rs"),
        "use std::io::Read;\n\
         fn main() {\n\
             let mut s = String::new();\n\
             std::io::stdin().read_to_string(&mut s).unwrap();\n\
             if s.trim() == \"huge\" {\n\
                 let v = vec![1u8; 1 << 34];\n\
                 println!(\"{}\", v[12345]);\n\
             }\n\
             println!(\"0\");\n\
         }\n",
    )
    .unwrap();
    let data = ws.path().join("testdata/pku1067");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("small.in"), "1 2\n").unwrap();
    std::fs::write(data.join("huge.in"), "huge\n").unwrap();
    let filled = ojgames_in(ws.path(), &["fill", "pku1067"]);
    let out = &filled.stdout;
    assert_eq!(filled.code, Some(1), "{out}{}", filled.stderr);
    assert!(
        out.contains(
            "testdata/pku1067/huge.out: not written: the brute force was stopped: out of \
             memory: an allocation failed at the 8192 MiB memory limit"
        ),
        "{out}"
    );
    assert!(
        out.contains("memory allocation of 17179869184 bytes failed"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("small.out")).unwrap(),
        "0\n"
    );
    assert!(!data.join("huge.out").exists());
}

/// The commands of docs/practice.md's worked example (steps 1 to 4), `make X P=ID` as the
/// `ojgames X ID` it runs.
fn practice_commands() -> (String, Vec<String>) {
    let doc = std::fs::read_to_string(real_root().join("docs/practice.md")).unwrap();
    let steps = doc.split("## 4b.").next().unwrap();
    let mut commands = Vec::new();
    for block in steps.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap();
        for line in block.lines() {
            let command = line.split("  #").next().unwrap().trim();
            if !command.is_empty() {
                commands.push(command.to_string());
            }
        }
    }
    let id = commands[0]
        .strip_prefix("make new P=")
        .unwrap_or_else(|| panic!("the example starts with `make new P=ID`: {}", commands[0]))
        .to_string();
    let commands = commands
        .iter()
        .map(|command| {
            let Some(rest) = command.strip_prefix("make ") else {
                return command.clone();
            };
            let mut words = rest.split(' ');
            let target = words.next().unwrap();
            let mut out = format!("ojgames {target}");
            if target == "stress" && rest == "stress" {
                out.push_str(" --all");
            }
            for word in words {
                match word.split_once('=') {
                    Some(("P", id)) => out.push_str(&format!(" {id}")),
                    // Fewer cases than the doc asks: the commands are what is tested.
                    Some(("N", _)) => out.push_str(" -n 30"),
                    Some(("SEED", seed)) => out.push_str(&format!(" --seed {seed}")),
                    _ => panic!("unknown make argument in `{command}`"),
                }
            }
            out
        })
        .collect();
    (id, commands)
}

#[test]
fn the_practice_example_is_a_new_problem_and_its_commands_work() {
    let (id, commands) = practice_commands();
    for dir in ["problems", "testdata"] {
        let existing = real_root().join(dir).join(&id);
        assert!(
            !existing.exists(),
            "the example {id} exists: {}",
            existing.display()
        );
    }
    assert!(commands.len() >= 10, "{commands:?}");
    let ws = library_workspace();
    let root = ws.path();
    for (step, command) in commands.iter().enumerate() {
        if step == 1 {
            // Step 2 of the doc: the sample pasted (the template solution echoes the piles).
            let data = root.join("testdata").join(&id);
            std::fs::write(data.join("sample-1.in"), "2\n3 4\n").unwrap();
            std::fs::write(data.join("sample-1.out"), "3 4\n").unwrap();
            // The doc's `./a.out`, a program of the user's own: one that answers the sample.
            let program = root.join("a.out");
            std::fs::write(&program, "#!/bin/sh\nexec tail -n +2\n").unwrap();
            let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
            std::fs::set_permissions(&program, mode).unwrap();
        }
        let run = common::run(
            std::process::Command::new("bash")
                .args(["-c", command])
                .current_dir(root),
        );
        assert!(run.success, "`{command}`:\n{}{}", run.stdout, run.stderr);
    }
}
