//! `ojgames bundle` on a fixture workspace with every module layout and path form.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{copy_tree, copy_workspace, fixture, ojgames_in, rustc};

#[test]
fn bundle_keeps_only_reached_modules_and_compiles_cleanly_in_both_editions() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "alpha"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("bundled/alpha.rs"), "{}", run.stdout);
    let path = ws.path().join("bundled/alpha.rs");
    let text = fs::read_to_string(&path).unwrap();

    // Header.
    assert!(
        text.starts_with(
            "// alpha: Fixture alpha\n// Judge: Local https://example.invalid/alpha\n"
        ),
        "{text}"
    );
    assert!(text.contains("edit problems/alpha instead"));
    // Only reached modules: no unused module, no container items, no test code.
    for absent in [
        "UNUSED_HEAVY_MARKER",
        "PRIMES_MARKER",
        "ROOT_ONLY_MARKER",
        "container_marker",
        "mod primes",
        "mod unused_heavy",
    ] {
        assert!(!text.contains(absent), "{absent} was bundled:\n{text}");
    }
    for absent in [
        "#[cfg(test)]",
        "#[test]",
        "fn small",
        "fn counts",
        "fn gcd_works",
    ] {
        assert!(
            !text.contains(absent),
            "test code {absent} was bundled:\n{text}"
        );
    }
    // Doc comments go, plain comments stay, unknown cfgs stay, crate lints are hoisted.
    assert!(!text.contains("///") && !text.contains("//!"), "{text}");
    assert!(text.contains("// Euclid, iteratively: this plain comment must survive bundling."));
    assert!(text.contains("#[cfg(feature = \"fancy\")]"));
    assert!(
        text.contains("mod fixlib {\n#![deny(unsafe_code)]\n"),
        "{text}"
    );
    assert!(!text.contains("html_root_url"));
    // Paths rewritten for the inline module.
    assert!(text.contains("use crate::fixlib::text::words;"));
    assert!(
        text.contains("    use crate::fixlib::placed;"),
        "nested module path: {text}"
    );
    assert!(text.contains("crate::fixlib::math::gcd::ZERO"));
    assert!(text.contains("pub(in crate::fixlib::math) fn helper"));
    assert!(
        text.contains("$crate::fixlib::math::gcd::gcd($a, $b) + $crate::fixlib::placed::twice($a)")
    );
    assert!(
        !text.contains("use fixlib::sum_gcds"),
        "a root import of an exported macro is E0255: {text}"
    );
    // #[path] and its child found beside it; an inlined file keeps its own indentation.
    assert!(text.contains("pub mod placed {\nmod inner {"), "{text}");
    assert!(text.contains("\n   its second line must not be indented\";"));

    // Items rustc finds dead go, unless code behind a false cfg names them (transitively);
    // the inlining lints are allowed.
    assert!(!text.contains("fn least_common_multiple"), "{text}");
    assert!(text.contains("pub fn gated_helper()"), "{text}");
    assert!(text.contains("fn helper_of_gated_helper()"), "{text}");
    assert!(text.contains("#[allow(dead_code, unused_imports, unused_macros)]\nmod fixlib {"));

    // Deterministic.
    assert!(ojgames_in(ws.path(), &["bundle", "alpha"])
        .stdout
        .contains("unchanged"));
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    let whole = ojgames_in(ws.path(), &["bundle", "alpha", "--whole-modules"]);
    assert!(whole.success, "{}", whole.stderr);
    let whole_text = fs::read_to_string(&path).unwrap();
    assert!(whole_text.contains("pub fn least_common_multiple"));
    assert!(whole_text.len() > text.len());
    assert!(ojgames_in(ws.path(), &["bundle", "alpha"]).success);

    // Compiles with plain rustc in both editions, without a single warning, and is right.
    for edition in ["2021", "2024"] {
        let binary = ws.path().join(format!("alpha-{edition}"));
        let (ok, messages) = rustc(&path, edition, &binary);
        assert!(ok && messages.is_empty(), "edition {edition}:\n{messages}");
        let output = Command::new(&binary)
            .stdin(fs::File::open(ws.path().join("testdata/alpha/1.in")).unwrap())
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), "30 5 placed\n");
    }
}

#[test]
fn keep_docs_keeps_doc_comments() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    assert!(ojgames_in(ws.path(), &["bundle", "alpha", "--keep-docs"]).success);
    let text = fs::read_to_string(ws.path().join("bundled/alpha.rs")).unwrap();
    assert!(text.contains("/// Greatest common divisor."), "{text}");
}

#[test]
fn a_problem_without_the_library_gets_no_library_module() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    assert!(ojgames_in(ws.path(), &["bundle", "nolib"]).success);
    let text = fs::read_to_string(ws.path().join("bundled/nolib.rs")).unwrap();
    assert!(!text.contains("mod fixlib"), "{text}");
    assert!(text.contains("println!(\"no library\");"));
}

#[test]
fn errors_name_the_problem_and_point_at_the_source() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let cases = [
        ("outside", "problems/outside/main.rs:1:1: uses crate `rand`"),
        ("outside_dep", "`cargo metadata` cannot list the crates of"),
        ("broken", "problems/broken/main.rs:2:13: parse error"),
        (
            "missing_mod",
            "file not found for module `nothere`: expected problems/missing_mod/nothere.rs or",
        ),
        ("nope", "unknown problem `nope`"),
    ];
    for (id, message) in cases {
        let run = ojgames_in(ws.path(), &["bundle", id]);
        assert!(!run.success, "{id} should fail");
        assert!(
            run.stderr.contains(message),
            "{id}: expected {message:?} in:\n{}",
            run.stderr
        );
        assert!(
            !ws.path().join(format!("bundled/{id}.rs")).exists(),
            "{id} wrote a bundle"
        );
    }
}

/// Bundles `id`, compiles the bundle with plain rustc under editions 2018, 2021 and 2024
/// (each without a warning), runs each binary and returns the bundle and the first output.
fn bundle_compile_run(ws: &Path, id: &str) -> (String, String) {
    let run = ojgames_in(ws, &["bundle", id]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let path = ws.join(format!("bundled/{id}.rs"));
    let text = fs::read_to_string(&path).unwrap();
    let mut outputs = Vec::new();
    for edition in ["2018", "2021", "2024"] {
        let binary = ws.join(format!("{id}-{edition}"));
        let (ok, messages) = rustc(&path, edition, &binary);
        assert!(
            ok && messages.is_empty(),
            "{id}, edition {edition}:\n{messages}\n{text}"
        );
        let output = Command::new(&binary).output().unwrap();
        assert!(output.status.success());
        outputs.push(String::from_utf8_lossy(&output.stdout).into_owned());
    }
    assert!(outputs.iter().all(|o| *o == outputs[0]), "{outputs:?}");
    (text, outputs.swap_remove(0))
}

#[test]
fn re_exports_in_a_partly_kept_module_are_kept_leaf_by_leaf_through_chains_and_globs() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "reexport");
    assert_eq!(output, "7 3 5\n");
    // The root is a container: the re-exports the problem reaches stay, the rest goes.
    assert!(text.contains("pub use shapes::Thing;"), "{text}");
    assert!(text.contains("pub use glob_src::*;"), "{text}");
    assert!(
        text.contains("\npub use relay::Relayed;\n"),
        "mixed group: {text}"
    );
    assert!(
        text.contains("pub use crate::fixlib::shapes::Thing as Relayed;"),
        "chain: {text}"
    );
    for absent in [
        "UNUSED_HEAVY_MARKER",
        "ROOT_ONLY_MARKER",
        "relay_only_marker",
        "fn double",
    ] {
        assert!(!text.contains(absent), "{absent} was bundled:\n{text}");
    }
}

#[test]
fn impls_in_a_module_nothing_names_are_kept() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "orphan_impl");
    assert_eq!(output, "42\n");
    assert!(text.contains("impl Double for u64"), "{text}");
    assert!(!text.contains("pub struct Thing"), "{text}");
}

#[test]
fn qualified_paths_bundle_in_the_solution_and_the_library() {
    // `<[u64]>::total` was read as the crate `total` and refused.
    let ws = copy_workspace(&fixture("bundle_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "qualified");
    assert_eq!(output, "6 12 3\n");
    assert!(text.contains("<[u64]>::total(self)"), "{text}");
    assert!(text.contains("<u64 as Double>::double("), "{text}");
}

#[test]
fn edition_2021_code_bundles_into_a_file_that_compiles_under_2018_too() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "modern");
    assert_eq!(output, "200 [4, 5] 300 14\n");
    assert!(
        text.contains("panic!(\"{} does not fit in a byte\", x)"),
        "{text}"
    );
    assert!(
        text.contains("assert!(total > 0, \"{} is not positive\", total)"),
        "{text}"
    );
}

#[test]
fn a_bundle_that_does_not_compile_fails_with_rustcs_message_at_the_original_line() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "type_error"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains("the bundle does not compile"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("mismatched types"), "{}", run.stderr);
    assert!(
        run.stderr.contains("--> problems/type_error/main.rs:5:22"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("type_error.rs:"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("\n5 |     let count: u32 = words::count"),
        "the snippet's gutter shows the original line: {}",
        run.stderr
    );
    let skipped = ojgames_in(ws.path(), &["bundle", "type_error", "--no-check"]);
    assert!(skipped.success, "{}", skipped.stderr);
}

#[test]
fn dash_o_dash_prints_the_bundle_and_writes_no_file() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "nolib", "-o", "-"]);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("// nolib: Fixture nolib\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("println!(\"no library\");"),
        "{}",
        run.stdout
    );
    assert!(!ws.path().join("bundled/nolib.rs").exists());
    let both = ojgames_in(ws.path(), &["bundle", "nolib", "alpha", "-o", "-"]);
    assert!(
        !both.success && both.stderr.contains("exactly one problem"),
        "{}",
        both.stderr
    );
}

#[test]
fn dash_o_file_copies_the_bundle_there_and_an_unwritable_path_is_one_error_naming_it() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let out = ws.path().join("paste-me.rs");
    let out_arg = out.to_str().unwrap();
    let run = ojgames_in(ws.path(), &["bundle", "nolib", "-o", out_arg]);
    assert!(run.success, "{}", run.stderr);
    let bundled = std::fs::read_to_string(ws.path().join("bundled/nolib.rs")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), bundled);
    assert!(run.stdout.contains("copied to"), "{}", run.stdout);
    let missing = ws.path().join("no/such/dir/x.rs");
    let run = ojgames_in(
        ws.path(),
        &["bundle", "nolib", "-o", missing.to_str().unwrap()],
    );
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains("cannot write the bundle to")
            && run.stderr.contains("no/such/dir/x.rs"),
        "{}",
        run.stderr
    );
    let source = ws.path().join("problems/nolib/main.rs");
    let before = std::fs::read_to_string(&source).unwrap();
    let run = ojgames_in(
        ws.path(),
        &["bundle", "nolib", "-o", source.to_str().unwrap()],
    );
    assert!(
        !run.success && run.stderr.contains("the solution's own source"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&source).unwrap(), before);
    let both = ojgames_in(ws.path(), &["bundle", "nolib", "alpha", "-o", out_arg]);
    assert!(
        !both.success && both.stderr.contains("exactly one problem"),
        "{}",
        both.stderr
    );
}

#[test]
fn a_panic_in_the_bundle_is_shown_at_the_library_file_and_line() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let run = ojgames_in(ws.path(), &["judge", "panics"]);
    assert!(!run.success, "{}", run.stdout);
    let shown = format!("{}{}", run.stdout, run.stderr);
    assert!(shown.contains("1000 does not fit in a byte"), "{shown}");
    assert!(shown.contains("panicked at src/modern.rs:7:19"), "{shown}");
    assert!(!shown.contains("panics.rs:"), "{shown}");
}

#[test]
fn a_library_whose_crate_name_differs_from_its_package_name_is_bundled() {
    let ws = copy_workspace(&fixture("libname_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_lib");
    assert_eq!(output, "42\n");
    assert!(text.contains("mod fixture_library {"), "{text}");
    assert!(
        text.contains("use crate::fixture_library::answer::answer;"),
        "{text}"
    );
}

#[test]
fn strip_comments_and_minify_give_smaller_files_that_still_compile_and_run() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let path = ws.path().join("bundled/alpha.rs");
    let mut sizes = Vec::new();
    for layout in [None, Some("--strip-comments"), Some("--minify")] {
        let mut args = vec!["bundle", "alpha", "--check"];
        args.extend(layout);
        let run = ojgames_in(ws.path(), &args);
        assert!(run.success, "{layout:?}: {}{}", run.stdout, run.stderr);
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("// alpha: Fixture alpha\n"), "{text}");
        let plain_comment = text.contains("// Euclid, iteratively");
        assert_eq!(plain_comment, layout.is_none(), "{layout:?}: {text}");
        if layout == Some("--minify") {
            // One line of tokens; the fixture's two-line string literal keeps its line break.
            let code_lines = text
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with("//"));
            assert_eq!(code_lines.count(), 2, "{text}");
        }
        let binary = ws.path().join("alpha-bin");
        let (ok, messages) = rustc(&path, "2021", &binary);
        assert!(ok, "{messages}");
        let output = Command::new(&binary)
            .stdin(fs::File::open(ws.path().join("testdata/alpha/1.in")).unwrap())
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), "30 5 placed\n");
        sizes.push(text.len());
    }
    assert!(sizes[0] > sizes[1] && sizes[1] > sizes[2], "{sizes:?}");
}

#[test]
fn a_proc_macro_refusal_in_a_cargo_package_names_its_own_cargo_toml() {
    // A cargo-compete package (no problems/ folder): the refusal said
    // "problems/a/Cargo.toml depends on crate …", a file that is not there.
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &fixture("crates_ws").join("macros"),
        &dir.path().join("macros"),
    );
    let package = dir.path().join("abc001");
    fs::create_dir_all(package.join("src/bin")).unwrap();
    fs::write(
        package.join("Cargo.toml"),
        "[package]\nname = \"abc001\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [[bin]]\nname = \"abc001-a\"\npath = \"src/bin/a.rs\"\n\n\
         [dependencies]\ntiny_macros = { path = \"../macros\" }\n",
    )
    .unwrap();
    fs::write(
        package.join("src/bin/a.rs"),
        "fn main() {\n    println!(\"{}\", tiny_macros::answer!());\n}\n",
    )
    .unwrap();
    let run = ojgames_in(&package, &["bundle", "abc001-a"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("abc001-a: Cargo.toml depends on crate `tiny_macros`, a proc-macro crate"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("problems/"), "{}", run.stderr);
}

#[test]
fn a_proc_macro_crate_is_refused_by_name_with_the_reason() {
    let ws = copy_workspace(&fixture("crates_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "proc_macro_user"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("depends on crate `tiny_macros`, a proc-macro crate"),
        "{}",
        run.stderr
    );
    // The line using it and the way out.
    assert!(
        run.stderr.contains("at problems/proc_macro_user/main.rs:3 uses it: drop that and the dependency `tiny_macros`"),
        "{}",
        run.stderr
    );
    assert!(!ws.path().join("bundled/proc_macro_user.rs").exists());
}

/// amplify (whose default feature `derive` pulls in amplify_derive, with a derive named
/// `Error`) beside thiserror (`use thiserror::Error;`, `#[derive(Error)]`): the refusal for
/// Codeforces blamed amplify_derive for thiserror's derive ("drop that and the feature
/// `derive`"), though nothing used amplify's derives. The derive is errlike's (thiserror's
/// stand-in): the refusal names errlike_impl and that line, and amplike's unused derive
/// crate stays out as any unused proc-macro crate does.
#[test]
fn a_derive_imported_from_another_crate_is_no_use_of_a_same_named_proc_macro() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "derive_of_another_crate"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "crate `errlike` depends on `errlike_impl`, a proc-macro crate (errlike_impl v0.1.0)"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("`#[derive(Debug, Error)]` at problems/derive_of_another_crate/main.rs:6 uses it: drop that and the dependency on `errlike` to bundle"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("amplike"), "{}", run.stderr);
    assert!(!ws
        .path()
        .join("bundled/derive_of_another_crate.rs")
        .exists());
}

#[test]
fn crates_other_than_the_library_are_inlined_with_their_paths_macros_and_features_rewritten() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_deps");
    // beta's `extra` feature (enabled by alpha) adds 100; alpha's default `fast` doubles.
    assert_eq!(output, "108 20 [0, 2, 4] 2\n");
    for expected in [
        "\nmod alpha {\n",
        "\nmod beta {\n",
        // `crate::` of alpha, `$crate::` in an exported macro, beta as alpha names it.
        "use crate::alpha::speed;",
        "$crate::alpha::shapes::double($e)",
        "$crate::alpha::twice!($crate::alpha::twice!($e))",
        // Exported macros at the root under unique names, re-exported by their own; the
        // shake cuts `build_kind`, which this solution does not use, and its re-export.
        "macro_rules! __alpha_twice",
        "pub use crate::{__alpha_quad as quad, __alpha_twice as twice};",
        "crate::beta::sum(p) + crate::beta::ONE + crate::beta::ONE - 1",
        "pub use crate::beta::Pair;",
        // `extern crate alloc;` of a module only binds it there: the bundle's root has it.
        "\nextern crate alloc;\n",
    ] {
        assert!(text.contains(expected), "{expected:?} missing:\n{text}");
    }
    for absent in [
        "extern crate b",
        "missing_docs",
        "slow_marker",
        "feature =",
        "__alpha_build_kind",
    ] {
        assert!(!text.contains(absent), "{absent:?} left:\n{text}");
    }
}

/// az's integer casts (`impl Cast<u32> for usize`) are written by `unsigned!`, a macro that
/// calls macros that write the impls, in `int.rs`, a file with a helper type of its own: the
/// file was left out (its macro calls named no macro whose own body writes `impl`, and it
/// defines items), and the bundle did not compile ("the trait bound `usize: Cast<u32>` is
/// not satisfied").
#[test]
fn impls_a_macro_writes_through_other_macros_are_bundled() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "nested_impl_macros");
    assert_eq!(output, "300 44 true\n");
    assert!(text.contains("\nunsigned! {"), "{text}");
}

/// num's `BigUint` alone got num-complex and num-rational pasted: their impls of num-traits'
/// kept traits (`impl Zero for Complex<T>`, `impl Pow<u8> for &Complex<T>`, impls their
/// macros write) kept their files, though no solution can make a `Complex` it never names.
#[test]
fn a_crate_whose_impls_name_a_kept_trait_but_whose_types_nothing_reaches_is_not_pasted() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "facade_big");
    assert_eq!(output, "true [2, 0, 1] [6, 0, 3]\n");
    // numcore's `ops.rs` holds only an impl for the kept `Big`: it stays; so does `scale.rs`,
    // whose impls a macro writes beside an `extern crate std;` (no item of its own).
    assert!(text.contains("impl<'a> Add for &'a Big"), "{text}");
    assert!(text.contains("scale_by!(u8, u32);"), "{text}");
    for absent in ["mod numcplx", "CPLX_MARKER", "Cplx"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn a_glob_import_of_a_facade_crate_pastes_only_what_the_names_written_reach() {
    // `use numface::*;` as contestants write `use ac_library::*;` (whose modint.rs was pasted
    // though no modint was named: 71 KB, over Codeforces' 64 KiB): the facade's root only
    // re-exports, so it stays a container; `Big` is reached by name, the trait `DigitSum`
    // (a module of its own) by the method called, and numcplx's `Cplx` by nothing.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "glob_facade");
    assert_eq!(output, "false 13 [4, 9]\n");
    assert!(text.contains("fn digit_sum(&self) -> u32"), "{text}");
    for absent in ["mod numcplx", "CPLX_MARKER", "Cplx"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn a_module_of_re_exports_only_is_a_container_and_its_file_is_not_kept_whole() {
    // `use numface::big::{Big, Zero};` through `pub mod big { pub use numcore::*; }`, as
    // bignum_rational's `use num::bigint::BigInt;`: the inline module kept its file (num's
    // root) whole, so every re-export of the root was followed, num-complex's too.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "facade_module");
    assert_eq!(output, "false [0, 1]\n");
    assert!(text.contains("pub mod big {"), "{text}");
    for absent in ["mod numcplx", "pub mod complex", "Cplx"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn a_binding_named_like_a_dependency_does_not_paste_the_crate() {
    // `let mut num = ModInt::new(1); num *= 3;` with num in the Cargo.toml (AtCoder's block):
    // the one-segment path `num` was taken for the crate, and a std-only bundle of an
    // ac-library solution pasted num whole (346 KB, over Codeforces' 64 KiB). A crate's name
    // alone is no value nor type: such a path is a binding or an item of its module.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "binding_like_crate");
    assert_eq!(output, "[4]\n");
    for absent in ["mod numcplx", "CPLX_MARKER", "Cplx"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn the_solutions_own_macro_named_like_a_crates_does_not_paste_that_crate() {
    // A contestant's own `macro_rules! input` with proconio in the Cargo.toml and no `use` of
    // it: every bare `input!` counted as proconio's, which was pasted (20 KB) into a
    // std-only bundle that calls none of it.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "own_macro_named_like_a_crates");
    assert_eq!(output, "5 6 0\n");
    for absent in ["mod tokenread", "next_token", "parse_or"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn a_macro_use_crates_macro_called_before_the_solutions_own_of_that_name_is_the_crates() {
    // `#[macro_use] extern crate tokenread;` (its `take!`) and, further down, the solution's
    // own `macro_rules! take`: main's calls are the crate's, `later`'s the solution's. The
    // import the extern crate became left out `take` (a name the solution binds), so main's
    // calls found no macro: "cannot find macro `take` in this scope" (i20probe6's F7).
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "macro_use_beside_own_macro");
    assert_eq!(output, "12 0 30 70\n");
    assert!(text.contains("mod tokenread"), "{text}");
}

#[test]
fn a_macro_use_of_a_crate_without_that_macro_leaves_the_solutions_own_macro_its_own() {
    // `#[macro_use] extern crate alpha;` (no `take!` there) beside the solution's own `take!`
    // and tokenread, which exports a `take!`, in the Cargo.toml: any `#[macro_use]` made every
    // bare `take!` tokenread's, which was pasted into a bundle that calls none of it.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "macro_use_other_beside_own_macro");
    assert_eq!(output, "10 6 0\n");
    assert!(text.contains("mod alpha"), "{text}");
    for absent in ["mod tokenread", "next_token"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn words_in_comments_strings_and_bindings_name_no_judge_crate() {
    // AtCoder's whole block in the Cargo.toml; the solution uses proconio only, but its
    // comment says "counter-clockwise", "rand", "either", "num" and it binds `counter`,
    // `either`, `num`, `rand`: each was a crate "it uses" in the header, so AtCoder's build
    // compiled them too (i20probe6's F4).
    let ws = copy_workspace(&fixture("atcoder_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "words_like_crates", "--no-check"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let text = fs::read_to_string(ws.path().join("bundled/words_like_crates.rs")).unwrap();
    assert!(
        text.contains("\n// Crates of the judge it uses: proconio (not pasted)\n"),
        "{text}"
    );
}

#[test]
fn a_module_of_the_solution_named_like_a_dependency_shadows_the_crate_in_paths() {
    // A hand-rolled `mod rand { … }` with rand in the Cargo.toml: `rand::Xs(…)` was taken for
    // the crate, which was pasted (932 KB) and the path rewritten into it: E0425. Here the
    // crate is pasted for another reason too, and the path must stay the module's.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "own_mod_like_dependency");
    assert_eq!(output, "5 [2] 12\n6 7\n");
    assert!(
        text.contains("println!(\"{} {:?} {}\", numcplx::five()"),
        "{text}"
    );
    assert!(text.contains("mod numcplx_crate"), "{text}");
}

#[test]
fn a_module_of_the_solution_named_like_an_unused_dependency_keeps_the_crate_out() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "own_mod_like_unused_dependency");
    assert_eq!(output, "5 [2]\n");
    for absent in ["numcplx_crate", "CPLX_MARKER", "Cplx"] {
        assert!(!text.contains(absent), "{absent:?} bundled:\n{text}");
    }
}

#[test]
fn env_of_what_cargo_sets_is_each_crates_own_value_and_a_macros_crate_glob_is_rewritten() {
    // A judge's plain rustc sets no `CARGO_*`: zerocopy's `env!("CARGO_PKG_VERSION")` failed 13
    // times in random_hash's std-only bundle. The output is `cargo run`'s (path crate
    // `delta-env` 3.4.5-beta.1, lib `delta`; the solution 0.2.0); `use crate::*;` and
    // `use crate::{…}` in a macro's body (zerocopy's `simd_arch_mod!`) reach delta's items;
    // delta re-exports crate beta (whose `extra` alpha enables) and has a module `std`, as
    // rand 0.9 does; a module of it calls `quad!` of its root's `#[macro_use] extern crate`.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_cargo_env");
    assert_eq!(
        output,
        "uses_cargo_env 0.2.0\nuses_cargo_env Some(\"uses_cargo_env\")\n\
         3.4.5-beta.1 3.4.5-beta.1 delta Ann <ann@example.invalid>:Bo None\n10\n103 9 255\n22\n"
    );
    assert!(!text.contains("env!("), "{text}");
    assert!(text.contains("use crate::delta::*;"), "{text}");
    // rand's `pub use rand_core;` (E0365 as `pub`), and the 2021 prelude's `TryFrom` imported
    // beside a child module `std` (rand's `rngs::std`: `use std::…` named it, E0432).
    assert!(text.contains("pub(crate) use crate::beta;"), "{text}");
    assert!(text.contains("use ::std::convert::TryFrom;"), "{text}");
}

#[test]
fn a_crates_macro_through_a_renamed_crate_or_a_renamed_import_bundles() {
    // `use alpha as a; a::twice!`, `use alpha::quad as times_four;`, and a renamed import in
    // a nested module: E0433 when exported macros only lived at the bundle's root.
    let ws = copy_workspace(&fixture("deps_ws"));
    // Also alpha's own bare `twice!` in a module before the definition, through `use`.
    let (_, output) = bundle_compile_run(ws.path(), "renamed_crate_macro");
    assert_eq!(output, "6 4 8 16\n");
}

#[test]
fn a_macro_use_crates_macro_named_like_the_crate_is_in_scope() {
    // `#[macro_use] extern crate lazy_static;` and `lazy_static! {…}` (a contestant's, for
    // Codeforces): the import it became left out `lazy_static`, the name the extern crate
    // bound, though a crate's name is not a macro ("cannot find macro `lazy_static`").
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "macro_use_same_name");
    assert_eq!(output, "37\n");
    assert!(!text.contains("extern crate samename"), "{text}");
}

#[test]
fn the_solutions_own_features_are_those_cargo_enables_by_default() {
    // `[features] default = ["loud"]`, `loud = ["wide"]`: cargo's build printed "loud 64",
    // the bundle (rustc, no features set) "quiet 32" -- a silent wrong answer.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "own_features");
    assert_eq!(output, "loud 64 false default\n");
    assert!(
        !text.contains("\"quiet\"") && !text.contains("\"other\""),
        "{text}"
    );
}

#[test]
fn a_braced_use_of_dollar_crate_in_a_pasted_macro_reaches_the_crates_module() {
    // text_io's `read!` writes `use $crate::{Error, match_next, parse_capture};`: left as it
    // was, it named the bundle's root (E0432 "unresolved imports `$crate::Error`").
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "braced_crate_use");
    assert_eq!(output, "12 0 18446744073709551615\n");
    assert!(
        text.contains("use $crate::tokenread::{next_token, parse_or, Missing};"),
        "{text}"
    );
}

#[test]
fn the_solutions_own_exported_macro_named_like_a_crates_stays_its_own() {
    // The solution's `#[macro_export] macro_rules! twice` beside alpha's `twice!`: E0428, and
    // alpha's `$crate::twice!` must not reach the solution's macro.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "own_macro_like_crates");
    // `build_kind!` is defined twice under opposite cfgs: re-exported once.
    assert_eq!(output, "abab 20 14 release\n");
    let own = "#[macro_export]\nmacro_rules! twice {\n    ($e:expr) => {\n        format!";
    assert!(
        text.contains(own),
        "the solution's macro was changed:\n{text}"
    );
}

#[test]
fn a_module_of_the_solution_named_like_an_inlined_crate_bundles() {
    // `mod beta` in the solution, and alpha depends on crate `beta`: E0428 at a bundle line.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "mod_like_crate");
    assert_eq!(output, "left 104\n");
    assert_eq!(text.matches("\nmod beta {").count(), 1, "{text}");
}

#[test]
fn a_crate_of_an_older_edition_may_use_gen_as_a_name() {
    // `gen` is a keyword since 2024: `pub gen: u64`, `fn gen`, `$gen:expr` in an edition-2021
    // crate (and the problem's `oldgen::gen(…)`) did not parse in a 2024 bundle.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_gen");
    assert_eq!(output, "6 15\n");
    assert!(
        text.contains("pub fn r#gen(counter: &mut Counter)"),
        "{text}"
    );
    // The problem is of edition 2021 too.
    assert!(text.contains("Counter { r#gen: 5 }"), "{text}");
}

#[test]
fn patterns_of_an_older_edition_that_2024_refuses_keep_their_meaning() {
    // `let (a, &b) = pair;`, `let (mut a, b) = pair;` under `&_` and `Some((ref mut a, b))`
    // under `&mut _` in an edition-2021 crate: errors under 2024 before.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (_, output) = bundle_compile_run(ws.path(), "uses_oldpat");
    assert_eq!(output, "3 17 (3, 4) 4 2\n");
}

#[test]
fn a_crates_pub_crate_reexport_and_a_prelude_of_its_exported_macros_compile() {
    // gridlike (ndarray's and matrixmultiply's shape): `pub(crate) use defaults as params;`
    // of a private module (E0365: the crate is a module of the bundle, and `pub(crate)` there
    // reaches the whole bundle), and a prelude's `pub use crate::row;` of an exported macro
    // that the crate's module re-exported `pub(crate)` (E0364).
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_gridlike");
    assert_eq!(output, "5 14 8\n");
    assert!(
        text.contains("pub(in crate::gridlike) use defaults as params;"),
        "{text}"
    );
}

#[test]
fn cfg_is_evaluated_as_cargo_does_with_the_features_it_resolved_and_the_judges_target() {
    // gamma: `#[cfg_attr(not(feature = "spin"), path = "inline_cell.rs")] mod cell;` (file
    // not found for module `cell` before), `mod serde;` whose file starts with
    // `#![cfg(feature = "serde")]` (it uses crate `serde`: refused before), `#[cfg(windows)]
    // mod` with no file, a `cfg_attr` carrying two attributes, and `unix` /
    // `target_pointer_width`.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_cfg");
    assert_eq!(output, "inline 21 64\n");
    for absent in [
        "use serde",
        "fn describe",
        "mod windows_console",
        "\"spin\"",
        "    32\n",
    ] {
        assert!(!text.contains(absent), "{absent:?} left:\n{text}");
    }
}

#[test]
fn a_cfg_attr_applying_only_an_attribute_keeps_no_dead_function() {
    // floatlike (libm's shape): every function carries `#[cfg_attr(all(test,
    // assert_no_panic), no_panic::no_panic)]`, read as a cfg before, so every name in every
    // function was kept as if another judge could compile other code: floorf, sqrtf and
    // rsqrt (with its constants) stayed, though rustc calls them dead.
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_floatlike");
    assert_eq!(output, "1.414214 1414\n");
    for dead in [
        "fn floorf",
        "fn sqrtf",
        "fn rsqrt",
        "RSQRT_SEED",
        "fn cbrt",
        "fn exp(",
    ] {
        assert!(!text.contains(dead), "{dead} left:\n{text}");
    }
    for used in [
        "pub fn sqrt(x: f64)",
        "pub fn floor(x: f64)",
        "fn floor<F: Float>",
    ] {
        assert!(text.contains(used), "{used} gone:\n{text}");
    }
}

#[test]
fn code_a_build_script_generates_is_refused_naming_the_file() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "uses_generated"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains("crates/generated/src/lib.rs:2:18")
            && run.stderr.contains("a build script generates"),
        "{}",
        run.stderr
    );
    assert!(!ws.path().join("bundled/uses_generated.rs").exists());
}

/// varisat always depends on serde, whose code its build script generates: the refusal
/// named only serde's lib.rs, a crate the solution never names (`use varisat::…`), so it did
/// not say which of the solution's dependencies to drop. It names the way from one.
#[test]
fn code_a_build_script_generates_deep_in_the_dependencies_is_refused_naming_the_dependency_pulling_it_in(
) {
    let ws = copy_workspace(&fixture("deps_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "uses_generated_indirectly"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains("crate `generated`, which the problem's dependency `gentable` needs (gentable → generated): ")
            && run.stderr.contains("crates/generated/src/lib.rs:2:18")
            && run.stderr.contains("a build script generates"),
        "{}",
        run.stderr
    );
    assert!(!ws
        .path()
        .join("bundled/uses_generated_indirectly.rs")
        .exists());
    // A direct dependency: said so.
    let run = ojgames_in(ws.path(), &["bundle", "uses_generated"]);
    assert!(
        run.stderr
            .contains("crate `generated`, a dependency of the problem: "),
        "{}",
        run.stderr
    );
}

/// bstr's `#[cfg(all(test, feature = "std"))] mod tests` reads `data/GraphemeBreakTest.txt`,
/// a file crates.io's package leaves out: every bundle pasting bstr was refused ("cannot
/// read it"), though no build compiles that code. A call in a test-only item is left as it
/// is (the item goes, and rustc expands no macro in code a `cfg` removes).
#[test]
fn an_include_in_test_only_code_of_a_crate_is_not_read() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let (text, output) = bundle_compile_run(ws.path(), "uses_testdatalike");
    assert_eq!(output, "3\n");
    assert!(
        !text.contains("cases.txt") && !text.contains("bytes.bin"),
        "{text}"
    );
}

/// Luogu compiles the bundle at 2024: a 2021 crate's `extern "C" {}` (libc's) is an error
/// there. The note after it told the user to set `edition = "2024"` in the problem's
/// Cargo.toml "to see them in the cargo build too", though cargo compiles the crate at its own
/// edition whatever the problem says: the errors are all in a pasted crate, and the note
/// says that.
#[test]
fn errors_only_in_a_pasted_crate_get_no_advice_to_change_the_problems_edition() {
    let ws = copy_workspace(&fixture("deps_ws"));
    let run = ojgames_in(ws.path(), &["bundle", "uses_oldextern", "--judge", "Luogu"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr.contains("extern blocks must be unsafe"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("to see them in the cargo build too"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("note: the errors above are all in crates pasted into the bundle (crates/oldextern/src/lib.rs), not in the problem's code"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_bundle_over_its_judges_source_limit_is_an_error_naming_the_limit_and_largest_parts() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let dir = ws.path().join("problems/nolib");
    let padding: String = (0..1200)
        .map(|i| format!("// padding line {i:04} of a long comment, making main.rs big.\n"))
        .collect();
    let main = fs::read_to_string(dir.join("main.rs")).unwrap();
    fs::write(dir.join("main.rs"), format!("{padding}{main}")).unwrap();
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let with_judge = |judge: &str| {
        let line = format!("judge = \"{judge}\"");
        let text = manifest
            .lines()
            .map(|l| {
                if l.starts_with("judge = ") {
                    line.as_str()
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        fs::write(dir.join("Cargo.toml"), text + "\n").unwrap();
    };
    with_judge("Codeforces");
    let run = ojgames_in(ws.path(), &["bundle", "nolib"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("over the source limit of Codeforces (65536 bytes, 64 KiB)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("largest parts: problems/nolib/main.rs 7"),
        "{}",
        run.stderr
    );
    // AtCoder takes 512 KiB.
    with_judge("AtCoder");
    let run = ojgames_in(ws.path(), &["bundle", "nolib"]);
    assert!(run.success, "{}", run.stderr);
}

/// The size a refusal states for another layout, from its message (`` `--minify` 69584 bytes``).
fn stated_size(stderr: &str, flag: &str) -> Option<usize> {
    let after = &stderr[stderr.find(&format!("`{flag}` "))? + flag.len() + 3..];
    after[..after.find(" bytes")?].parse().ok()
}

#[test]
fn a_refusal_for_the_source_limit_weighs_the_other_layouts_and_names_parts_when_minified() {
    // A contestant's comments over Codeforces' 64 KiB: `--strip-comments` fits, and the
    // refusal says so with the size that layout's bundle has.
    let ws = copy_workspace(&fixture("bundle_ws"));
    let dir = ws.path().join("problems/nolib");
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    fs::write(
        dir.join("Cargo.toml"),
        manifest.replace("judge = \"Local\"", "judge = \"Codeforces\""),
    )
    .unwrap();
    let padding: String = (0..1200)
        .map(|i| format!("// padding line {i:04} of a long comment, making main.rs big.\n"))
        .collect();
    fs::write(
        dir.join("main.rs"),
        format!("{padding}fn main() {{\n    println!(\"no library\");\n}}\n"),
    )
    .unwrap();
    let run = ojgames_in(ws.path(), &["bundle", "nolib", "--no-check"]);
    assert!(!run.success, "{}", run.stdout);
    let stated = stated_size(&run.stderr, "--strip-comments").unwrap_or_else(|| {
        panic!("no size for --strip-comments: {}", run.stderr);
    });
    assert!(run
        .stderr
        .contains(&format!("`--strip-comments` {stated} bytes, under it")));
    let run = ojgames_in(
        ws.path(),
        &["bundle", "nolib", "--strip-comments", "--no-check"],
    );
    assert!(run.success, "{}", run.stderr);
    let written = fs::metadata(ws.path().join("bundled/nolib.rs"))
        .unwrap()
        .len();
    assert_eq!(stated as u64, written);

    // A precomputed table, as contestants paste one: still over when minified. The refusal
    // of the readable bundle says so, and the minified one's names the file the bytes come
    // from (a minified bundle is one line the bundler wrote), and offers no layout it
    // already has.
    let table: String = (0..8000u64)
        .map(|i| format!("{}, ", i * 2_654_435_761 % 1_000_000_007))
        .collect::<Vec<_>>()
        .chunks(10)
        .map(|row| format!("    {}\n", row.concat().trim_end()))
        .collect();
    fs::write(
        dir.join("main.rs"),
        format!(
            "const ANSWERS: [u64; 8000] = [\n{table}];\n\nfn main() {{\n    let mut s = \
             String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    let n: \
             usize = s.trim().parse().unwrap();\n    println!(\"{{}}\", ANSWERS[n]);\n}}\n"
        ),
    )
    .unwrap();
    let run = ojgames_in(ws.path(), &["bundle", "nolib", "--no-check"]);
    assert!(!run.success, "{}", run.stdout);
    let minified = stated_size(&run.stderr, "--minify")
        .unwrap_or_else(|| panic!("no size for --minify: {}", run.stderr));
    assert!(run.stderr.contains("still over"), "{}", run.stderr);
    let run = ojgames_in(ws.path(), &["bundle", "nolib", "--minify", "--no-check"]);
    assert!(!run.success, "{}", run.stdout);
    assert!(
        run.stderr
            .contains(&format!("nolib.rs is {minified} bytes")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("largest parts: (before minifying) problems/nolib/main.rs"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("`--minify` make"), "{}", run.stderr);
}

/// `line!()` and `column!()` are the call's place in the file cargo compiles; the bundle
/// printed its own lines (main.rs's call below the header, the module's inside `mod report
/// { … }`): `sum 10 (line 26)` where cargo printed `(line 14)`.
#[test]
fn line_and_column_print_the_solutions_own_place_not_the_bundles() {
    let ws = copy_workspace(&fixture("bundle_ws"));
    let problem = ws.path().join("problems/line_report");
    // Where the calls stand in the sources, 1-based, columns in characters as rustc counts.
    let place = |file: &str, call: &str| -> (usize, usize) {
        let text = fs::read_to_string(problem.join(file)).unwrap();
        text.lines()
            .enumerate()
            .find_map(|(at, line)| {
                let byte = line.find(call)?;
                Some((at + 1, line[..byte].chars().count() + 1))
            })
            .unwrap()
    };
    let (main_line, _) = place("main.rs", "line!()");
    let (report_line, report_column) = place("report.rs", "column!()");
    assert_eq!(report_line, place("report.rs", "line!()").0);
    let run = ojgames_in(ws.path(), &["bundle", "line_report", "-o", "-"]);
    assert!(run.success, "{}", run.stderr);
    let input = ws.path().join("testdata/line_report/sample.in");
    let scratch = tempfile::tempdir().unwrap();
    let source = scratch.path().join("bundle.rs");
    fs::write(&source, &run.stdout).unwrap();
    let program = scratch.path().join("bundle");
    let (compiled, messages) = rustc(&source, "2021", &program);
    assert!(compiled, "{messages}");
    let output = common::run_on(&program, &input).unwrap();
    let expected = format!(
        "sum 10 (line {main_line})\nnegative -1 at 1 ({report_line}:{report_column})\n\
         negative -1 at 3 ({report_line}:{report_column})\n"
    );
    assert_eq!(String::from_utf8_lossy(&output), expected);
    // The cargo build's output, kept as the case's answer, says the same.
    let kept = fs::read_to_string(ws.path().join("testdata/line_report/sample.out")).unwrap();
    assert_eq!(kept, expected);
    let run = ojgames_in(ws.path(), &["judge", "line_report"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
}
