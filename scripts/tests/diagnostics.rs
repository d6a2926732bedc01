//! rustc's errors and warnings about a bundle, shown at the user's own files and lines
//! (`fixtures/diag_ws`): every location, every gutter number and the snippet text are the
//! original file's, also on lines the bundler edited.

mod common;

use common::{copy_workspace, fixture, ojgames_in};

/// `ojgames bundle ID ARGS…` that must fail; its stderr.
fn failing_bundle(id: &str, args: &[&str]) -> String {
    let ws = copy_workspace(&fixture("diag_ws"));
    let mut all = vec!["bundle", id];
    all.extend(args);
    let run = ojgames_in(ws.path(), &all);
    assert!(!run.success, "{id} bundled:\n{}", run.stdout);
    assert!(
        !run.stderr.contains(&format!("{id}.rs:")),
        "a location still points into the bundle:\n{}",
        run.stderr
    );
    run.stderr
}

fn assert_has(text: &str, wanted: &str) {
    assert!(text.contains(wanted), "missing {wanted:?} in:\n{text}");
}

/// The column (1-based) of the first `glyph` on the marker line under gutter line `line`.
fn marker(text: &str, line: &str, glyph: char) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(line))
        .unwrap_or_else(|| panic!("no line {line:?} in:\n{text}"));
    let under = lines[at + 1];
    let code_start = under.find('|').unwrap() + 2;
    let first = under
        .find(glyph)
        .unwrap_or_else(|| panic!("no {glyph} in {under:?}"));
    let count = under[first..].chars().take_while(|&c| c == glyph).count();
    (first - code_start + 1, count)
}

#[test]
fn a_type_error_in_main_is_shown_at_main_with_its_own_line_numbers() {
    let stderr = failing_bundle("main_error", &[]);
    assert_has(&stderr, "error[E0308]: mismatched types");
    assert_has(&stderr, "--> problems/main_error/main.rs:5:26");
    assert_has(&stderr, "\n5 |     let n = words::count(5);\n");
    assert_eq!(marker(&stderr, "5 |", '^'), (26, 1));
}

#[test]
fn a_note_pointing_at_a_library_file_shows_that_file_and_line() {
    let stderr = failing_bundle("main_error", &[]);
    assert_has(
        &stderr,
        "note: function defined here\n --> src/words.rs:4:8\n",
    );
    assert_has(&stderr, "\n4 | pub fn count(s: &str) -> usize {\n");
    assert_eq!(marker(&stderr, "4 |", '^'), (8, 5));
}

#[test]
fn an_error_in_a_library_file_shows_its_original_text_and_columns() {
    // The bundle's line reads `crate::diaglib::words::count(s)`; the user's does not.
    let stderr = failing_bundle("lib_error", &[]);
    assert_has(&stderr, "--> src/broken.rs:5:22");
    assert_has(
        &stderr,
        "\n5 |     let total: u32 = crate::words::count(s) / 2;\n",
    );
    assert_eq!(marker(&stderr, "5 |", '^'), (22, 26));
}

#[test]
fn a_span_over_several_lines_shows_each_at_its_own_number() {
    let stderr = failing_bundle("multi_line", &[]);
    assert_has(&stderr, "error[E0317]");
    assert_has(&stderr, "--> problems/multi_line/main.rs:5:18");
    // Each line under its own number, in a gutter as wide as those numbers.
    for (number, text) in [(5, "let x: u32 = if many {"), (6, "1"), (7, "};")] {
        let prefix = format!("{number} | ");
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&prefix) && l.ends_with(text)),
            "no line {number} reading {text:?}:\n{stderr}"
        );
    }
}

#[test]
fn a_warning_is_shown_at_the_users_line() {
    let stderr = failing_bundle("warning", &["--check"]);
    assert_has(&stderr, "warning: unused variable: `unused`");
    assert_has(&stderr, "--> problems/warning/main.rs:4:9");
    assert_has(&stderr, "\n4 |     let unused = 3;\n");
    assert_eq!(marker(&stderr, "4 |", '^'), (9, 6));
}

#[test]
fn judge_shows_a_compile_error_at_the_users_line() {
    let ws = copy_workspace(&fixture("diag_ws"));
    let bundled = ojgames_in(ws.path(), &["bundle", "main_error", "--no-check"]);
    assert!(bundled.success, "{}", bundled.stderr);
    let run = ojgames_in(ws.path(), &["judge", "main_error"]);
    let shown = format!("{}{}", run.stdout, run.stderr);
    assert_has(&shown, "CE");
    assert_has(&shown, "--> problems/main_error/main.rs:5:26");
    assert_has(&shown, "5 |     let n = words::count(5);\n");
    assert_has(&shown, "--> src/words.rs:4:8");
    assert!(!shown.contains("main_error.rs:"), "{shown}");
}
