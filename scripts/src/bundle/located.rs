//! `line!()` and `column!()` are where the call stands in the file cargo compiles; in a bundle
//! the same call stands elsewhere (below the header, a module inlined into `mod m { … }`), so
//! a solution that prints them printed the bundle's line. Each call becomes its value in the
//! file it was read from, a `u32` literal (the macros' type), as soon as the file is read,
//! before any other rewrite moves its text.
//!
//! A call inside a `macro_rules!` body is left alone: rustc gives it the line and column of
//! the first macro call that leads to it, which is elsewhere. `file!()` stays too: what cargo
//! passes depends on where it runs, and a judge names the file its own way.

use std::ops::Range;

use anyhow::Result;
use proc_macro2::{Delimiter, TokenStream, TokenTree};

use super::source::Source;

/// `source` with each `line!()` and `column!()` (also as `std::`/`core::` paths) outside
/// `macro_rules!` bodies replaced by its value there. Unchanged when it does not lex.
pub fn expand(source: Source) -> Result<Source> {
    if !source.text.contains("line!") && !source.text.contains("column!") {
        return Ok(source);
    }
    let Ok(tokens) = source.text.parse::<TokenStream>() else {
        return Ok(source);
    };
    // A file that defines its own `macro_rules! line` calls that one (rare): left alone.
    let own = own_macros(tokens.clone());
    let mut calls = Vec::new();
    collect(tokens, &own, &mut calls);
    if calls.is_empty() {
        return Ok(source);
    }
    let mut text = source.text.clone();
    for (range, value) in calls.iter().rev() {
        // A call split over lines keeps its line breaks, so every later line keeps its number.
        let breaks = "\n".repeat(text[range.clone()].matches('\n').count());
        text.replace_range(range.clone(), &format!("{value}u32{breaks}"));
    }
    Source::parse(source.display, text)
}

/// The names among `line` and `column` that a `macro_rules!` of the file defines.
fn own_macros(tokens: TokenStream) -> Vec<String> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut own = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => own.extend(own_macros(group.stream())),
            TokenTree::Ident(name) if (name == "line" || name == "column") && at >= 2 => {
                let defined = matches!(&tokens[at - 1], TokenTree::Punct(p) if p.as_char() == '!')
                    && matches!(&tokens[at - 2], TokenTree::Ident(m) if m == "macro_rules");
                if defined {
                    own.push(name.to_string());
                }
            }
            _ => {}
        }
    }
    own
}

fn collect(tokens: TokenStream, own: &[String], calls: &mut Vec<(Range<usize>, usize)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    while index < tokens.len() {
        let token = &tokens[index];
        index += 1;
        let name = match token {
            TokenTree::Group(group) => {
                collect(group.stream(), own, calls);
                continue;
            }
            TokenTree::Ident(name) => name,
            _ => continue,
        };
        let word = name.to_string();
        if word == "macro_rules" {
            // `macro_rules! name { … }`: its body is expanded at other calls.
            index += 3;
            continue;
        }
        if word != "line" && word != "column" || own.contains(&word) {
            continue;
        }
        let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(args))) =
            (tokens.get(index), tokens.get(index + 1))
        else {
            continue;
        };
        let empty = args.stream().is_empty() && args.delimiter() != Delimiter::None;
        if bang.as_char() != '!' || !empty {
            continue;
        }
        // The path before the name, `std::`/`core::`/`::std::`, goes with the call; another
        // path is another macro, and a field or method (`x.line`) is no call.
        let mut start = index - 1;
        let is_sep = |at: usize| {
            at >= 2
                && matches!(&tokens[at - 1], TokenTree::Punct(p) if p.as_char() == ':')
                && matches!(&tokens[at - 2], TokenTree::Punct(p) if p.as_char() == ':')
        };
        if is_sep(start) {
            let root = match start.checked_sub(3).map(|at| &tokens[at]) {
                Some(TokenTree::Ident(root)) if root == "std" || root == "core" => start - 3,
                _ => continue,
            };
            start = if is_sep(root) { root - 2 } else { root };
        }
        // rustc's value is where the whole call starts, its path included.
        let at = tokens[start].span().start();
        let value = if word == "line" {
            at.line
        } else {
            at.column + 1
        };
        let range = tokens[start].span().byte_range().start..args.span().byte_range().end;
        calls.push((range, value));
        index += 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(code: &str) -> String {
        expand(Source::parse("main.rs".into(), code.into()).unwrap())
            .unwrap()
            .text
    }

    #[test]
    fn line_and_column_calls_become_their_values_and_macro_bodies_keep_theirs() {
        let code = "fn main() {\n    println!(\"{} {}\",\n        line!(), column!());\n    \
                    let é = std::line!() + ::core::column!();\n    \
                    macro_rules! at { () => { line!() }; }\n    other::line!();\n}\n";
        assert_eq!(
            expanded(code),
            "fn main() {\n    println!(\"{} {}\",\n        3u32, 18u32);\n    \
             let é = 4u32 + 28u32;\n    \
             macro_rules! at { () => { line!() }; }\n    other::line!();\n}\n"
        );
        // The file's own `line!` is its macro's; `column!()` is still rustc's (rustc prints
        // 7 + 27 for this `f`).
        let own = "macro_rules! line { () => { 7 }; }\nfn f() -> u32 { line!() + column!() }\n";
        assert_eq!(
            expanded(own),
            "macro_rules! line { () => { 7 }; }\nfn f() -> u32 { line!() + 27u32 }\n"
        );
        // Nothing to do: the same text.
        assert_eq!(expanded("fn f() -> u32 { 1 }\n"), "fn f() -> u32 { 1 }\n");
    }
}
