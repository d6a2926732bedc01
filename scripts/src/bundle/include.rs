//! `include_str!("file")` and `include_bytes!("file")` read a file next to the source when
//! cargo compiles it; a judge has only the bundle. Each such call with a literal path becomes a
//! literal of the file's contents, on one line so the line map stays true.

use std::ops::Range;
use std::path::Path;

use anyhow::{anyhow, Result};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

use super::source::Source;

/// A call `include_str!("path")` or `include_bytes!("path")`: its byte range and what it reads.
struct Include {
    range: Range<usize>,
    path: String,
    bytes: bool,
}

/// `source` with each `include_str!`/`include_bytes!` of a literal path replaced by the file's
/// contents; `dir` is the directory of the source file, which such paths are relative to.
pub fn inline(source: Source, dir: &Path) -> Result<Source> {
    if !source.text.contains("include_str!") && !source.text.contains("include_bytes!") {
        return Ok(source);
    }
    let Ok(tokens) = source.text.parse::<TokenStream>() else {
        return Ok(source);
    };
    let mut found = Vec::new();
    collect(tokens, &mut found);
    if found.is_empty() {
        return Ok(source);
    }
    let mut text = source.text.clone();
    // From the end, so the earlier ranges stay where they are.
    for include in found.iter().rev() {
        let file = dir.join(&include.path);
        let shown = || {
            format!(
                "{} (`{}`)",
                source.location(include.range.start),
                include.path
            )
        };
        let contents =
            std::fs::read(&file).map_err(|err| anyhow!("{}: cannot read it: {err}", shown()))?;
        let literal = if include.bytes {
            byte_string_literal(&contents)
        } else {
            let contents = String::from_utf8(contents)
                .map_err(|_| anyhow!("{}: include_str! of a file that is not UTF-8", shown()))?;
            format!("{contents:?}")
        };
        // The call's own line breaks stay, so every later line keeps its number.
        let breaks = "\n".repeat(text[include.range.clone()].matches('\n').count());
        text.replace_range(include.range.clone(), &(literal + &breaks));
    }
    Source::parse(source.display, text)
}

fn collect(tokens: TokenStream, found: &mut Vec<Include>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(group) = token {
            collect(group.stream(), found);
        }
        let TokenTree::Ident(name) = token else {
            continue;
        };
        let bytes = match name.to_string().as_str() {
            "include_str" => false,
            "include_bytes" => true,
            _ => continue,
        };
        let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(args))) =
            (tokens.get(index + 1), tokens.get(index + 2))
        else {
            continue;
        };
        if bang.as_char() != '!' || args.delimiter() != Delimiter::Parenthesis {
            continue;
        }
        let args: Vec<TokenTree> = args.stream().into_iter().collect();
        let Some(path) = (match args.as_slice() {
            [TokenTree::Literal(path)] => string_value(&path.to_string()),
            _ => None,
        }) else {
            continue;
        };
        let start = name.span().byte_range().start;
        let end = tokens[index + 2].span().byte_range().end;
        found.push(Include {
            range: start..end,
            path,
            bytes,
        });
    }
}

/// The value of a plain string literal without escapes (`"banner.txt"`, `r"data\in.txt"`).
fn string_value(literal: &str) -> Option<String> {
    let inner = match literal.strip_prefix('r') {
        Some(raw) => {
            let hashes = raw.len() - raw.trim_start_matches('#').len();
            raw.get(hashes + 1..raw.len().checked_sub(hashes + 1)?)?
        }
        None => {
            let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
            if inner.contains('\\') {
                return None;
            }
            inner
        }
    };
    Some(inner.to_string())
}

/// `b"…"` with every byte that is not printable ASCII escaped; the type is `&[u8; N]`, as
/// `include_bytes!` gives.
fn byte_string_literal(bytes: &[u8]) -> String {
    let mut literal = String::from("b\"");
    for &byte in bytes {
        match byte {
            b'"' | b'\\' => {
                literal.push('\\');
                literal.push(char::from(byte));
            }
            b' '..=b'~' => literal.push(char::from(byte)),
            _ => literal += &format!("\\x{byte:02x}"),
        }
    }
    literal.push('"');
    literal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_paths_are_read_and_others_left() {
        assert_eq!(string_value("\"banner.txt\""), Some("banner.txt".into()));
        assert_eq!(string_value("r#\"a\\b.txt\"#"), Some("a\\b.txt".into()));
        assert_eq!(string_value("\"a\\nb\""), None);
        assert_eq!(
            byte_string_literal(b"a\"\\\n\xff"),
            "b\"a\\\"\\\\\\x0a\\xff\""
        );
    }
}
