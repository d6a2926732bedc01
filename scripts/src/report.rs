//! The one printer of judge records: per problem, its cases with their evidence; for several
//! problems a table; then the totals. `--json` prints one JSON object per line instead.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

use crate::console::{self, Colour};
use crate::judge::verdict::{format_kib, format_time, Verdict};
use crate::judge::{CaseRecord, ProblemRecord};

/// One problem as text.
pub fn problem_text(record: &ProblemRecord) -> String {
    let mut out = String::new();
    if let Some(note) = &record.bundle_note {
        let _ = writeln!(out, "{note}");
    }
    if !record.settings.is_empty() {
        let _ = writeln!(out, "{}: {}", record.id, record.settings);
    }
    if let Some((command, messages)) = &record.compile_error {
        let _ = writeln!(out, "  CE: {command} failed:");
        indent(&mut out, &console::text(messages.as_bytes()), "    ");
    } else if !record.warnings.trim().is_empty() {
        out.push_str("  rustc warnings (a judge may count these against you):\n");
        indent(&mut out, &console::text(record.warnings.as_bytes()), "    ");
    }
    for error in &record.errors {
        let _ = writeln!(out, "  error: {error}");
    }
    for case in &record.cases {
        let (cpu, peak) = case.outcome.map_or((String::new(), String::new()), |o| {
            (format_time(o.cpu), format_kib(o.peak_kib))
        });
        // Escaped before it is padded, so that the columns line up (printing escapes the
        // rest; escaping twice changes nothing).
        let _ = writeln!(
            out,
            "  {:<20} {} {cpu:>7} {peak:>10}",
            console::terminal(&case.name),
            painted(case.verdict, 6)
        );
        indent(&mut out, &case.evidence, "      ");
    }
    // Not after an RE alone: 2024 drops temporaries earlier, so it ends borrows earlier and
    // panics where 2021 did not hardly ever; a panic the cargo build shares is common.
    let output_differs = record
        .cases
        .iter()
        .any(|c| matches!(c.verdict, Verdict::WrongAnswer | Verdict::PresentationError));
    if let (true, Some(note)) = (output_differs, &record.edition_note) {
        // Unindented: a line of two spaces is a case's.
        let _ = writeln!(out, "{note}");
    }
    out
}

/// A verdict's code in its colour (on a terminal that takes colour), padded to `width`:
/// AC green, a failure of the solution red, a case that proves nothing yellow, the judge's
/// own trouble magenta.
pub fn painted(verdict: Verdict, width: usize) -> String {
    let colour = match verdict {
        Verdict::Accepted => Colour::Green,
        Verdict::NoExpected | Verdict::EmptyCase => Colour::Yellow,
        Verdict::CheckerFailure | Verdict::Unjudged => Colour::Magenta,
        _ => Colour::Red,
    };
    let code = verdict.code();
    let pad = width.saturating_sub(code.len());
    format!("{}{:pad$}", console::paint(colour, code), "")
}

/// "M failed", in red when M > 0 (judge's totals, stress's summary).
pub fn failed_count(failed: u64) -> String {
    let text = format!("{failed} failed");
    if failed == 0 {
        text
    } else {
        console::paint(Colour::Red, &text)
    }
}

/// "N passed, M failed" (with how many of the passed only ran, with no .out), the failures
/// in red when there are any.
pub fn totals_line(passed: usize, ran: usize, failed: usize) -> String {
    let failed = failed_count(failed as u64);
    if ran > 0 {
        format!("{passed} passed ({ran} RAN: no .out, nothing compared), {failed}")
    } else {
        format!("{passed} passed, {failed}")
    }
}

fn indent(out: &mut String, text: &str, prefix: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "{prefix}{line}");
    }
}

/// The summary table of several problems.
pub fn table(records: &[ProblemRecord]) -> String {
    let header = [
        "problem", "cases", "verdicts", "max time", "max mem", "bundle",
    ]
    .map(String::from);
    let rows: Vec<[String; 6]> = records.iter().map(row).collect();
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::from("\n");
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

fn row(record: &ProblemRecord) -> [String; 6] {
    let mut counts: BTreeMap<_, usize> = BTreeMap::new();
    for case in &record.cases {
        *counts.entry(case.verdict).or_default() += 1;
    }
    let mut verdicts: Vec<String> = counts
        .iter()
        .map(|(v, n)| format!("{}×{n}", v.code()))
        .collect();
    if !record.errors.is_empty() {
        verdicts.push(format!("error×{}", record.errors.len()));
    }
    let outcomes = record.cases.iter().filter_map(|c| c.outcome.as_ref());
    let max_time = outcomes
        .clone()
        .map(|o| o.cpu)
        .max()
        .unwrap_or(Duration::ZERO);
    let max_mem = outcomes.map(|o| o.peak_kib).max().unwrap_or(0);
    [
        record.id.to_string(),
        record.cases.len().to_string(),
        verdicts.join(" "),
        format_time(max_time),
        format_kib(max_mem),
        record
            .bundle_bytes
            .map_or("-".to_string(), |b| format!("{:.1} KiB", b as f64 / 1024.0)),
    ]
}

pub fn totals(records: &[ProblemRecord]) -> (usize, usize) {
    let passed = records.iter().map(|r| r.passed()).sum();
    let failed = records.iter().map(|r| r.failed()).sum();
    (passed, failed)
}

/// JSON lines: one object per case, one per problem error or compile error, and a closing
/// totals object.
pub fn json(records: &[ProblemRecord]) -> String {
    let mut out = String::new();
    for record in records {
        let setup = setup_json(record);
        if let Some((command, messages)) = &record.compile_error {
            let _ = writeln!(
                out,
                "{{\"problem\":{},\"compile_error\":{},\"messages\":{}{setup}}}",
                string(&record.id),
                string(command),
                string(messages)
            );
        }
        for error in &record.errors {
            let _ = writeln!(
                out,
                "{{\"problem\":{},\"error\":{}{setup}}}",
                string(&record.id),
                string(error)
            );
        }
        for case in &record.cases {
            out.push_str(&case_json(&record.id, case, &setup));
            out.push('\n');
        }
    }
    let (passed, failed) = totals(records);
    let ran: usize = records.iter().map(ProblemRecord::ran).sum();
    let _ = writeln!(
        out,
        "{{\"passed\":{passed},\"ran\":{ran},\"failed\":{failed}}}"
    );
    out
}

/// `,"limits":{…},"bundle":…`: what every record of a problem carries, as far as it is known
/// (the bundle is `null` for the cargo build and `--command`).
fn setup_json(record: &ProblemRecord) -> String {
    let mut out = String::new();
    if let Some(limits) = record.limits {
        let _ = write!(
            out,
            ",\"limits\":{{\"time_ms\":{},\"memory_kib\":{},\"stack_kib\":{},\"output_kib\":{}}}",
            limits.cpu.as_millis(),
            limits.memory_kib,
            limits.stack_kib,
            limits.output_bytes / 1024
        );
        let bundle = record.bundle.as_deref().map_or("null".to_string(), string);
        let _ = write!(out, ",\"bundle\":{bundle}");
    }
    out
}

fn case_json(problem: &str, case: &CaseRecord, setup: &str) -> String {
    let mut out = format!(
        "{{\"problem\":{},\"case\":{},\"verdict\":{}",
        string(problem),
        string(&case.name),
        string(case.verdict.code())
    );
    if let Some(o) = case.outcome {
        let _ = write!(
            out,
            ",\"cpu_ms\":{:.3},\"wall_ms\":{:.3},\"peak_kib\":{}",
            o.cpu.as_secs_f64() * 1e3,
            o.wall.as_secs_f64() * 1e3,
            o.peak_kib
        );
    }
    let _ = write!(out, ",\"evidence\":{}{setup}}}", string(&case.evidence));
    out
}

/// A JSON string literal.
pub fn string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1b}"), r#""a\"b\\c\nd\u001b""#);
    }
}
