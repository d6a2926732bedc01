//! Item-level shaking with the compiler as the judge of what is dead: the bundle is
//! type-checked with `dead_code` and `unused_macros` warning inside the library module, and
//! the functions, methods, constants, statics, type aliases, traits and macros rustc reports
//! unused are cut out (whole lines, so the line map stays true). rustc's analysis is
//! transitive: what only dead items use is reported too, so one pass is enough.
//!
//! Code behind a `#[cfg]` that is false here is not type-checked, so what it names is never
//! cut: a judge on another target may compile it.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

use super::linemap::Mapped;
use crate::rustc;
use crate::settings::Edition;

/// An item rustc may report: where its name is and what to delete.
struct Candidate {
    name: String,
    name_start: usize,
    range: Range<usize>,
    /// The impl block holding it, for "methods `a` and `b` are never used".
    parent_impl: Option<usize>,
}

/// `bundle` without the library items rustc finds dead. `lints_line` is the line (0-based)
/// of the library module's `#[allow(dead_code, …)]`; only lines after it are cut.
pub fn shake(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
) -> Result<Mapped> {
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return Ok(bundle.clone());
    };
    let mut analysis: Vec<&str> = bundle.text.split_inclusive('\n').collect();
    let warn = "#[warn(dead_code, unused_macros)] #[allow(unused_imports)]\n";
    analysis[lints_line] = warn;
    std::fs::create_dir_all(scratch)?;
    let source = scratch.join("shake.rs");
    std::fs::write(&source, analysis.concat())?;
    let checked = rustc::type_check_short(&source, edition, &scratch.join("shake.rmeta"))?;
    stopped_early(&checked)?;
    if !checked.success {
        // The caller's type check reports the error against the readable bundle.
        return Ok(bundle.clone());
    }
    let mut collector = Collector::default();
    collector.visit_file(&file);
    // Types are never cut (a struct rustc calls never constructed may still be named), so
    // what their definitions name stays too.
    let mut protected = cfg_gated_names(&bundle.text);
    for range in &collector.type_definitions {
        if let Ok(tokens) = bundle.text[range.clone()].parse::<TokenStream>() {
            tokens
                .into_iter()
                .for_each(|t| idents_of(&t, &mut protected));
        }
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(bundle.text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut dead = Vec::new();
    for report in checked.messages.lines().filter_map(parse_report) {
        let Some(&line_start) = line_starts.get(report.line - 1) else {
            continue;
        };
        if report.line - 1 <= lints_line {
            continue;
        }
        let at = line_start + report.column - 1;
        let Some(found) = collector.items.iter().find(|c| c.name_start == at) else {
            continue;
        };
        for name in &report.names {
            let item = match found.parent_impl {
                Some(parent) => collector
                    .items
                    .iter()
                    .find(|c| c.parent_impl == Some(parent) && &c.name == name),
                None => (&found.name == name).then_some(found),
            };
            dead.extend(item);
        }
    }
    let dead = without_protected(&bundle.text, dead, protected);
    let shaken = without_ranges(bundle, &dead);
    // Never trade a compiling bundle for a smaller broken one.
    std::fs::write(&source, &shaken.text)?;
    let verified = rustc::type_check(&source, edition, &scratch.join("shake.rmeta"))?;
    stopped_early(&verified)?;
    Ok(if verified.success {
        shaken
    } else {
        bundle.clone()
    })
}

/// The ranges of dead items not protected; an item kept because it is protected keeps
/// everything it names too (transitively), since rustc counted those as used by it.
fn without_protected(
    text: &str,
    dead: Vec<&Candidate>,
    mut protected: BTreeSet<String>,
) -> Vec<Range<usize>> {
    let mut kept = vec![false; dead.len()];
    loop {
        let mut changed = false;
        for (index, item) in dead.iter().enumerate() {
            if !kept[index] && protected.contains(&item.name) {
                kept[index] = true;
                changed = true;
                if let Ok(tokens) = text[item.range.clone()].parse::<TokenStream>() {
                    tokens
                        .into_iter()
                        .for_each(|t| idents_of(&t, &mut protected));
                }
            }
        }
        if !changed {
            break;
        }
    }
    dead.iter()
        .zip(kept)
        .filter(|(_, kept)| !kept)
        .map(|(item, _)| item.range.clone())
        .collect()
}

/// rustc that failed without an error message was stopped (Ctrl-C, a kill): bundling must
/// stop too, not go on as if the bundle did not compile.
fn stopped_early(compiled: &rustc::Compiled) -> Result<()> {
    if !compiled.success && !compiled.messages.contains("error") {
        anyhow::bail!(
            "rustc stopped before it finished ({}){}",
            compiled.command,
            if compiled.messages.trim().is_empty() {
                String::new()
            } else {
                format!(":\n{}", compiled.messages.trim_end())
            }
        );
    }
    Ok(())
}

struct Report {
    line: usize,
    column: usize,
    names: Vec<String>,
}

/// `file:3:8: warning: function `f` is never used` and the like.
fn parse_report(line: &str) -> Option<Report> {
    let (location, message) = line.split_once(": warning: ")?;
    let mut parts = location.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line_number = parts.next()?.parse().ok()?;
    let removable = [
        "function",
        "associated function",
        "associated constant",
        "associated item",
        "method",
        "constant",
        "static",
        "type alias",
        "trait",
        "enum",
    ]
    .iter()
    .any(|kind| message.starts_with(kind));
    let is_dead =
        removable && (message.contains(" is never used") || message.contains(" are never used"));
    let is_unused_macro = message.starts_with("unused macro definition");
    if !is_dead && !is_unused_macro {
        return None;
    }
    let names = message
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some(Report {
        line: line_number,
        column,
        names,
    })
}

/// Deletes each range that covers whole lines, with its lines.
fn without_ranges(bundle: &Mapped, ranges: &[Range<usize>]) -> Mapped {
    let text = bundle.text.as_str();
    let mut cut_lines = BTreeSet::new();
    for range in ranges {
        let start_line = text[..range.start].matches('\n').count();
        let end_line = text[..range.end].matches('\n').count();
        let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[range.end..]
            .find('\n')
            .map_or(text.len(), |i| range.end + i);
        let whole = text[line_start..range.start].trim().is_empty()
            && text[range.end..line_end].trim().is_empty();
        if whole {
            cut_lines.extend(start_line..=end_line);
        }
    }
    let mut out = Mapped::new();
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if !cut_lines.contains(&index) {
            out.push(line, |_| bundle.lines.get(index).cloned().flatten());
        }
    }
    out
}

/// Identifiers inside items, statements and expressions behind a `#[cfg(…)]` (other than
/// `cfg(test)`): they may be compiled where this machine's cfg is false.
fn cfg_gated_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        gated_in(tokens, &mut names);
    }
    names
}

fn gated_in(tokens: TokenStream, names: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        let is_cfg_attr = matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == '#')
            && matches!(tokens.get(i + 1), Some(TokenTree::Group(g))
                if g.stream().to_string().starts_with("cfg") && g.stream().to_string() != "cfg (test)");
        if is_cfg_attr {
            // The attribute's subject: up to a `;` or through the first `{ … }` at this level.
            let mut j = i + 2;
            while j < tokens.len() {
                idents_of(&tokens[j], names);
                match &tokens[j] {
                    TokenTree::Punct(p) if p.as_char() == ';' => break,
                    TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Brace => break,
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        if let TokenTree::Group(group) = &tokens[i] {
            gated_in(group.stream(), names);
        }
        i += 1;
    }
}

fn idents_of(token: &TokenTree, names: &mut BTreeSet<String>) {
    match token {
        TokenTree::Ident(ident) => {
            names.insert(ident.to_string());
        }
        TokenTree::Group(group) => group
            .stream()
            .into_iter()
            .for_each(|t| idents_of(&t, names)),
        _ => {}
    }
}

#[derive(Default)]
struct Collector {
    items: Vec<Candidate>,
    /// Structs, enums and unions.
    type_definitions: Vec<Range<usize>>,
    impls: usize,
    current_impl: Option<usize>,
}

impl Collector {
    fn add(&mut self, ident: &syn::Ident, range: Range<usize>) {
        self.items.push(Candidate {
            name: ident.to_string(),
            name_start: ident.span().byte_range().start,
            range,
            parent_impl: self.current_impl,
        });
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let range = item.span().byte_range();
        match item {
            syn::Item::Fn(i) => self.add(&i.sig.ident, range),
            syn::Item::Const(i) => self.add(&i.ident, range),
            syn::Item::Static(i) => self.add(&i.ident, range),
            syn::Item::Type(i) => self.add(&i.ident, range),
            syn::Item::Trait(i) => self.add(&i.ident, range),
            syn::Item::Enum(i) => {
                self.type_definitions.push(range.clone());
                self.add(&i.ident, range);
            }
            syn::Item::Struct(_) | syn::Item::Union(_) => self.type_definitions.push(range),
            syn::Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.add(ident, range);
                }
            }
            _ => {}
        }
        let saved = self.current_impl.take();
        if let syn::Item::Impl(_) = item {
            self.impls += 1;
            self.current_impl = Some(self.impls);
        }
        visit::visit_item(self, item);
        self.current_impl = saved;
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let range = item.span().byte_range();
        match item {
            syn::ImplItem::Fn(i) => self.add(&i.sig.ident, range),
            syn::ImplItem::Const(i) => self.add(&i.ident, range),
            _ => {}
        }
        visit::visit_impl_item(self, item);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        // Items inside function bodies are left alone.
        let saved = self.current_impl.take();
        let _ = block;
        self.current_impl = saved;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_name_their_items() {
        let report =
            parse_report("/x/p.rs:12:9: warning: methods `put` and `flush` are never used")
                .unwrap();
        assert_eq!((report.line, report.column), (12, 9));
        assert_eq!(report.names, ["put", "flush"]);
        assert!(parse_report("/x/p.rs:3:5: warning: struct `S` is never constructed").is_none());
        assert!(parse_report("/x/p.rs:3:5: warning: field `a` is never read").is_none());
    }

    #[test]
    fn rustc_stopped_by_a_signal_stops_bundling_but_a_compile_error_does_not() {
        let compiled = |success: bool, messages: &str| rustc::Compiled {
            success,
            messages: messages.to_string(),
            command: "rustc x.rs".to_string(),
        };
        assert!(stopped_early(&compiled(false, "")).is_err());
        assert!(stopped_early(&compiled(false, "error[E0308]: mismatched types")).is_ok());
        assert!(stopped_early(&compiled(true, "")).is_ok());
    }

    #[test]
    fn names_behind_a_cfg_are_protected() {
        let names = cfg_gated_names(
            "#[cfg(not(unix))] fn other() { helper(); }\n#[cfg(test)] fn t() { tested(); }\nfn plain() { free(); }",
        );
        assert!(names.contains("helper") && names.contains("other"));
        assert!(!names.contains("tested") && !names.contains("free"));
    }
}
