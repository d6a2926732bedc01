//! Comparing output with the expected answer like a judge, on bytes, and explaining a
//! mismatch with the same comparison that rejected it.

use std::fmt::Write;
use std::time::Duration;

use similar::{capture_diff_slices_deadline, group_diff_ops, Algorithm, ChangeTag};

use crate::console::quote;
use crate::settings::{Compare, Tolerance};

/// The result of a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    Accepted,
    /// Only whitespace differs, under `Compare::Exact` (POJ's and HDU's Presentation Error).
    Presentation,
    Wrong,
}

pub fn compare(mode: Compare, expected: &[u8], actual: &[u8]) -> Match {
    let accepted = match mode {
        Compare::Exact => expected == actual,
        Compare::ExactCrlf => crlf_as_lf(expected) == crlf_as_lf(actual),
        Compare::Lines | Compare::Words | Compare::FloatLines(_) => {
            let (e, a) = (normalized_lines(expected), normalized_lines(actual));
            e.len() == a.len() && e.iter().zip(&a).all(|(e, a)| lines_match(mode, e, a))
        }
        Compare::Tokens => tokens(expected).eq(tokens(actual)),
        Compare::Float(tolerance) => words_match(tolerance, expected, actual),
    };
    if accepted {
        Match::Accepted
    } else if matches!(mode, Compare::Exact | Compare::ExactCrlf)
        && tokens(expected).eq(tokens(actual))
    {
        Match::Presentation
    } else {
        Match::Wrong
    }
}

/// The text with every CR LF read as LF (a lone CR stays).
fn crlf_as_lf(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for (i, &b) in text.iter().enumerate() {
        if !(b == b'\r' && text.get(i + 1) == Some(&b'\n')) {
            out.push(b);
        }
    }
    out
}

/// The same number of tokens, each pair equal or numbers within `tolerance`.
fn words_match(tolerance: Tolerance, expected: &[u8], actual: &[u8]) -> bool {
    let (e, a): (Vec<&[u8]>, Vec<&[u8]>) = (tokens(expected).collect(), tokens(actual).collect());
    e.len() == a.len()
        && e.iter()
            .zip(&a)
            .all(|(e, a)| token_matches(e, a, tolerance))
}

/// Lines split at LF, each without trailing whitespace (so a CR before the LF goes too),
/// without trailing empty lines.
pub fn normalized_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').map(trim_end).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &line[..end]
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    text.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// Numbers within `tolerance` (either error holds), both finite; anything else must be equal.
fn token_matches(expected: &[u8], actual: &[u8], tolerance: Tolerance) -> bool {
    if expected == actual {
        return true;
    }
    let number = |t: &[u8]| {
        std::str::from_utf8(t)
            .ok()?
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
    };
    match (number(expected), number(actual)) {
        (Some(e), Some(a)) => {
            let error = (a - e).abs();
            error <= tolerance.absolute || error <= tolerance.relative * e.abs()
        }
        _ => false,
    }
}

/// Two lines equal under `mode`.
fn lines_match(mode: Compare, expected: &[u8], actual: &[u8]) -> bool {
    match mode {
        Compare::Exact | Compare::ExactCrlf => expected == actual,
        Compare::Lines => trim_end(expected) == trim_end(actual),
        Compare::Words | Compare::Tokens => tokens(expected).eq(tokens(actual)),
        Compare::Float(tolerance) | Compare::FloatLines(tolerance) => {
            words_match(tolerance, expected, actual)
        }
    }
}

const DIFF_LINE_CAP: usize = 40;

/// Where the output first differs, a unified diff capped at a few dozen lines (saying how
/// many differing lines it leaves out), and a hint when a looser comparison would pass.
/// Lines are compared the way `mode` compares them: under `float`, a line within the
/// tolerance is not a difference.
pub fn explain(mode: Compare, expected: &[u8], actual: &[u8]) -> String {
    if mode == Compare::ExactCrlf {
        return explain_difference(Compare::Exact, &crlf_as_lf(expected), &crlf_as_lf(actual));
    }
    let mut out = explain_difference(mode, expected, actual);
    if mode == Compare::Exact {
        out.push_str(&crlf_note(expected, actual));
    }
    out
}

/// The 1-based line of the first CR before an LF.
fn first_crlf_line(text: &[u8]) -> Option<usize> {
    let at = text.windows(2).position(|pair| pair == b"\r\n")?;
    Some(text[..at].iter().filter(|&&b| b == b'\n').count() + 1)
}

/// A note when one side has CRLF line endings and the other does not: an expected file saved
/// on Windows is the usual reason an exact comparison fails on every line.
fn crlf_note(expected: &[u8], actual: &[u8]) -> String {
    match (first_crlf_line(expected), first_crlf_line(actual)) {
        (Some(line), None) => {
            format!("note: the expected file has CRLF line endings (line {line})\n")
        }
        (None, Some(line)) => format!("note: the output has CRLF line endings (line {line})\n"),
        _ => String::new(),
    }
}

fn explain_difference(mode: Compare, expected: &[u8], actual: &[u8]) -> String {
    let mut out = String::new();
    if compare(mode, expected, actual) == Match::Presentation {
        out.push_str(&whitespace_difference(expected, actual));
        out.push_str("note: the tokens match; only whitespace or line breaks differ (PE: this judge compares exactly)\n");
        return out;
    }
    let (expected_lines, actual_lines) = match mode {
        Compare::Exact => (raw_lines(expected), raw_lines(actual)),
        _ => (normalized_lines(expected), normalized_lines(actual)),
    };
    out.push_str(&first_difference(mode, &expected_lines, &actual_lines));
    out.push('\n');
    if matches!(mode, Compare::Lines | Compare::Words) && tokens(expected).eq(tokens(actual)) {
        out.push_str("note: the tokens match; only whitespace or line breaks differ (compare = \"tokens\" would accept)\n");
    }
    if let Some(Tolerance { relative, absolute }) = mode.tolerance() {
        let _ = writeln!(
            out,
            "note: numbers pass within relative error {relative:e} or absolute error {absolute:e}"
        );
    }
    // A line that matches its counterpart under `mode` is shown as equal.
    let shown_actual: Vec<&[u8]> = actual_lines
        .iter()
        .enumerate()
        .map(|(i, line)| match expected_lines.get(i) {
            Some(e) if lines_match(mode, e, line) => *e,
            _ => *line,
        })
        .collect();
    out.push_str(&unified_diff(&expected_lines, &shown_actual));
    out
}

/// Lines split at LF, keeping everything else (CR, trailing spaces); a final LF ends the last
/// line rather than starting an empty one.
fn raw_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    if text.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// Under exact comparison with equal tokens: the first byte where the whitespace differs.
fn whitespace_difference(expected: &[u8], actual: &[u8]) -> String {
    let at = expected
        .iter()
        .zip(actual)
        .position(|(e, a)| e != a)
        .unwrap_or(expected.len().min(actual.len()));
    let line = expected[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let context = |text: &[u8]| {
        let start = text[..at.min(text.len())]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = (at + 8).min(text.len());
        quote(&text[start..end])
    };
    let what = if at == expected.len() {
        "extra whitespace at the end"
    } else if at == actual.len() {
        "whitespace missing at the end"
    } else {
        "the whitespace differs"
    };
    format!(
        "line {line}: {what}: expected {}, got {}\n",
        context(expected),
        context(actual)
    )
}

fn first_difference(mode: Compare, expected: &[&[u8]], actual: &[&[u8]]) -> String {
    let line =
        (0..expected.len().max(actual.len())).find(|&i| match (expected.get(i), actual.get(i)) {
            (Some(e), Some(a)) => !lines_match(mode, e, a),
            _ => true,
        });
    let Some(line) = line else {
        return "the lines are equal; the difference is in whitespace".to_string();
    };
    match (expected.get(line), actual.get(line)) {
        (Some(e), None) => format!(
            "line {}: output ends early; expected {}",
            line + 1,
            quote(e)
        ),
        (None, Some(a)) => format!("line {}: extra output {}", line + 1, quote(a)),
        (Some(e), Some(a)) => {
            let (et, at): (Vec<&[u8]>, Vec<&[u8]>) = (tokens(e).collect(), tokens(a).collect());
            let token = (0..et.len().max(at.len())).find(|&i| match (et.get(i), at.get(i)) {
                (Some(e), Some(a)) => !lines_match(mode, e, a),
                _ => true,
            });
            match token {
                Some(t) => format!(
                    "line {}, token {}: expected {}, got {}",
                    line + 1,
                    t + 1,
                    et.get(t).map_or("nothing".to_string(), |t| quote(t)),
                    at.get(t).map_or("nothing".to_string(), |t| quote(t)),
                ),
                None => format!("line {}: expected {}, got {}", line + 1, quote(e), quote(a)),
            }
        }
        (None, None) => unreachable!("a differing line exists on one side"),
    }
}

fn unified_diff(expected: &[&[u8]], actual: &[&[u8]]) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    let ops = capture_diff_slices_deadline(Algorithm::Myers, expected, actual, Some(deadline));
    let mut out = String::from("--- expected\n+++ actual\n");
    let mut shown = 0;
    let mut hidden = 0;
    for group in group_diff_ops(ops, 2) {
        let (first, last) = (&group[0], &group[group.len() - 1]);
        let (old, new) = (
            first.old_range().start..last.old_range().end,
            first.new_range().start..last.new_range().end,
        );
        if shown < DIFF_LINE_CAP {
            let _ = writeln!(
                out,
                "@@ -{},{} +{},{} @@",
                old.start + 1,
                old.len(),
                new.start + 1,
                new.len()
            );
        }
        for op in &group {
            for change in op.iter_changes(expected, actual) {
                let sign = match change.tag() {
                    ChangeTag::Equal => ' ',
                    ChangeTag::Delete => '-',
                    ChangeTag::Insert => '+',
                };
                if shown < DIFF_LINE_CAP {
                    let _ = writeln!(out, "{sign}{}", crate::console::line(change.value()));
                    shown += 1;
                } else if sign != ' ' {
                    hidden += 1;
                }
            }
        }
    }
    if hidden > 0 {
        let _ = writeln!(out, "… {hidden} more differing lines");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Compare::*;
    const FLOAT: Compare = Float(Tolerance::both(1e-6));

    fn ok(mode: Compare, expected: &str, actual: &str) -> bool {
        compare(mode, expected.as_bytes(), actual.as_bytes()) == Match::Accepted
    }

    fn why(mode: Compare, expected: &str, actual: &str) -> String {
        explain(mode, expected.as_bytes(), actual.as_bytes())
    }

    #[test]
    fn lines_ignore_crlf_and_trailing_whitespace_only() {
        assert!(ok(Lines, "1 2\n3\n", "1 2  \r\n3\r\n\n\n"));
        assert!(!ok(Lines, "1 2\n3\n", "1  2\n3\n"));
        assert!(!ok(Lines, "1 2\n3\n", "1 2 3\n"));
        assert!(!ok(Lines, "1\n\n2\n", "1\n2\n"));
    }

    #[test]
    fn tokens_ignore_all_whitespace() {
        assert!(ok(Tokens, "1 2\n3\n", "1\n2 3"));
        assert!(!ok(Tokens, "1 2 3", "1 2"));
    }

    #[test]
    fn floats_use_relative_tolerance() {
        assert!(ok(FLOAT, "1000000.0 0.5 yes", "1000000.5 0.5000004 yes"));
        assert!(!ok(FLOAT, "1000000.0", "1000002.0"));
        assert!(!ok(FLOAT, "0.5", "0.50001"));
        assert!(!ok(FLOAT, "yes", "no"));
        assert!(!ok(FLOAT, "1", "nan"));
    }

    #[test]
    fn bytes_are_compared_not_their_lossy_decoding() {
        for mode in [Exact, Lines, Tokens, FLOAT] {
            let verdict = compare(mode, b"\xFE\xFF ok\n", b"\xFF\xFE ok\n");
            assert_eq!(verdict, Match::Wrong, "{mode}");
        }
        let text = explain(Lines, b"\xFE\xFF ok\n", b"\xFF\xFE ok\n");
        assert!(
            text.contains(r#"expected "\xFE\xFF", got "\xFF\xFE""#),
            "{text}"
        );
    }

    #[test]
    fn exact_gives_pe_when_only_whitespace_differs() {
        assert_eq!(compare(Exact, b"1 2\n3\n", b"1 2\n3\n"), Match::Accepted);
        assert_eq!(
            compare(Exact, b"1 2\n3\n", b"1 2 \n3\n"),
            Match::Presentation
        );
        assert_eq!(
            compare(Exact, b"1 2\n3\n", b"1 2\r\n3\r\n"),
            Match::Presentation
        );
        assert_eq!(compare(Exact, b"1 2\n3\n", b"1 2\n3"), Match::Presentation);
        assert_eq!(compare(Exact, b"1 2\n3\n", b"1 2\n4\n"), Match::Wrong);
        assert_eq!(compare(Lines, b"1 2\n3\n", b"1 2 \n3\n"), Match::Accepted);
        let text = explain(Exact, b"1 2\n3\n", b"1 2 \n3\n");
        assert!(
            text.starts_with(
                "line 1: the whitespace differs: expected \"1 2\\n3\\n\", got \"1 2 \\n3\\n\""
            ),
            "{text}"
        );
        assert!(text.contains("PE"), "{text}");
    }

    #[test]
    fn crlf_line_endings_are_named_on_the_side_that_has_them() {
        let text = why(Exact, "1\n2\r\n3\r\n", "1\n2\n3\n");
        assert!(
            text.contains("note: the expected file has CRLF line endings (line 2)"),
            "{text}"
        );
        assert!(!text.contains("the output has CRLF"), "{text}");
        let text = why(Exact, "1\n2\n", "1\r\n2\r\n");
        assert!(
            text.contains("note: the output has CRLF line endings (line 1)"),
            "{text}"
        );
        let text = why(Exact, "1\r\n", "2\r\n");
        assert!(!text.contains("CRLF"), "both have them: {text}");
    }

    #[test]
    fn explains_first_difference_and_whitespace_hint() {
        let text = why(Lines, "1\n2 3\n4\n", "1\n2 5\n4\n");
        assert!(
            text.starts_with("line 2, token 2: expected \"3\", got \"5\""),
            "{text}"
        );
        assert!(text.contains("-2 3\n+2 5\n"), "{text}");
        assert!(!text.contains("tokens match"));
        let text = why(Lines, "1 2\n", "1\n2\n");
        assert!(text.contains("tokens match"), "{text}");
    }

    #[test]
    fn a_prefix_of_the_expected_output_is_diffed_as_missing_lines() {
        let text = why(Lines, "2\n4\n6\n", "2\n4\n");
        assert!(
            text.starts_with("line 3: output ends early; expected \"6\""),
            "{text}"
        );
        assert!(text.contains(" 2\n 4\n-6\n"), "{text}");
        assert!(!text.contains("+4"), "{text}");
    }

    #[test]
    fn float_explanations_use_the_tolerance() {
        let expected = "1.0\n2.0\n3.0\n4.0\n";
        let actual = "1.0000001\n2.0000001\n3.5\n4.0000001\n";
        let text = why(FLOAT, expected, actual);
        assert!(
            text.starts_with("line 3, token 1: expected \"3.0\", got \"3.5\""),
            "{text}"
        );
        assert!(text.contains(" 2.0\n-3.0\n+3.5\n 4.0\n"), "{text}");
        let changed = text.lines().filter(|l| {
            l.starts_with(['+', '-']) && !l.starts_with("+++") && !l.starts_with("---")
        });
        assert_eq!(
            changed.count(),
            2,
            "only the line outside the tolerance: {text}"
        );
    }

    /// Whether the peers pass or fail an output, re-stated as cases (their rules read in
    /// their source: online-judge-tools' `output_comparators.py` and `test.py`, snowchains'
    /// `DeterministicExpectedOutput::accepts`, which cargo-compete calls), each with the mode
    /// of ours that does the same. Ours must decide every case as the peer does.
    struct Scenario {
        peer: &'static str,
        mode: Compare,
        expected: &'static str,
        actual: &'static str,
        passes: bool,
    }

    const fn case(
        peer: &'static str,
        mode: Compare,
        expected: &'static str,
        actual: &'static str,
        passes: bool,
    ) -> Scenario {
        Scenario {
            peer,
            mode,
            expected,
            actual,
            passes,
        }
    }

    const OJ_E: Compare = FloatLines(Tolerance::both(1e-6));
    const COMPETE_FLOAT: Compare = FloatLines(Tolerance::both(0.01));
    const RELATIVE_ONLY: Compare = FloatLines(Tolerance {
        relative: 0.01,
        absolute: 0.0,
    });

    const SCENARIOS: &[Scenario] = &[
        // oj's default: exact once CR LF is LF (a lone CR stays).
        case("oj", ExactCrlf, "1 2\n", "1 2\r\n", true),
        case("oj", ExactCrlf, "1 2\r\n3\r\n", "1 2\n3\n", true),
        case("oj", ExactCrlf, "1 2\n", "1 2", false),
        case("oj", ExactCrlf, "1  2\n", "1 2\n", false),
        case("oj", ExactCrlf, "ab\n", "a\rb\n", false),
        case("oj", ExactCrlf, "1 2\n", "1 2 \n", false),
        // oj -m exact-match: byte for byte.
        case("oj", Exact, "1 2\n", "1 2\r\n", false),
        case("oj", Exact, "1 2\n", "1 2\n", true),
        // oj -S: each line's words; trailing empty lines dropped, inner ones count.
        case("oj", Words, "1 2\n3\n", "1   2 \n3\n", true),
        case("oj", Words, "1 2\n3\n", "1\n2 3\n", false),
        case("oj", Words, "1\n2\n", "1\n2\n\n\n", true),
        case("oj", Words, "1\n\n2\n", "1\n2\n", false),
        case("oj", Words, "1 2\r\n", "1 2\n", true),
        case("oj", Words, "", "\n", true),
        case("oj", Words, "1 2\n", "1 3\n", false),
        // oj -N: words, line breaks ignored.
        case("oj", Tokens, "1 2\n3\n", "1\n2 3", true),
        case("oj", Tokens, "1 2 3\n", "1 2\n", false),
        // oj -e 1e-6: each line's words, numbers within either error.
        case("oj", OJ_E, "1.0 2.0\n", "1.0000001 2.0\n", true),
        case("oj", OJ_E, "1.0\n", "1.1\n", false),
        case("oj", OJ_E, "1.0 2.0\n", "1.0\n2.0\n", false),
        case("oj", OJ_E, "yes 0.5\n", "yes 0.5000000001\n", true),
        case("oj", OJ_E, "yes\n", "no\n", false),
        case("oj", OJ_E, "1000000\n", "1000000.5\n", true),
        case("oj", OJ_E, "0\n", "0.0000005\n", true),
        case("oj", OJ_E, "0\n", "0.00001\n", false),
        // cargo-compete `Exact`: the strings equal.
        case("cargo-compete", Exact, "1 2\n", "1 2\n", true),
        case("cargo-compete", Exact, "1  2\n", "1 2\n", false),
        case("cargo-compete", Exact, "1 2\n", "1\n2\n", false),
        // cargo-compete `SplitWhitespace`: the whole output's words (not line by line).
        case("cargo-compete", Tokens, "", "", true),
        case("cargo-compete", Tokens, "\n", "", true),
        case("cargo-compete", Tokens, "", "\n", true),
        case("cargo-compete", Tokens, "1 2", "1 2\n", true),
        case("cargo-compete", Tokens, " 1    2 \n", "1 2\n", true),
        case("cargo-compete", Tokens, "1 2\n", "1\n2\n", true),
        case("cargo-compete", Tokens, "1 2\n", "1 3\n", false),
        // cargo-compete `Float { relative_error: 0.01, absolute_error: 0.01 }`.
        case(
            "cargo-compete",
            COMPETE_FLOAT,
            "10000.0\n",
            "10001.0\n",
            true,
        ),
        case("cargo-compete", COMPETE_FLOAT, "0.5\n", "0.505\n", true),
        case("cargo-compete", COMPETE_FLOAT, "1.0\n", "1.5\n", false),
        case("cargo-compete", COMPETE_FLOAT, "1 2\n", "1 2 3\n", false),
        case(
            "cargo-compete",
            COMPETE_FLOAT,
            "a 1.0\n",
            "a 1.0001\n",
            true,
        ),
        case("cargo-compete", COMPETE_FLOAT, "a\n", "b\n", false),
        case("cargo-compete", COMPETE_FLOAT, "1\n2\n", "1\n", false),
        case("cargo-compete", COMPETE_FLOAT, "1 2\n", "1\n2\n", false),
        // snowchains: relative error only.
        case("snowchains", RELATIVE_ONLY, "10000.0\n", "10001.0\n", true),
        case("snowchains", RELATIVE_ONLY, "10000.0\n", "0\n", false),
        case("snowchains", RELATIVE_ONLY, "0\n", "0.001\n", false),
        case("snowchains", RELATIVE_ONLY, "2.5\n", "2.5\n", true),
    ];

    #[test]
    fn verdicts_agree_with_the_peers() {
        for s in SCENARIOS {
            let passed = ok(s.mode, s.expected, s.actual);
            assert_eq!(
                passed, s.passes,
                "{} in {} mode: expected {:?}, got {:?}",
                s.peer, s.mode, s.expected, s.actual
            );
        }
    }

    /// Where a peer decides otherwise, on purpose. cargo-compete's `Lines` and `Float` read
    /// lines with `str::lines`, so an extra empty line at the end fails there; ours (as oj)
    /// ignore trailing empty lines: judges do. Its relative error divides by the output, ours
    /// by the expected value (as testlib), which only matters far from the tolerance.
    #[test]
    fn trailing_empty_lines_never_count_in_line_modes() {
        for mode in [Lines, Words, OJ_E, COMPETE_FLOAT] {
            assert!(ok(mode, "1\n", "1\n\n"), "{mode}");
            assert!(ok(mode, "1\n\n\n", "1"), "{mode}");
            assert!(
                !ok(mode, "\n1\n", "1\n"),
                "{mode}: a leading empty line counts"
            );
        }
        // A line of spaces is a line with no words: at the end it is ignored too (oj strips
        // only LFs at the end, so there it would be a line too many).
        assert!(ok(Words, "1\n", "1\n  \n"));
        assert!(ok(Lines, "1\n", "1\n  \n"));
    }

    #[test]
    fn exact_crlf_gives_pe_and_explains_after_reading_crlf_as_lf() {
        assert_eq!(compare(ExactCrlf, b"1 2\r\n", b"1 2\n"), Match::Accepted);
        assert_eq!(
            compare(ExactCrlf, b"1 2\n", b"1  2\r\n"),
            Match::Presentation
        );
        let text = why(ExactCrlf, "1\r\n2\r\n", "1\n3\n");
        assert!(text.starts_with("line 2"), "{text}");
        assert!(
            !text.contains("CRLF"),
            "CR LF is no difference here: {text}"
        );
    }

    #[test]
    fn separate_errors_each_pass_a_number() {
        let relative = Float(Tolerance {
            relative: 1e-3,
            absolute: 0.0,
        });
        let absolute = Float(Tolerance {
            relative: 0.0,
            absolute: 1e-3,
        });
        // 1000 vs 1000.5: within 1e-3 relative, not absolute.
        assert!(ok(relative, "1000", "1000.5"));
        assert!(!ok(absolute, "1000", "1000.5"));
        // 0.001 vs 0.0015: within 1e-3 absolute, not relative.
        assert!(!ok(relative, "0.001", "0.0015"));
        assert!(ok(absolute, "0.001", "0.0015"));
        // Today's `float` (one tolerance) is both errors at once.
        assert_eq!(
            Compare::parse("float").unwrap(),
            Float(Tolerance::both(1e-6))
        );
        let text = why(absolute, "0.5\n", "0.6\n");
        assert!(
            text.contains("relative error 0e0 or absolute error 1e-3"),
            "{text}"
        );
    }

    #[test]
    fn words_compare_each_line_and_explain_a_moved_break() {
        assert!(ok(Words, "1 2\n3\n", "1\t2\r\n3  \n"));
        assert!(!ok(Words, "1 2\n3\n", "1 2 3\n"));
        let text = why(Words, "1 2\n3\n", "1\n2 3\n");
        assert!(text.contains("tokens match"), "{text}");
    }

    #[test]
    fn long_diffs_say_how_much_they_leave_out() {
        let expected: String = (0..200).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..200).map(|i| format!("{}\n", i + 1000)).collect();
        let text = why(Lines, &expected, &actual);
        assert!(text.contains("… 360 more differing lines"), "{text}");
        assert!(text.lines().count() < 50);
    }
}
