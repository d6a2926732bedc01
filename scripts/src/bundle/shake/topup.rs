//! Topping up a reused shake. A tail shaken for fewer names ([`super::Store::load_reached`])
//! may have cut an impl with a method of a name the edit adds: a call `x.len()` that impl
//! answered in cargo's build would be answered by another `len` (finding 1: `Slow::get` for
//! `Fast::get`), or not compile. A fresh shake never cuts such an impl (impls.rs), unless its
//! type is never constructed. So instead of a fresh shake (tens of rustc runs), the pieces the
//! reused shake cut that define a method of an added name are put back from the unshaken
//! tail, then what they need, as the errors of the check name it (impls.rs' [`guided`]
//! restoration), then the dead code rustc's lint finds in them cut again; a few rustc runs.
//!
//! Which pieces come back: every cut impl, inherent method, trait method and macro call that
//! defines a function of an added name, unless it is for a type the tail defines and the
//! reused shake cut (no value of it can exist, so no call reaches it: a fresh shake cuts the
//! type with all its impls too). A type the restoration brings back is alive again: its cut
//! impls with a method of any name the bundle calls with method syntax come back too, as in a
//! fresh shake. Pieces are whole items (with the lines of the modules around them) or, in an
//! impl or trait the reused shake kept in part, the items inside it.
//!
//! The reused tail came from this unshaken tail by deleting whole lines and parts of lines,
//! so its lines are matched to the unshaken tail's in order, by their origin (by their text
//! for lines the bundler wrote); when they do not match, or the restoration fails, the caller
//! shakes afresh.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::Result;
use proc_macro2::TokenStream;
use syn::spanned::Spanned;

use crate::bundle::mapped::Mapped;
use crate::bundle::shake::impls::{
    fn_names, guided, impl_item_names, method_calls, type_head, Guide, Unit,
};
use crate::bundle::shake::{cut_dead, idents_of, Checked, Judge};

/// At most this many times a restoration brings a type back and its impls are put back.
const REVIVALS: usize = 4;

/// A piece of the unshaken tail the reused shake cut.
struct Piece {
    /// Its lines (in the whole bundle), and those of the `mod` lines around it.
    lines: Vec<usize>,
    /// The functions it defines (a macro call: its macro's body's).
    fns: BTreeSet<String>,
    /// The type it is for (an impl or a method in one), if the tail defines it.
    self_type: Option<String>,
    /// The type it defines.
    defines_type: Option<String>,
    unit: Unit,
}

/// `head` followed by `shaken` (the `unshaken` tail shaken for fewer names), with what a
/// fresh shake of the bundle would keep for the `added` names put back; `None` when that
/// cannot be done.
pub(in crate::bundle::shake) fn top_up(
    head: &Mapped,
    unshaken: &Mapped,
    shaken: &Mapped,
    added: &BTreeSet<String>,
    judge: &Judge,
) -> Result<Option<Mapped>> {
    let whole = head.joined(unshaken);
    let first = head.lines.len();
    let Some(kept) = align(unshaken, shaken) else {
        return Ok(None);
    };
    let Ok(file) = syn::parse_file(&whole.text) else {
        return Ok(None);
    };
    let mut walk = Walk {
        breaks: whole.text.match_indices('\n').map(|(at, _)| at).collect(),
        first,
        kept: &kept,
        frames: Vec::new(),
        pieces: Vec::new(),
        types: BTreeMap::new(),
        macros: BTreeMap::new(),
    };
    walk.definitions(&file.items);
    walk.items(&file.items);
    let Walk { pieces, types, .. } = walk;
    let called = method_calls(&whole.text);
    let build = |restored: &BTreeSet<usize>| -> Mapped {
        let lines: BTreeSet<usize> = restored
            .iter()
            .flat_map(|&p| pieces[p].lines.iter().copied())
            .collect();
        let mut out = Mapped::new();
        for (index, line) in whole.text.split_inclusive('\n').enumerate() {
            if index < first {
                out.push(line, |_| whole.lines[index].clone());
                continue;
            }
            match kept.get(index - first).copied().flatten() {
                Some(s) => out.push(nth_line(&shaken.text, s), |_| {
                    shaken.lines.get(s).cloned().flatten()
                }),
                None if lines.contains(&index) => {
                    out.push(line, |_| whole.lines[index].clone());
                }
                None => {}
            }
        }
        out
    };
    // Types alive: those the reused tail kept, then those the restoration brings back.
    let mut alive: BTreeSet<&str> = types
        .iter()
        .filter(|(_, &kept)| kept)
        .map(|(name, _)| name.as_str())
        .collect();
    let mut restored = BTreeSet::new();
    let mut revived: BTreeSet<&str> = BTreeSet::new();
    let mut last: Option<(Mapped, Checked)> = None;
    for round in 0..=REVIVALS {
        let wanted: Vec<usize> = (0..pieces.len())
            .filter(|p| !restored.contains(p))
            .filter(|&p| {
                let piece = &pieces[p];
                match piece.self_type.as_deref() {
                    Some(ty) if revived.contains(ty) => {
                        !piece.fns.is_disjoint(&called) || !piece.fns.is_disjoint(added)
                    }
                    Some(ty) if !alive.contains(ty) => false,
                    _ => piece.fns.iter().any(|f| added.contains(f)),
                }
            })
            .collect();
        if wanted.is_empty() {
            if restored.is_empty() {
                // Nothing a fresh shake would keep for the added names was cut.
                return Ok(Some(head.joined(shaken)));
            }
            break;
        }
        if round == REVIVALS {
            return Ok(None);
        }
        restored.extend(wanted);
        // The other cut pieces, for the guided restoration (all cut at first).
        let rest: Vec<usize> = (0..pieces.len())
            .filter(|p| !restored.contains(p))
            .collect();
        let units: Vec<Unit> = rest
            .iter()
            .map(|&p| Unit::default().with(&pieces[p].unit))
            .collect();
        let check = |removed: &BTreeSet<usize>| {
            let mut all = restored.clone();
            all.extend(
                (0..rest.len())
                    .filter(|r| !removed.contains(r))
                    .map(|r| rest[r]),
            );
            let candidate = build(&all);
            let checked = judge.check(&candidate.text)?;
            Ok((checked.success, (candidate, checked)))
        };
        let mut runs = 0;
        let Some((removed, _, accepted)) = guided(&units, check, &mut runs)? else {
            return Ok(None);
        };
        last = Some(accepted);
        let back: Vec<usize> = (0..rest.len())
            .filter(|r| !removed.contains(r))
            .map(|r| rest[r])
            .collect();
        restored.extend(back);
        revived = restored
            .iter()
            .filter_map(|&p| pieces[p].defines_type.as_deref())
            .filter(|ty| !alive.contains(ty))
            .collect();
        alive.extend(&revived);
    }
    let Some((candidate, checked)) = last else {
        return Ok(None);
    };
    // What was put back for a name but is called by nothing goes again, as in a fresh shake.
    Ok(Some(match cut_dead(&candidate, &checked, judge)? {
        Some((tidy, _)) => tidy,
        None => candidate,
    }))
}

impl Unit {
    /// A copy of `other`'s guide (the ranges are not used here: pieces are lines).
    fn with(mut self, other: &Unit) -> Unit {
        self.names = other.names.clone();
        self.guide = Guide {
            trait_name: other.guide.trait_name.clone(),
            self_name: other.guide.self_name.clone(),
            fns: other.guide.fns.clone(),
            entry: other.guide.entry.clone(),
            body: other.guide.body.clone(),
            item: other.guide.item,
            by_reference: other.guide.by_reference,
        };
        self
    }
}

/// Line `n` (0-based) of `text`, with its newline.
fn nth_line(text: &str, n: usize) -> &str {
    text.split_inclusive('\n').nth(n).unwrap_or("")
}

/// For each line of `unshaken`, the line of `shaken` it became (the same origin, or for lines
/// without one the same text or a part of it), `None` when it was deleted; `None` when not every line of
/// `shaken` is matched.
fn align(unshaken: &Mapped, shaken: &Mapped) -> Option<Vec<Option<usize>>> {
    let texts: Vec<&str> = unshaken.text.split_inclusive('\n').collect();
    let shaken_texts: Vec<&str> = shaken.text.split_inclusive('\n').collect();
    let origin = |m: &Mapped, i: usize| m.lines.get(i).cloned().flatten();
    let mut next = 0;
    let mut kept = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let matches = next < shaken_texts.len()
            && match (origin(unshaken, i), origin(shaken, next)) {
                (Some(a), Some(b)) => a == b,
                // A line the bundler wrote that the shake cut a part of (`use` leaves).
                (None, None) => {
                    *text == shaken_texts[next]
                        || is_part_of(shaken_texts[next], text)
                            && texts.get(i + 1) != Some(&shaken_texts[next])
                }
                _ => false,
            };
        if matches {
            kept.push(Some(next));
            next += 1;
        } else {
            kept.push(None);
        }
    }
    (next == shaken_texts.len()).then_some(kept)
}

/// Whether `part` is `line` with some characters cut, from the same first word on.
fn is_part_of(part: &str, line: &str) -> bool {
    let first_word = |s: &str| s.split_whitespace().next().map(str::to_string);
    let mut rest = line.chars();
    first_word(part) == first_word(line) && part.chars().all(|c| rest.any(|l| l == c))
}

struct Walk<'a> {
    breaks: Vec<usize>,
    /// The first line of the tail.
    first: usize,
    /// [`align`]'s answer.
    kept: &'a [Option<usize>],
    /// The lines of the `mod` items around the item walked.
    frames: Vec<usize>,
    pieces: Vec<Piece>,
    /// The types the tail defines, and whether the reused tail kept one of their definitions.
    types: BTreeMap<String, bool>,
    /// `macro_rules!` bodies by name.
    macros: BTreeMap<String, TokenStream>,
}

/// Whether the reused tail kept all, some or none of an item's lines.
#[derive(PartialEq)]
enum Kept {
    All,
    Some,
    None,
}

impl Walk<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.breaks.partition_point(|&at| at < offset)
    }

    fn lines_of(&self, node: &impl Spanned) -> std::ops::RangeInclusive<usize> {
        let range = node.span().byte_range();
        self.line_of(range.start)..=self.line_of(range.end.saturating_sub(1).max(range.start))
    }

    fn kept(&self, lines: &std::ops::RangeInclusive<usize>) -> Kept {
        let flags: Vec<bool> = lines
            .clone()
            .map(|l| l < self.first || self.kept.get(l - self.first).copied().flatten().is_some())
            .collect();
        if flags.iter().all(|&k| k) {
            Kept::All
        } else if flags.iter().any(|&k| k) {
            Kept::Some
        } else {
            Kept::None
        }
    }

    /// The tail's `macro_rules!` bodies and types (whether the reused tail kept them).
    fn definitions(&mut self, items: &[syn::Item]) {
        for item in items {
            let lines = self.lines_of(item);
            if *lines.start() < self.first {
                if let syn::Item::Mod(module) = item {
                    if let Some((_, inner)) = &module.content {
                        self.definitions(inner);
                    }
                }
                continue;
            }
            let kept = self.kept(&lines) != Kept::None;
            let defined = match item {
                syn::Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        self.definitions(inner);
                    }
                    None
                }
                syn::Item::Macro(m) => {
                    if let Some(name) = &m.ident {
                        self.macros.insert(name.to_string(), m.mac.tokens.clone());
                    }
                    None
                }
                syn::Item::Struct(i) => Some(&i.ident),
                syn::Item::Enum(i) => Some(&i.ident),
                syn::Item::Union(i) => Some(&i.ident),
                syn::Item::Type(i) => Some(&i.ident),
                _ => None,
            };
            if let Some(ident) = defined {
                *self.types.entry(ident.to_string()).or_default() |= kept;
            }
        }
    }

    fn push(&mut self, lines: std::ops::RangeInclusive<usize>, piece: Piece) {
        let mut all: Vec<usize> = lines.collect();
        all.extend(&self.frames);
        self.pieces.push(Piece {
            lines: all,
            ..piece
        });
    }

    fn items(&mut self, items: &[syn::Item]) {
        for item in items {
            if *self.lines_of(item).start() < self.first {
                if let syn::Item::Mod(module) = item {
                    if let Some((_, inner)) = &module.content {
                        self.items(inner);
                    }
                }
                continue;
            }
            let lines = self.lines_of(item);
            let kept = self.kept(&lines);
            if let syn::Item::Mod(module) = item {
                if let Some((brace, inner)) = &module.content {
                    let open = self.line_of(brace.span.open().byte_range().start);
                    let close = self.line_of(brace.span.close().byte_range().start);
                    let depth = self.frames.len();
                    self.frames.extend(*lines.start()..=open);
                    self.frames.push(close);
                    self.items(inner);
                    self.frames.truncate(depth);
                }
                continue;
            }
            match kept {
                Kept::All => {}
                Kept::None => self.whole(item, lines),
                Kept::Some => self.inner(item),
            }
        }
    }

    /// A cut item.
    fn whole(&mut self, item: &syn::Item, lines: std::ops::RangeInclusive<usize>) {
        let named = |ident: &syn::Ident| Unit {
            names: vec![ident.to_string()],
            ..Unit::default()
        };
        let mut piece = Piece {
            lines: Vec::new(),
            fns: BTreeSet::new(),
            self_type: None,
            defines_type: None,
            unit: Unit::default(),
        };
        match item {
            syn::Item::Impl(block) => {
                let parameters: BTreeSet<String> = block
                    .generics
                    .type_params()
                    .map(|p| p.ident.to_string())
                    .collect();
                let self_name = type_head(&block.self_ty).filter(|name| !parameters.contains(name));
                piece.fns = impl_item_names(block, true);
                piece.self_type = self_name
                    .clone()
                    .filter(|name| self.types.contains_key(name));
                piece.unit.guide = Guide {
                    trait_name: block
                        .trait_
                        .as_ref()
                        .and_then(|(_, path, _)| path.segments.last())
                        .map(|s| s.ident.to_string()),
                    by_reference: matches!(*block.self_ty, syn::Type::Reference(_))
                        && self_name.is_none(),
                    self_name,
                    fns: piece.fns.clone(),
                    ..Guide::default()
                };
            }
            syn::Item::Macro(call) => match &call.ident {
                Some(ident) => piece.unit = named(ident),
                None => {
                    let mut words = BTreeSet::new();
                    call.mac
                        .tokens
                        .clone()
                        .into_iter()
                        .for_each(|t| idents_of(&t, &mut words));
                    let name = call.mac.path.segments.last().map(|s| s.ident.to_string());
                    let body = name.and_then(|n| self.macros.get(&n)).cloned();
                    let mut body_words = BTreeSet::new();
                    if let Some(body) = body {
                        fn_names(body.clone(), &mut piece.fns);
                        body.into_iter()
                            .for_each(|t| idents_of(&t, &mut body_words));
                    }
                    piece.self_type = words.iter().find(|w| self.types.contains_key(*w)).cloned();
                    piece.unit.guide = Guide {
                        fns: piece.fns.clone(),
                        entry: words,
                        body: body_words,
                        ..Guide::default()
                    };
                }
            },
            syn::Item::Use(tree) => {
                let mut names = Vec::new();
                leaves(&tree.tree, &mut names);
                piece.unit.names = names;
            }
            syn::Item::Struct(i) => piece.unit = named(&i.ident),
            syn::Item::Enum(i) => piece.unit = named(&i.ident),
            syn::Item::Union(i) => piece.unit = named(&i.ident),
            syn::Item::Type(i) => piece.unit = named(&i.ident),
            syn::Item::Trait(i) => piece.unit = named(&i.ident),
            syn::Item::Fn(i) => piece.unit = named(&i.sig.ident),
            syn::Item::Const(i) => piece.unit = named(&i.ident),
            syn::Item::Static(i) => piece.unit = named(&i.ident),
            _ => return,
        }
        piece.defines_type = match item {
            syn::Item::Struct(i) => Some(i.ident.to_string()),
            syn::Item::Enum(i) => Some(i.ident.to_string()),
            syn::Item::Union(i) => Some(i.ident.to_string()),
            syn::Item::Type(i) => Some(i.ident.to_string()),
            _ => None,
        };
        self.push(lines, piece);
    }

    /// The cut items of an impl or a trait the reused shake kept in part.
    fn inner(&mut self, item: &syn::Item) {
        let (trait_name, self_type, fns): (Option<String>, Option<String>, Vec<&syn::Ident>) =
            match item {
                syn::Item::Impl(block) => (
                    block
                        .trait_
                        .as_ref()
                        .and_then(|(_, path, _)| path.segments.last())
                        .map(|s| s.ident.to_string()),
                    type_head(&block.self_ty),
                    block
                        .items
                        .iter()
                        .filter_map(|i| match i {
                            syn::ImplItem::Fn(f) if self.cut(f) => Some(&f.sig.ident),
                            syn::ImplItem::Const(c) if self.cut(c) => Some(&c.ident),
                            _ => None,
                        })
                        .collect(),
                ),
                syn::Item::Trait(t) => (
                    Some(t.ident.to_string()),
                    None,
                    t.items
                        .iter()
                        .filter_map(|i| match i {
                            syn::TraitItem::Fn(f) if self.cut(f) => Some(&f.sig.ident),
                            syn::TraitItem::Const(c) if self.cut(c) => Some(&c.ident),
                            _ => None,
                        })
                        .collect(),
                ),
                _ => return,
            };
        let spans: Vec<(String, std::ops::RangeInclusive<usize>)> = match item {
            syn::Item::Impl(block) => block
                .items
                .iter()
                .filter_map(|i| match i {
                    syn::ImplItem::Fn(f) => Some((f.sig.ident.to_string(), self.lines_of(f))),
                    syn::ImplItem::Const(c) => Some((c.ident.to_string(), self.lines_of(c))),
                    _ => None,
                })
                .collect(),
            syn::Item::Trait(t) => t
                .items
                .iter()
                .filter_map(|i| match i {
                    syn::TraitItem::Fn(f) => Some((f.sig.ident.to_string(), self.lines_of(f))),
                    syn::TraitItem::Const(c) => Some((c.ident.to_string(), self.lines_of(c))),
                    _ => None,
                })
                .collect(),
            _ => return,
        };
        let self_type = self_type.filter(|ty| self.types.contains_key(ty));
        for ident in fns {
            let name = ident.to_string();
            let Some((_, lines)) = spans.iter().find(|(n, l)| {
                *n == name && l.contains(&self.line_of(ident.span().byte_range().start))
            }) else {
                continue;
            };
            let piece = Piece {
                lines: Vec::new(),
                fns: BTreeSet::from([name.clone()]),
                self_type: self_type.clone(),
                defines_type: None,
                unit: Unit {
                    names: vec![name.clone()],
                    guide: Guide {
                        trait_name: trait_name.clone(),
                        fns: BTreeSet::from([name]),
                        item: true,
                        ..Guide::default()
                    },
                    ..Unit::default()
                },
            };
            self.push(lines.clone(), piece);
        }
    }

    /// Whether the reused shake cut all of `node`'s lines.
    fn cut(&self, node: &impl Spanned) -> bool {
        self.kept(&self.lines_of(node)) == Kept::None
    }
}

/// The names a `use` tree brings in (its leaves, renamed ones under their new name).
fn leaves(tree: &syn::UseTree, names: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => leaves(&p.tree, names),
        syn::UseTree::Name(n) => names.push(n.ident.to_string()),
        syn::UseTree::Rename(r) => names.push(r.rename.to_string()),
        syn::UseTree::Glob(_) => {}
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| leaves(t, names)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reused_lines_match_the_unshaken_ones_by_origin_or_the_bundlers_text() {
        let origin = |line| crate::bundle::mapped::Origin {
            file: "lib.rs".into(),
            line,
            indent: 0,
        };
        let mut unshaken = Mapped::new();
        unshaken.push("pub mod a {\n", |_| None);
        unshaken.push("    pub(crate) use crate::{x, y};\n", |_| None);
        unshaken.push("fn x() {}\nfn y() {}\n}\n", |k| Some(origin(k as u32 + 1)));
        unshaken.push("}\n", |_| None);
        // The shake cut `y` and its `use` leaf, and a line of the same text as one it kept.
        let mut shaken = Mapped::new();
        shaken.push("pub mod a {\n", |_| None);
        shaken.push("    pub(crate) use crate::{x};\n", |_| None);
        shaken.push("fn x() {}\n", |_| Some(origin(1)));
        shaken.push("}\n", |_| Some(origin(3)));
        shaken.push("}\n", |_| None);
        let kept = align(&unshaken, &shaken).unwrap();
        assert_eq!(kept, [Some(0), Some(1), Some(2), None, Some(3), Some(4)]);
        assert!(is_part_of(
            "    pub(crate) use crate::{x};\n",
            "    pub(crate) use crate::{x, y};\n"
        ));
        assert!(!is_part_of(
            "    use crate::{x};\n",
            "    pub use crate::{x};\n"
        ));
        // A line nothing in the unshaken part became: no match.
        shaken.push("fn z() {}\n", |_| Some(origin(9)));
        assert!(align(&unshaken, &shaken).is_none());
    }
}
