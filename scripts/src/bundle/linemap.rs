//! Where every line of a bundle came from, so that rustc's messages and panic locations can
//! point at the file the user edits (`problems/p2197/main.rs:16:22`), not at the bundle.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;

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

    /// Each line prefixed by `prefix` (see [`super::edits::indent`]); origins unchanged.
    pub fn indented(&self, prefix: &str) -> Mapped {
        Mapped {
            text: super::edits::indent(&self.text, prefix),
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

/// The origins of a bundle's lines, and the bundle's file name as rustc prints it.
#[derive(Debug, Clone, Default)]
pub struct LineMap {
    file_name: String,
    lines: Vec<Option<Origin>>,
    indents: Vec<u32>,
}

impl LineMap {
    pub fn new(bundle_path: &Path, mapped: &Mapped) -> LineMap {
        let file_name = bundle_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        LineMap {
            file_name,
            lines: mapped.lines.clone(),
            indents: mapped.text.lines().map(indent_width).collect(),
        }
    }

    /// The map saved beside a bundle by [`LineMap::save`], if it was made for `bundle_text`;
    /// else a map that rewrites nothing (a bundle edited by hand, or none saved).
    pub fn load(bundle_path: &Path, saved: &Path) -> LineMap {
        let (Ok(bundle_text), Ok(saved)) = (
            std::fs::read_to_string(bundle_path),
            std::fs::read_to_string(saved),
        ) else {
            return LineMap::default();
        };
        let mut rows = saved.lines();
        if rows.next() != Some(text_key(&bundle_text).as_str()) {
            return LineMap::default();
        }
        let mut files: Vec<Arc<str>> = Vec::new();
        let lines = rows
            .map(|row| {
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
            .collect();
        LineMap {
            file_name: LineMap::new(bundle_path, &Mapped::new()).file_name,
            lines,
            indents: bundle_text.lines().map(indent_width).collect(),
        }
    }

    /// Writes the map for the bundle `text` to `path`, for [`LineMap::load`].
    pub fn save(&self, text: &str, path: &Path) -> std::io::Result<()> {
        let mut out = text_key(text);
        out.push('\n');
        for origin in &self.lines {
            match origin {
                Some(o) => {
                    let _ = writeln!(out, "{}\t{}\t{}", o.line, o.indent, o.file);
                }
                None => out.push_str("-\n"),
            }
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, out)
    }

    /// The original file, line and column of a bundle line and column (1-based).
    pub fn original(&self, line: u32, column: u32) -> Option<(Arc<str>, u32, u32)> {
        let index = usize::try_from(line.checked_sub(1)?).ok()?;
        let origin = self.lines.get(index)?.as_ref()?;
        let bundle_indent = self.indents.get(index).copied().unwrap_or(0);
        let shift = bundle_indent.saturating_sub(origin.indent);
        let column = if column > bundle_indent {
            column - shift
        } else {
            column
        };
        Some((origin.file.clone(), origin.line, column))
    }

    /// `text` with every `…/<bundle>.rs:LINE:COLUMN` (also `:LINE` alone) that points at a
    /// line with an origin rewritten to the original `file:line:column`.
    pub fn rewrite(&self, text: &str) -> String {
        if self.file_name.is_empty() {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(found) = rest.find(&self.file_name) {
            let name_end = found + self.file_name.len();
            let path_start = rest[..found]
                .rfind(|c: char| c.is_whitespace() || "'\"`(<".contains(c))
                .map_or(0, |i| i + 1);
            let path_ok = path_start == found || rest[..found].ends_with('/');
            let (numbers, used) = location_numbers(&rest[name_end..]);
            let mapped = match numbers {
                Some((line, column)) if path_ok => self.original(line, column.unwrap_or(1)),
                _ => None,
            };
            match (mapped, numbers) {
                (Some((file, line, column)), Some((_, Some(_)))) => {
                    out.push_str(&rest[..path_start]);
                    let _ = write!(out, "{file}:{line}:{column}");
                    rest = &rest[name_end + used..];
                }
                (Some((file, line, _)), _) => {
                    out.push_str(&rest[..path_start]);
                    let _ = write!(out, "{file}:{line}");
                    rest = &rest[name_end + used..];
                }
                (None, _) => {
                    out.push_str(&rest[..name_end]);
                    rest = &rest[name_end..];
                }
            }
        }
        out.push_str(rest);
        self.rewrite_gutters(&out)
    }

    /// In rustc's code snippets under a `--> file:line:column` this map rewrote, the line
    /// numbers in the gutter (`8 |     let x…`) become the original lines too.
    fn rewrite_gutters(&self, text: &str) -> String {
        let files: std::collections::BTreeSet<&str> =
            self.lines.iter().flatten().map(|o| &*o.file).collect();
        let mut out = String::with_capacity(text.len());
        let mut in_snippet = false;
        for line in text.split_inclusive('\n') {
            let trimmed = line.trim_start();
            if let Some(location) = trimmed
                .strip_prefix("--> ")
                .or_else(|| trimmed.strip_prefix("::: "))
            {
                // Only a location this map wrote: rustc's own (std's sources) keep theirs.
                in_snippet = files.iter().any(|file| {
                    location
                        .strip_prefix(file)
                        .is_some_and(|after| after.starts_with(':'))
                });
                out.push_str(line);
                continue;
            }
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let after = &trimmed[digits..];
            let is_gutter = after.trim_start_matches(' ').starts_with('|');
            // A diagnostic's snippets (also under its `help:`) end at a blank line or the next
            // diagnostic.
            let ends =
                trimmed.is_empty() || line.starts_with("error") || line.starts_with("warning");
            in_snippet &= !ends;
            let in_snippet = in_snippet && (is_gutter || trimmed.starts_with("..."));
            let original = trimmed[..digits]
                .parse()
                .ok()
                .and_then(|number| self.original(number, 1));
            match original {
                Some((_, number, _)) if in_snippet && digits > 0 => {
                    let indent = &line[..line.len() - trimmed.len()];
                    let field = digits + after.len() - after.trim_start_matches(' ').len();
                    let number = number.to_string();
                    let padding = field.saturating_sub(number.len()).max(1);
                    out.push_str(&format!(
                        "{indent}{number}{}{}",
                        " ".repeat(padding),
                        after.trim_start_matches(' ')
                    ));
                }
                _ => out.push_str(line),
            }
        }
        out
    }
}

fn text_key(text: &str) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    format!("bundle {:016x} {}", hasher.finish(), text.len())
}

/// `:LINE:COLUMN` or `:LINE` at the start of `text`, and how many bytes it takes.
fn location_numbers(text: &str) -> (Option<(u32, Option<u32>)>, usize) {
    let number = |s: &str| -> (Option<u32>, usize) {
        let Some(digits) = s.strip_prefix(':') else {
            return (None, 0);
        };
        let len = digits.len()
            - digits
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        (digits[..len].parse().ok(), len + 1)
    };
    let (line, line_len) = number(text);
    let Some(line) = line else {
        return (None, 0);
    };
    let (column, column_len) = number(&text[line_len..]);
    match column {
        Some(column) => (Some((line, Some(column))), line_len + column_len),
        None => (Some((line, None)), line_len),
    }
}

fn indent_width(line: &str) -> u32 {
    let width = line.len() - line.trim_start_matches([' ', '\t']).len();
    u32::try_from(width).unwrap_or(u32::MAX)
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
    fn locations_in_the_bundle_become_original_locations() {
        let mut mapped = Mapped::plain("// header\n");
        let mut body = Mapped::new();
        let indents = [0, 4, 0];
        body.push("fn f() {\n    g();\n}\n", |k| {
            origin("src/a.rs", 10 + k as u32, indents[k])
        });
        mapped.push_mapped(&body.indented("    "));
        let map = LineMap::new(Path::new("bundled/p1.rs"), &mapped);
        let messages = "error: x\n --> /tmp/w/bundled/p1.rs:3:9\n  |\n3 |         g();\n  |         ^\npanicked at bundled/p1.rs:2:5:\nat bundled/p1.rs:1:1 and other_p1.rs:3:1\n\n3 | not a snippet\n --> /rustc/core/src/x.rs:3:1\n3 | std's own line";
        assert_eq!(
            map.rewrite(messages),
            "error: x\n --> src/a.rs:11:5\n  |\n11 |         g();\n  |         ^\npanicked at src/a.rs:10:1:\nat bundled/p1.rs:1:1 and other_p1.rs:3:1\n\n3 | not a snippet\n --> /rustc/core/src/x.rs:3:1\n3 | std's own line"
        );
    }

    #[test]
    fn a_saved_map_loads_only_for_the_bundle_it_was_made_for() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = dir.path().join("p1.rs");
        let saved = dir.path().join("p1.lines");
        let mut mapped = Mapped::plain("// header\n");
        mapped.push("fn main() {}\n", |_| origin("problems/p1/main.rs", 3, 0));
        std::fs::write(&bundle, &mapped.text).unwrap();
        LineMap::new(&bundle, &mapped)
            .save(&mapped.text, &saved)
            .unwrap();
        let message = "--> bundled/p1.rs:2:4";
        let loaded = LineMap::load(&bundle, &saved);
        assert_eq!(loaded.rewrite(message), "--> problems/p1/main.rs:3:4");
        std::fs::write(&bundle, "// edited by hand\nfn main() {}\n").unwrap();
        assert_eq!(LineMap::load(&bundle, &saved).rewrite(message), message);
    }

    #[test]
    fn trimming_and_inserting_lines_keep_origins_in_step() {
        let mut mapped = Mapped::new();
        mapped.push("\n\na\nb\n\n", |k| origin("f.rs", 1 + k as u32, 0));
        let trimmed = mapped.trimmed();
        assert_eq!(trimmed.text, "a\nb\n");
        assert_eq!(
            trimmed.lines,
            vec![origin("f.rs", 3, 0), origin("f.rs", 4, 0)]
        );
        let inserted = trimmed.insert_lines(2, "x\n");
        assert_eq!(inserted.text, "a\nx\nb\n");
        assert_eq!(inserted.lines[2], origin("f.rs", 4, 0));
        assert_eq!(inserted.lines[1], None);
    }
}
