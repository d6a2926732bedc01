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

/// cfg is evaluated for the judge's target (x86_64 Linux, issue 20): the `cfg(windows)` maker
/// goes, and with it the type only it makes; the bundle still compiles and runs.
#[test]
fn code_behind_a_cfg_false_on_the_judges_target_goes_with_the_type_only_it_makes() {
    let (text, output) = bundle_compile_run("impls");
    assert!(!text.contains("fn make_windows_only"), "{text}");
    assert!(!text.contains("pub struct WindowsOnly"), "{text}");
    assert!(output.ends_with("dropped 5\n"), "{output}");
}

#[test]
fn two_bundles_of_one_problem_at_once_shake_alike() {
    // Both shakes wrote their candidates to the same `target/ojgames/ID/shake.rs`: one
    // read the other's diagnostics, kept cuts the other had tried, and could end broken.
    let ws = copy_workspace(&fixture("shake_ws"));
    for round in 0..3 {
        let _ = fs::remove_dir_all(ws.path().join("target/ojgames"));
        let spawn = || {
            common::isolate_cache(
                Command::new(env!("CARGO_BIN_EXE_ojgames"))
                    .arg("--root")
                    .arg(ws.path())
                    .args(["bundle", "impls", "-o", "-"]),
            )
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
        // Each shake removes its rustc's incremental state when it ends.
        let scratch = ws.path().join("target/ojgames/impls");
        let left: Vec<String> = fs::read_dir(&scratch)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with("shake-incremental"))
            .collect();
        assert!(left.is_empty(), "round {round}: {left:?}");
    }
}

/// `ojgames --root WS ARGS` with a `rustc` first on PATH that counts its runs in `log`
/// (written beside `log`).
fn oj_counting_rustc(
    ws: &std::path::Path,
    log: &std::path::Path,
    args: &[&str],
) -> (String, usize) {
    oj_counting_rustc_with(ws, log, args, &[])
}

/// [`oj_counting_rustc`] with the environment variables `envs` set (`OJGAMES_CACHE`: the
/// tool's cache there, else one of the workspace's own).
fn oj_counting_rustc_with(
    ws: &std::path::Path,
    log: &std::path::Path,
    args: &[&str],
    envs: &[(&str, &std::path::Path)],
) -> (String, usize) {
    let counting = format!("echo run >> '{}'", log.display());
    // Beside the log, so workspaces counting in one log run one compiler (the tool keys what
    // it shook on the compiler's path, size and date).
    let wrapper_dir = log.parent().unwrap_or(ws).join("counting-rustc");
    let path = common::path_with_rustc(&wrapper_dir, &counting);
    let before = fs::read_to_string(log).map_or(0, |l| l.lines().count());
    let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command.arg("--root").arg(ws).args(args).env("PATH", path);
    command.envs(envs.iter().copied());
    let output = common::run(&mut command);
    assert!(
        output.success,
        "{args:?}: {}{}",
        output.stdout, output.stderr
    );
    let after = fs::read_to_string(log).map_or(0, |l| l.lines().count());
    (output.stdout, after - before)
}

#[test]
fn an_edit_reaching_no_new_item_and_another_problem_reaching_the_same_reuse_the_shake() {
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let bundle = |id: &str| oj_counting_rustc(ws.path(), &log, &["bundle", id, "-o", "-"]);
    let (first, runs) = bundle("impls");
    assert!(runs > 2, "a first bundle shakes with rustc: {runs} runs");
    // A new function of the solution's own: no name of the library.
    let main = ws.path().join("problems/impls/main.rs");
    let edit = "fn _edited() -> u64 { 41 + 1 }\n";
    fs::write(&main, fs::read_to_string(&main).unwrap() + edit).unwrap();
    let (edited, runs) = bundle("impls");
    assert_eq!(runs, 1, "only the bundle's type check runs rustc");
    assert_eq!(edited.replacen(edit, "", 1), first);
    // Another problem whose main.rs is the same: its bundle differs only in its header.
    let copy = ws.path().join("problems/impls_copy");
    common::copy_tree(&ws.path().join("problems/impls"), &copy);
    let manifest = fs::read_to_string(copy.join("Cargo.toml")).unwrap();
    fs::write(
        copy.join("Cargo.toml"),
        manifest.replace("\"impls\"", "\"impls_copy\""),
    )
    .unwrap();
    let (copied, runs) = bundle("impls_copy");
    assert_eq!(runs, 1, "only the bundle's type check runs rustc");
    let body = |text: &str| {
        text.lines()
            .filter(|l| !l.starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&copied), body(&edited));
}

/// An impl a literal's fallback chooses stays: `balance` is typed only by `show`'s bound, so
/// with impls for `u64` and `i32` (and others) it is an `i32` and prints -3, as the cargo build
/// does; the shake kept only `u64`'s impl (the one `steps` needs), and the bundle printed
/// 18446744073709551613.
#[test]
fn an_impl_a_literals_fallback_chooses_stays() {
    let (text, output) = bundle_compile_run("literal_fallback");
    assert_eq!(output, "<3>\n<-3>\n", "{text}");
}

/// This project's library is shaken as the pasted crates are, guided by rustc's errors first
/// (every candidate cut at once, then what the errors name put back), then by delta debugging
/// over every unit put back: the same bundle as the delta debugging alone, in fewer runs
/// (shake_ws' impls, one check at a time: 17 rustc runs before, at most 14 with it; this project's 33
/// problems the same sizes, hdu1536 33 runs -> 22: docs/performance.md).
#[test]
fn the_library_is_shaken_guided_first_in_fewer_runs_than_delta_debugging_alone() {
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let one_at_a_time = std::path::Path::new("1");
    let args = ["bundle", "impls", "-o", "-"];
    let (text, runs) = oj_counting_rustc_with(
        ws.path(),
        &log,
        &args,
        &[("OJGAMES_SHAKE_JOBS", one_at_a_time)],
    );
    assert!(runs <= 14, "{runs} rustc runs for the first bundle");
    assert!(!text.contains("impl Sub for Meters"), "{text}");
    assert!(text.contains("impl Add for Meters"), "{text}");
}

/// What a shake learned is kept under the compiler whose checks decided it too (review12's
/// finding 4): after the compiler changed (`rustup update` rewrites the toolchain's `rustc`;
/// here the `rustc` on PATH is another script), the same bundle is shaken again; with the same
/// compiler it is not.
#[test]
fn a_bundle_after_the_compiler_changed_is_shaken_again() {
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let bundle = |compiler: &str| {
        let note = format!("echo '{compiler}' >> '{}'", log.display());
        let path = common::path_with_rustc(&ws.path().join("logging-rustc"), &note);
        let before = fs::read_to_string(&log).map_or(0, |l| l.lines().count());
        let mut command = Command::new(env!("CARGO_BIN_EXE_ojgames"));
        command
            .arg("--root")
            .arg(ws.path())
            .args(["bundle", "impls", "-o", "-"])
            .env("PATH", path);
        let output = common::run(&mut command);
        assert!(output.success, "{}{}", output.stdout, output.stderr);
        let after = fs::read_to_string(&log).map_or(0, |l| l.lines().count());
        (output.stdout, after - before)
    };
    let (first, runs) = bundle("old");
    assert!(runs > 2, "a first bundle shakes with rustc: {runs} runs");
    let (same, runs) = bundle("old");
    assert_eq!(
        runs, 1,
        "the same compiler: only the bundle's type check runs rustc"
    );
    assert_eq!(same, first);
    let (again, runs) = bundle("a newer one");
    assert!(runs > 2, "another compiler: shaken again, {runs} runs");
    assert_eq!(again, first);
}

#[test]
fn an_edit_writing_a_library_name_on_its_own_values_reuses_the_shake() {
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let bundle = || oj_counting_rustc(ws.path(), &log, &["bundle", "impls", "-o", "-"]);
    let (first, _) = bundle();
    assert!(!first.contains("impl std::iter::Sum for Meters"), "{first}");
    // `sum` is a name the library defines (its `Sum for Meters`, shaken out); this sums u64s
    // with std's: a new name, no new item.
    let main = ws.path().join("problems/impls/main.rs");
    let edit = "fn _total() -> u64 {\n    [1u64, 2].iter().sum()\n}\n";
    fs::write(&main, fs::read_to_string(&main).unwrap() + edit).unwrap();
    let (edited, runs) = bundle();
    assert_eq!(runs, 1, "only the bundle's type check runs rustc");
    assert_eq!(edited.replacen(edit, "", 1), first);
}

/// Two traits give `Foo` a method `get`; cargo's build calls `Fast::get` (by value) for
/// `f.get()`. The first main.rs calls only `Slow::get` (through `twice`), so its shake cuts
/// `Fast` and its impl; the edit writes `f.get()`, a name added. A part shaken for fewer names
/// would compile and call `Slow::get`: it lacks a `fn get` the unshaken library has, so it is
/// not taken as it is (since i21topup it is topped up: `impl Fast for Foo` and `Fast` come
/// back), and the bundle keeps `Fast`.
#[test]
fn an_edit_calling_a_method_whose_impl_the_reused_shake_cut_is_shaken_again() {
    const LIB: &str = "pub struct Foo(pub u64);\n\
        pub trait Fast {\n    fn get(self) -> u64;\n}\n\
        impl Fast for Foo {\n    fn get(self) -> u64 {\n        self.0 * 2\n    }\n}\n\
        pub trait Slow {\n    fn get(&self) -> u64;\n}\n\
        impl Slow for Foo {\n    fn get(&self) -> u64 {\n        self.0\n    }\n}\n\
        pub fn twice(f: &Foo) -> u64 {\n    Slow::get(f) * 2\n}\n";
    let first =
        "use wlib::*;\n\nfn main() {\n    let f = Foo(3);\n    println!(\"{}\", twice(&f));\n}\n";
    let edited = first.replace("twice(&f));", "twice(&f));\n    println!(\"{}\", f.get());");
    let ws = common::one_problem_workspace(
        "getter",
        "2021",
        "judge = \"Codeforces\"\n",
        first,
        &[("1", "", Some("6\n"))],
    );
    let root = ws.path();
    fs::write(root.join("src/lib.rs"), LIB).unwrap();
    let bundled = ojgames_in(root, &["bundle", "getter", "-o", "-"]);
    assert!(bundled.success, "{}", bundled.stderr);
    assert!(
        !bundled.stdout.contains("impl Fast for Foo"),
        "{}",
        bundled.stdout
    );
    fs::write(root.join("problems/getter/main.rs"), &edited).unwrap();
    let bundled = ojgames_in(root, &["bundle", "getter", "-o", "-"]);
    assert!(bundled.success, "{}", bundled.stderr);
    assert_eq!(
        common::output_of_bundle(&bundled.stdout, "2021"),
        "6\n6\n",
        "{}",
        bundled.stdout
    );
}

/// Finding 1 again, now topped up: the part shaken for `twice` alone cut `Fast` and its impl;
/// the edit writes `f.get()`. The reused part gets `impl Fast for Foo` back (it defines a
/// method of the added name, for a type the part still has), then `Fast` (the check's error
/// names it), in a few rustc runs: taken as it is (no top-up), the part lacks the impl,
/// `Slow::get` answers and the program prints 3.
#[test]
fn an_edit_calling_a_method_whose_impl_the_reused_shake_cut_gets_it_back_in_a_few_runs() {
    let mut lib = String::from(
        "pub struct Foo(pub u64);\n\
         pub trait Fast {\n    fn get(self) -> u64;\n}\n\
         impl Fast for Foo {\n    fn get(self) -> u64 {\n        self.0 * 2\n    }\n}\n\
         pub trait Slow {\n    fn get(&self) -> u64;\n}\n\
         impl Slow for Foo {\n    fn get(&self) -> u64 {\n        self.0\n    }\n}\n\
         pub fn twice(f: &Foo) -> u64 {\n    Slow::get(f) * 2\n}\n",
    );
    // Enough else that a shake takes its usual tens of runs.
    for k in 0..12 {
        lib += &format!(
            "pub struct Other{k}(pub u64);\n\
             impl std::ops::Add for Other{k} {{\n    type Output = u64;\n    \
             fn add(self, o: Other{k}) -> u64 {{\n        self.0 + o.0\n    }}\n}}\n\
             impl Slow for Other{k} {{\n    fn get(&self) -> u64 {{\n        {k}\n    }}\n}}\n\
             pub fn other{k}() -> Other{k} {{\n    Other{k}({k})\n}}\n"
        );
    }
    let first = "use wlib::*;\n\nfn main() {\n    let f = Foo(3);\n    \
                 println!(\"{}\", twice(&f) + (other1() + other1()));\n}\n";
    let edited = first.replace(");\n}", ");\n    println!(\"{}\", f.get());\n}");
    let ws = common::one_problem_workspace(
        "getter",
        "2021",
        "judge = \"Codeforces\"\n",
        first,
        &[("1", "", Some("8\n"))],
    );
    let root = ws.path();
    fs::write(root.join("src/lib.rs"), &lib).unwrap();
    let log = root.join("rustc.log");
    let bundle = || oj_counting_rustc(root, &log, &["bundle", "getter", "-o", "-"]);
    let (bundled, shake_runs) = bundle();
    assert!(!bundled.contains("impl Fast for Foo"), "{bundled}");
    fs::write(root.join("problems/getter/main.rs"), &edited).unwrap();
    let (bundled, runs) = bundle();
    assert!(bundled.contains("impl Fast for Foo"), "{bundled}");
    assert!(
        runs <= 4 && runs * 2 < shake_runs,
        "{runs} rustc runs after the edit, {shake_runs} for the first shake"
    );
    assert_eq!(
        common::output_of_bundle(&bundled, "2021"),
        "8\n6\n",
        "{bundled}"
    );
}

/// The library of the `f.get()` tests: `Fast`'s provided `get` (6) taken by `impl Fast for
/// SELF {}`, `Slow`'s `get` (the value, 3) for `Foo`, `extra` before that impl, and six more
/// `Slow` impls, so that the shake has impls to cut.
fn getter_library(extra: &str, self_type: &str) -> String {
    let mut lib = format!(
        "pub struct Foo(pub u64);\n{extra}\
         pub trait Fast {{\n    fn get(self) -> u64\n    where\n        Self: Sized,\n    {{\n        6\n    }}\n}}\n\
         impl Fast for {self_type} {{}}\n\
         pub trait Slow {{\n    fn get(&self) -> u64;\n}}\n\
         impl Slow for Foo {{\n    fn get(&self) -> u64 {{\n        self.0\n    }}\n}}\n\
         pub fn twice(f: &Foo) -> u64 {{\n    Slow::get(f) * 2\n}}\n",
    );
    for k in 0..6 {
        lib += &format!(
            "pub struct Other{k}(pub u64);\n\
             impl Slow for Other{k} {{\n    fn get(&self) -> u64 {{\n        {k}\n    }}\n}}\n"
        );
    }
    lib
}

/// `f.get()` on a `Foo(3)` prints 6 (`Fast::get`), as cargo's build does, in a first bundle
/// that calls it and after an edit that adds the call to a bundle shaken without it.
fn assert_fast_get_is_kept(lib: &str) {
    let without =
        "use wlib::*;\n\nfn main() {\n    let f = Foo(3);\n    println!(\"{}\", twice(&f));\n}\n";
    let with = without.replace("twice(&f));", "twice(&f));\n    println!(\"{}\", f.get());");
    for first in [with.as_str(), without] {
        let ws = common::one_problem_workspace(
            "getter",
            "2021",
            "judge = \"Codeforces\"\n",
            first,
            &[("1", "", None)],
        );
        let root = ws.path();
        fs::write(root.join("src/lib.rs"), lib).unwrap();
        let bundled = ojgames_in(root, &["bundle", "getter", "-o", "-"]);
        assert!(bundled.success, "{}", bundled.stderr);
        fs::write(root.join("problems/getter/main.rs"), &with).unwrap();
        let bundled = ojgames_in(root, &["bundle", "getter", "-o", "-"]);
        assert!(bundled.success, "{}", bundled.stderr);
        assert_eq!(
            common::output_of_bundle(&bundled.stdout, "2021"),
            "6\n6\n",
            "first bundle from {first:?}:\n{}",
            bundled.stdout
        );
    }
}

/// The review's finding 6: `impl Fast for Foo {}` takes `Fast`'s provided `get`; it writes no
/// `fn get`, so neither the fresh shake nor the reuse saw that `f.get()` may call it, cut it,
/// and `Slow::get` answered (3 where cargo's build prints 6). Both ways now keep it.
#[test]
fn an_impl_that_inherits_a_called_method_from_its_trait_is_kept() {
    assert_fast_get_is_kept(&getter_library("", "Foo"));
}

/// The review's finding 6b: the same inherited `get`, with the impl written for a type alias
/// (`impl Fast for Quick {}`, `type Quick = Foo;`): an impl's self type may be an alias of a
/// type the solution makes; the names pass cut it with the alias.
#[test]
fn an_impl_written_for_a_type_alias_of_a_made_type_is_kept() {
    assert_fast_get_is_kept(&getter_library("pub type Quick = Foo;\n", "Quick"));
}

/// The same inherited `get`, written for an alias that is also the name of a struct no code
/// makes, in another module (`type Quick = Foo;`, `mod b { pub struct Quick; }`): rustc calls
/// `b::Quick` never constructed, and the impl went with it by name (3 where cargo prints 6).
#[test]
fn an_impl_written_for_an_alias_named_like_a_never_made_struct_is_kept() {
    assert_fast_get_is_kept(&getter_library(
        "pub type Quick = Foo;\npub mod b {\n    pub struct Quick;\n}\n",
        "Quick",
    ));
}

/// The review's finding on the rule above: an impl in the never-made struct's own module, but
/// written with a path to the alias (`impl super::Fast for super::Quick {}` in `mod b`), is
/// `Foo`'s too; it went with `b::Quick`.
#[test]
fn an_impl_written_with_a_path_to_the_alias_beside_a_struct_of_its_name_is_kept() {
    let extra = "pub type Quick = Foo;\npub mod b {\n    pub struct Quick;\n    \
                 impl super::Fast for super::Quick {}\n}\n";
    let lib = getter_library(extra, "Quick").replace("impl Fast for Quick {}\n", "");
    assert!(
        lib.contains("impl super::Fast for super::Quick {}"),
        "{lib}"
    );
    assert_fast_get_is_kept(&lib);
}

/// The review's finding 2: the shake proved its cuts (the same program, the same functions)
/// at the package's edition while the judge compiles at its own (Kattis: 2021 for a 2024
/// package; AtCoder: 2024 for a 2021 one). Every rustc run of the bundle is at the judge's.
#[test]
fn a_bundle_is_shaken_at_the_edition_its_judge_compiles() {
    let main =
        "use wlib::*;\n\nfn main() {\n    let f = Foo(3);\n    println!(\"{}\", twice(&f));\n}\n";
    let ws = common::one_problem_workspace(
        "kattis_pkg",
        "2024",
        "judge = \"Kattis\"\n",
        main,
        &[("1", "", Some("6\n"))],
    );
    let root = ws.path();
    fs::write(root.join("src/lib.rs"), getter_library("", "Foo")).unwrap();
    let log = root.join("rustc.log");
    let logging = format!("echo \"$*\" >> '{}'", log.display());
    let path = common::path_with_rustc(&root.join("logging-rustc"), &logging);
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ojgames"));
    command
        .arg("--root")
        .arg(root)
        .args(["bundle", "kattis_pkg", "-o", "-"])
        .env("PATH", path);
    let bundled = common::run(&mut command);
    assert!(bundled.success, "{}", bundled.stderr);
    let log = fs::read_to_string(&log).unwrap();
    let editions: Vec<&str> = log
        .lines()
        .filter_map(|line| line.split("--edition ").nth(1))
        .map(|rest| rest.split(' ').next().unwrap_or(""))
        .collect();
    assert!(editions.len() > 2, "the shake ran rustc:\n{log}");
    assert!(editions.iter().all(|&e| e == "2021"), "{editions:?}\n{log}");
}

/// An itertools user's edit writes `len`, `sum` and `max` on std values: names its library
/// defines as methods of adaptors (`Steps::len`, `Steps::sum`, `Dedup::max`) the first shake
/// cut with their never-constructed types. No value of them exists, so no call can reach
/// those methods: the part shaken for the first bundle serves the edit as it is, with the
/// bundle's own type check only (on main the edit was shaken afresh: tens of runs).
#[test]
fn an_edit_writing_len_sum_max_on_std_values_reuses_the_itertools_like_shake() {
    const LIB: &str = r#"use std::fmt::Write;

pub trait Tools: Iterator + Sized {
    fn sorted(self) -> std::vec::IntoIter<Self::Item>
    where
        Self::Item: Ord,
    {
        let mut v: Vec<Self::Item> = self.collect();
        v.sort();
        v.into_iter()
    }
    fn join(self, sep: &str) -> String
    where
        Self::Item: std::fmt::Display,
    {
        let mut out = String::new();
        for (i, x) in self.enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            write!(out, "{}", x).unwrap();
        }
        out
    }
    fn dedup_all(self) -> Dedup<Self> {
        Dedup { iter: self, last: None }
    }
    fn steps(self, n: usize) -> Steps<Self> {
        Steps { iter: self, n }
    }
}

impl<I: Iterator> Tools for I {}

pub struct Dedup<I: Iterator> {
    iter: I,
    last: Option<I::Item>,
}

impl<I: Iterator> Iterator for Dedup<I>
where
    I::Item: PartialEq + Clone,
{
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        for x in self.iter.by_ref() {
            if self.last.as_ref() != Some(&x) {
                self.last = Some(x.clone());
                return Some(x);
            }
        }
        None
    }
    fn max(self) -> Option<I::Item>
    where
        I::Item: Ord,
    {
        self.fold(None, |m, x| Some(match m { Some(m) if m >= x => m, _ => x }))
    }
}

pub struct Steps<I> {
    iter: I,
    n: usize,
}

impl<I: Iterator> Iterator for Steps<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let x = self.iter.next();
        for _ in 1..self.n {
            self.iter.next();
        }
        x
    }
    fn sum<S: std::iter::Sum<I::Item>>(self) -> S {
        S::sum(self)
    }
}

impl<I: ExactSizeIterator> ExactSizeIterator for Steps<I> {
    fn len(&self) -> usize {
        (self.iter.len() + self.n - 1) / self.n
    }
}

pub struct Window<T> {
    pub items: Vec<T>,
}

impl<T: Ord + Copy> Window<T> {
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn max(&self) -> Option<T> {
        self.items.iter().copied().max()
    }
}
"#;
    let first = "use wlib::*;\n\nfn main() {\n    let a = vec![3u64, 1, 2, 3];\n    \
                 let odd: Vec<u64> = a.iter().copied().sorted().collect();\n    \
                 println!(\"{}\", odd.iter().join(\" \"));\n}\n";
    let edited = first.replace(
        "\n}\n",
        "\n    println!(\"{} {} {}\", odd.len(), a.iter().sum::<u64>(), \
         a.iter().copied().max().unwrap_or(0));\n}\n",
    );
    let ws = common::one_problem_workspace(
        "counts",
        "2021",
        "judge = \"Codeforces\"\n",
        first,
        &[("1", "", Some("1 2 3 3\n"))],
    );
    let root = ws.path();
    fs::write(root.join("src/lib.rs"), LIB).unwrap();
    let log = root.join("rustc.log");
    let bundle = || oj_counting_rustc(root, &log, &["bundle", "counts", "-o", "-"]);
    let (bundled, shake_runs) = bundle();
    assert!(!bundled.contains("struct Steps"), "{bundled}");
    fs::write(root.join("problems/counts/main.rs"), &edited).unwrap();
    let (bundled, runs) = bundle();
    assert!(
        runs <= 2 && runs * 2 < shake_runs,
        "{runs} rustc runs after the edit, {shake_runs} for the first shake"
    );
    assert_eq!(
        common::output_of_bundle(&bundled, "2021"),
        "1 2 3 3\n4 9 3\n",
        "{bundled}"
    );
}

#[test]
fn a_reused_shake_that_lacks_an_impl_the_edit_needs_is_shaken_again() {
    // The first bundle adds `Meters`: its `Sub` impl goes. The edit subtracts them, writing no
    // new name of the library, so the first shake is reused, and lacks `Sub`.
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let (first, _) = oj_counting_rustc(ws.path(), &log, &["bundle", "impls", "-o", "-"]);
    assert!(!first.contains("impl Sub for Meters"), "{first}");
    let cache = ws.path().join("target/ojgames");
    let saved = ws.path().join("saved-ojgames");
    common::copy_tree(&cache, &saved);
    let main = ws.path().join("problems/impls/main.rs");
    let original = fs::read_to_string(&main).unwrap();
    let subtracting = original.replace("Meters(3) + Meters(4)", "Meters(9) - Meters(2)");
    assert_ne!(subtracting, original);
    fs::write(&main, &subtracting).unwrap();
    // `bundle`: its type check fails, so it shakes again.
    let (bundled, _) = oj_counting_rustc(ws.path(), &log, &["bundle", "impls", "-o", "-"]);
    assert!(bundled.contains("impl Sub for Meters"), "{bundled}");
    // `run` (as judge and stress): no type check before the compile; the compile fails, so
    // it bundles again with a shake of its own.
    fs::remove_dir_all(&cache).unwrap();
    common::copy_tree(&saved, &cache);
    let (output, _) = oj_counting_rustc(ws.path(), &log, &["run", "impls", "--input", "/dev/null"]);
    assert!(output.starts_with("7m\n"), "{output}");
}

#[test]
fn an_edit_of_a_library_file_is_in_the_next_bundle_even_at_the_same_size_and_time() {
    // The second bundle reads the library's facts kept by the first (`facts::store`); the
    // edit keeps the file's size and modification time, so only its text tells.
    let ws = copy_workspace(&fixture("shake_ws"));
    let log = ws.path().join("rustc.log");
    let bundle =
        |ws: &std::path::Path| oj_counting_rustc(ws, &log, &["bundle", "impls", "-o", "-"]);
    let (first, _) = bundle(ws.path());
    assert!(first.contains("\"{}m\""), "{first}");
    let main = ws.path().join("problems/impls/main.rs");
    fs::write(
        &main,
        fs::read_to_string(&main).unwrap() + "fn _edited() {}\n",
    )
    .unwrap();
    let (edited, _) = bundle(ws.path());
    assert!(edited.contains("fn _edited() {}"), "{edited}");
    let lib = ws.path().join("src/lib.rs");
    let modified = fs::metadata(&lib).unwrap().modified().unwrap();
    let text = fs::read_to_string(&lib).unwrap();
    assert_eq!(text.matches("\"{}m\"").count(), 1);
    fs::write(&lib, text.replace("\"{}m\"", "\"{}M\"")).unwrap();
    fs::File::options()
        .write(true)
        .open(&lib)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let (followed, _) = bundle(ws.path());
    assert!(
        followed.contains("\"{}M\"") && !followed.contains("\"{}m\""),
        "{followed}"
    );
    let (output, _) = oj_counting_rustc(ws.path(), &log, &["run", "impls", "--input", "/dev/null"]);
    assert!(output.starts_with("7M\n"), "{output}");
}

#[test]
fn a_second_workspace_bundles_from_the_shake_the_first_learned() {
    // A cargo-compete user has a workspace per contest: what one shook serves the others.
    let cache = tempfile::tempdir().unwrap();
    let (first_ws, second_ws) = (
        copy_workspace(&fixture("shake_ws")),
        copy_workspace(&fixture("shake_ws")),
    );
    let log = first_ws.path().join("rustc.log");
    let bundle = |ws: &std::path::Path, cache: &std::path::Path| {
        oj_counting_rustc_with(
            ws,
            &log,
            &["bundle", "impls", "-o", "-"],
            &[("OJGAMES_CACHE", cache)],
        )
    };
    let (first, runs) = bundle(first_ws.path(), cache.path());
    assert!(runs > 2, "a first bundle shakes with rustc: {runs} runs");
    let (second, runs) = bundle(second_ws.path(), cache.path());
    assert_eq!(runs, 1, "only the bundle's type check runs rustc");
    assert_eq!(second, first);
    // Nothing of it in the workspaces: the store is the user's.
    for ws in [&first_ws, &second_ws] {
        assert!(!ws.path().join("target/ojgames/.shake").exists());
    }
    assert!(cache.path().join(".store/shake").is_dir());
    // A cache that cannot be written (its place is a file) costs a shake, nothing else.
    let third_ws = copy_workspace(&fixture("shake_ws"));
    let blocked = third_ws.path().join("not-a-directory");
    fs::write(&blocked, "").unwrap();
    let (third, runs) = bundle(third_ws.path(), &blocked.join("cache"));
    assert!(runs > 2, "nothing kept to reuse: {runs} runs");
    assert_eq!(third, first);
}

#[test]
fn the_crates_from_crates_io_are_shaken_at_once() {
    // ac-library-rs and proconio pasted for Codeforces: one shake, the first crate's, takes
    // both (one baseline check and one budget of rustc runs, not one per crate).
    let ws = copy_workspace(&fixture("crates_ws"));
    let run = ojgames_in(
        ws.path(),
        &["bundle", "practice2_a", "--judge", "Codeforces"],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let work = ws.path().join("target/ojgames/practice2_a");
    let mut shaken: Vec<String> = fs::read_dir(&work)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|dir| dir.join("shake.cache").is_file())
        .map(|dir| dir.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    shaken.sort();
    assert_eq!(shaken, ["crate-ac_library"]);
    let text = fs::read_to_string(ws.path().join("bundled/practice2_a.rs")).unwrap();
    assert!(text.contains("mod proconio {"), "{text}");
}
