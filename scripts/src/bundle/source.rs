//! A Rust source file read from disk and parsed, with errors that point at file:line:column.

use std::cell::OnceCell;
use std::fs;
use std::ops::Range;
use std::path::Path;

use anyhow::{anyhow, Result};
use proc_macro2::Span;

pub struct Source {
    /// The path as shown to the user (relative to the workspace root).
    pub display: String,
    pub text: String,
    /// Parsed when loaded, or on first use for a file whose facts were kept
    /// ([`super::facts::store`]): its text parsed then, so it parses again.
    syntax: OnceCell<syn::File>,
}

impl Source {
    pub fn load(path: &Path, display: String) -> Result<Source> {
        let text =
            fs::read_to_string(path).map_err(|err| anyhow!("cannot read {display}: {err}"))?;
        Source::parse(display, text)
    }

    pub fn parse(display: String, text: String) -> Result<Source> {
        let source = Source::unparsed(display, text);
        let syntax = parse_text(&source.display, &source.text)?;
        let _ = source.syntax.set(syntax);
        Ok(source)
    }

    /// The file's text, not parsed until [`Source::syntax`] asks (a byte-order mark dropped,
    /// as [`Source::parse`] drops it).
    pub fn unparsed(display: String, text: String) -> Source {
        let text = text
            .strip_prefix('\u{feff}')
            .map(str::to_string)
            .unwrap_or(text);
        Source {
            display,
            text,
            syntax: OnceCell::new(),
        }
    }

    pub fn syntax(&self) -> Result<&syn::File> {
        if let Some(syntax) = self.syntax.get() {
            return Ok(syntax);
        }
        let syntax = parse_text(&self.display, &self.text)?;
        Ok(self.syntax.get_or_init(|| syntax))
    }

    /// `file:line:column` of a byte offset, for messages.
    pub fn location(&self, offset: usize) -> String {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("{}:{line}:{column}", self.display)
    }
}

/// `text` parsed as a file; a parse error at `display:line:column`, with the code line.
fn parse_text(display: &str, text: &str) -> Result<syn::File> {
    syn::parse_str::<syn::File>(text).map_err(|err| {
        let start = err.span().start();
        let code = text.lines().nth(start.line.saturating_sub(1)).unwrap_or("");
        anyhow!(
            "{display}:{}:{}: parse error: {err}\n{}",
            start.line,
            start.column + 1,
            code_with_caret(start.line, start.column, code)
        )
    })
}

/// The code line under its number and a caret under `column` (0-based, in characters), the
/// way rustc shows it.
fn code_with_caret(line: usize, column: usize, code: &str) -> String {
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    let before: String = code
        .chars()
        .take(column)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!("{gutter} |\n{number} | {code}\n{gutter} | {before}^")
}

pub fn byte_range(span: Span) -> Range<usize> {
    span.byte_range()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parse_error_shows_the_code_line_and_a_caret() {
        let text = "fn main() {\n    let x = ;\n}\n".to_string();
        let err = Source::parse("main.rs".into(), text).err().unwrap();
        assert_eq!(
            err.to_string(),
            "main.rs:2:13: parse error: expected an expression\n  |\n2 |     let x = ;\n  |             ^"
        );
    }
}
