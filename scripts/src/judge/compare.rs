//! Comparing output with the expected answer like a judge, and explaining a mismatch.

use std::fmt::Write;
use std::time::Duration;

use similar::{ChangeTag, TextDiff};

use crate::settings::Compare;

/// Lines after CRLF→LF, without trailing whitespace on each line and trailing empty lines.
pub fn normalized_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').map(|l| l.trim_end()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

pub fn accepts(mode: Compare, expected: &str, actual: &str) -> bool {
    match mode {
        Compare::Exact => expected == actual,
        Compare::Lines => normalized_lines(expected) == normalized_lines(actual),
        Compare::Tokens => expected.split_whitespace().eq(actual.split_whitespace()),
        Compare::Float { tolerance } => {
            let (e, a): (Vec<&str>, Vec<&str>) = (
                expected.split_whitespace().collect(),
                actual.split_whitespace().collect(),
            );
            e.len() == a.len()
                && e.iter()
                    .zip(&a)
                    .all(|(e, a)| token_matches(e, a, tolerance))
        }
    }
}

/// Numbers within `tolerance` relative to the expected value (absolute when it is below 1);
/// anything else must be equal.
fn token_matches(expected: &str, actual: &str, tolerance: f64) -> bool {
    if expected == actual {
        return true;
    }
    match (expected.parse::<f64>(), actual.parse::<f64>()) {
        (Ok(e), Ok(a)) if e.is_finite() && a.is_finite() => {
            (a - e).abs() <= tolerance * e.abs().max(1.0)
        }
        _ => false,
    }
}

const DIFF_LINE_CAP: usize = 40;

/// Where the output first differs, a unified diff capped at a few dozen lines (saying how
/// many differing lines it leaves out), and a hint when a looser comparison would pass.
pub fn explain(mode: Compare, expected: &str, actual: &str) -> String {
    let mut out = String::new();
    let expected_lines = normalized_lines(expected);
    let actual_lines = normalized_lines(actual);
    out.push_str(&first_difference(&expected_lines, &actual_lines));
    out.push('\n');
    if mode == Compare::Lines && accepts(Compare::Tokens, expected, actual) {
        out.push_str("note: the tokens match; only whitespace or line breaks differ (compare = \"tokens\" would accept)\n");
    }
    if let Compare::Float { tolerance } = mode {
        out.push_str(&format!(
            "note: numbers compared with tolerance {tolerance:e}\n"
        ));
    }
    out.push_str(&unified_diff(
        &expected_lines.join("\n"),
        &actual_lines.join("\n"),
    ));
    out
}

fn first_difference(expected: &[&str], actual: &[&str]) -> String {
    let Some(line) =
        (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))
    else {
        return "the lines are equal; the difference is in whitespace".to_string();
    };
    let (e, a) = (expected.get(line), actual.get(line));
    match (e, a) {
        (Some(_), None) => format!(
            "line {}: output ends early; expected {}",
            line + 1,
            quote(e)
        ),
        (None, Some(_)) => format!("line {}: extra output {}", line + 1, quote(a)),
        (Some(e), Some(a)) => {
            let (et, at): (Vec<&str>, Vec<&str>) = (
                e.split_whitespace().collect(),
                a.split_whitespace().collect(),
            );
            let token = (0..et.len().max(at.len()))
                .find(|&i| et.get(i) != at.get(i))
                .unwrap_or(0);
            format!(
                "line {}, token {}: expected {}, got {}",
                line + 1,
                token + 1,
                quote(et.get(token)),
                quote(at.get(token))
            )
        }
        (None, None) => unreachable!("a differing line exists on one side"),
    }
}

fn quote(text: Option<&&str>) -> String {
    match text {
        Some(t) if t.chars().count() > 60 => {
            format!("{:?}…", t.chars().take(60).collect::<String>())
        }
        Some(t) => format!("{t:?}"),
        None => "nothing".to_string(),
    }
}

fn unified_diff(expected: &str, actual: &str) -> String {
    let diff = TextDiff::configure()
        .timeout(Duration::from_secs(2))
        .diff_lines(expected, actual);
    let mut out = String::from("--- expected\n+++ actual\n");
    let mut shown = 0;
    let mut hidden = 0;
    for group in diff.grouped_ops(2) {
        let (first, last) = (&group[0], &group[group.len() - 1]);
        let (old, new) = (
            first.old_range().start..last.old_range().end,
            first.new_range().start..last.new_range().end,
        );
        let header = format!(
            "@@ -{},{} +{},{} @@\n",
            old.start + 1,
            old.len(),
            new.start + 1,
            new.len()
        );
        if shown < DIFF_LINE_CAP {
            out.push_str(&header);
        }
        for op in &group {
            for change in diff.iter_changes(op) {
                let sign = match change.tag() {
                    ChangeTag::Equal => ' ',
                    ChangeTag::Delete => '-',
                    ChangeTag::Insert => '+',
                };
                if shown < DIFF_LINE_CAP {
                    let _ = writeln!(out, "{sign}{}", change.value().trim_end_matches('\n'));
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
    const FLOAT: Compare = Float { tolerance: 1e-6 };

    #[test]
    fn lines_ignore_crlf_and_trailing_whitespace_only() {
        assert!(accepts(Lines, "1 2\n3\n", "1 2  \r\n3\r\n\n\n"));
        assert!(!accepts(Lines, "1 2\n3\n", "1  2\n3\n"));
        assert!(!accepts(Lines, "1 2\n3\n", "1 2 3\n"));
        assert!(!accepts(Lines, "1\n\n2\n", "1\n2\n"));
    }

    #[test]
    fn tokens_ignore_all_whitespace() {
        assert!(accepts(Tokens, "1 2\n3\n", "1\n2 3"));
        assert!(!accepts(Tokens, "1 2 3", "1 2"));
    }

    #[test]
    fn floats_use_relative_tolerance() {
        assert!(accepts(
            FLOAT,
            "1000000.0 0.5 yes",
            "1000000.5 0.5000004 yes"
        ));
        assert!(!accepts(FLOAT, "1000000.0", "1000002.0"));
        assert!(!accepts(FLOAT, "0.5", "0.50001"));
        assert!(!accepts(FLOAT, "yes", "no"));
        assert!(!accepts(FLOAT, "1", "nan"));
    }

    #[test]
    fn explains_first_difference_and_whitespace_hint() {
        let text = explain(Lines, "1\n2 3\n4\n", "1\n2 5\n4\n");
        assert!(
            text.starts_with("line 2, token 2: expected \"3\", got \"5\""),
            "{text}"
        );
        assert!(text.contains("-2 3\n+2 5\n"), "{text}");
        assert!(!text.contains("tokens match"));
        let text = explain(Lines, "1 2\n", "1\n2\n");
        assert!(text.contains("tokens match"), "{text}");
    }

    #[test]
    fn long_diffs_say_how_much_they_leave_out() {
        let expected: String = (0..200).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..200).map(|i| format!("{}\n", i + 1000)).collect();
        let text = explain(Lines, &expected, &actual);
        assert!(text.contains("… 360 more differing lines"), "{text}");
        assert!(text.lines().count() < 50);
    }
}
