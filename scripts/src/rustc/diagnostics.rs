//! rustc's diagnostics as data (`--error-format=json`): what shaking reads (which items are
//! dead, which imports are unresolved), and what users see, drawn again at their own files
//! and lines: every location, every gutter number and the snippet text come from the
//! original file, through the bundle's line map.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

/// One diagnostic, as rustc's JSON output gives it (the fields used here).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Diagnostic {
    pub message: String,
    pub code: Option<Code>,
    pub level: String,
    pub spans: Vec<DiagnosticSpan>,
    #[serde(default)]
    pub children: Vec<Diagnostic>,
    pub rendered: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Code {
    pub code: String,
}

/// A span in a file: 1-based lines and columns (columns in characters).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct DiagnosticSpan {
    pub file_name: String,
    pub line_start: u32,
    pub line_end: u32,
    pub column_start: u32,
    pub column_end: u32,
    pub is_primary: bool,
    pub label: Option<String>,
    pub suggested_replacement: Option<String>,
    /// The source lines the span covers, as rustc read them.
    #[serde(default)]
    pub text: Vec<SpanLine>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct SpanLine {
    pub text: String,
}

impl Diagnostic {
    pub fn code(&self) -> Option<&str> {
        self.code.as_ref().map(|c| c.code.as_str())
    }

    pub fn primary(&self) -> Option<&DiagnosticSpan> {
        self.spans.iter().find(|s| s.is_primary)
    }
}

/// The diagnostics in rustc's JSON output (one object a line); other lines are skipped.
pub fn parse(output: &str) -> Vec<Diagnostic> {
    output
        .lines()
        .filter(|line| line.starts_with('{'))
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

/// Where a bundle location came from, and the text of lines there.
pub trait Locate {
    /// The file, line and column a span's `file_name:line:column` stands for.
    fn locate(&self, file: &str, line: u32, column: u32) -> (String, u32, u32);
    /// Line `line` (1-based) of `file` as located, if it can be read.
    fn line_text(&self, file: &str, line: u32) -> Option<String>;
}

/// A place in a snippet: a located file, line and columns.
#[derive(Debug, Clone)]
struct Mark {
    line: u32,
    end_line: u32,
    column: u32,
    end_column: u32,
    primary: bool,
    label: String,
}

/// `diagnostics` drawn like rustc draws them, at the locations `locate` gives.
pub fn render(diagnostics: &[Diagnostic], locate: &dyn Locate) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        if diagnostic.spans.is_empty() {
            // "aborting due to …", "N warnings emitted", notes on explanations.
            out.push_str(diagnostic.rendered.as_deref().unwrap_or(""));
            continue;
        }
        let (body, width) = draw(diagnostic, locate, None);
        out.push_str(&body);
        let mut footer = String::new();
        for child in &diagnostic.children {
            if child.spans.is_empty()
                || child
                    .spans
                    .iter()
                    .all(|s| s.suggested_replacement.is_some())
            {
                let suggestion: Vec<&str> = child
                    .spans
                    .iter()
                    .filter_map(|s| s.suggested_replacement.as_deref())
                    .collect();
                let _ = write!(
                    footer,
                    "{} = {}: {}",
                    " ".repeat(width),
                    child.level,
                    child.message
                );
                if let [only] = suggestion[..] {
                    let _ = write!(footer, ": `{only}`");
                }
                footer.push('\n');
            } else {
                if !footer.is_empty() {
                    out.push_str(&format!("{} |\n", " ".repeat(width)));
                    out.push_str(&footer);
                    footer.clear();
                }
                out.push_str(&draw(child, locate, Some(width)).0);
            }
        }
        if !footer.is_empty() {
            out.push_str(&format!("{} |\n", " ".repeat(width)));
            out.push_str(&footer);
        }
        out.push('\n');
    }
    out
}

/// A diagnostic's header, location and snippets; returns them and the gutter width.
fn draw(diagnostic: &Diagnostic, locate: &dyn Locate, width: Option<usize>) -> (String, usize) {
    let mut out = String::new();
    // Lint names come as codes too; rustc shows only error codes (`E0308`).
    let is_error_code =
        |code: &&str| code.starts_with('E') && code[1..].bytes().all(|b| b.is_ascii_digit());
    match diagnostic.code().filter(is_error_code) {
        Some(code) => {
            let _ = writeln!(out, "{}[{code}]: {}", diagnostic.level, diagnostic.message);
        }
        None => {
            let _ = writeln!(out, "{}: {}", diagnostic.level, diagnostic.message);
        }
    }
    // Marks by located file, the primary span's file first.
    let mut files: Vec<(String, Vec<Mark>)> = Vec::new();
    let mut spans: Vec<&DiagnosticSpan> = diagnostic.spans.iter().collect();
    spans.sort_by_key(|s| !s.is_primary);
    let mut first_location = BTreeMap::new();
    // rustc's own copy of each line, for files that cannot be read again.
    let mut known_text: BTreeMap<(String, u32), String> = BTreeMap::new();
    for span in spans {
        for (k, line) in span.text.iter().enumerate() {
            let (file, number, _) = locate.locate(&span.file_name, span.line_start + k as u32, 1);
            known_text
                .entry((file, number))
                .or_insert_with(|| line.text.clone());
        }
        let (file, line, column) =
            locate.locate(&span.file_name, span.line_start, span.column_start);
        let (_, end_line, end_column) =
            locate.locate(&span.file_name, span.line_end, span.column_end);
        first_location.entry(file.clone()).or_insert((line, column));
        let mark = Mark {
            line,
            end_line: end_line.max(line),
            column,
            end_column,
            primary: span.is_primary,
            label: span.label.clone().unwrap_or_default(),
        };
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, marks)) => marks.push(mark),
            None => files.push((file, vec![mark])),
        }
    }
    let widest = files
        .iter()
        .flat_map(|(_, marks)| marks.iter().map(|m| m.end_line))
        .max()
        .unwrap_or(1);
    let width = width.unwrap_or(0).max(widest.to_string().len());
    let pad = " ".repeat(width);
    for (index, (file, marks)) in files.iter().enumerate() {
        let (line, column) = first_location[file];
        let arrow = if index == 0 { "-->" } else { ":::" };
        let _ = writeln!(out, "{pad}{arrow} {file}:{line}:{column}");
        let _ = writeln!(out, "{pad} |");
        let text_of = |line: u32| {
            locate
                .line_text(file, line)
                .or_else(|| known_text.get(&(file.clone(), line)).cloned())
                .unwrap_or_default()
        };
        snippet(&mut out, marks, &text_of, width);
    }
    (out, width)
}

/// The lines `marks` cover, each under its original line number, with `^^^` (primary) or
/// `---` under the marked columns and the labels; a span over several lines is drawn with a
/// bar in the margin from its first line to its last.
fn snippet(out: &mut String, marks: &[Mark], text_of: &dyn Fn(u32) -> String, width: usize) {
    let mut lines: Vec<u32> = Vec::new();
    for mark in marks {
        if mark.end_line - mark.line <= 4 {
            lines.extend(mark.line..=mark.end_line);
        } else {
            lines.extend([mark.line, mark.line + 1, mark.end_line - 1, mark.end_line]);
        }
    }
    lines.sort_unstable();
    lines.dedup();
    let multi: Option<&Mark> = marks.iter().find(|m| m.end_line > m.line);
    let margin = |line: u32| -> &str {
        match multi {
            Some(m) if line == m.line => "/ ",
            Some(m) if line > m.line && line <= m.end_line => "| ",
            Some(_) => "  ",
            None => "",
        }
    };
    let mut previous = None;
    for &line in &lines {
        if previous.is_some_and(|p: u32| line > p + 1) {
            let _ = writeln!(out, "...");
        }
        previous = Some(line);
        let text = text_of(line);
        let _ = writeln!(out, "{line:>width$} | {}{}", margin(line), text.trim_end());
        let inside = match multi {
            Some(m) if line >= m.line && line < m.end_line => "| ",
            Some(_) => "  ",
            None => "",
        };
        let mut on_line: Vec<&Mark> = marks
            .iter()
            .filter(|m| m.line == m.end_line && m.line == line)
            .collect();
        on_line.sort_by_key(|m| m.column);
        if let Some(last) = on_line.last() {
            // Underlines on one line, the rightmost label after them, the others below.
            let mut under = String::new();
            for mark in &on_line {
                let start = mark.column.max(1) as usize - 1;
                let length = (mark.end_column.max(mark.column + 1) - mark.column) as usize;
                let glyph = if mark.primary { '^' } else { '-' };
                while under.chars().count() < start {
                    under.push(' ');
                }
                under.extend(std::iter::repeat_n(glyph, length));
            }
            let gutter = " ".repeat(width);
            let _ = writeln!(out, "{gutter} | {inside}{under} {}", last.label);
            trim_line_end(out);
            let labelled: Vec<&&Mark> = on_line[..on_line.len() - 1]
                .iter()
                .filter(|m| !m.label.is_empty())
                .collect();
            for (k, mark) in labelled.iter().enumerate().rev() {
                let column = mark.column.max(1) as usize - 1;
                let mut bars = String::new();
                for other in &labelled[..k] {
                    let at = other.column.max(1) as usize - 1;
                    while bars.len() < at {
                        bars.push(' ');
                    }
                    bars.push('|');
                }
                let pad =
                    |bars: &str| format!("{bars}{}", " ".repeat(column.saturating_sub(bars.len())));
                let _ = writeln!(out, "{gutter} | {inside}{}|", pad(&bars));
                let _ = writeln!(out, "{gutter} | {inside}{}{}", pad(&bars), mark.label);
            }
        }
        if let Some(m) = multi.filter(|m| m.end_line == line) {
            let under = if m.primary { "^" } else { "-" };
            let _ = writeln!(
                out,
                "{} | |{}{under} {}",
                " ".repeat(width),
                "_".repeat(m.end_column.saturating_sub(1) as usize),
                m.label
            );
            trim_line_end(out);
        }
    }
}

/// Drops the blanks before the last line's newline (a mark without a label).
fn trim_line_end(out: &mut String) {
    if out.ends_with(" \n") {
        let kept = out.trim_end().len();
        out.truncate(kept);
        out.push('\n');
    }
}
