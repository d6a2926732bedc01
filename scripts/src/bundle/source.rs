//! A Rust source file read from disk and parsed, with errors that point at file:line:column.

use std::fs;
use std::ops::Range;
use std::path::Path;

use anyhow::{anyhow, Result};
use proc_macro2::Span;

pub struct Source {
    /// The path as shown to the user (relative to the workspace root).
    pub display: String,
    pub text: String,
    pub syntax: syn::File,
}

impl Source {
    pub fn load(path: &Path, display: String) -> Result<Source> {
        let text =
            fs::read_to_string(path).map_err(|err| anyhow!("cannot read {display}: {err}"))?;
        Source::parse(display, text)
    }

    pub fn parse(display: String, text: String) -> Result<Source> {
        let text = text
            .strip_prefix('\u{feff}')
            .map(str::to_string)
            .unwrap_or(text);
        let syntax = syn::parse_str::<syn::File>(&text).map_err(|err| {
            let start = err.span().start();
            anyhow!(
                "{display}:{}:{}: parse error: {err}",
                start.line,
                start.column + 1
            )
        })?;
        Ok(Source {
            display,
            text,
            syntax,
        })
    }

    /// `file:line:column` of a byte offset, for messages.
    pub fn location(&self, offset: usize) -> String {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("{}:{line}:{column}", self.display)
    }
}

pub fn byte_range(span: Span) -> Range<usize> {
    span.byte_range()
}
