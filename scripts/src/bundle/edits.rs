//! Edits of the original text at byte ranges, so comments and layout survive.

use std::ops::Range;

use anyhow::{bail, Result};

use super::mapped::{Mapped, Origin};

#[derive(Debug, Clone, PartialEq, Eq)]
struct Edit {
    range: Range<usize>,
    text: String,
    /// The origin of each line of `text`; `None`: the line of the edit's start.
    origins: Option<Vec<Option<Origin>>>,
    /// An insertion that goes before an edit starting at the same offset (`<` before a type
    /// whose path is rewritten), instead of being dropped inside it.
    before: bool,
}

#[derive(Default)]
pub struct Edits {
    list: Vec<Edit>,
}

impl Edits {
    pub fn replace(&mut self, range: Range<usize>, text: impl Into<String>) {
        self.list.push(Edit {
            range,
            text: text.into(),
            origins: None,
            before: false,
        });
    }

    /// Replaces `range` with text whose lines carry their own origins (an inlined module).
    pub fn replace_mapped(&mut self, range: Range<usize>, mapped: Mapped) {
        self.list.push(Edit {
            range,
            text: mapped.text,
            origins: Some(mapped.lines),
            before: false,
        });
    }

    pub fn insert(&mut self, at: usize, text: impl Into<String>) {
        self.replace(at..at, text);
    }

    /// Inserts `text` at `at`, before any edit that starts there (an insertion alone is
    /// dropped when a replacement starts at the same offset).
    pub fn insert_before(&mut self, at: usize, text: impl Into<String>) {
        self.list.push(Edit {
            range: at..at,
            text: text.into(),
            origins: None,
            before: true,
        });
    }

    /// Deletes `range`; when nothing but whitespace is left on its lines, the lines go too.
    pub fn delete(&mut self, source: &str, range: Range<usize>) {
        let range = widen_to_lines(source, range);
        self.replace(range, "");
    }

    /// Applies every edit, keeping the origin of every output line: `line_origin(i)` is the
    /// origin of the source's line `i` (0-based). An edit inside a deleted or replaced range
    /// is dropped with it; partly overlapping edits are a bug in the caller.
    pub fn apply_mapped(
        mut self,
        source: &str,
        line_origin: impl Fn(usize) -> Option<Origin>,
    ) -> Result<Mapped> {
        self.list.sort_by_key(|edit| {
            (
                edit.range.start,
                !edit.before,
                std::cmp::Reverse(edit.range.end),
            )
        });
        self.list.dedup();
        // Offsets asked for only grow: count the lines of each stretch once (counting from
        // the start each time took half of a warm bundle's time for a 300 KB crate).
        let mut counted = (0, 0);
        let mut line_of = |offset: usize| {
            let (at, lines) = counted;
            let lines = if offset >= at {
                lines + source[at..offset].matches('\n').count()
            } else {
                source[..offset].matches('\n').count()
            };
            counted = (offset, lines);
            lines
        };
        let mut out = Mapped::new();
        let mut cursor = 0;
        for edit in &self.list {
            if edit.range.start < cursor {
                if edit.range.end <= cursor {
                    continue; // inside an earlier edit
                }
                bail!(
                    "overlapping edits at byte {} (internal error)",
                    edit.range.start
                );
            }
            let first_line = line_of(cursor);
            out.push(&source[cursor..edit.range.start], |k| {
                line_origin(first_line + k)
            });
            let edit_line = line_of(edit.range.start);
            match &edit.origins {
                Some(origins) => out.push(&edit.text, |k| origins.get(k).cloned().flatten()),
                None => out.push(&edit.text, |_| line_origin(edit_line)),
            }
            cursor = edit.range.end;
        }
        let first_line = line_of(cursor);
        out.push(&source[cursor..], |k| line_origin(first_line + k));
        Ok(out)
    }
}

fn widen_to_lines(source: &str, range: Range<usize>) -> Range<usize> {
    let line_start = source[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[range.end..]
        .find('\n')
        .map_or(source.len(), |i| range.end + i);
    let blank = |s: &str| s.chars().all(|c| c == ' ' || c == '\t' || c == '\r');
    if blank(&source[line_start..range.start]) && blank(&source[range.end..line_end]) {
        line_start..(line_end + 1).min(source.len())
    } else {
        range
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_apply_and_nested_edits_are_dropped() {
        let src = "a bc d\n  x\ny";
        let mut edits = Edits::default();
        edits.replace(2..4, "BC");
        edits.insert(0, ">");
        edits.delete(src, 7..11);
        edits.replace(8..9, "never");
        assert_eq!(
            edits.apply_mapped(src, |_| None).unwrap().text,
            ">a BC d\ny"
        );
    }

    #[test]
    fn an_insertion_before_stays_before_a_replacement_at_its_offset() {
        let src = "x: a::B,";
        let mut edits = Edits::default();
        edits.replace(3..4, "crate::a");
        edits.insert_before(3, "<");
        edits.insert(7, " as R>::Output");
        assert_eq!(
            edits.apply_mapped(src, |_| None).unwrap().text,
            "x: <crate::a::B as R>::Output,"
        );
        let mut dropped = Edits::default();
        dropped.replace(3..4, "crate::a");
        dropped.insert(3, "<");
        assert_eq!(
            dropped.apply_mapped(src, |_| None).unwrap().text,
            "x: crate::a::B,"
        );
    }

    #[test]
    fn partial_overlap_is_an_error() {
        let mut edits = Edits::default();
        edits.replace(0..3, "x");
        edits.replace(2..5, "y");
        assert!(edits.apply_mapped("abcdef", |_| None).is_err());
    }
}
