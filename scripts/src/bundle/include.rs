//! `include_str!("file")` and `include_bytes!("file")` read a file next to the source when
//! cargo compiles it; a judge has only the bundle. Each such call with a literal path becomes a
//! literal of the file's contents, on one line so the line map stays true. `include!` and
//! a path built by another macro are refused by name, before rustc fails at a bundle path.

use std::ops::Range;
use std::path::Path;

use anyhow::{anyhow, Result};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, ImplItemFn, Item, TraitItemFn};

use super::cfg::{is_test_only, Features};
use super::facts::item_attrs;
use super::source::{byte_range, Source};

/// A call `include_str!("path")` or `include_bytes!("path")`: its byte range and what it reads.
struct Include {
    range: Range<usize>,
    path: String,
    bytes: bool,
}

/// What a file's tokens hold: calls to inline, and the start of the first call that cannot be.
#[derive(Default)]
struct Found {
    includes: Vec<Include>,
    refused: Option<(usize, String)>,
    /// The byte ranges of test-only items (`#[cfg(test)] mod tests`, `#[test] fn`): a call
    /// in them is left alone, as rustc leaves it (bstr's tests read a data file that its
    /// crates.io package leaves out).
    skip: Vec<Range<usize>>,
}

/// `source` with each `include_str!`/`include_bytes!` of a literal path replaced by the file's
/// contents; `dir` is the directory of the source file, which such paths are relative to. A
/// call in a test-only item (under `features`) stays as it is: no build compiles it.
pub fn inline(source: Source, dir: &Path, features: Features) -> Result<Source> {
    if !["include!", "include_str!", "include_bytes!"]
        .iter()
        .any(|call| source.text.contains(call))
    {
        return Ok(source);
    }
    let Ok(tokens) = source.text.parse::<TokenStream>() else {
        return Ok(source);
    };
    let mut found = Found {
        skip: test_only_items(&source, features),
        ..Found::default()
    };
    collect(tokens, &mut found, false);
    if let Some((at, call)) = found.refused {
        anyhow::bail!(
            "{}: `{call}!` reads a file when cargo compiles, but a judge gets the one bundled \
             file; only `include_str!(\"path\")` and `include_bytes!(\"path\")` with a literal \
             path are carried into the bundle (paste the code in, or make it a module: `mod part;`)",
            source.location(at)
        );
    }
    let found = found.includes;
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

/// `in_template`: inside a `macro_rules!` body, where a call may never be expanded, so only
/// what can be inlined is (a literal path), and nothing is refused.
fn collect(tokens: TokenStream, found: &mut Found, in_template: bool) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    while index < tokens.len() {
        let token = &tokens[index];
        index += 1;
        if let TokenTree::Group(group) = token {
            collect(group.stream(), found, in_template);
        }
        let TokenTree::Ident(name) = token else {
            continue;
        };
        let name_text = name.to_string();
        if name_text == "macro_rules" && !in_template {
            if let Some(TokenTree::Group(body)) = tokens.get(index + 2) {
                collect(body.stream(), found, true);
            }
            index += 3;
            continue;
        }
        let bytes = match name_text.as_str() {
            "include_str" => false,
            "include_bytes" => true,
            "include" => true,
            _ => continue,
        };
        let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(args))) =
            (tokens.get(index), tokens.get(index + 1))
        else {
            continue;
        };
        if bang.as_char() != '!' || args.delimiter() != Delimiter::Parenthesis {
            continue;
        }
        let start = name.span().byte_range().start;
        if found.skip.iter().any(|item| item.contains(&start)) {
            index += 2;
            continue;
        }
        let arguments: Vec<TokenTree> = args.stream().into_iter().collect();
        let path = match arguments.as_slice() {
            [TokenTree::Literal(path)] if name_text != "include" => string_value(&path.to_string()),
            _ => None,
        };
        let Some(path) = path else {
            if !in_template {
                found.refused.get_or_insert((start, name_text));
            }
            continue;
        };
        found.includes.push(Include {
            range: start..args.span().byte_range().end,
            path,
            bytes,
        });
        index += 2;
    }
}

/// The byte ranges of `source`'s items that only a test build compiles (`#[cfg(test)]`,
/// `#[test]`, a `cfg` false without `test`), at any depth of modules, impls and traits.
/// Empty when the source does not parse (nothing is skipped).
fn test_only_items(source: &Source, features: Features) -> Vec<Range<usize>> {
    struct TestOnly<'a> {
        features: Features<'a>,
        ranges: Vec<Range<usize>>,
    }
    impl TestOnly<'_> {
        /// Whether `attrs` make the item test-only (then its range is recorded).
        fn test_only(&mut self, attrs: &[Attribute], item: &dyn Spanned) -> bool {
            let test_only = is_test_only(attrs, self.features);
            if test_only {
                self.ranges.push(byte_range(item.span()));
            }
            test_only
        }
    }
    impl<'ast> Visit<'ast> for TestOnly<'_> {
        fn visit_item(&mut self, item: &'ast Item) {
            if !self.test_only(item_attrs(item), item) {
                visit::visit_item(self, item);
            }
        }
        fn visit_impl_item_fn(&mut self, item: &'ast ImplItemFn) {
            if !self.test_only(&item.attrs, item) {
                visit::visit_impl_item_fn(self, item);
            }
        }
        fn visit_trait_item_fn(&mut self, item: &'ast TraitItemFn) {
            if !self.test_only(&item.attrs, item) {
                visit::visit_trait_item_fn(self, item);
            }
        }
    }
    let Ok(file) = source.syntax() else {
        return Vec::new();
    };
    let mut visitor = TestOnly {
        features,
        ranges: Vec::new(),
    };
    visitor.visit_file(file);
    visitor.ranges
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

    fn found(code: &str) -> Found {
        let mut found = Found::default();
        collect(code.parse().unwrap(), &mut found, false);
        found
    }

    #[test]
    fn include_and_built_paths_are_refused_but_not_inside_a_macro_definition() {
        let ok = found("fn f() { print!(\"{}\", include_str!(\"a.txt\")); }");
        assert_eq!((ok.includes.len(), ok.refused), (1, None));
        assert_eq!(ok.includes[0].path, "a.txt");
        let code = "include!(\"part.rs\");";
        assert_eq!(found(code).refused, Some((0, "include".to_string())));
        let built = "const T: &str = include_str!(concat!(\"a\", \".txt\"));";
        assert_eq!(found(built).refused, Some((16, "include_str".to_string())));
        let template = "macro_rules! load { ($p:expr) => { include_str!($p) }; }";
        let template = found(template);
        assert!(template.includes.is_empty() && template.refused.is_none());
        // A literal path in a macro's body is inlined like any other.
        let template = found("macro_rules! banner { () => { include_str!(\"b.txt\") }; }");
        assert_eq!(template.includes.len(), 1);
        assert_eq!(template.includes[0].path, "b.txt");
    }

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
