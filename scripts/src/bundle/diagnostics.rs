//! rustc's diagnostics as data (`--error-format=json`): what shaking reads (which items are
//! dead, which imports are unresolved) and what is shown to users at their own lines.

use serde::Deserialize;

/// One diagnostic, as rustc's JSON output gives it (the fields used here).
#[derive(Debug, Clone, Deserialize)]
pub struct Diagnostic {
    pub message: String,
    pub code: Option<Code>,
    pub level: String,
    pub spans: Vec<Span>,
    #[serde(default)]
    pub children: Vec<Diagnostic>,
    pub rendered: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Code {
    pub code: String,
}

/// A span in a file: bytes and 1-based lines and columns (columns in characters).
#[derive(Debug, Clone, Deserialize)]
pub struct Span {
    pub file_name: String,
    pub byte_start: usize,
    pub byte_end: usize,
    pub line_start: u32,
    pub line_end: u32,
    pub column_start: u32,
    pub column_end: u32,
    pub is_primary: bool,
    pub label: Option<String>,
    pub suggested_replacement: Option<String>,
}

impl Diagnostic {
    pub fn code(&self) -> Option<&str> {
        self.code.as_ref().map(|c| c.code.as_str())
    }

    pub fn primary(&self) -> Option<&Span> {
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
