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

    #[test]
    fn long_diffs_say_how_much_they_leave_out() {
        let expected: String = (0..200).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..200).map(|i| format!("{}\n", i + 1000)).collect();
        let text = why(Lines, &expected, &actual);
        assert!(text.contains("… 360 more differing lines"), "{text}");
        assert!(text.lines().count() < 50);
    }
}
