//! Where every line of a bundle came from, so that rustc's messages and panic locations can
//! point at the file the user edits (`problems/p2197/main.rs:16:22`), not at the bundle.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
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
        let partial = path.with_extension(format!("partial-{}", std::process::id()));
        std::fs::write(&partial, out)?;
        std::fs::rename(partial, path)
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

/// The origins of a bundle's lines, and the bundle's file name as rustc prints it.
#[derive(Debug, Clone, Default)]
pub struct LineMap {
    file_name: String,
    /// The workspace the origins' paths are relative to.
    root: PathBuf,
    lines: Vec<Option<Origin>>,
    /// The bundle's lines.
    texts: Vec<String>,
}

impl LineMap {
    pub fn new(bundle_path: &Path, mapped: &Mapped) -> LineMap {
        let file_name = bundle_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        LineMap {
            file_name,
            root: workspace_of(bundle_path),
            lines: mapped.lines.clone(),
            texts: mapped.text.lines().map(str::to_string).collect(),
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
        let lines = read_origins(rows);
        LineMap {
            file_name: LineMap::new(bundle_path, &Mapped::new()).file_name,
            root: workspace_of(bundle_path),
            lines,
            texts: bundle_text.lines().map(str::to_string).collect(),
        }
    }

    /// Writes the map for the bundle `text` to `path`, for [`LineMap::load`].
    pub fn save(&self, text: &str, path: &Path) -> std::io::Result<()> {
        let mut out = text_key(text);
        out.push('\n');
        write_origins(&mut out, &self.lines);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, out)
    }

    /// The original file, line and column of a bundle line and column (1-based).
    pub fn original(&self, line: u32, column: u32) -> Option<(Arc<str>, u32, u32)> {
        let index = usize::try_from(line.checked_sub(1)?).ok()?;
        let origin = self.lines.get(index)?.as_ref()?;
        let bundle_indent = self.texts.get(index).map_or(0, |t| indent_width(t));
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
        out
    }

    /// rustc's messages with every location, gutter number and snippet line at the original
    /// file and line; as rustc printed them when this map knows no bundle.
    pub fn render(&self, compiled: &crate::rustc::Compiled) -> String {
        if self.file_name.is_empty() || compiled.diagnostics.is_empty() {
            return self.rewrite(&compiled.messages);
        }
        super::diagnostics::render(&compiled.diagnostics, self)
    }

    fn is_bundle(&self, file: &str) -> bool {
        Path::new(file)
            .file_name()
            .is_some_and(|n| n == self.file_name.as_str())
    }
}

impl super::diagnostics::Locate for LineMap {
    fn locate(&self, file: &str, line: u32, column: u32) -> (String, u32, u32) {
        let Some((original, original_line, indented)) = self
            .is_bundle(file)
            .then(|| self.original(line, column))
            .flatten()
        else {
            return (file.to_string(), line, column);
        };
        // A line the bundler edited (`crate::` paths): columns after the edit move with it.
        let bundle_text = usize::try_from(line - 1)
            .ok()
            .and_then(|i| self.texts.get(i));
        let column = match (bundle_text, self.line_text(&original, original_line)) {
            (Some(bundle), Some(source)) => edited_column(
                bundle.trim_start(),
                source.trim_start(),
                column - indent_width(bundle).min(column - 1),
            )
            .map_or(indented, |c| c + indent_width(&source)),
            _ => indented,
        };
        (original.to_string(), original_line, column)
    }

    fn line_text(&self, file: &str, line: u32) -> Option<String> {
        let is_origin = self.lines.iter().flatten().any(|o| &*o.file == file);
        if !is_origin {
            return None;
        }
        let text = std::fs::read_to_string(self.root.join(file)).ok()?;
        text.lines()
            .nth(usize::try_from(line.checked_sub(1)?).ok()?)
            .map(str::to_string)
    }
}

/// The column (1-based, in characters) in `source` of column `column` of `bundle`, the same
/// line after the bundler's edits: the same within their common start, counted from the end
/// within their common end, else the start of the edit. `None` when the lines are equal.
fn edited_column(bundle: &str, source: &str, column: u32) -> Option<u32> {
    if bundle == source {
        return None;
    }
    let b: Vec<char> = bundle.chars().collect();
    let s: Vec<char> = source.chars().collect();
    let prefix = b.iter().zip(&s).take_while(|(x, y)| x == y).count();
    let suffix = b
        .iter()
        .rev()
        .zip(s.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
        .min(b.len().min(s.len()) - prefix);
    let at = usize::try_from(column).ok()?.checked_sub(1)?;
    let mapped = if at <= prefix {
        at
    } else if at >= b.len() - suffix {
        at + s.len() - b.len()
    } else {
        prefix
    };
    u32::try_from(mapped + 1).ok()
}

/// `root` for `root/bundled/<id>.rs`.
fn workspace_of(bundle_path: &Path) -> PathBuf {
    bundle_path
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn write_origins(out: &mut String, lines: &[Option<Origin>]) {
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
fn read_origins<'a>(rows: impl Iterator<Item = &'a str>) -> Vec<Option<Origin>> {
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

/// A key for `text`: its hash and length.
pub fn text_key(text: &str) -> String {
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
            "error: x\n --> src/a.rs:11:5\n  |\n3 |         g();\n  |         ^\npanicked at src/a.rs:10:1:\nat bundled/p1.rs:1:1 and other_p1.rs:3:1\n\n3 | not a snippet\n --> /rustc/core/src/x.rs:3:1\n3 | std's own line"
        );
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
    fn columns_follow_the_bundlers_edits_of_a_line() {
        let bundle = "x = crate::lib::a::f(y);";
        let source = "x = crate::a::f(y);";
        assert_eq!(edited_column(bundle, source, 1), Some(1));
        assert_eq!(edited_column(bundle, source, 5), Some(5));
        // `f` and `y`, after the edit, move left by the inserted `lib::`.
        assert_eq!(edited_column(bundle, source, 20), Some(15));
        assert_eq!(edited_column(bundle, source, 22), Some(17));
        assert_eq!(edited_column(source, source, 3), None);
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
