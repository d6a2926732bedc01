//! The judge's compiler (issue 20): a bundle for a judge is held to that judge's rustc, its
//! syntax as well as its APIs, and `judge --judge NAME` says what it really builds with.

mod common;

use std::fs;

use common::ojgames_in;

/// A workspace with the std-only problem `guard` (AtCoder's, at `edition`), its `main.rs` and
/// one case.
fn workspace(edition: &str, main: &str, input: &str, output: &str) -> tempfile::TempDir {
    let judge_table = format!(
        "judge = \"AtCoder\"\nedition = \"{edition}\"\n\
         time-limit-ms = 2000\nmemory-limit-kb = 1048576\ncompare = \"lines\"\n"
    );
    common::one_problem_workspace(
        "guard",
        edition,
        &judge_table,
        main,
        &[("1", input, Some(output))],
    )
}

/// An `if let` guard (stable since Rust 1.95) on line 7, column 11.
const GUARDED: &str = "use std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    match s.trim() {\n        t if let Ok(n) = t.parse::<u64>() => println!(\"{}\", n * 2),\n        _ => println!(\"?\"),\n    }\n}\n";

#[test]
fn an_if_let_guard_is_refused_for_codeforces_naming_the_feature_both_versions_and_the_line() {
    let ws = workspace("2024", GUARDED, "21\n", "42\n");
    let root = ws.path();
    let bundled = ojgames_in(root, &["bundle", "guard", "--judge", "Codeforces"]);
    assert!(!bundled.success, "{}", bundled.stdout);
    for words in [
        "Codeforces runs rustc 1.89.0",
        "`if let` guards on match arms at problems/guard/main.rs:7:11 is stable since Rust 1.95.0",
    ] {
        assert!(bundled.stderr.contains(words), "{}", bundled.stderr);
    }
    // `judge` and `run` compile the same bundle: a compile error at the user's line.
    let judged = ojgames_in(root, &["judge", "guard", "--judge", "Codeforces"]);
    assert!(!judged.success);
    assert!(judged.stdout.contains(" CE"), "{}", judged.stdout);
    for words in [
        "`if let` guards on match arms: stable since Rust 1.95.0, newer than the judge's rustc 1.89.0",
        "--> problems/guard/main.rs:7:11",
    ] {
        assert!(judged.stdout.contains(words), "{}", judged.stdout);
    }
    let ran = ojgames_in(root, &["run", "guard", "--judge", "Codeforces"]);
    assert!(!ran.success);
    let all = format!("{}{}", ran.stdout, ran.stderr);
    assert!(all.contains("problems/guard/main.rs:7:11"), "{all}");
    assert!(all.contains("stable since Rust 1.95.0"), "{all}");
}

/// The judge's line of settings for the problem: `guard: 2000 ms, …`.
fn settings_line(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|l| l.starts_with("guard: "))
        .unwrap_or_else(|| panic!("no header in:\n{stdout}"))
}

/// The guard problem at `edition` without its 2024-only `if let` guard (so every edition
/// compiles it): 21 in, 42 out.
fn plain_guard(edition: &str) -> tempfile::TempDir {
    let plain = GUARDED.replace(
        "t if let Ok(n) = t.parse::<u64>() => println!(\"{}\", n * 2)",
        "t => println!(\"{}\", t.parse::<u64>().unwrap() * 2)",
    );
    workspace(edition, &plain, "21\n", "42\n")
}

#[test]
fn judge_with_another_judge_says_the_edition_and_rustc_it_builds_with_and_whose_limits() {
    let ws = plain_guard("2018");
    let judged = ojgames_in(ws.path(), &["judge", "guard", "--judge", "Codeforces"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    let header = settings_line(&judged.stdout);
    for words in [
        "2000 ms, 1048576 KiB",
        "the problem's limits",
        "edition 2021, rustc 1.89.0 (Codeforces)",
    ] {
        assert!(header.contains(words), "{header}");
    }
    assert!(!header.contains("2018"), "{header}");
    // Without --judge, the problem's own judge, AtCoder, and its edition: 2024, its only one
    // (the header said 2018, the package's, and the program was compiled at 2018).
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    let header = settings_line(&judged.stdout);
    assert!(
        header.contains("edition 2024, rustc 1.89.0 (AtCoder)"),
        "{header}"
    );
}

/// Edition 2021 code whose meaning 2024 changed: the `impl Iterator` that `indices` returns
/// borrows nothing at 2021 and all of `v` at 2024, so `a.push` while it lives is E0502 there.
const CAPTURING: &str = "use std::io::Read;\n\nfn indices(v: &Vec<u64>) -> impl Iterator<Item = usize> {\n    0..v.len()\n}\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let mut a: Vec<u64> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();\n    let first = indices(&a);\n    a.push(0);\n    println!(\"{}\", first.map(|i| a[i]).sum::<u64>());\n}\n";

#[test]
fn a_2021_package_for_atcoder_is_compiled_at_2024_as_atcoder_does_and_its_error_names_the_edition()
{
    // cargo builds it (2021) and prints 42; AtCoder compiles at 2024 only, where it is E0502.
    // `judge` compiled the std-only bundle at 2021 and said AC (i20probe6's F3).
    let ws = workspace("2021", CAPTURING, "40 2\n", "42\n");
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(!judged.success, "{}{}", judged.stdout, judged.stderr);
    let header = settings_line(&judged.stdout);
    assert!(
        header.contains("edition 2024, rustc 1.89.0 (AtCoder)"),
        "{header}"
    );
    for words in [
        " CE",
        "E0502",
        "--> problems/guard/main.rs:12:5",
        "the problem is edition 2021 (cargo builds it so), but AtCoder compiles it at edition 2024",
        "+ use<>",
    ] {
        assert!(judged.stdout.contains(words), "{words}\n{}", judged.stdout);
    }
    // The same code for Codeforces, which offers 2021 too: compiled at 2021, accepted.
    let judged = ojgames_in(ws.path(), &["judge", "guard", "--judge", "Codeforces"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
}

/// Edition 2021 code whose output 2024 would change: since 2024 an `expr` fragment matches
/// `_` too, so `kind!(_)` takes the first arm (`"value"`) instead of the second (`"hole"`);
/// the same in a macro of its own module file and in a nested `$(...)*`.
const FRAGMENTS: &str = "mod more;\n\nmacro_rules! kind {\n    ($e:expr) => {\n        \"value\"\n    };\n    (_) => {\n        \"hole\"\n    };\n}\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    println!(\"{} {} {}\", kind!(s.trim()), kind!(_), more::kinds!(1, _, 2));\n}\n";

/// `main.rs`'s module `more`: a macro whose fragment is in a repetition.
const FRAGMENTS_MORE: &str = "macro_rules! kinds {\n    ($($e:expr),*) => {\n        \"values\"\n    };\n    ($($t:tt),*) => {\n        \"tokens\"\n    };\n}\npub(crate) use kinds;\n";

#[test]
fn a_2021_package_for_atcoder_keeps_its_expr_fragments_meaning_at_2024() {
    // cargo (2021) prints `value hole tokens`; the bundle compiled at 2024 printed `value
    // value values` (WA): `_` is an expression there (i20probe8's H1).
    let ws = workspace("2021", FRAGMENTS, "7\n", "value hole tokens\n");
    fs::write(ws.path().join("problems/guard/more.rs"), FRAGMENTS_MORE).unwrap();
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    // The workspace's library (2021) is the user's code too: its macro as well.
    fs::write(
        ws.path().join("src/lib.rs"),
        FRAGMENTS
            .replace("mod more;\n", "")
            .replace("kind", "lkind")
            .split("\nfn main")
            .next()
            .unwrap()
            .replace("macro_rules!", "#[macro_export]\nmacro_rules!"),
    )
    .unwrap();
    let with_library = FRAGMENTS.replace("more::kinds!(1, _, 2)", "wlib::lkind!(_)");
    fs::write(ws.path().join("problems/guard/main.rs"), with_library).unwrap();
    fs::write(ws.path().join("testdata/guard/1.out"), "value hole hole\n").unwrap();
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    let header = settings_line(&judged.stdout);
    assert!(
        header.contains("edition 2024, rustc 1.89.0 (AtCoder)"),
        "{header}"
    );
    // A 2024 package meant `expr` as 2024 does: its bundle keeps it.
    let ws = workspace("2024", FRAGMENTS, "7\n", "value value values\n");
    fs::write(ws.path().join("problems/guard/more.rs"), FRAGMENTS_MORE).unwrap();
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    // Codeforces offers 2021: compiled there, the bundle keeps `expr` as written.
    let ws = workspace("2021", FRAGMENTS, "7\n", "value hole tokens\n");
    fs::write(ws.path().join("problems/guard/more.rs"), FRAGMENTS_MORE).unwrap();
    let bundled = ojgames_in(
        ws.path(),
        &["bundle", "guard", "--judge", "Codeforces", "-o", "-"],
    );
    assert!(bundled.success, "{}", bundled.stderr);
    assert!(!bundled.stdout.contains("expr_2021"), "{}", bundled.stdout);
}

/// Edition 2021 code whose output 2024 changes with no error: since 2024 the temporary of an
/// `if let` scrutinee (`Loud(1)`) is dropped before the `else` block runs, not after it.
const RESCOPED: &str = "struct Loud(u32);\n\nimpl Drop for Loud {\n    fn drop(&mut self) {\n        println!(\"drop {}\", self.0);\n    }\n}\n\nimpl Loud {\n    fn get(&self) -> Option<u32> {\n        None\n    }\n}\n\nfn main() {\n    if let Some(x) = Loud(1).get() {\n        println!(\"{}\", x);\n    } else {\n        println!(\"none\");\n    }\n}\n";

#[test]
fn a_wrong_answer_at_another_edition_than_the_packages_says_so() {
    // cargo (2021) prints `none` then `drop 1`; AtCoder's 2024 `drop 1` then `none`: a WA
    // that did not say why, the user's cargo build passing the same case (i20probe8's H2).
    let ws = workspace("2021", RESCOPED, "", "none\ndrop 1\n");
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(!judged.success, "{}{}", judged.stdout, judged.stderr);
    for words in [
        " WA",
        "\nnote: AtCoder compiles this edition 2021 package at edition 2024: 2024 drops an `if let`'s temporaries before its `else` runs",
    ] {
        assert!(judged.stdout.contains(words), "{words}\n{}", judged.stdout);
    }
    // At the package's own edition (Codeforces offers 2021) it passes, and no note.
    let judged = ojgames_in(ws.path(), &["judge", "guard", "--judge", "Codeforces"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    assert!(!judged.stdout.contains("note:"), "{}", judged.stdout);
    // A 2024 package: the same WA, and nothing to say about editions.
    let ws = workspace("2024", RESCOPED, "", "none\ndrop 1\n");
    let judged = ojgames_in(ws.path(), &["judge", "guard"]);
    assert!(judged.stdout.contains(" WA"), "{}", judged.stdout);
    assert!(!judged.stdout.contains("note:"), "{}", judged.stdout);
}

/// A let chain (Rust 1.88, edition 2024 only) on line 7.
const CHAINED: &str = "use std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let t = s.trim();\n    if let Ok(n) = t.parse::<u64>() && n > 0 {\n        println!(\"{}\", n * 2);\n    } else {\n        println!(\"?\");\n    }\n}\n";

#[test]
fn a_2024_package_goes_to_codeforces_as_rust_2024_which_it_offers_and_its_let_chain_passes() {
    let ws = workspace("2024", CHAINED, "21\n", "42\n");
    let judged = ojgames_in(ws.path(), &["judge", "guard", "--judge", "Codeforces"]);
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    let header = settings_line(&judged.stdout);
    assert!(
        header.contains("edition 2024, rustc 1.89.0 (Codeforces)"),
        "{header}"
    );
    // Held to Codeforces' 1.89 all the same: a let chain needs 1.88, an `if let` guard 1.95.
    let guarded = CHAINED.replace(
        "    if let Ok(n) = t.parse::<u64>() && n > 0 {\n        println!(\"{}\", n * 2);\n    } else {\n        println!(\"?\");\n    }\n",
        "    match t {\n        t if let Ok(n) = t.parse::<u64>() && n > 0 => println!(\"{}\", n * 2),\n        _ => println!(\"?\"),\n    }\n",
    );
    assert_ne!(guarded, CHAINED);
    fs::write(ws.path().join("problems/guard/main.rs"), guarded).unwrap();
    let bundled = ojgames_in(ws.path(), &["bundle", "guard", "--judge", "Codeforces"]);
    assert!(!bundled.success);
    assert!(
        bundled
            .stderr
            .contains("`if let` guards on match arms at problems/guard/main.rs:8:11"),
        "{}",
        bundled.stderr
    );
}

/// The bundle's type check and the judge's keep rustc's incremental state (issue 21): after a
/// clean check, an edit that breaks `main` is still refused with its error, and an API the
/// judge lacks in the pasted library is refused on every run, its lint replayed from the state
/// when only `main` changed.
#[test]
fn checks_with_incremental_state_still_report_every_error_on_later_runs() {
    let main = |extra: &str| {
        format!("fn main() {{\n    {extra}\n    println!(\"{{:?}}\", wlib::less::less(3));\n}}\n")
    };
    let ws = common::one_problem_workspace(
        "guard",
        "2021",
        "judge = \"Codeforces\"\ntime-limit-ms = 2000\nmemory-limit-kb = 262144\n",
        &main("let _x = 1;"),
        &[("1", "", Some("Some(2)\n"))],
    );
    let root = ws.path();
    let library = |call: &str| {
        fs::write(
            root.join("src/less.rs"),
            format!("pub fn less(a: u32) -> Option<u32> {{\n    a.{call}(1)\n}}\n"),
        )
        .unwrap()
    };
    fs::write(root.join("src/lib.rs"), "pub mod less;\n").unwrap();
    library("checked_sub");
    let bundle = || ojgames_in(root, &["bundle", "guard"]);
    let first = bundle();
    assert!(first.success, "{}", first.stderr);
    let state = root.join("target/ojgames/guard/incremental/clippy-1.89.0-2021");
    assert!(fs::read_dir(&state).unwrap().next().is_some(), "no state");
    let edit_main =
        |extra: &str| fs::write(root.join("problems/guard/main.rs"), main(extra)).unwrap();
    let two_at_once = || {
        std::thread::scope(|scope| {
            let first = scope.spawn(bundle);
            let second = scope.spawn(bundle);
            (first.join().unwrap(), second.join().unwrap())
        })
    };
    edit_main("let _x: u32 = \"x\";");
    let broken = bundle();
    assert!(!broken.success, "{}", broken.stdout);
    for words in ["mismatched types", "problems/guard/main.rs:2:"] {
        assert!(broken.stderr.contains(words), "{}", broken.stderr);
    }
    edit_main("let _x = 2;");
    let fixed = bundle();
    assert!(fixed.success, "{}", fixed.stderr);
    edit_main("let _x = 6;");
    let (first, second) = two_at_once();
    for run in [first, second] {
        assert!(run.success, "{}", run.stderr);
    }
    library("checked_sub_signed");
    let lint = "`checked_sub_signed` at src/less.rs:2:7 is stable since Rust 1.90.0";
    // Two checks of the same problem at once share the state's folder: rustc locks a
    // session, and the one that cannot take the last starts afresh. Both still refuse it.
    edit_main("let _x = 5;");
    let (first, second) = two_at_once();
    for run in [first, second] {
        assert!(!run.success, "{}", run.stdout);
        assert!(run.stderr.contains(lint), "{}", run.stderr);
    }
    for (round, extra) in ["let _x = 3;", "let _x = 4;"].iter().enumerate() {
        edit_main(extra);
        let refused = bundle();
        assert!(!refused.success, "round {round}: {}", refused.stdout);
        assert!(
            refused.stderr.contains(lint),
            "round {round}: {}",
            refused.stderr
        );
        let judged = ojgames_in(root, &["judge", "guard"]);
        assert!(!judged.success, "round {round}");
        assert!(
            judged.stdout.contains(" CE"),
            "round {round}: {}",
            judged.stdout
        );
        assert!(
            judged.stdout.contains("checked_sub_signed"),
            "round {round}: {}",
            judged.stdout
        );
    }
}

/// rustc's incremental state is where its panics come from most: a check that panics with it
/// (an internal compiler error, not the code's) runs again without it, as the judge's rustc
/// would, and the bundle passes. Here a `rustc` first on PATH panics whenever it is given
/// `-C incremental`.
#[test]
fn a_check_whose_incremental_state_makes_rustc_panic_runs_again_without_it() {
    let ws = common::one_problem_workspace(
        "steady",
        "2021",
        "judge = \"HDU\"\n",
        "fn main() {\n    println!(\"{}\", 6 * 7);\n}\n",
        &[("1", "", Some("42\n"))],
    );
    let panicking = "case \"$*\" in *incremental=*)\n  \
        echo 'error: internal compiler error: found unstable fingerprints' >&2\n  \
        exit 101;;\nesac";
    let path = common::path_with_rustc(&ws.path().join("panicking-rustc"), panicking);
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command
        .arg("--root")
        .arg(ws.path())
        .args(["bundle", "steady", "-o", "-"])
        .env("PATH", path);
    let run = common::run(&mut command);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("6 * 7"), "{}", run.stderr);
}

/// A `rustc` and `clippy-driver` that are rustup's proxy as the tool sees it (one file with a
/// `rustup` beside it, in `dir`), logging each run to `log` as `proxy NAME ARGS`: `--print
/// sysroot` answers `sysroot`, whose `bin/` holds a `rustc` and `clippy-driver` logging
/// `direct NAME`; both then run the real toolchain's program. The PATH to use.
fn fake_rustup(dir: &std::path::Path, log: &std::path::Path) -> std::ffi::OsString {
    use std::os::unix::fs::PermissionsExt;
    let real = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .unwrap();
    let real = std::path::Path::new(String::from_utf8(real.stdout).unwrap().trim()).join("bin");
    let (proxies, sysroot) = (dir.join("proxies"), dir.join("sysroot"));
    fs::create_dir_all(&proxies).unwrap();
    fs::create_dir_all(sysroot.join("bin")).unwrap();
    let script = |path: &std::path::Path, text: String| {
        fs::write(path, text).unwrap();
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
    };
    let (log, real) = (log.display(), real.display());
    script(
        &proxies.join("rustup"),
        format!(
            "#!/bin/sh\nname=$(basename \"$0\")\necho \"proxy $name $*\" >>'{log}'\n\
             if [ \"$1\" = --print ] && [ \"$2\" = sysroot ]; then echo '{}'; exit 0; fi\n\
             exec '{real}'/\"$name\" \"$@\"\n",
            sysroot.display()
        ),
    );
    for name in ["rustc", "clippy-driver"] {
        fs::hard_link(proxies.join("rustup"), proxies.join(name)).unwrap();
        script(
            &sysroot.join("bin").join(name),
            format!("#!/bin/sh\necho \"direct {name}\" >>'{log}'\nexec '{real}'/{name} \"$@\"\n"),
        );
    }
    let rest = std::env::split_paths(&common::path_with_ojgames()).collect::<Vec<_>>();
    std::env::join_paths(std::iter::once(proxies).chain(rest)).unwrap()
}

/// The toolchain rustup's proxy runs is kept in the user's store (issue 21): a `judge` after
/// an edit starts its `rustc -O` and its check (clippy-driver, held to Codeforces' rustc) from
/// the toolchain directly, without the proxy and without asking it; a `rust-toolchain.toml`
/// written where the tool runs (rustup may then choose another toolchain) makes it ask again,
/// and so does a change of rustup's toolchains folder (a name re-linked).
#[test]
fn a_judge_after_an_edit_runs_the_kept_toolchain_without_rustups_proxy() {
    let ws = plain_guard("2021");
    let root = ws.path();
    let fake = tempfile::tempdir().unwrap();
    let log = fake.path().join("runs.log");
    let path = fake_rustup(fake.path(), &log);
    let rustup_home = fake.path().join("rustup-home");
    fs::create_dir_all(rustup_home.join("toolchains")).unwrap();
    let main = root.join("problems/guard/main.rs");
    let judge = |edit: &str| {
        let mut text = fs::read_to_string(&main).unwrap();
        text.push_str(&format!("\nfn _{edit}() {{}}\n"));
        fs::write(&main, text).unwrap();
        let _ = fs::remove_file(&log);
        let judged = common::run(
            std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"))
                .current_dir(root)
                .env("PATH", &path)
                .env("RUSTUP_HOME", &rustup_home)
                .args(["--root", ".", "judge", "guard", "--judge", "Codeforces"]),
        );
        assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
        assert!(judged.stdout.contains("1 passed"), "{}", judged.stdout);
        fs::read_to_string(&log).unwrap_or_default()
    };
    let first = judge("first");
    assert!(
        first.contains("proxy rustc --print sysroot"),
        "the first judge asks which toolchain runs:\n{first}"
    );
    let second = judge("second");
    assert!(!second.contains("proxy"), "{second}");
    for name in ["rustc", "clippy-driver"] {
        assert!(second.contains(&format!("direct {name}")), "{second}");
    }
    fs::write(root.join("rust-toolchain.toml"), "[toolchain]\n").unwrap();
    let third = judge("third");
    assert!(third.contains("proxy rustc --print sysroot"), "{third}");
    let fourth = judge("fourth");
    assert!(!fourth.contains("proxy"), "{fourth}");
    // `rustup toolchain link` (a name re-pointed) changes rustup's toolchains folder.
    fs::create_dir(rustup_home.join("toolchains/linked")).unwrap();
    let fifth = judge("fifth");
    assert!(fifth.contains("proxy rustc --print sysroot"), "{fifth}");
}

/// The launcher that runs the cases (`ojgames __run`) is started before the solution's `rustc
/// -O`, so that its start overlaps the compile (issue 21): the rustc on PATH is a wrapper that
/// logs whether a child `__run` of the judging `ojgames` is running as it starts.
#[test]
fn a_judge_starts_its_launcher_before_it_compiles_the_solution() {
    let ws = plain_guard("2021");
    let root = ws.path();
    let fake = tempfile::tempdir().unwrap();
    let log = fake.path().join("runs.log");
    let before = format!(
        "launcher=none\nfor pid in $(cat /proc/$PPID/task/*/children); do\n  \
         if tr '\\0' ' ' </proc/$pid/cmdline 2>/dev/null | grep -q ' __run'; then launcher=ready; fi\n\
         done\necho \"launcher $launcher: $*\" >>'{}'",
        log.display()
    );
    let path = common::path_with_rustc(&fake.path().join("bin"), &before);
    let judged = common::run(
        std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"))
            .env("PATH", &path)
            .arg("--root")
            .arg(root)
            .args(["judge", "guard"]),
    );
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    assert!(judged.stdout.contains("1 passed"), "{}", judged.stdout);
    let log = fs::read_to_string(&log).unwrap();
    let compile = log
        .lines()
        .find(|line| line.contains(" -O "))
        .unwrap_or_else(|| panic!("no rustc -O in:\n{log}"));
    assert!(compile.starts_with("launcher ready: "), "{log}");
}

/// Without HOME (nor RUSTUP_HOME) rustup's settings cannot be stamped: the toolchain is not
/// kept, but still asked for, as before the store (the runs after the answer skip the proxy).
#[test]
fn without_a_home_the_toolchain_is_still_asked_for_only_not_kept() {
    let ws = plain_guard("2021");
    let root = ws.path();
    let fake = tempfile::tempdir().unwrap();
    let log = fake.path().join("runs.log");
    let path = fake_rustup(fake.path(), &log);
    let judged = common::run(
        std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"))
            .env("PATH", &path)
            .env_remove("HOME")
            .env_remove("RUSTUP_HOME")
            .arg("--root")
            .arg(root)
            .args(["judge", "guard", "--judge", "Codeforces"]),
    );
    assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
    let runs = fs::read_to_string(&log).unwrap_or_default();
    assert!(runs.contains("proxy rustc --print sysroot"), "{runs}");
    let store = root.join("target/ojgames/.cache/.store/toolchain");
    let kept = fs::read_dir(&store).map(|d| d.count()).unwrap_or(0);
    assert_eq!(kept, 0, "nothing kept in {}", store.display());
}

/// The compiled solution is kept under its text, edition and flags, and the compiler that
/// built it: after the compiler changed (`rustup update` rewrites the toolchain's `rustc` in
/// place; here the `rustc` on PATH is rewritten), `judge` compiles again rather than judge
/// the program the previous compiler built; with the same compiler it does not.
#[test]
fn a_judge_after_the_compiler_changed_compiles_the_solution_again() {
    let ws = plain_guard("2021");
    let fake = tempfile::tempdir().unwrap();
    let log = fake.path().join("runs.log");
    // A `rustc` on PATH that logs its runs, written anew: another compiler.
    let compiler = |name: &str| {
        let note = format!("echo '{name}: '\"$*\" >>'{}'", log.display());
        common::path_with_rustc(&fake.path().join("bin"), &note)
    };
    let judge = |path: &std::ffi::OsString| {
        let _ = fs::remove_file(&log);
        let judged = common::run(
            std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"))
                .env("PATH", path)
                .arg("--root")
                .arg(ws.path())
                .args(["judge", "guard"]),
        );
        assert!(judged.success, "{}{}", judged.stdout, judged.stderr);
        assert!(judged.stdout.contains("1 passed"), "{}", judged.stdout);
        let runs = fs::read_to_string(&log).unwrap_or_default();
        runs.lines().any(|line| line.contains(" -O "))
    };
    let old = compiler("old");
    assert!(judge(&old), "the first judge compiles");
    assert!(!judge(&old), "the same compiler: the program is kept");
    assert!(
        judge(&compiler("a newer one")),
        "another compiler: compiled again"
    );
}
