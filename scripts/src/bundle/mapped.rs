//! A text whose lines know where they came from: what the bundler builds a bundle out of, and
//! what [`super::linemap::LineMap`] keeps of it to point messages at the original lines.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use proc_macro2::{TokenStream, TokenTree};

/// An original file and line (1-based), with that line's indentation in the original.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub file: Arc<str>,
    pub line: u32,
    pub indent: u32,
}

/// A text and the origin of each of its lines (`None` for lines the bundler wrote).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mapped {
    pub text: String,
    pub lines: Vec<Option<Origin>>,
    at_line_start: bool,
}

impl Mapped {
    pub fn new() -> Mapped {
        Mapped {
            at_line_start: true,
            ..Mapped::default()
        }
    }

    /// Text the bundler wrote itself: its lines come from nowhere.
    pub fn plain(text: &str) -> Mapped {
        let mut mapped = Mapped::new();
        mapped.push(text, |_| None);
        mapped
    }

    /// Appends `chunk`; `origin_of(k)` is the origin of the k-th line that starts in it.
    pub fn push(&mut self, chunk: &str, mut origin_of: impl FnMut(usize) -> Option<Origin>) {
        for (k, piece) in chunk.split_inclusive('\n').enumerate() {
            if self.at_line_start {
                self.lines.push(origin_of(k));
            }
            self.text.push_str(piece);
            self.at_line_start = piece.ends_with('\n');
        }
    }

    /// Appends `other`; when this ends mid-line, `other`'s first line continues it.
    pub fn push_mapped(&mut self, other: &Mapped) {
        self.push(&other.text, |k| other.lines.get(k).cloned().flatten());
    }

    /// Each line prefixed by `prefix` (see [`indent`]); origins unchanged.
    pub fn indented(&self, prefix: &str) -> Mapped {
        Mapped {
            text: indent(&self.text, prefix),
            lines: self.lines.clone(),
            at_line_start: self.at_line_start,
        }
    }

    /// Without blank lines at the start and whitespace at the end, ending in one newline.
    pub fn trimmed(&self) -> Mapped {
        let mut skipped = 0;
        let mut rest = self.text.as_str();
        while let Some((line, after)) = rest.split_once('\n') {
            if !line.trim().is_empty() {
                break;
            }
            rest = after;
            skipped += 1;
        }
        let rest = rest.trim_end();
        let mut mapped = Mapped::new();
        mapped.push(&format!("{rest}\n"), |k| {
            self.lines.get(skipped + k).cloned().flatten()
        });
        mapped
    }

    /// The lines before line `line` (0-based) and the rest, each with its origins.
    pub fn split_at_line(&self, line: usize) -> (Mapped, Mapped) {
        let at: usize = self
            .text
            .split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum();
        let mut head = Mapped::new();
        head.push(&self.text[..at], |k| self.lines.get(k).cloned().flatten());
        let mut tail = Mapped::new();
        tail.push(&self.text[at..], |k| {
            self.lines.get(line + k).cloned().flatten()
        });
        (head, tail)
    }

    /// `self` followed by `tail`.
    pub fn joined(&self, tail: &Mapped) -> Mapped {
        let mut joined = self.clone();
        joined.push_mapped(tail);
        joined
    }

    /// `lines` (each ending in a newline) inserted at byte `at`, the start of a line.
    pub fn insert_lines(&self, at: usize, lines: &str) -> Mapped {
        let line_index = self.text[..at].matches('\n').count();
        let added = lines.matches('\n').count();
        let mut mapped = Mapped::new();
        mapped.push(&self.text[..at], |k| self.lines.get(k).cloned().flatten());
        mapped.push(lines, |_| None);
        mapped.push(&self.text[at..], |k| {
            self.lines.get(line_index + k).cloned().flatten()
        });
        debug_assert_eq!(mapped.lines.len(), self.lines.len() + added);
        mapped
    }
}

impl Mapped {
    /// Writes this text and its origins to `path` under `key`, for [`Mapped::load`].
    pub fn save(&self, key: &str, path: &Path) -> std::io::Result<()> {
        let mut out = format!("{key}\n{}\n{}", self.text.len(), self.text);
        write_origins(&mut out, &self.lines);
        crate::files::write_atomically(path, out)
    }

    /// What [`Mapped::save`] wrote to `path` under the same `key`, if it did.
    pub fn load(key: &str, path: &Path) -> Option<Mapped> {
        let saved = std::fs::read_to_string(path).ok()?;
        let (saved_key, rest) = saved.split_once('\n')?;
        let (length, rest) = rest.split_once('\n')?;
        let length: usize = length.parse().ok()?;
        if saved_key != key || !rest.is_char_boundary(length.min(rest.len())) {
            return None;
        }
        let (text, rows) = rest.split_at(length.min(rest.len()));
        let lines = read_origins(rows.lines());
        (text.len() == length && lines.len() == text.lines().count()).then(|| Mapped {
            text: text.to_string(),
            lines,
            at_line_start: text.is_empty() || text.ends_with('\n'),
        })
    }
}

/// Indents every non-blank line by `prefix`, except lines that begin inside a string literal
/// (indenting those would change the string).
pub fn indent(text: &str, prefix: &str) -> String {
    let literals = literal_ranges(text);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let inside_literal = literals.iter().any(|r| r.start < offset && offset < r.end);
        if !inside_literal && !line.trim().is_empty() {
            out.push_str(prefix);
        }
        out.push_str(if line.trim().is_empty() && !inside_literal {
            line.trim_start_matches([' ', '\t'])
        } else {
            line
        });
        offset += line.len();
    }
    out
}

fn literal_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        collect_literals(tokens, &mut ranges);
    }
    ranges
}

fn collect_literals(tokens: TokenStream, out: &mut Vec<Range<usize>>) {
    for token in tokens {
        match token {
            TokenTree::Literal(lit) => out.push(lit.span().byte_range()),
            TokenTree::Group(group) => collect_literals(group.stream(), out),
            _ => {}
        }
    }
}

pub(super) fn write_origins(out: &mut String, lines: &[Option<Origin>]) {
    for origin in lines {
        match origin {
            Some(o) => {
                let _ = writeln!(out, "{}\t{}\t{}", o.line, o.indent, o.file);
            }
            None => out.push_str("-\n"),
        }
    }
}

/// The rows [`write_origins`] wrote (a row it cannot read is a line from nowhere).
pub(super) fn read_origins<'a>(rows: impl Iterator<Item = &'a str>) -> Vec<Option<Origin>> {
    let mut files: Vec<Arc<str>> = Vec::new();
    rows.map(|row| {
        let mut fields = row.splitn(3, '\t');
        let line = fields.next()?.parse().ok()?;
        let indent = fields.next()?.parse().ok()?;
        let file = fields.next()?;
        let file = match files.iter().find(|f| &***f == file) {
            Some(known) => known.clone(),
            None => {
                files.push(file.into());
                files[files.len() - 1].clone()
            }
        };
        Some(Origin { file, line, indent })
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(file: &str, line: u32, indent: u32) -> Option<Origin> {
        Some(Origin {
            file: file.into(),
            line,
            indent,
        })
    }

    #[test]
    fn a_saved_text_loads_with_its_origins_only_under_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cache");
        let mut mapped = Mapped::plain("// header\n");
        mapped.push("fn f() {}\n\tg();\n", |k| {
            origin("src/a.rs", 3 + k as u32, 0)
        });
        mapped.save("key 1", &path).unwrap();
        assert_eq!(Mapped::load("key 1", &path), Some(mapped));
        assert_eq!(Mapped::load("key 2", &path), None);
        std::fs::write(&path, "key 1\n999\nshort").unwrap();
        assert_eq!(Mapped::load("key 1", &path), None);
    }

    #[test]
    fn indent_skips_lines_inside_string_literals() {
        let text = "fn f() {\n    let s = \"a\nb\";\n\n}\n";
        assert_eq!(
            indent(text, "  "),
            "  fn f() {\n      let s = \"a\nb\";\n\n  }\n"
        );
    }
}
