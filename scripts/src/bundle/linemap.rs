//! Where every line of a bundle came from, so that rustc's messages and panic locations can
//! point at the file the user edits (`problems/p2197/main.rs:16:22`), not at the bundle.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::mapped::{read_origins, write_origins, Mapped, Origin};

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

    /// The bundle's bytes per original file, largest first; the lines the bundler wrote
    /// itself are counted under `None`.
    pub fn bytes_by_file(&self) -> Vec<(Option<Arc<str>>, usize)> {
        let mut bytes: std::collections::BTreeMap<Option<Arc<str>>, usize> = Default::default();
        for (origin, text) in self.lines.iter().zip(&self.texts) {
            *bytes
                .entry(origin.as_ref().map(|o| o.file.clone()))
                .or_default() += text.len() + 1;
        }
        let mut bytes: Vec<_> = bytes.into_iter().collect();
        bytes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        bytes
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

    /// This map for the bundle compiled under another file name (AtCoder's build compiles
    /// it as its project's `src/main.rs`): a panic's `src/main.rs:LINE:COLUMN` is the
    /// bundle's line, and [`LineMap::rewrite`] maps it. Only for runs of that program: rustc's
    /// messages of that build already name the bundle.
    pub fn compiled_as(&self, file_name: &str) -> LineMap {
        LineMap {
            file_name: if self.file_name.is_empty() {
                String::new()
            } else {
                file_name.to_string()
            },
            ..self.clone()
        }
    }

    /// Whether this map was made for the bundle (not the empty map of a bundle edited by hand).
    pub fn is_known(&self) -> bool {
        !self.file_name.is_empty()
    }

    /// The files the bundle's lines came from, each once, in the order they first appear.
    pub fn sources(&self) -> Vec<PathBuf> {
        let mut files: Vec<&str> = Vec::new();
        for origin in self.lines.iter().flatten() {
            if !files.contains(&&*origin.file) {
                files.push(&origin.file);
            }
        }
        files.iter().map(|file| self.root.join(file)).collect()
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
        crate::rustc::diagnostics::render(&compiled.diagnostics, self)
    }

    fn is_bundle(&self, file: &str) -> bool {
        Path::new(file)
            .file_name()
            .is_some_and(|n| n == self.file_name.as_str())
    }
}

impl crate::rustc::diagnostics::Locate for LineMap {
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

/// Whether `range` of `text` has only whitespace before it on its first line and after it on
/// its last: cutting it can take those whole lines.
pub fn on_lines_of_its_own(text: &str, range: &std::ops::Range<usize>) -> bool {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i);
    text[line_start..range.start].trim().is_empty() && text[range.end..line_end].trim().is_empty()
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
