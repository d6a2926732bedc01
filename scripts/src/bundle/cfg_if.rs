//! `cfg_if! { if #[cfg(a)] { items } else if #[cfg(b)] { items } else { items } }` (the cfg-if
//! crate's macro, and the copy hashbrown keeps in its own `macros.rs`) written out as the items
//! it expands to, each under the `#[cfg]` of its branch: `#[cfg(all(a))]`,
//! `#[cfg(all(all(b), not(any(all(a)))))]`, `#[cfg(not(any(all(a), all(b))))]`.
//!
//! A `mod name;` inside the call (hashbrown's `control/group/mod.rs` picks `mod sse2;` or
//! `mod generic;` this way) is then a declaration like any other: the module tree follows it,
//! and cfg decides the branch for the judge's target as it decides any item (a branch false
//! there goes with its modules; one rustc decides stays with its `#[cfg]`). The bundle needs no
//! `cfg_if` macro for these calls. Each branch's text stays where it was and the rest of the
//! call becomes its line breaks, so every line keeps its number.

use std::ops::Range;

use anyhow::Result;
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::Item;

use super::source::Source;

/// One call: its byte range (with its attributes), the attributes' text, and its branches.
struct Call {
    range: Range<usize>,
    attrs: String,
    branches: Vec<Branch>,
}

struct Branch {
    /// The condition under which this branch's items are compiled.
    cfg: String,
    /// The text between the branch's braces.
    body: Range<usize>,
    /// Where each item of the branch starts (its first attribute).
    item_starts: Vec<usize>,
}

/// `source` with each item-level `cfg_if!` call written out (calls inside the written-out
/// branches too); unchanged when it has none, or when a call is not in cfg-if's form.
pub fn expand(mut source: Source) -> Result<Source> {
    // A call inside a branch is written out on the next round.
    while source.text.contains("cfg_if") {
        let mut calls = Vec::new();
        collect(&source.text, &source.syntax()?.items, &mut calls);
        if calls.is_empty() {
            break;
        }
        let mut text = source.text.clone();
        // From the end, so the earlier ranges stay where they are.
        calls.sort_by_key(|call| call.range.start);
        for call in calls.iter().rev() {
            let written = write_out(&source.text, call);
            text.replace_range(call.range.clone(), &written);
        }
        source = Source::parse(source.display, text)?;
    }
    Ok(source)
}

/// The item-level calls of `cfg_if!` in `items` and the inline modules among them.
fn collect(text: &str, items: &[Item], calls: &mut Vec<Call>) {
    for item in items {
        match item {
            Item::Macro(mac) if mac.ident.is_none() && is_cfg_if(&mac.mac.path) => {
                let Some(branches) = branches(mac.mac.tokens.clone()) else {
                    continue;
                };
                let start = mac
                    .attrs
                    .first()
                    .map_or(mac.mac.path.span(), |a| a.pound_token.span);
                let end = match &mac.semi_token {
                    Some(semi) => semi.span,
                    None => mac.mac.delimiter.span().close(),
                };
                let attrs = mac
                    .attrs
                    .iter()
                    .map(|a| {
                        // As written, unless it spans lines (which the copies must not add).
                        let written = &text[a.span().byte_range()];
                        match written.contains('\n') {
                            false => format!("{written} "),
                            true => format!("{} ", a.to_token_stream()),
                        }
                    })
                    .collect();
                calls.push(Call {
                    range: start.byte_range().start..end.byte_range().end,
                    attrs,
                    branches,
                });
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    collect(text, items, calls);
                }
            }
            _ => {}
        }
    }
}

fn is_cfg_if(path: &syn::Path) -> bool {
    path.segments.last().is_some_and(|s| s.ident == "cfg_if")
}

/// The branches of a call's input `if #[cfg(…)] { … } else if #[cfg(…)] { … } else { … }`,
/// each with its condition; `None` when the input has another form.
fn branches(input: TokenStream) -> Option<Vec<Branch>> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let mut earlier: Vec<String> = Vec::new();
    let mut branches = Vec::new();
    let mut at = 0;
    loop {
        let predicate = if is_ident(tokens.get(at), "if") {
            let predicate = cfg_predicate(tokens.get(at + 1), tokens.get(at + 2))?;
            at += 3;
            Some(predicate)
        } else if at > 0 {
            None
        } else {
            return None;
        };
        let Some(TokenTree::Group(body)) = tokens.get(at) else {
            return None;
        };
        if body.delimiter() != Delimiter::Brace {
            return None;
        }
        at += 1;
        let not_earlier = format!("not(any({}))", earlier.join(", "));
        let cfg = match &predicate {
            Some(p) if earlier.is_empty() => p.clone(),
            Some(p) => format!("all({p}, {not_earlier})"),
            None => not_earlier,
        };
        branches.push(Branch {
            cfg,
            body: inside(body),
            item_starts: item_starts(body.stream())?,
        });
        if at == tokens.len() {
            return Some(branches);
        }
        // Only an `else { … }` ends the chain before its end.
        earlier.push(predicate?);
        if !is_ident(tokens.get(at), "else") {
            return None;
        }
        at += 1;
    }
}

fn is_ident(token: Option<&TokenTree>, word: &str) -> bool {
    matches!(token, Some(TokenTree::Ident(ident)) if ident == word)
}

/// `#` `[cfg(a, b)]` → `all(a, b)`.
fn cfg_predicate(pound: Option<&TokenTree>, bracket: Option<&TokenTree>) -> Option<String> {
    let (Some(TokenTree::Punct(pound)), Some(TokenTree::Group(bracket))) = (pound, bracket) else {
        return None;
    };
    if pound.as_char() != '#' || bracket.delimiter() != Delimiter::Bracket {
        return None;
    }
    let meta: syn::MetaList = syn::parse2(bracket.stream()).ok()?;
    meta.path
        .is_ident("cfg")
        .then(|| format!("all({})", meta.tokens))
}

/// The bytes between a group's delimiters.
fn inside(group: &Group) -> Range<usize> {
    group.span_open().byte_range().end..group.span_close().byte_range().start
}

/// Where each item of a branch starts; `None` when the branch is not a list of items.
fn item_starts(body: TokenStream) -> Option<Vec<usize>> {
    let file: syn::File = syn::parse2(body).ok()?;
    Some(
        file.items
            .iter()
            .map(|item| {
                let first = super::facts::item_attrs(item)
                    .first()
                    .map_or(item.span(), |a| a.pound_token.span);
                first.byte_range().start.min(item.span().byte_range().start)
            })
            .collect(),
    )
}

/// The call's text written out: each branch's body with `#[cfg(…)]` (and the call's own
/// attributes) before each item; everything else of the call only its line breaks.
fn write_out(text: &str, call: &Call) -> String {
    let breaks = |range: Range<usize>| "\n".repeat(text[range].matches('\n').count());
    let mut out = String::new();
    let mut done = call.range.start;
    for branch in &call.branches {
        out += &breaks(done..branch.body.start);
        let mut at = branch.body.start;
        for &start in &branch.item_starts {
            out += &text[at..start];
            out += &format!("{}#[cfg({})] ", call.attrs, branch.cfg);
            at = start;
        }
        out += &text[at..branch.body.end];
        done = branch.body.end;
    }
    out += &breaks(done..call.range.end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(text: &str) -> String {
        expand(Source::parse("lib.rs".into(), text.into()).unwrap())
            .unwrap()
            .text
    }

    /// hashbrown 0.15's `control/group/mod.rs`, in its form: the branch's `mod` and `use`
    /// each get the branch's condition; the lines stay where they were.
    #[test]
    fn each_item_of_a_branch_gets_the_branch_condition_and_lines_stay() {
        let text = "cfg_if! {\n    // why\n    if #[cfg(all(target_feature = \"sse2\", not(miri),))] {\n        mod sse2;\n        use sse2 as imp;\n    } else if #[cfg(target_arch = \"aarch64\")] {\n        mod neon;\n    } else {\n        mod generic;\n        use generic as imp;\n    }\n}\npub(crate) use self::imp::Group;\n";
        let out = expanded(text);
        assert_eq!(out.lines().count(), text.lines().count(), "{out}");
        let line = |n: usize| out.lines().nth(n).unwrap().trim().to_string();
        let sse2 = "all(all (target_feature = \"sse2\" , not (miri) ,))";
        assert_eq!(line(3), format!("#[cfg({sse2})] mod sse2;"));
        assert_eq!(line(4), format!("#[cfg({sse2})] use sse2 as imp;"));
        let neon = "all(target_arch = \"aarch64\")";
        assert_eq!(
            line(6),
            format!("#[cfg(all({neon}, not(any({sse2}))))] mod neon;")
        );
        assert_eq!(
            line(8),
            format!("#[cfg(not(any({sse2}, {neon})))] mod generic;")
        );
        assert_eq!(line(12), "pub(crate) use self::imp::Group;");
        assert!(!out.contains("cfg_if") && !out.contains("else"), "{out}");
        // What it wrote parses, and its conditions are cfg predicates.
        let file = syn::parse_file(&out).unwrap();
        assert_eq!(file.items.len(), 6);
    }

    /// The cfg-if crate's path form, attributes on the call, a call in an inline module, a
    /// call inside a branch, and no final `else`.
    #[test]
    fn paths_attributes_inline_modules_and_nested_calls_are_written_out() {
        let text = "mod m {\n    #[allow(unused)]\n    cfg_if::cfg_if! {\n        if #[cfg(unix)] {\n            cfg_if! { if #[cfg(windows)] { fn a() {} } }\n            #[inline] fn b() {}\n        }\n    }\n}\n";
        let out = expanded(text);
        assert_eq!(out.lines().count(), text.lines().count(), "{out}");
        assert!(!out.contains("cfg_if"), "{out}");
        assert!(
            out.contains("#[allow(unused)] #[cfg(all(unix))] #[cfg(all(windows))] fn a() {}"),
            "{out}"
        );
        assert!(
            out.contains("#[allow(unused)] #[cfg(all(unix))] #[inline] fn b() {}"),
            "{out}"
        );
    }

    /// A macro call named `cfg_if` in another form, or in a function body, stays as written.
    #[test]
    fn other_forms_stay() {
        for text in [
            "cfg_if! { if cfg(unix) { fn a() {} } }\n",
            "cfg_if! { if #[cfg(unix)] { fn a() {} } fn b() {} }\n",
            "fn f() { cfg_if! { if #[cfg(unix)] { fn a() {} } } }\n",
            "macro_rules! cfg_if { () => {} }\n",
        ] {
            assert_eq!(expanded(text), text);
        }
    }
}
