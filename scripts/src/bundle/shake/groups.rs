//! Over the judge's source limit: the feature-group cut, before the other passes.
//!
//! The bundler decides `#[cfg(feature = "F")]` with the features cargo resolved and deletes
//! the true ones, so by the time the shake and the mono pass run nothing says which items a
//! feature brought in: a crate's default features (num-rational's `num-bigint`, petgraph's
//! `graphmap`) keep types, `use`s, type aliases and whole modules that neither pass cuts,
//! and with them whole crates (num-bigint, indexmap). The bundler records, per file, the
//! items (impl and trait items too) each enabled feature gates
//! ([`crate::bundle::cfg::gating_features`]); this pass finds them in the bundle by their
//! lines' origins and tries, for a bundle over its judge's limit only:
//! 1. every feature's group at once (all items the features gate, everywhere, and each pasted
//!    crate whose name is a feature's: the optional dependency it enables);
//! 2. else each feature's group alone, the biggest first;
//! 3. then each pasted crate that is not the first (whole module), the biggest first: one
//!    nothing else uses any more (petgraph's indexmap once `graphmap` is gone).
//!
//! A try deletes the group whole, then the `use` leaves rustc finds unresolved (they named
//! only what went), and is kept only when the bundle type-checks with no new warning but dead
//! code and builds to exactly the same set of LLVM-IR functions as before the pass; a group
//! that fails is put back whole.
//!
//! Why that is enough: the pass cuts items and never changes a body. Cutting an item can change
//! what the rest does only through what a name or a call resolves to: another impl or method
//! chosen, other inference, a name that now finds another item (a glob import). A call that
//! resolves elsewhere calls another function, so the set of functions changes (the mono pass'
//! argument, [`super::impls::mono`]). What is not a function is not in that set: a `const`,
//! `static`, type alias or `use` that went (a group's, or a `use` leaf the import repair
//! deletes) while a `const`, `static` or type alias of the same name stays anywhere (which a
//! glob could now find instead) makes the try fail.
//!
//! Nor is a type chosen by inference: a try that cuts an impl a literal's or the never
//! type's fallback may have chosen, while another that could answer instead stays, is not
//! made (review12; see [`super::fallback`]).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Range, RangeInclusive};
use std::path::Path;

use anyhow::Result;
use syn::spanned::Spanned;

use super::fallback::decides_fallback;
use super::impls::mono::reached;
use super::{collect_uses, lib_start, with_comma, without_ranges, Judge};
use crate::bundle::linemap::text_key;
use crate::bundle::mapped::Mapped;
use crate::settings::Edition;

/// An item an enabled feature gates, where it was: a pasted crate's file (as the bundle's
/// line origins name it) and its lines (1-based, its attributes included).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gated {
    pub file: String,
    pub lines: RangeInclusive<u32>,
    pub features: Vec<String>,
}

/// A crate pasted from a registry: its module's name in the bundle and its package's name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pasted {
    pub module: String,
    pub package: String,
}

/// The bytes of text the pass may give rustc (see `mono::BUDGET_BYTES`): the first try with
/// its baseline (two runs and two checks, an import repair, the build) on a 400 KB bundle, then
/// the tries alone on what is left.
const BUDGET_BYTES: usize = 8 << 20;

/// A group smaller than the bundle's size over this is not worth its rustc runs (2.9 KB of
/// a 290 KB bundle).
const SMALLEST_GROUP_PART: usize = 100;

/// The same for a pasted crate tried alone, which is named in ways [`named_outside`] does not
/// see (a call of its exported macro: proconio 0.4.3's `lazy_static!`, 3 KB of 287 KB), so
/// whose try fails more often: one smaller than a twentieth of the bundle is not tried.
const SMALLEST_CRATE_PART: usize = 20;

/// Rounds of deleting unresolved `use` leaves in one try (a re-export of a re-export).
const IMPORT_ROUNDS: usize = 3;

/// `bundle` without the feature groups and pasted crates it builds without (see the module's
/// doc), or as it is. Cached in `scratch` under the bundle's text.
pub(in crate::bundle) fn cut_feature_groups(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
    gated: &[Gated],
    pasted: &[Pasted],
) -> Result<Mapped> {
    std::fs::create_dir_all(scratch)?;
    let cache = scratch.join("groups.cache");
    let key = format!(
        "groups {} line {lints_line} edition {edition} gated {} {}",
        text_key(&bundle.text),
        text_key(&format!("{gated:?} {pasted:?}")),
        super::answers_stamp()
    );
    if let Some(cut) = Mapped::load(&key, &cache) {
        return Ok(cut);
    }
    let judge = Judge {
        lints_line,
        edition,
        scratch,
        jobs: 1,
        // Every pasted crate's warnings count: a cut in a later crate can make a call there
        // resolve elsewhere too (review12's finding 3).
        with_later_crates: true,
    };
    let cut = cut_uncached(bundle, &judge, gated, pasted)?;
    let _ = cut.save(&key, &cache);
    Ok(cut)
}

fn cut_uncached(
    bundle: &Mapped,
    judge: &Judge,
    gated: &[Gated],
    pasted: &[Pasted],
) -> Result<Mapped> {
    let mut budget = BUDGET_BYTES;
    let smallest = bundle.text.len() / SMALLEST_GROUP_PART;
    let Some(groups) = groups(bundle, judge.lints_line, gated, pasted) else {
        return Ok(bundle.clone());
    };
    if groups.features.is_empty() && groups.crates.is_empty() {
        return Ok(bundle.clone());
    }
    // The bundle's own check and functions, made before the first try that needs rustc.
    let mut known = None;
    let mut current = bundle.clone();
    let mut try_cut = |current: &Mapped, ranges: &[Range<usize>]| -> Result<Option<Mapped>> {
        let mut candidate = without_ranges(current, ranges);
        if shadows(&current.text, ranges, &candidate.text)
            || decides_fallback(&current.text, ranges, &candidate.text)
        {
            return Ok(None);
        }
        if known.is_none() {
            budget = budget.saturating_sub(2 * bundle.text.len());
            let baseline = judge.check(&bundle.text)?;
            let before = match baseline.success {
                true => reached(&bundle.text, judge)?,
                false => None,
            };
            known = Some(before.map(|before| (baseline, before)));
        }
        let Some(Some((baseline, before))) = &known else {
            return Ok(None);
        };
        for _ in 0..IMPORT_ROUNDS {
            if 2 * candidate.text.len() > budget {
                return Ok(None);
            }
            budget -= candidate.text.len();
            let checked = judge.check(&candidate.text)?;
            if judge.accepts(&checked, baseline) {
                budget -= candidate.text.len();
                let same = reached(&candidate.text, judge)?.is_some_and(|now| &now == before);
                return Ok(same.then_some(candidate));
            }
            if checked.unresolved_imports.is_empty() {
                return Ok(None);
            }
            let Ok(file) = syn::parse_file(&candidate.text) else {
                return Ok(None);
            };
            let leaves = unresolved_trees(&candidate.text, &file, &checked.unresolved_imports);
            // The solution's own code is never edited (and the checks read the lints line
            // at its line); an error in no `use` item this finds (a macro's) ends the try.
            let start = lib_start(&candidate.text, judge.lints_line);
            if leaves.is_empty() || leaves.iter().any(|leaf| leaf.start < start) {
                return Ok(None);
            }
            let repaired = without_ranges(&candidate, &leaves);
            if shadows(&candidate.text, &leaves, &repaired.text) {
                return Ok(None);
            }
            candidate = repaired;
        }
        Ok(None)
    };
    // Every feature at once.
    let all: Vec<Range<usize>> = groups.features.values().flatten().cloned().collect();
    let mut cut_all = false;
    if size(&all) >= smallest {
        if let Some(cut) = try_cut(&current, &all)? {
            current = cut;
            cut_all = true;
        }
    }
    // Else each feature alone, the biggest first (found again in what is left).
    if !cut_all {
        let mut order: Vec<(usize, String)> = groups
            .features
            .iter()
            .map(|(feature, ranges)| (size(ranges), feature.clone()))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (bytes, feature) in order {
            if bytes < smallest || groups.features.len() == 1 {
                continue;
            }
            let Some(now) = self::groups(&current, judge.lints_line, gated, pasted) else {
                break;
            };
            let Some(ranges) = now.features.get(&feature) else {
                continue;
            };
            if let Some(cut) = try_cut(&current, ranges)? {
                current = cut;
            }
        }
    }
    // Then each pasted crate nothing uses any more.
    let Some(now) = self::groups(&current, judge.lints_line, gated, pasted) else {
        return Ok(current);
    };
    let mut order: Vec<(usize, String)> = now
        .crates
        .iter()
        .map(|(name, range)| (range.len(), name.clone()))
        .collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let start = lib_start(&current.text, judge.lints_line);
    for (_, name) in order {
        let Some(now) = self::groups(&current, judge.lints_line, gated, pasted) else {
            break;
        };
        let Some(range) = now.crates.get(&name) else {
            continue;
        };
        if range.len() < bundle.text.len() / SMALLEST_CRATE_PART {
            continue;
        }
        // Named outside its module but by `use`s (which go if they name nothing else): a try
        // would only fail.
        if named_outside(&current.text, &name, range, start) {
            continue;
        }
        if let Some(cut) = try_cut(&current, std::slice::from_ref(range))? {
            current = cut;
        }
    }
    Ok(current)
}

/// The most the pass could cut from `bundle`, with no rustc run: every feature's items, and
/// every pasted crate but the first that nothing names outside its module once they are gone
/// (a crate named there is named in any bundle the pass leaves, which holds that text).
/// Neither the `use` leaves a try's import repair deletes nor what the shake takes after the
/// pass is counted.
pub(in crate::bundle) fn most_cut(
    bundle: &Mapped,
    lints_line: usize,
    gated: &[Gated],
    pasted: &[Pasted],
) -> usize {
    let Some(all) = groups(bundle, lints_line, gated, pasted) else {
        return 0;
    };
    let mut features: Vec<Range<usize>> = all.features.values().flatten().cloned().collect();
    features.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<usize>> = Vec::new();
    for range in features {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    let rest = without_ranges(bundle, &merged);
    let Some(now) = groups(&rest, lints_line, gated, pasted) else {
        return bundle.text.len();
    };
    let start = lib_start(&rest.text, lints_line);
    let crates: usize = now
        .crates
        .iter()
        .filter(|(name, range)| !named_outside(&rest.text, name, range, start))
        .map(|(_, range)| range.len())
        .sum();
    size(&merged) + crates
}

/// What to delete for the unresolved imports at `spans`: rustc points at the first segment
/// it cannot resolve (`num_bigint` in `use crate::num_bigint::{BigInt, Sign};`), so what goes
/// is the innermost part of the `use` that holds it: a group's element with a comma beside
/// it, or the whole item.
fn unresolved_trees(text: &str, file: &syn::File, spans: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    let mut ranges = Vec::new();
    for item in uses {
        let whole = item.span().byte_range();
        for span in spans
            .iter()
            .filter(|s| whole.start <= s.start && s.end <= whole.end)
        {
            match innermost_element(&item.tree, span) {
                Some(element) => ranges.push(with_comma(text, element)),
                None => ranges.push(whole.clone()),
            }
        }
    }
    ranges
}

/// The span of the innermost element of a `use` group in `tree` that holds `span`.
fn innermost_element(tree: &syn::UseTree, span: &Range<usize>) -> Option<Range<usize>> {
    match tree {
        syn::UseTree::Path(p) => innermost_element(&p.tree, span),
        syn::UseTree::Group(g) => g.items.iter().find_map(|element| {
            let range = element.span().byte_range();
            (range.start <= span.start && span.end <= range.end)
                .then(|| innermost_element(element, span).unwrap_or(range))
        }),
        _ => None,
    }
}

/// Whether `text` names the crate module `name` (at `range`) outside it: in the solution's
/// code (before `lib_start`), or in the crates outside `use` items.
fn named_outside(text: &str, name: &str, range: &Range<usize>, lib_start: usize) -> bool {
    let Ok(file) = syn::parse_file(text) else {
        return true;
    };
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    let uses: Vec<Range<usize>> = uses.iter().map(|u| u.span().byte_range()).collect();
    text.match_indices(&format!("{name}::"))
        .map(|(at, _)| at)
        .filter(|at| !range.contains(at))
        .any(|at| at < lib_start || !uses.iter().any(|u| u.contains(&at)))
}

fn size(ranges: &[Range<usize>]) -> usize {
    ranges.iter().map(|r| r.len()).sum()
}

/// What the pass may cut in a bundle: each feature's items (and the pasted crate of its
/// name), and each pasted crate's module but the first's (at `lints_line`, which the checks
/// read).
#[derive(Debug, Default)]
struct Groups {
    features: BTreeMap<String, Vec<Range<usize>>>,
    crates: BTreeMap<String, Range<usize>>,
}

/// The groups of `bundle`; `None` when it does not parse.
fn groups(
    bundle: &Mapped,
    lints_line: usize,
    gated: &[Gated],
    pasted: &[Pasted],
) -> Option<Groups> {
    let file = syn::parse_file(&bundle.text).ok()?;
    let start = lib_start(&bundle.text, lints_line);
    let mut by_file: BTreeMap<&str, Vec<&Gated>> = BTreeMap::new();
    for item in gated {
        by_file.entry(item.file.as_str()).or_default().push(item);
    }
    let mut finder = Finder {
        bundle,
        by_file,
        groups: Groups::default(),
    };
    let normal = |name: &str| name.replace('-', "_");
    for item in &file.items {
        let range = item.span().byte_range();
        // The first crate's module starts at its lints line, before `start`.
        if range.end <= start {
            continue;
        }
        if let syn::Item::Mod(module) = item {
            let name = module.ident.to_string();
            if let Some(krate) = pasted.iter().find(|p| p.module == name) {
                let first = range.start <= start;
                if !first {
                    finder.groups.crates.insert(name.clone(), range.clone());
                }
                // An optional dependency's crate goes with the feature of its name.
                let features: Vec<String> = gated
                    .iter()
                    .flat_map(|g| &g.features)
                    .filter(|f| normal(f) == normal(&krate.package))
                    .cloned()
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                if !first && !features.is_empty() {
                    for feature in features {
                        finder
                            .groups
                            .features
                            .entry(feature)
                            .or_default()
                            .push(range.clone());
                    }
                    continue;
                }
            }
        }
        finder.item(item);
    }
    Some(finder.groups)
}

struct Finder<'a> {
    bundle: &'a Mapped,
    by_file: BTreeMap<&'a str, Vec<&'a Gated>>,
    groups: Groups,
}

impl Finder<'_> {
    /// The features gating the item spanning `range`: those of the gated item whose lines
    /// hold the item's first line's origin.
    fn gating(&self, range: &Range<usize>) -> Option<&[String]> {
        let line = self.bundle.text[..range.start].matches('\n').count();
        let origin = self.bundle.lines.get(line)?.as_ref()?;
        self.by_file
            .get(&*origin.file)?
            .iter()
            .find(|g| g.lines.contains(&origin.line))
            .map(|g| g.features.as_slice())
    }

    /// Notes `range` in the groups of its features; whether it is gated.
    fn note(&mut self, range: Range<usize>) -> bool {
        let Some(features) = self.gating(&range).map(<[String]>::to_vec) else {
            return false;
        };
        for feature in features {
            self.groups
                .features
                .entry(feature)
                .or_default()
                .push(range.clone());
        }
        true
    }

    fn item(&mut self, item: &syn::Item) {
        if self.note(item.span().byte_range()) {
            return;
        }
        match item {
            syn::Item::Mod(module) => {
                for inner in module.content.iter().flat_map(|(_, items)| items) {
                    self.item(inner);
                }
            }
            syn::Item::Impl(block) => {
                for inner in &block.items {
                    self.note(inner.span().byte_range());
                }
            }
            syn::Item::Trait(block) => {
                for inner in &block.items {
                    self.note(inner.span().byte_range());
                }
            }
            _ => {}
        }
    }
}

/// Whether the `ranges` cut out of `before` (leaving `after`) held a `const`, `static`, type
/// alias, associated const or type, or `use` leaf whose name an item left in `after` has: a
/// glob import or a trait's item of that name might answer it now, with no function changed.
fn shadows(before: &str, ranges: &[Range<usize>], after: &str) -> bool {
    let mut cut = BTreeSet::new();
    for range in ranges {
        let text = &before[range.clone()];
        if let Ok(file) = syn::parse_file(text) {
            file.items.iter().for_each(|i| value_names(i, &mut cut));
        } else if let Ok(item) = syn::parse_str::<syn::ImplItem>(text) {
            match item {
                syn::ImplItem::Const(c) => {
                    cut.insert(c.ident.to_string());
                }
                syn::ImplItem::Type(t) => {
                    cut.insert(t.ident.to_string());
                }
                _ => {}
            }
        } else if let Ok(syn::TraitItem::Const(c)) = syn::parse_str::<syn::TraitItem>(text) {
            cut.insert(c.ident.to_string());
        } else if let Ok(tree) = syn::parse_str::<syn::UseTree>(text.trim().trim_matches(',')) {
            // An element of a `use` group, with its comma (the import repair's).
            use_names(&tree, &mut cut);
        }
    }
    if cut.is_empty() {
        return false;
    }
    let Ok(file) = syn::parse_file(after) else {
        return true;
    };
    let mut left = BTreeSet::new();
    syn::visit::Visit::visit_file(&mut AllNames(&mut left), &file);
    !cut.is_disjoint(&left)
}

/// The names a cut item binds that no function symbol shows (see [`shadows`]), at its top
/// only: the items in a cut module are reached only through it.
fn value_names(item: &syn::Item, names: &mut BTreeSet<String>) {
    match item {
        syn::Item::Const(c) => {
            names.insert(c.ident.to_string());
        }
        syn::Item::Static(s) => {
            names.insert(s.ident.to_string());
        }
        syn::Item::Type(t) => {
            names.insert(t.ident.to_string());
        }
        syn::Item::Use(u) => use_names(&u.tree, names),
        _ => {}
    }
}

fn use_names(tree: &syn::UseTree, names: &mut BTreeSet<String>) {
    match tree {
        syn::UseTree::Path(p) => use_names(&p.tree, names),
        syn::UseTree::Name(n) if n.ident != "self" => {
            names.insert(n.ident.to_string());
        }
        syn::UseTree::Rename(r) => {
            names.insert(r.rename.to_string());
        }
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, names)),
        _ => {}
    }
}

/// The names of the `const`s, `static`s, type aliases and associated consts and types
/// defined anywhere (what a name that lost its item could find instead, unseen by the set of
/// functions); `use` leaves not: an explicit one resolves as before or fails.
struct AllNames<'a>(&'a mut BTreeSet<String>);

impl<'ast> syn::visit::Visit<'ast> for AllNames<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let ident = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            _ => None,
        };
        if let Some(ident) = ident {
            self.0.insert(ident.to_string());
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.0.insert(item.ident.to_string());
    }

    fn visit_impl_item_type(&mut self, item: &'ast syn::ImplItemType) {
        self.0.insert(item.ident.to_string());
    }

    fn visit_trait_item_const(&mut self, item: &'ast syn::TraitItemConst) {
        self.0.insert(item.ident.to_string());
    }

    fn visit_trait_item_type(&mut self, item: &'ast syn::TraitItemType) {
        self.0.insert(item.ident.to_string());
    }

    fn visit_block(&mut self, _: &'ast syn::Block) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::mapped::Origin;
    use crate::bundle::shake::tests::run;

    /// A solution of `Rat` and `Half`, then the crate `small` whose feature `big-num` adds a
    /// `use`, a type alias, a trait impl and an inherent method, and brings in the crate
    /// `big_num` (its optional dependency); `std` gates `Rat`'s `Display`, which `main` uses.
    const BUNDLE: &str = r#"use crate::small::{Half, Rat};
fn main() {
    let r = Rat::new(3, 4).half();
    println!("{} {}", r.0, r.1);
    println!("{}", r);
    MAIN_EXTRA
}

#[allow(warnings)]
mod small {
use crate::big_num::Big;
pub struct Rat(pub i64, pub i64);
impl Rat {
    pub fn new(a: i64, b: i64) -> Rat {
        Rat(a, b)
    }
    pub fn to_big(&self) -> Big {
        Big(self.0 as u128)
    }
}
pub trait Half {
    fn half(&self) -> Rat;
}
impl Half for Rat {
    fn half(&self) -> Rat {
        Rat(self.0, self.1 * 2)
    }
}
pub type BigRat = (Big, Big);
impl Half for Big {
    fn half(&self) -> Rat {
        Rat(self.0 as i64, 2)
    }
}
impl std::fmt::Display for Rat {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.0, self.1)
    }
}
}
#[allow(warnings)]
mod big_num {
pub struct Big(pub u128);
impl Big {
    pub fn digits(&self) -> usize {
        self.0.to_string().len()
    }
}
}
"#;

    /// The lines (1-based) of `BUNDLE` from the one starting with `first` to the next `}` at
    /// the start of a line (or `first`'s own line when it ends in `;`).
    fn lines_of(text: &str, first: &str) -> RangeInclusive<u32> {
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.starts_with(first)).unwrap();
        let end = match lines[start].ends_with(';') {
            true => start,
            false => {
                start
                    + lines[start..]
                        .iter()
                        .position(|l| *l == "}" || *l == "    }")
                        .unwrap()
            }
        };
        (start as u32 + 1)..=(end as u32 + 1)
    }

    fn gated(text: &str) -> Vec<Gated> {
        let big = |first: &str| Gated {
            file: "small/src/lib.rs".to_string(),
            lines: lines_of(text, first),
            features: vec!["big-num".to_string()],
        };
        let mut gated: Vec<Gated> = [
            "use crate::big_num::Big;",
            "    pub fn to_big",
            "pub type BigRat",
            "impl Half for Big",
        ]
        .into_iter()
        .map(big)
        .collect();
        gated.push(Gated {
            file: "small/src/lib.rs".to_string(),
            lines: lines_of(text, "impl std::fmt::Display for Rat"),
            features: vec!["std".to_string()],
        });
        gated
    }

    /// `BUNDLE` with `extra` in `main`, through the pass: every line's origin is its own line
    /// in `small/src/lib.rs`.
    fn group_cut(extra: &str, dir: &Path) -> (String, String) {
        let text = BUNDLE.replace("MAIN_EXTRA", extra);
        let mut bundle = Mapped::new();
        bundle.push(&text, |k| {
            Some(Origin {
                file: "small/src/lib.rs".into(),
                line: k as u32 + 1,
                indent: 0,
            })
        });
        let lints_line = text.lines().position(|l| l.starts_with("#[allow")).unwrap();
        let pasted = [("small", "small"), ("big_num", "big-num")].map(|(module, package)| Pasted {
            module: module.to_string(),
            package: package.to_string(),
        });
        let cut = cut_feature_groups(
            &bundle,
            lints_line,
            Edition::E2021,
            dir,
            &gated(&text),
            &pasted,
        )
        .unwrap();
        (text, cut.text)
    }

    #[test]
    fn a_feature_the_solution_does_not_use_goes_whole_with_its_optional_crate() {
        let scratch = tempfile::tempdir().unwrap();
        let (before, text) = group_cut("", scratch.path());
        for gone in [
            "use crate::big_num::Big;",
            "fn to_big",
            "pub type BigRat",
            "impl Half for Big",
            "mod big_num",
        ] {
            assert!(!text.contains(gone), "`{gone}` stayed:\n{text}");
        }
        // `std`'s group holds the `Display` that `main` uses: it stays.
        for kept in [
            "impl Half for Rat",
            "impl std::fmt::Display for Rat",
            "fn new",
        ] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        let printed = run(&before, scratch.path(), "before");
        assert_eq!(printed, "3 8\n3/8\n");
        assert_eq!(run(&text, scratch.path(), "after"), printed);
    }

    /// `text` as a bundle whose every line is crate `small`'s lib.rs, and its lints line (the
    /// one starting `#[allow`).
    fn from_small(text: &str) -> (Mapped, usize) {
        let mut bundle = Mapped::new();
        bundle.push(text, |k| {
            Some(Origin {
                file: "small/src/lib.rs".into(),
                line: k as u32 + 1,
                indent: 0,
            })
        });
        let lints_line = text.lines().position(|l| l.starts_with("#[allow"));
        (bundle, lints_line.unwrap())
    }

    /// [`most_cut`] bounds what the pass cuts, with no rustc run: the gated items and the
    /// optional crate, never the solution or the first crate's ungated items.
    #[test]
    fn the_most_the_pass_could_cut_bounds_what_it_cuts() {
        let scratch = tempfile::tempdir().unwrap();
        let (before, after) = group_cut("", scratch.path());
        let (bundle, lints_line) = from_small(&before);
        let pasted = [("small", "small"), ("big_num", "big-num")].map(|(module, package)| Pasted {
            module: module.to_string(),
            package: package.to_string(),
        });
        let most = most_cut(&bundle, lints_line, &gated(&before), &pasted);
        let cut = before.len() - after.len();
        assert!(cut > 0 && cut <= most, "cut {cut}, most {most}");
        let crate_big = &before[before.find("mod big_num").unwrap()..];
        let ungated = [
            "fn new",
            "impl Half for Rat",
            "pub trait Half",
            "pub struct Rat",
        ];
        let kept: usize = ungated
            .iter()
            .map(|k| before.find(k).map(|_| k.len()).unwrap())
            .sum();
        assert!(most >= crate_big.trim_end().len(), "most {most}");
        assert!(
            most <= before.len() - before.find("mod small").unwrap() - kept,
            "most {most}"
        );
    }

    #[test]
    fn a_feature_whose_item_the_solution_uses_stays_whole() {
        let scratch = tempfile::tempdir().unwrap();
        let extra = "println!(\"{}\", Rat::new(12345, 1).to_big().digits());";
        let (before, text) = group_cut(extra, scratch.path());
        assert_eq!(text, before);
    }

    #[test]
    fn a_cut_const_or_use_whose_name_stays_elsewhere_shadows_and_a_lone_one_does_not() {
        let before = "mod a { pub const N: u32 = 1; }\nmod b { use super::a::*; const N: u32 = 2; fn f() {} }\n";
        let cut = before.find("const N: u32 = 2;").unwrap();
        let range = cut..cut + "const N: u32 = 2;".len();
        let after = format!("{}{}", &before[..range.start], &before[range.end..]);
        assert!(shadows(before, std::slice::from_ref(&range), &after));
        let before = "mod b { type Big = u64; fn f() {} }\n";
        let cut = before.find("type Big = u64;").unwrap();
        let range = cut..cut + "type Big = u64;".len();
        let after = format!("{}{}", &before[..range.start], &before[range.end..]);
        assert!(!shadows(before, &[range], &after));
        // A cut function is no shadow: a call that resolves elsewhere changes the functions.
        let before = "mod a { pub fn g() {} }\nmod b { use super::a::*; fn g() {} }\n";
        let cut = before.rfind("fn g() {}").unwrap();
        let range = cut..cut + "fn g() {}".len();
        let after = format!("{}{}", &before[..range.start], &before[range.end..]);
        assert!(!shadows(before, &[range], &after));
        // A `use` group's element (with its comma) whose name a const left has.
        let before = "mod a { pub const N: u32 = 1; }\nmod b { use super::c::{N, M}; }\n";
        let cut = before.find("N, ").unwrap();
        let range = cut..cut + "N, ".len();
        let after = format!("{}{}", &before[..range.start], &before[range.end..]);
        assert!(shadows(before, &[range], &after));
    }

    /// review12's counterexample: `impl Marker for i32 {}` gated by `std`, `impl Marker for
    /// i64 {}` not; `W(1)` falls back to `W<i32>` while both are there, so the cut, which
    /// changes no function, would make it `W<i64>` and print 2147483648.
    const FALLBACK: &str = "use crate::small::W;\nfn main() {\n    let w = W(1);\n    println!(\"{}\", (w.0 << 31) as i64);\n}\n\n#[allow(warnings)]\nmod small {\npub trait Marker {}\nimpl Marker for i64 {}\nimpl Marker for i32 {}\npub struct W<T: Marker>(pub T);\n}\n";

    #[test]
    fn an_impl_a_literals_fallback_may_have_chosen_is_not_cut() {
        let dir = tempfile::tempdir().unwrap();
        let (bundle, lints_line) = from_small(FALLBACK);
        let line = FALLBACK
            .lines()
            .position(|l| l == "impl Marker for i32 {}")
            .unwrap() as u32
            + 1;
        let gated = [Gated {
            file: "small/src/lib.rs".to_string(),
            lines: line..=line,
            features: vec!["std".to_string()],
        }];
        let pasted = [Pasted {
            module: "small".to_string(),
            package: "small".to_string(),
        }];
        let cut = cut_feature_groups(
            &bundle,
            lints_line,
            Edition::E2021,
            dir.path(),
            &gated,
            &pasted,
        )
        .unwrap();
        assert_eq!(run(&cut.text, dir.path(), "after"), "-2147483648\n");
        assert_eq!(cut.text, FALLBACK);
    }
}
