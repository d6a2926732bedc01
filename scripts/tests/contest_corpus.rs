//! The contest corpus (`fixtures/contest_ws`): contestant-style solutions whose Cargo.toml is
//! AtCoder's whole 2025-10 block (proconio 0.5.0, three with 0.4.3). Each is bundled for
//! AtCoder (its crates stay `use`s; `run` builds it in the tool's judge project with AtCoder's
//! pins) and for Codeforces (std only: everything pasted, compiled with `rustc --edition 2021
//! -O`), and each bundle's output on every input must be the cargo build's (`NAME.out`, made by
//! the fixture's cargo release build; `expected_outputs_are_what_the_cargo_build_prints`
//! checks them, ignored: it compiles the whole block).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::{copy_workspace, fixture, ojgames_in, run_on};

/// Solutions whose bundle for a judge still fails: (id, judge, why). The corpus test skips and
/// lists them; `known_failures_now_pass` (ignored) checks them. Each reason is a finding of
/// issue 20's probe (docs/bundling.md, "The contest corpus").
const KNOWN_FAILURES: &[(&str, &str, &str)] = &[
    (
        "petgraph_roads",
        "Codeforces",
        "F4: 299 KB compacted (402 KB while the fallback rule took indexmap's and hashbrown's `IntoIter` for one type and std's `Debug` for a rival of the bundle's own types: the feature groups cut nothing), 4.6 times Codeforces' 64 KiB, so no mono pass (forced on the 402 KB: 337 KB; its first batch, which does not type-check, 266 KB; hashbrown, which petgraph's dijkstra returns, allocator-api2, fixedbitset, petgraph graph_impl)",
    ),
    (
        "words_order",
        "Codeforces",
        "F4: 356 KB compacted (main at 26b612e the same), over four times Codeforces' 64 KiB (forced through the mono pass, i20cut: 254 KB; hashbrown, allocator-api2, ordered-float)",
    ),
    (
        "random_hash",
        "Codeforces",
        "F4: 970 KB compacted (main at 26b612e the same), over Codeforces' 64 KiB (libc, zerocopy through rand 0.9; the shake cuts nothing)",
    ),
    (
        "bignum_rational",
        "Codeforces",
        "F4: 287 KB compacted, over four times Codeforces' 64 KiB, so no mono pass (forced: 207 KB, 205 KB with shake and mono again to a fixed point; its first batch, which does not type-check, 159 KB, a third of it macro_rules! definitions: i20cut); it uses BigInt, so num-bigint's feature group stays",
    ),
];

fn solutions(ws: &Path) -> Vec<String> {
    let mut ids: Vec<String> = fs::read_dir(ws.join("testdata"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    ids.sort();
    ids
}

/// Each input with its expected output.
fn cases(ws: &Path, id: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(ws.join("testdata").join(id))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let expected = fs::read(input.with_extension("out")).unwrap();
            (input, expected)
        })
        .collect()
}

fn differs(judge: &str, input: &Path, expected: &[u8], actual: &[u8]) -> String {
    format!(
        "{judge} bundle, wrong answer on {}:\n--- cargo build\n{}--- bundle\n{}",
        input.display(),
        String::from_utf8_lossy(expected),
        String::from_utf8_lossy(actual)
    )
}

/// A std-only judge (Codeforces; Kattis, which has no source limit, for the bundles over
/// Codeforces' 64 KiB): the bundle is compiled as Codeforces does and run on every input.
fn check_std_only(ws: &Path, scratch: &Path, id: &str, judge: &str) -> Result<usize, String> {
    let mut args = vec!["bundle", id, "--judge", judge, "-o", "-"];
    if judge == "Kattis" {
        // Only to check what is pasted (its size is over anyway): whole modules, no item
        // shaking (minutes on num), and rustc below is the check.
        args.extend(["--whole-modules", "--no-check"]);
    }
    let run = ojgames_in(ws, &args);
    if !run.success {
        return Err(format!("{judge} bundle failed:\n{}", run.stderr));
    }
    let dir = scratch.join(judge).join(id);
    fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{id}.rs"));
    fs::write(&source, &run.stdout).unwrap();
    let binary = dir.join(id);
    let (compiled, messages) = common::rustc(&source, "2021", &binary);
    if !compiled {
        return Err(format!(
            "{judge} bundle, rustc --edition 2021 -O:\n{messages}"
        ));
    }
    for (input, expected) in cases(ws, id) {
        let actual = run_on(&binary, &input)?;
        if actual != expected {
            return Err(differs(judge, &input, &expected, &actual));
        }
    }
    Ok(run.stdout.len())
}

/// AtCoder: `run` bundles for AtCoder and builds the bundle as AtCoder does (cargo, its pins,
/// edition 2024), once, then runs it on every input.
fn check_atcoder(ws: &Path, id: &str) -> Result<usize, String> {
    for (input, expected) in cases(ws, id) {
        let args = [
            "run",
            id,
            "--judge",
            "AtCoder",
            "--input",
            input.to_str().unwrap(),
        ];
        let ran = ojgames_in(ws, &args);
        if !ran.success {
            return Err(format!("AtCoder run failed:\n{}{}", ran.stdout, ran.stderr));
        }
        if ran.stdout.as_bytes() != expected {
            return Err(differs("AtCoder", &input, &expected, ran.stdout.as_bytes()));
        }
    }
    let bundle = ws.join("bundled").join(format!("{id}.rs"));
    Ok(fs::metadata(bundle).map_or(0, |m| m.len() as usize))
}

fn known_failure(id: &str, judge: &str) -> Option<&'static str> {
    KNOWN_FAILURES
        .iter()
        .find(|(i, j, _)| *i == id && *j == judge)
        .map(|(_, _, why)| *why)
}

struct Outcome {
    id: String,
    judge: String,
    result: Result<usize, String>,
    time: Duration,
}

#[test]
fn every_contest_solution_bundled_for_atcoder_and_codeforces_prints_what_its_cargo_build_prints() {
    let ws = copy_workspace(&fixture("contest_ws"));
    let scratch = tempfile::tempdir().unwrap();
    let ids = solutions(ws.path());
    assert!(ids.len() >= 12, "corpus shrank: {ids:?}");

    // (id, judge) in turn; a solution over Codeforces' limit (F4) is checked for Kattis.
    let mut jobs = Vec::new();
    for id in &ids {
        for judge in ["AtCoder", "Codeforces"] {
            match known_failure(id, judge) {
                None => jobs.push((id.as_str(), judge)),
                Some(why) if why.starts_with("F4") => jobs.push((id.as_str(), "Kattis")),
                Some(_) => {}
            }
        }
    }
    let failures = check_all(ws.path(), scratch.path(), &jobs);
    for (id, judge, why) in KNOWN_FAILURES {
        println!("| {id} | {judge} | skipped: {why} | |");
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

/// The solutions still failing: this test fails until each of them passes (then drop it from
/// `KNOWN_FAILURES`). `cargo test -p ojgames --test contest_corpus -- --ignored known_failures`
#[test]
#[ignore = "the bundles of KNOWN_FAILURES still fail (issue 20's probe findings)"]
fn known_failures_now_pass() {
    let ws = copy_workspace(&fixture("contest_ws"));
    let scratch = tempfile::tempdir().unwrap();
    let jobs: Vec<(&str, &str)> = KNOWN_FAILURES
        .iter()
        .map(|&(id, judge, _)| (id, judge))
        .collect();
    let failures = check_all(ws.path(), scratch.path(), &jobs);
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

/// Checks every (id, judge) on all cores; the solutions' two judges one after the other (both
/// write under bundled/ and target/ojgames/ID). Prints a table; returns the failures.
fn check_all(ws: &Path, scratch: &Path, jobs: &[(&str, &str)]) -> Vec<String> {
    let mut by_id: Vec<(&str, Vec<&str>)> = Vec::new();
    for &(id, judge) in jobs {
        match by_id.iter_mut().find(|(i, _)| *i == id) {
            Some((_, judges)) => judges.push(judge),
            None => by_id.push((id, vec![judge])),
        }
    }
    let queue = Mutex::new(by_id.iter());
    let outcomes = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let next = queue.lock().unwrap().next();
                let Some((id, judges)) = next else { break };
                for &judge in judges {
                    let start = Instant::now();
                    let result = if judge == "AtCoder" {
                        check_atcoder(ws, id)
                    } else {
                        check_std_only(ws, scratch, id, judge)
                    };
                    outcomes.lock().unwrap().push(Outcome {
                        id: id.to_string(),
                        judge: judge.to_string(),
                        result,
                        time: start.elapsed(),
                    });
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by(|a, b| (&a.id, &a.judge).cmp(&(&b.id, &b.judge)));

    let mut failures = Vec::new();
    println!("| solution | judge | bundle bytes | bundle, compile and runs |\n|---|---|---:|---:|");
    for outcome in &outcomes {
        let Outcome {
            id,
            judge,
            result,
            time,
        } = outcome;
        match result {
            Ok(bytes) => println!("| {id} | {judge} | {bytes} | {} ms |", time.as_millis()),
            Err(error) => {
                println!("| {id} | {judge} | FAILED | |");
                failures.push(format!("{id} for {judge}: {error}"));
            }
        }
    }
    failures
}

/// The expected outputs are the cargo build's: the whole workspace built in release (AtCoder's
/// whole block, compiled once) and each binary run on each input. Ignored: about 3 minutes of
/// CPU. `cargo test -p ojgames --test contest_corpus -- --ignored`.
#[test]
#[ignore = "compiles AtCoder's whole crate block (about 3 CPU minutes)"]
fn expected_outputs_are_what_the_cargo_build_prints() {
    let ws = fixture("contest_ws");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("contest_ws");
    let output = Command::new(env!("CARGO"))
        .args(["build", "--release", "--locked", "--quiet", "--workspace"])
        .arg("--manifest-path")
        .arg(ws.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo build of the fixture failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for id in solutions(&ws) {
        for (input, expected) in cases(&ws, &id) {
            let actual = run_on(&target.join("release").join(&id), &input).unwrap();
            assert!(
                actual == expected,
                "{}",
                differs("cargo", &input, &expected, &actual)
            );
        }
    }
}
