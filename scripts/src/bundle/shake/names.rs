//! The first pass of shaking, before any rustc run: what no name in the bundle can reach.
//!
//! Rust code can only use an item by writing its name (`macro_rules!` cannot make an
//! identifier out of parts, and a bundle has no proc macros), so an item whose name is written
//! nowhere but in its own definition, its own impls and the `use` leaves importing it is dead.
//! Cut are, in the library part of the bundle: trait methods (the trait's item with the same
//! method in every impl of the trait), types with their impls, traits with their impls, free
//! functions, inherent methods, constants and statics. Repeated until nothing more goes,
//! since what goes can be the only user of something else.
//!
//! This is what takes a big trait like itertools' `Itertools` (a hundred methods, each naming
//! its adaptor type) down to the methods a solution calls: rustc's dead-code lint never
//! reports a trait method, and trying the impls one by one with rustc would take minutes.
//! Counting is by name, not by resolution, so it errs on the side of keeping: a method is
//! kept by any `.name` or `::name`, anything else by any `name` (a variable's too), and
//! everything by the name anywhere in a macro's input, also in code behind a false `#[cfg]`.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;

use super::impls::type_head;
use super::{empty_uses, use_leaves, without_ranges};
use crate::bundle::mapped::Mapped;

/// Rounds of cutting at most; each round re-reads the bundle.
const MAX_ROUNDS: usize = 40;

/// Items that go together, and the names nothing else may write for them to go.
#[derive(Debug)]
struct Unit {
    names: Vec<String>,
    ranges: Vec<Range<usize>>,
    /// Cut with the unit, but not part of it when telling whether its names are used: a
    /// macro's calls, which its owners decide on.
    carried: Vec<Range<usize>>,
    /// Names that reach the unit only where written inside a range: the variants a private
    /// `use E::*` imports into its module.
    scoped: Vec<(String, Range<usize>)>,
    /// Names that reach the unit as a [`Kind::Method`]'s do: a trait's functions and constants
    /// (a module of the same name, itertools' `into_either`, is no use of `IntoEither`).
    members: Vec<String>,
    kind: Kind,
}

impl Unit {
    /// A unit of one name, carrying nothing.
    fn new(name: &str, ranges: Vec<Range<usize>>, kind: Kind) -> Unit {
        Unit {
            names: vec![name.to_string()],
            ranges,
            carried: Vec::new(),
            scoped: Vec::new(),
            members: Vec::new(),
            kind,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Type,
    /// A function, constant or static: never a path's prefix (`name::…`), so such an
    /// occurrence is a module's or a type's of the same name.
    Value,
    /// A method or associated constant: written only after `.` or `::` (a bare name is a
    /// variable or a function), except as a macro's input.
    Method,
}

/// Where an identifier is written, and whether a path goes on after it (`name::x`, not the
/// turbofish `name::<T>`).
#[derive(Debug, Clone, Copy)]
struct Occurrence {
    at: usize,
    is_prefix: bool,
    /// After `.` or `::`.
    is_qualified: bool,
    /// After `.`: a method or a field.
    after_dot: bool,
    /// After `Type::`, `Self::` or `<…>::`: an associated item.
    after_type: bool,
    in_macro: bool,
}

impl Occurrence {
    /// Whether this can name an item of `kind`.
    fn can_name(&self, kind: Kind) -> bool {
        match kind {
            Kind::Type => true,
            // `x.new()` and `Vec::new()` name no free function `new`.
            Kind::Value => {
                !self.is_prefix && (self.in_macro || !self.after_dot && !self.after_type)
            }
            Kind::Method => !self.is_prefix && (self.is_qualified || self.in_macro),
        }
    }
}

/// `bundle` without what no name reaches in the part after byte `lib_start`.
pub(super) fn cut_unnamed(bundle: &Mapped, lib_start: usize) -> Mapped {
    let mut current = bundle.clone();
    for _ in 0..MAX_ROUNDS {
        let Some(ranges) = one_round(&current.text, lib_start) else {
            break;
        };
        current = without_ranges(&current, &ranges);
    }
    current
}

/// The ranges to cut this round, or `None` when nothing goes.
fn one_round(text: &str, lib_start: usize) -> Option<Vec<Range<usize>>> {
    let file = syn::parse_file(text).ok()?;
    let tokens: TokenStream = text.parse().ok()?;
    let (aliases, alias_or_type) = aliases(&file.items);
    let mut finder = Finder {
        lib_start,
        aliases,
        alias_or_type,
        ..Finder::default()
    };
    finder.items(&file.items);
    let (renames, leaves): (Vec<_>, Vec<_>) = use_leaves(text, &file, lib_start)
        .into_iter()
        .partition(|(_, range)| text[range.clone()].contains(" as "));
    let mut uses: BTreeMap<String, Vec<Occurrence>> = BTreeMap::new();
    collect_idents(tokens, false, &mut uses);
    // Where an item is defined, or imported by a `use` leaf of its own name, is no use of it.
    for (name, occurrences) in &mut uses {
        occurrences.retain(|o| {
            !finder.definitions.contains(&o.at)
                && !leaves
                    .iter()
                    .any(|(leaf, range)| leaf == name && range.contains(&o.at))
        });
    }
    let mut units = finder.units();
    // `use a::A as B`: what it imports is used where `B` is (`as _` imports a trait's
    // methods, written nowhere by that name: it stays).
    for (_, range) in renames {
        let alias = text[range.clone()].rsplit(" as ").next().unwrap_or("");
        let alias = alias.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_'));
        if alias == "_" {
            continue;
        }
        units.push(Unit::new(alias, vec![range], Kind::Type));
    }
    imports_through_enums(&file.items, lib_start, &mut units);
    let live = live_units(&units, &uses);
    let mut cut = Vec::new();
    let mut gone = BTreeSet::new();
    for (unit, live) in units.into_iter().zip(live) {
        let unused = !live;
        // Units can overlap (a trait and one of its methods): one of them per round.
        let overlaps = unit.ranges.iter().chain(&unit.carried).any(|r| {
            cut.iter()
                .any(|c: &Range<usize>| c.start < r.end && r.start < c.end)
        });
        if unused && !overlaps {
            gone.extend(unit.names.iter().cloned());
            cut.extend(unit.ranges);
            cut.extend(unit.carried);
        }
    }
    // What earlier cuts left of a group import: it imports nothing and goes.
    cut.extend(empty_uses(&file, lib_start));
    if cut.is_empty() {
        return None;
    }
    cut.extend(
        leaves
            .into_iter()
            .filter(|(name, _)| gone.contains(name))
            .map(|(_, range)| range),
    );
    Some(cut)
}

/// A library `use` whose path goes through a library enum (`use a::E::*;`, `use
/// a::E::{A, B};`) imports its variants: by itself it is no use of `E`, so it joins `E`'s unit
/// (and goes with it), and the names it imports reach the unit where they are written: in the
/// `use`'s module (and those inside it, which `use super::*` may pass them to) for a private
/// import, anywhere for a `pub` one. itertools' `use EitherOrBoth::*;` kept `EitherOrBoth`,
/// and either's `pub use Either::{Left, Right};` kept `Either`, in every bundle.
fn imports_through_enums(items: &[syn::Item], lib_start: usize, units: &mut [Unit]) {
    let mut enums = BTreeMap::new();
    let mut scopes = Vec::new();
    enums_and_modules(items, lib_start, &mut enums, &mut scopes);
    let mut uses = Vec::new();
    super::collect_uses(items, &mut uses);
    for item in uses {
        let whole = item.span().byte_range();
        if whole.start < lib_start {
            continue;
        }
        let Some((name, imported)) = through_enum(&item.tree, &enums) else {
            continue;
        };
        let Some(definition) = enums.get(&name).map(|(range, _)| range) else {
            continue;
        };
        let owner = units
            .iter_mut()
            .find(|u| u.kind == Kind::Type && u.names[0] == name && u.ranges.contains(definition));
        let Some(unit) = owner else {
            continue;
        };
        unit.ranges.push(whole.clone());
        if matches!(item.vis, syn::Visibility::Inherited) {
            // The innermost module around the `use`, else the whole file.
            let scope = scopes
                .iter()
                .filter(|m: &&Range<usize>| m.start <= whole.start && whole.end <= m.end)
                .min_by_key(|m| m.end - m.start)
                .cloned()
                .unwrap_or(0..usize::MAX);
            unit.scoped
                .extend(imported.into_iter().map(|n| (n, scope.clone())));
        } else {
            unit.names.extend(imported);
        }
    }
}

/// The library's enums (definition and variant names) and the ranges of inline modules.
fn enums_and_modules(
    items: &[syn::Item],
    lib_start: usize,
    enums: &mut BTreeMap<String, (Range<usize>, Vec<String>)>,
    modules: &mut Vec<Range<usize>>,
) {
    for item in items {
        match item {
            syn::Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    modules.push(item.span().byte_range());
                    enums_and_modules(inner, lib_start, enums, modules);
                }
            }
            syn::Item::Enum(e) if item.span().byte_range().start >= lib_start => {
                let variants = e.variants.iter().map(|v| v.ident.to_string()).collect();
                // Two enums of one name: which one a path means is not known by name.
                if enums
                    .insert(e.ident.to_string(), (item.span().byte_range(), variants))
                    .is_some()
                {
                    enums.insert(e.ident.to_string(), (0..0, Vec::new()));
                }
            }
            _ => {}
        }
    }
}

/// For a `use` tree that is one path through enum `E` of `enums` (`a::E::*`, `a::E::V`,
/// `a::E::{V, W as X}`): `E` and the names it brings into scope.
fn through_enum(
    tree: &syn::UseTree,
    enums: &BTreeMap<String, (Range<usize>, Vec<String>)>,
) -> Option<(String, Vec<String>)> {
    let syn::UseTree::Path(path) = tree else {
        return None;
    };
    let name = path.ident.to_string();
    let imported = match &*path.tree {
        syn::UseTree::Path(_) => return through_enum(&path.tree, enums),
        syn::UseTree::Glob(_) => enums.get(&name)?.1.clone(),
        syn::UseTree::Group(group) => group
            .items
            .iter()
            .map(lone_name)
            .collect::<Option<Vec<String>>>()?,
        leaf => vec![lone_name(leaf)?],
    };
    let (definition, _) = enums.get(&name)?;
    (!definition.is_empty()).then_some((name, imported))
}

/// The name a `V` or `V as W` leaf brings into scope.
fn lone_name(tree: &syn::UseTree) -> Option<String> {
    match tree {
        syn::UseTree::Name(n) => Some(n.ident.to_string()),
        syn::UseTree::Rename(r) => Some(r.rename.to_string()),
        _ => None,
    }
}

/// Which units a name reaches, marked from the code outside every unit (the solution, what
/// is not a candidate): a unit is live when one of its names is written, in a way that can
/// name it, outside the unit itself, where every unit around the place is live. So units
/// that name only each other go together (itertools' `ChunkBy` and `Groups`, each named in
/// the other's definition or impls), which counting uses unit by unit never cut.
fn live_units(units: &[Unit], uses: &BTreeMap<String, Vec<Occurrence>>) -> Vec<bool> {
    let containers = containers(units, uses);
    let mut live = vec![false; units.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (index, unit) in units.iter().enumerate() {
            if live[index] {
                continue;
            }
            let reaches = |o: &Occurrence| {
                let around = &containers[&o.at];
                !around.contains(&index) && around.iter().all(|&u| live[u])
            };
            let reached = unit.names.iter().any(|name| {
                uses.get(name).is_some_and(|occurrences| {
                    occurrences
                        .iter()
                        .any(|o| o.can_name(unit.kind) && reaches(o))
                })
            }) || unit.members.iter().any(|name| {
                uses.get(name).is_some_and(|occurrences| {
                    occurrences
                        .iter()
                        .any(|o| o.can_name(Kind::Method) && reaches(o))
                })
            }) || unit.scoped.iter().any(|(name, scope)| {
                uses.get(name).is_some_and(|occurrences| {
                    occurrences
                        .iter()
                        .any(|o| scope.contains(&o.at) && reaches(o))
                })
            });
            if reached {
                live[index] = true;
                changed = true;
            }
        }
    }
    live
}

/// For each place a unit's name is written, the units whose ranges contain it.
fn containers(
    units: &[Unit],
    uses: &BTreeMap<String, Vec<Occurrence>>,
) -> BTreeMap<usize, Vec<usize>> {
    let mut intervals: Vec<(usize, usize, usize)> = units
        .iter()
        .enumerate()
        .flat_map(|(u, unit)| unit.ranges.iter().map(move |r| (r.start, r.end, u)))
        .collect();
    intervals.sort_unstable();
    let names: BTreeSet<&String> = units
        .iter()
        .flat_map(|u| {
            let scoped = u.scoped.iter().map(|(name, _)| name);
            u.names.iter().chain(&u.members).chain(scoped)
        })
        .collect();
    let mut places: Vec<usize> = names
        .iter()
        .filter_map(|name| uses.get(*name))
        .flatten()
        .map(|o| o.at)
        .collect();
    places.sort_unstable();
    places.dedup();
    let mut containers = BTreeMap::new();
    let (mut active, mut next) = (Vec::new(), 0);
    for at in places {
        while next < intervals.len() && intervals[next].0 <= at {
            active.push((intervals[next].1, intervals[next].2));
            next += 1;
        }
        active.retain(|&(end, _)| end > at);
        containers.insert(at, active.iter().map(|&(_, u)| u).collect::<Vec<usize>>());
    }
    containers
}

/// Every identifier in `tokens` (also inside macros) and where it starts.
fn collect_idents(
    tokens: TokenStream,
    in_macro: bool,
    uses: &mut BTreeMap<String, Vec<Occurrence>>,
) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let punct = |i: Option<usize>, c: char| matches!(i.and_then(|i| tokens.get(i)), Some(TokenTree::Punct(p)) if p.as_char() == c);
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
                let is_prefix =
                    punct(Some(i + 1), ':') && punct(Some(i + 2), ':') && !punct(Some(i + 3), '<');
                let after_dot = punct(i.checked_sub(1), '.');
                let after_path = punct(i.checked_sub(1), ':') && punct(i.checked_sub(2), ':');
                let after_type = after_path
                    && match i.checked_sub(3).and_then(|j| tokens.get(j)) {
                        Some(TokenTree::Ident(head)) => head
                            .to_string()
                            .starts_with(|c: char| c.is_ascii_uppercase()),
                        Some(TokenTree::Punct(p)) => p.as_char() == '>',
                        _ => false,
                    };
                uses.entry(name).or_default().push(Occurrence {
                    at: ident.span().byte_range().start,
                    is_prefix,
                    is_qualified: after_dot || after_path,
                    after_dot,
                    after_type,
                    in_macro,
                });
            }
            TokenTree::Group(group) => {
                // `name!(…)`, `macro_rules! name {…}`: tokens whose meaning the macro decides.
                let after_bang = punct(i.checked_sub(1), '!')
                    || punct(i.checked_sub(2), '!')
                        && matches!(tokens.get(i - 1), Some(TokenTree::Ident(_)));
                collect_idents(group.stream(), in_macro || after_bang, uses);
            }
            _ => {}
        }
    }
}

#[derive(Default)]
struct Finder {
    lib_start: usize,
    /// Where the names of items, methods and modules start (anywhere in the bundle).
    definitions: BTreeSet<usize>,
    /// Library types by name: their definitions and the impls for them.
    types: BTreeMap<String, TypeItems>,
    /// Library traits by name: definition, and method names with their ranges.
    traits: BTreeMap<String, Vec<TraitDef>>,
    /// Impls of a trait by the trait's name: (range, whether in the library, methods).
    trait_impls: BTreeMap<String, Vec<ImplOf>>,
    /// Library functions, constants and statics by name.
    values: BTreeMap<String, Vec<Range<usize>>>,
    /// Library inherent methods and associated constants by name.
    inherent: BTreeMap<String, Vec<Range<usize>>>,
    /// Library `macro_rules!` definitions by name: their ranges and bodies.
    macros: BTreeMap<String, Vec<(Range<usize>, TokenStream)>>,
    /// Library item-level macro calls: the macro's name and the call's range.
    calls: Vec<(String, Range<usize>)>,
    /// Library impls and the names in their headers other than their type's.
    mentions: Vec<(Range<usize>, Vec<String>)>,
    /// Library impls whose header writes an alias, by the alias: they go with it.
    alias_impls: BTreeMap<String, Vec<Range<usize>>>,
    /// The bundle's `type` aliases by name ([`aliases`]).
    aliases: BTreeMap<String, Alias>,
    /// Names of an alias and of a struct, enum, union or trait ([`aliases`]).
    alias_or_type: BTreeSet<String>,
    /// The names of the structs, enums, unions and traits each module being walked defines,
    /// innermost last.
    module_types: Vec<BTreeSet<String>>,
}

/// A type name's definitions and the impls for it, in the library.
#[derive(Default)]
struct TypeItems {
    definitions: Vec<Range<usize>>,
    impls: Vec<Range<usize>>,
}

struct TraitDef {
    range: Range<usize>,
    /// Its associated types' names.
    type_names: Vec<String>,
    /// Its functions' and constants' names: written only after `.` or `::` (or in a macro).
    member_names: Vec<String>,
    methods: Vec<(String, Range<usize>)>,
}

struct ImplOf {
    range: Range<usize>,
    in_library: bool,
    methods: Vec<(String, Range<usize>)>,
}

impl Finder {
    fn items(&mut self, items: &[syn::Item]) {
        self.module_types.push(super::type_names(items));
        for item in items {
            let range = item.span().byte_range();
            // What a `#[cfg]` leaves in or out is for the judge's compiler to decide.
            let in_library = range.start >= self.lib_start && !has_cfg(item_attrs(item));
            match item {
                syn::Item::Mod(module) => {
                    self.define(&module.ident);
                    if let Some((_, inner)) = &module.content {
                        self.items(inner);
                    }
                }
                syn::Item::Fn(f) => self.value(&f.sig.ident, range, in_library),
                syn::Item::Const(c) => self.value(&c.ident, range, in_library),
                syn::Item::Static(s) => self.value(&s.ident, range, in_library),
                syn::Item::Struct(s) => self.type_def(&s.ident, range, in_library),
                syn::Item::Enum(e) => self.type_def(&e.ident, range, in_library),
                syn::Item::Union(u) => self.type_def(&u.ident, range, in_library),
                syn::Item::Type(t) => self.type_def(&t.ident, range, in_library),
                syn::Item::Trait(t) => self.trait_def(t, range, in_library),
                syn::Item::Impl(block) => self.impl_block(block, range, in_library),
                syn::Item::Macro(call) => self.macro_item(call, range, in_library),
                _ => {}
            }
        }
        self.module_types.pop();
    }

    fn macro_item(&mut self, item: &syn::ItemMacro, range: Range<usize>, in_library: bool) {
        if let Some(ident) = &item.ident {
            self.define(ident);
            if in_library && item.mac.path.is_ident("macro_rules") {
                let body = item.mac.tokens.clone();
                self.macros
                    .entry(ident.to_string())
                    .or_default()
                    .push((range, body));
            }
        } else if let (true, Some(name)) = (in_library, item.mac.path.get_ident()) {
            self.calls.push((name.to_string(), range));
        }
    }

    /// The library traits and types whose units each item-level call joins: those its
    /// macro's body implements (`impl … Trait … for Type`), when the body defines nothing
    /// else a name could reach (no `struct`, `trait`, `mod`…).
    fn call_owners(&self) -> Vec<(&str, Range<usize>, Vec<String>)> {
        let mut owners = Vec::new();
        for (name, range) in &self.calls {
            let Some([(_, body)]) = self.macros.get(name).map(Vec::as_slice) else {
                continue;
            };
            let mut words = BTreeSet::new();
            keywords_of(body.clone(), &mut words);
            const DEFINES: [&str; 8] = [
                "struct",
                "enum",
                "union",
                "trait",
                "mod",
                "static",
                "macro_rules",
                "use",
            ];
            if words.iter().any(|w| DEFINES.contains(&w.as_str())) {
                continue;
            }
            let mut heads = Vec::new();
            impl_heads(body.clone(), &mut heads);
            heads.sort();
            heads.dedup();
            // Two different impls: each may be the one needed, so no owner decides alone,
            // unless all are for one type (either's `impl AsRef<$t> for Either` and `impl
            // AsMut<$t> for Either`): impls for a type nothing names are of no use.
            let mut implemented: Vec<String> = match heads.as_slice() {
                [(trait_name, type_name)] => trait_name.iter().chain(type_name).cloned().collect(),
                [(_, Some(first)), rest @ ..]
                    if rest.iter().all(|(_, t)| t.as_ref() == Some(first)) =>
                {
                    vec![first.clone()]
                }
                _ => continue,
            };
            implemented.retain(|w| {
                self.traits.get(w).is_some_and(|defs| defs.len() == 1)
                    || self.types.get(w).is_some_and(|t| !t.definitions.is_empty())
            });
            if !implemented.is_empty() {
                owners.push((name.as_str(), range.clone(), implemented));
            }
        }
        owners
    }

    fn define(&mut self, ident: &syn::Ident) {
        self.definitions.insert(ident.span().byte_range().start);
    }

    fn value(&mut self, ident: &syn::Ident, range: Range<usize>, in_library: bool) {
        self.define(ident);
        if in_library && ident != "main" {
            self.values
                .entry(ident.to_string())
                .or_default()
                .push(range);
        }
    }

    fn type_def(&mut self, ident: &syn::Ident, range: Range<usize>, in_library: bool) {
        self.define(ident);
        if in_library {
            let items = self.types.entry(ident.to_string()).or_default();
            items.definitions.push(range);
        }
    }

    fn trait_def(&mut self, item: &syn::ItemTrait, range: Range<usize>, in_library: bool) {
        self.define(&item.ident);
        let mut type_names = Vec::new();
        let mut member_names = Vec::new();
        let mut methods = Vec::new();
        for inner in &item.items {
            let ident = match inner {
                syn::TraitItem::Fn(f) => {
                    if !has_cfg(&f.attrs) {
                        methods.push((f.sig.ident.to_string(), inner.span().byte_range()));
                    }
                    &f.sig.ident
                }
                syn::TraitItem::Type(t) => &t.ident,
                syn::TraitItem::Const(c) => &c.ident,
                _ => continue,
            };
            self.define(ident);
            match inner {
                syn::TraitItem::Type(_) => type_names.push(ident.to_string()),
                _ => member_names.push(ident.to_string()),
            }
        }
        let def = TraitDef {
            range,
            type_names,
            member_names,
            methods,
        };
        // A trait outside the library keeps its methods: its impls are the user's code.
        let name = item.ident.to_string();
        let entry = self.traits.entry(name).or_default();
        entry.push(def);
        if !in_library {
            entry.push(TraitDef {
                range: 0..0,
                type_names: Vec::new(),
                member_names: Vec::new(),
                methods: Vec::new(),
            });
        }
    }

    fn impl_block(&mut self, block: &syn::ItemImpl, range: Range<usize>, in_library: bool) {
        let mut methods = Vec::new();
        let inherent = block.trait_.is_none() && in_library;
        for inner in &block.items {
            let (ident, attrs) = match inner {
                syn::ImplItem::Fn(f) => (&f.sig.ident, &f.attrs),
                syn::ImplItem::Const(c) if inherent => (&c.ident, &c.attrs),
                _ => continue,
            };
            self.define(ident);
            let range = inner.span().byte_range();
            if inherent && !has_cfg(attrs) {
                // rustc's lint misses some (a pub method of a type with derived traits).
                self.inherent
                    .entry(ident.to_string())
                    .or_default()
                    .push(range);
            } else {
                methods.push((ident.to_string(), range));
            }
        }
        if !in_library {
            // Still an impl of its trait: its methods must stay while the trait's do.
            if let Some((_, path, _)) = &block.trait_ {
                if let Some(last) = path.segments.last() {
                    self.trait_impls
                        .entry(last.ident.to_string())
                        .or_default()
                        .push(ImplOf {
                            range,
                            in_library,
                            methods,
                        });
                }
            }
            return;
        }
        // A parameter is no alias, whatever an alias elsewhere is named.
        let parameters: BTreeSet<String> = block
            .generics
            .type_params()
            .map(|p| p.ident.to_string())
            .collect();
        // A name of an alias and of a type is the type where its module defines the type and
        // the impl writes it bare (it shadows any import there); elsewhere which one it is is
        // not known by name: the impl goes with neither (it could be an impl for the aliased
        // type the solution makes), and such a name in its header ties it to no type.
        let local = self
            .module_types
            .last()
            .is_some_and(|types| super::is_module_type(&block.self_ty, types));
        let known = |name: &String| !self.alias_or_type.contains(name) || local;
        let head = type_head(&block.self_ty).and_then(|h| match parameters.contains(&h) {
            true => Some(h),
            false if !known(&h) => None,
            false => self.unaliased(h),
        });
        // The other types its header names (`From<Pair> for Option<Side>`): it is of no use
        // once one of them is gone. An alias is no such type: what its definition names is.
        let mut written = BTreeSet::new();
        let trait_path = block
            .trait_
            .as_ref()
            .map(|(_, path, _)| path.to_token_stream());
        for token in trait_path
            .into_iter()
            .flatten()
            .chain(block.self_ty.to_token_stream())
        {
            super::idents_of(&token, &mut written);
        }
        written.retain(|n| !parameters.contains(n) && !self.alias_or_type.contains(n));
        for alias in written.iter().filter(|n| self.aliases.contains_key(*n)) {
            self.alias_impls
                .entry(alias.clone())
                .or_default()
                .push(range.clone());
        }
        let named: Vec<String> = self
            .without_aliases(written)
            .into_iter()
            .filter(|n| Some(n) != head.as_ref())
            .collect();
        self.mentions.push((range.clone(), named));
        if let Some(head) = head {
            self.types
                .entry(head)
                .or_default()
                .impls
                .push(range.clone());
        }
        if let Some((_, path, _)) = &block.trait_ {
            if let Some(last) = path.segments.last() {
                self.trait_impls
                    .entry(last.ident.to_string())
                    .or_default()
                    .push(ImplOf {
                        range,
                        in_library,
                        methods,
                    });
            }
        }
    }

    /// The type `name` stands for: itself, or through `type` aliases the head of what they
    /// stand for (`None` for a tuple, a slice, ...). So `impl Fast for Quick` with `type Quick
    /// = Foo;` is an impl for `Foo`: it goes with `Foo`, its header is a use of `Quick`, and a
    /// `Foo` the solution makes keeps it (review5's finding 6b: it went with `Quick`).
    fn unaliased(&self, name: String) -> Option<String> {
        let mut head = Some(name);
        for _ in 0..=self.aliases.len() {
            match head.as_ref().and_then(|h| self.aliases.get(h)) {
                Some(alias) if alias.head != head => head = alias.head.clone(),
                _ => break,
            }
        }
        head
    }

    /// `names` with each alias replaced by the names its definition writes, over and over:
    /// `impl Debug for Dedup<I>` with `type Dedup<I> = CoalesceBy<I, DedupPred>;` is of no
    /// use once `DedupPred` is gone (no value of that `CoalesceBy` exists), whether or not
    /// anything but the impl writes `Dedup`.
    fn without_aliases(&self, names: BTreeSet<String>) -> BTreeSet<String> {
        let mut done = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut todo: Vec<String> = names.into_iter().collect();
        while let Some(name) = todo.pop() {
            match self.aliases.get(&name) {
                Some(alias) => {
                    if seen.insert(name) {
                        todo.extend(alias.names.iter().cloned());
                    }
                }
                None => {
                    done.insert(name);
                }
            }
        }
        done
    }

    /// Every candidate: values, types (a type with no definition in the library is std's or
    /// the user's and stays), traits, trait methods.
    fn units(&self) -> Vec<Unit> {
        let mut units = Vec::new();
        for (name, ranges) in &self.values {
            units.push(Unit::new(name, ranges.clone(), Kind::Value));
        }
        for (name, ranges) in &self.inherent {
            units.push(Unit::new(name, ranges.clone(), Kind::Method));
        }
        let owners = self.call_owners();
        let calls_of = |name: &String| -> Vec<Range<usize>> {
            owners
                .iter()
                .filter(|(_, _, owners)| owners.contains(name))
                .map(|(_, range, _)| range.clone())
                .collect()
        };
        // A macro goes with the calls its owners take: a call without its macro is an error.
        for (name, defs) in &self.macros {
            let calls = owners.iter().filter(|(m, ..)| m == name);
            let ranges = defs.iter().map(|(range, _)| range.clone()).collect();
            let mut unit = Unit::new(name, ranges, Kind::Type);
            unit.carried = calls.map(|(_, range, _)| range.clone()).collect();
            units.push(unit);
        }
        // A type defined elsewhere (`impl Trait for u64`) is no unit.
        for (name, items) in self.types.iter().filter(|(_, t)| !t.definitions.is_empty()) {
            let mut ranges = [&items.definitions[..], &items.impls[..]].concat();
            ranges.extend(calls_of(name));
            let mentioning = self
                .mentions
                .iter()
                .filter(|(_, named)| named.contains(name));
            ranges.extend(mentioning.map(|(range, _)| range.clone()));
            let mut unit = Unit::new(name, ranges, Kind::Type);
            // An alias is reached where the impls written with it are, since they are the
            // aliased type's ([`Finder::unaliased`]); they go with it, or would name nothing.
            unit.carried = self.alias_impls.get(name).cloned().unwrap_or_default();
            units.push(unit);
        }
        for (name, defs) in &self.traits {
            // Two traits of one name (or one outside the library): which impl is whose is
            // not known by name alone, so neither is touched.
            let [def] = defs.as_slice() else {
                continue;
            };
            let impls = self.trait_impls.get(name).map_or(&[][..], Vec::as_slice);
            if impls.iter().any(|i| !i.in_library) {
                continue;
            }
            let mut whole = Unit::new(name, vec![def.range.clone()], Kind::Type);
            whole.names.extend(def.type_names.iter().cloned());
            whole.members.extend(def.member_names.iter().cloned());
            whole.ranges.extend(impls.iter().map(|i| i.range.clone()));
            whole.ranges.extend(calls_of(name));
            units.push(whole);
            for (method, range) in &def.methods {
                let mut unit = Unit::new(method, vec![range.clone()], Kind::Method);
                for block in impls {
                    unit.ranges.extend(
                        block
                            .methods
                            .iter()
                            .filter(|(m, _)| m == method)
                            .map(|(_, r)| r.clone()),
                    );
                }
                units.push(unit);
            }
        }
        units
    }
}

/// The identifiers in a macro's body but its metavariables (`$trait` is no `trait`).
fn keywords_of(tokens: TokenStream, words: &mut BTreeSet<String>) {
    let mut after_dollar = false;
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) if !after_dollar => {
                words.insert(ident.to_string());
            }
            TokenTree::Group(group) => keywords_of(group.stream(), words),
            _ => {}
        }
        after_dollar = matches!(&token, TokenTree::Punct(p) if p.as_char() == '$');
    }
}

/// The trait and the type each `impl` header in `tokens` names: in `impl<…> Trait<…> for
/// Type<…>`, the last name before `for` and the first after it, outside `<…>`; in an
/// inherent `impl Type<…>`, no trait and the type. A lifetime (`&'a Type`: a `'` and then
/// an identifier to the tokenizer), `mut` and `dyn` name no type.
fn impl_heads(tokens: TokenStream, out: &mut Vec<(Option<String>, Option<String>)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(ident) if ident == "impl" => {
                let (mut depth, mut last, mut after_for) = (0i32, None, false);
                let (mut trait_name, mut type_name) = (None, None);
                i += 1;
                while let Some(token) = tokens.get(i) {
                    let is_lifetime =
                        matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '\'');
                    match token {
                        TokenTree::Ident(word) if is_lifetime || word == "mut" || word == "dyn" => {
                        }
                        TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
                        TokenTree::Punct(p) if p.as_char() == '>' => depth -= 1,
                        TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Brace => {
                            break
                        }
                        TokenTree::Ident(word) if depth == 0 && word == "where" => break,
                        TokenTree::Ident(word) if depth == 0 && word == "for" && !after_for => {
                            trait_name = last.take();
                            after_for = true;
                        }
                        TokenTree::Ident(word) if depth == 0 => {
                            if after_for {
                                type_name = Some(word.to_string());
                                break;
                            }
                            last = Some(word.to_string());
                        }
                        _ => {}
                    }
                    i += 1;
                }
                if !after_for {
                    type_name = last;
                }
                out.push((trait_name, type_name));
            }
            TokenTree::Group(group) => impl_heads(group.stream(), out),
            _ => {}
        }
        i += 1;
    }
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        _ => &[],
    }
}

fn has_cfg(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(super::is_cfg)
}

/// A `type` alias: the head of the type it stands for ([`type_head`]; `None` for a tuple, a
/// slice, ...) and the names its definition writes (`type Dedup<I> = CoalesceBy<I,
/// DedupPred>;`: `CoalesceBy`, `I`, `DedupPred`).
struct Alias {
    head: Option<String>,
    names: BTreeSet<String>,
}

/// Each `type NAME = T;` in `items` and their modules, and the names of aliases that are also a
/// struct's, an enum's, a union's or a trait's. By name, not path: those are left out of the
/// aliases (an impl in the module that defines the type counts as that type's: itertools'
/// `DuplicatesBy` is an alias of its private struct `DuplicatesBy`; elsewhere as no known
/// type's, see [`Finder::impl_block`]); a name of two aliases stands for nothing known (no head, no names), so the
/// impls written with it go with no type and their headers keep it (the review's finding 3:
/// with `type Id` in two modules, `impl Fast for Id` was filed under the other one's type).
fn aliases(items: &[syn::Item]) -> (BTreeMap<String, Alias>, BTreeSet<String>) {
    fn walk(
        items: &[syn::Item],
        aliases: &mut BTreeMap<String, Alias>,
        twice: &mut BTreeSet<String>,
        types: &mut BTreeSet<String>,
    ) {
        for item in items {
            match item {
                syn::Item::Type(alias) => {
                    let mut names = BTreeSet::new();
                    for token in alias.ty.to_token_stream() {
                        super::idents_of(&token, &mut names);
                    }
                    let head = type_head(&alias.ty);
                    let name = alias.ident.to_string();
                    if aliases
                        .insert(name.clone(), Alias { head, names })
                        .is_some()
                    {
                        twice.insert(name);
                    }
                }
                syn::Item::Struct(syn::ItemStruct { ident, .. })
                | syn::Item::Enum(syn::ItemEnum { ident, .. })
                | syn::Item::Union(syn::ItemUnion { ident, .. })
                | syn::Item::Trait(syn::ItemTrait { ident, .. }) => {
                    types.insert(ident.to_string());
                }
                syn::Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        walk(inner, aliases, twice, types);
                    }
                }
                _ => {}
            }
        }
    }
    let (mut aliases, mut twice, mut types) = (BTreeMap::new(), BTreeSet::new(), BTreeSet::new());
    walk(items, &mut aliases, &mut twice, &mut types);
    let alias_or_type: BTreeSet<String> = aliases
        .keys()
        .filter(|name| types.contains(*name))
        .cloned()
        .collect();
    aliases.retain(|name, _| !types.contains(name));
    for name in twice {
        if let Some(alias) = aliases.get_mut(&name) {
            *alias = Alias {
                head: None,
                names: BTreeSet::new(),
            };
        }
    }
    (aliases, alias_or_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `main` and then the library after a marker line; returns the library part after the cut.
    fn cut(main: &str, library: &str) -> String {
        let text = format!("{main}\n// library\n{library}");
        let lib_start = text.find("// library").unwrap();
        let cut = cut_unnamed(&Mapped::plain(&text), lib_start);
        cut.text[cut.text.find("// library").unwrap()..].to_string()
    }

    /// A name of an alias and of a struct: an impl written with it where the alias is (`impl
    /// Fast for Quick`, `type Quick = Foo;`) may be `Foo`'s, so it stays while `Foo` is made,
    /// and goes with a never-made struct only in the module that defines that struct, written
    /// bare (there the name is the struct's, whatever is imported).
    #[test]
    fn an_impl_written_with_a_name_of_an_alias_and_of_a_struct_goes_with_the_struct_only_beside_it()
    {
        let library = "mod lib {
    pub struct Foo(pub u64);
    pub type Quick = Foo;
    pub mod b {
        pub struct Quick;
    }
    pub trait Fast { fn get(self) -> u64 where Self: Sized { 6 } }
    impl Fast for Quick {}
    pub mod c {
        pub struct Spare;
        impl super::Fast for Spare {}
    }
    pub type Spare = Foo;
    pub mod d {
        pub struct Twin;
        impl super::Fast for super::Twin {}
    }
    pub type Twin = Foo;
}
";
        let main = "fn main() { use lib::Fast; println!(\"{}\", lib::Foo(3).get()); }";
        let kept = cut(main, library);
        // `super::Twin` in `d` is the alias, whatever `d` defines.
        for name in [
            "type Quick",
            "impl Fast for Quick",
            "impl super::Fast for super::Twin",
        ] {
            assert!(kept.contains(name), "{name} went:\n{kept}");
        }
        assert!(!kept.contains("impl super::Fast for Spare"), "{kept}");
    }

    const LIBRARY: &str = "\
mod lib {
    pub trait Ext: Iterator {
        fn used_method(self) -> Used<Self> where Self: Sized { Used(self) }
        fn unused_method(self) -> Unused<Self> where Self: Sized { make_unused(self) }
    }
    impl<T: Iterator> Ext for T {}
    pub struct Used<I>(I);
    pub struct Unused<I>(I);
    impl<I> Unused<I> {
        pub fn inner(self) -> I { self.0 }
    }
    pub fn make_unused<I>(i: I) -> Unused<I> { Unused(i) }
    #[cfg(feature = \"x\")]
    pub fn gated() {}
    pub use self::inner::{Helper, Other};
    pub mod inner {
        pub struct Helper;
        pub struct Other;
    }
}
";

    /// An impl written for an alias is an impl for the aliased type: it stays while that type
    /// is made, though nothing but the impl writes the alias; with the type, both go.
    #[test]
    fn an_impl_for_a_type_alias_goes_with_the_aliased_type_not_with_the_alias() {
        let library = "mod lib {
    pub struct Foo(pub u64);
    pub type Quick = Foo;
    pub type Again = Quick;
    pub trait Fast { fn get(self) -> u64 where Self: Sized { 6 } }
    impl Fast for Again {}
    pub struct Gone;
    pub type Alone = Gone;
    impl Fast for Alone {}
    pub struct Pair<A, B>(pub A, pub B);
    pub struct Unmade;
    pub type Half<A> = Pair<A, Unmade>;
    impl<A> Fast for Half<A> {}
    pub mod a {
        pub struct Made(pub u64);
        pub type Id = Made;
        impl super::Fast for Id {}
    }
    pub mod b {
        pub struct Never;
        pub type Id = Never;
    }
    pub struct Wrap<T>(pub T);
    pub struct Spare;
    pub type T = Spare;
    impl<T> Fast for Wrap<T> {}
    pub struct Generic<I>(I);
    pub type Combo<I> = Generic<I>;
    impl<I> Combo<I> {
        pub fn unused(&self) {}
    }
}
";
        let main = "fn main() { use lib::Fast; println!(\"{}\", lib::Foo(3).get()); \
                    let _ = lib::Pair(1, 2); \
                    let _ = lib::a::Made(1).get(); let _ = lib::Wrap(1).get(); }";
        let kept = cut(main, library);
        for name in [
            "type Quick",
            "type Again",
            "impl Fast for Again",
            "struct Pair",
            // Two aliases `Id`: which type is which impl's is not known by name, so it stays;
            // a parameter `T` is no alias `T`.
            "impl super::Fast for Id",
            "impl<T> Fast for Wrap<T>",
        ] {
            assert!(kept.contains(name), "{name} went:\n{kept}");
        }
        // `Half`'s impl is for a `Pair` of an `Unmade`, and nothing else writes `Unmade`.
        // An impl written with an alias goes with it, in the same round (not left naming it).
        for name in ["Alone", "Unmade", "Half", "Generic", "Combo"] {
            assert!(!kept.contains(name), "{name} stayed:\n{kept}");
        }
    }

    /// A group import whose every leaf went (here, or in an earlier pass: `use a::{};`) goes
    /// whole; one with a leaf left stays. Fails without [`super::super::empty_uses`]: the
    /// braces stay (26 such lines in the std-only ALPC G's bundle).
    #[test]
    fn a_use_that_imports_nothing_goes() {
        let library = "mod lib {
    pub use self::inner::{spare};
    pub use self::inner::{};
    pub use crate::{};
    pub use self::inner::{used, Spare as _};
    pub mod inner {
        pub fn spare() {}
        pub fn used() {}
        pub struct Spare;
    }
}
";
        let library = cut("fn main() { lib::used(); }", library);
        assert!(!library.contains("::{}"), "{library}");
        assert!(!library.contains("fn spare"), "{library}");
        assert!(library.contains("use self::inner::{used"), "{library}");
    }

    #[test]
    fn what_no_name_reaches_goes_with_its_impls_and_use_leaves_and_what_only_it_used() {
        let library = cut(
            "fn main() { use lib::Ext; let _ = (0..3).used_method(); }",
            LIBRARY,
        );
        for gone in [
            "unused_method",
            "Unused",
            "make_unused",
            "fn inner",
            "Helper",
            "Other",
        ] {
            assert!(!library.contains(gone), "{gone} stayed:\n{library}");
        }
        for kept in [
            "trait Ext",
            "fn used_method",
            "struct Used",
            "impl<T: Iterator> Ext",
        ] {
            assert!(library.contains(kept), "{kept} went:\n{library}");
        }
    }

    #[test]
    fn a_variable_or_a_module_of_the_same_name_keeps_no_method_but_a_call_does() {
        let main = "fn main() { let unused_method = 1; let make_unused = 2; let _ = unused_method + make_unused; }";
        assert!(!cut(main, LIBRARY).contains("fn unused_method"));
        let called = "fn main() { use lib::Ext; let _ = (0..3).unused_method(); }";
        let library = cut(called, LIBRARY);
        assert!(library.contains("fn unused_method") && library.contains("fn make_unused"));
    }

    #[test]
    fn a_name_given_to_a_macro_keeps_what_it_may_name() {
        let main = "macro_rules! call { ($m:ident) => { (0..3).$m() } }\n\
                    fn main() { use lib::Ext; let _ = call!(unused_method); }";
        assert!(cut(main, LIBRARY).contains("fn unused_method"));
        let path = "fn main() { let _ = lib::inner::Helper; }";
        let library = cut(path, LIBRARY);
        assert!(library.contains("struct Helper") && !library.contains("struct Other"));
    }

    #[test]
    fn types_that_only_name_each_other_go_together() {
        // itertools' `ChunkBy` and `Groups`: each named only in the other's definition or
        // impls, and by a free function `new` that nothing calls (`Vec::new()` and
        // `x.new()` name no free function).
        let library = "\
mod lib {
    pub struct Live;
    pub struct Outer { inner: Vec<Inner> }
    pub struct Inner { outer: Option<Box<Outer>> }
    impl IntoIterator for Outer {
        type Item = Inner;
        type IntoIter = std::vec::IntoIter<Inner>;
        fn into_iter(self) -> Self::IntoIter { self.inner.into_iter() }
    }
    pub fn new() -> Outer { Outer { inner: Vec::new() } }
}
";
        let main = "fn main() { let v: Vec<u8> = Vec::new(); let _ = (v, lib::Live); }";
        let library = cut(main, library);
        for gone in [
            "struct Outer",
            "struct Inner",
            "impl IntoIterator",
            "fn new",
        ] {
            assert!(!library.contains(gone), "{gone} stayed:\n{library}");
        }
        assert!(library.contains("struct Live"), "{library}");
        let called = "fn main() { let _ = lib::new(); }";
        let library = cut(
            called,
            "mod lib { pub struct Outer; pub fn new() -> Outer { Outer } }",
        );
        assert!(
            library.contains("fn new") && library.contains("struct Outer"),
            "{library}"
        );
        let bare = "use lib::new; fn main() { let _ = new(); }";
        let library = cut(
            bare,
            "mod lib { pub struct Outer; pub fn new() -> Outer { Outer } }",
        );
        assert!(library.contains("fn new"), "{library}");
    }

    #[test]
    fn macro_calls_that_only_implement_a_dead_trait_go_with_it_and_their_macro() {
        // itertools' `impl_unzip_iter!(A => FromA, …)`: item-level calls of a macro whose
        // body implements `MultiUnzip`; they kept the trait (and the macro) alive.
        let library = "\
mod lib {
    pub trait Unzip { fn unzip_all(self) -> u8; }
    macro_rules! impl_unzip { ($($t:ident)*) => { $(impl Unzip for $t { fn unzip_all(self) -> u8 { 1 } })* }; }
    impl_unzip!(u8 u16);
    pub trait Kept { fn kept(self) -> u8; }
    macro_rules! impl_kept { ($t:ident) => { impl Kept for $t { fn kept(self) -> u8 { 2 } } }; }
    impl_kept!(u8);
    macro_rules! make_type { ($name:ident) => { pub struct $name; impl Kept for $name { fn kept(self) -> u8 { 3 } } }; }
    make_type!(Made);
}
";
        let main = "use lib::Kept; fn main() { let _ = 1u8.kept(); }";
        let library = cut(main, library);
        for gone in [
            "trait Unzip",
            "macro_rules! impl_unzip",
            "impl_unzip!(u8 u16);",
        ] {
            assert!(!library.contains(gone), "{gone} stayed:\n{library}");
        }
        // A call that also defines items stays: what it defines may be named elsewhere.
        for kept in [
            "trait Kept",
            "macro_rules! impl_kept",
            "impl_kept!(u8);",
            "make_type!(Made);",
        ] {
            assert!(library.contains(kept), "{kept} went:\n{library}");
        }
        // A call implementing two traits is needed while either is (ALPC J: `Max` needs
        // `BoundedBelow`, whose impls come from the same call as the dead `BoundedAbove`'s).
        let both = "\
mod lib {
    pub trait Below { fn below() -> u8; }
    pub trait Above { fn above() -> u8; }
    macro_rules! bounded { ($t:ident) => {
        impl Below for $t { fn below() -> u8 { 0 } }
        impl Above for $t { fn above() -> u8 { 1 } }
    }; }
    bounded!(u8);
    pub fn least<T: Below>() -> u8 { T::below() }
}
";
        let library = cut("fn main() { let _ = lib::least::<u8>(); }", both);
        assert!(library.contains("bounded!(u8);"), "{library}");
    }

    #[test]
    fn a_renaming_import_keeps_what_it_renames_only_while_its_new_name_is_used() {
        // The bundler re-exports a crate's macros as `use crate::{__either_m as m}`: that
        // line kept every exported macro (and `Either`, which their bodies name) alive.
        let library = "\
mod lib {
    pub enum Either { Left, Right }
    macro_rules! __lib_pick { () => { $crate::lib::Either::Left }; }
    macro_rules! __lib_keep { () => { 1 }; }
    pub(crate) use crate::{__lib_pick as pick, __lib_keep as keep};
}
";
        let main = "fn main() { let _ = lib::keep!(); }";
        let library = cut(main, library);
        for gone in ["__lib_pick", "enum Either", "as pick"] {
            assert!(!library.contains(gone), "{gone} stayed:\n{library}");
        }
        assert!(library.contains("__lib_keep as keep"), "{library}");
        assert!(library.contains("macro_rules! __lib_keep"), "{library}");
    }

    #[test]
    fn an_impl_naming_a_dead_type_in_its_header_goes_with_it() {
        // itertools' `impl From<EitherOrBoth<A, B>> for Option<Either<A, B>>` kept `Either`
        // (15 KB of impls) alive in every itertools bundle.
        let library = "\
mod lib {
    pub enum Pair { Both }
    pub enum Side { Left }
    impl From<Pair> for Option<Side> { fn from(_: Pair) -> Self { Some(Side::Left) } }
}
";
        let main = "fn main() { let _ = lib::Pair::Both; }";
        let library = cut(main, library);
        assert!(
            !library.contains("enum Side") && !library.contains("impl From"),
            "{library}"
        );
        assert!(library.contains("enum Pair"), "{library}");
        let both = "fn main() { let _: Option<lib::Side> = lib::Pair::Both.into(); }";
        let library = cut(both, "mod lib { pub enum Pair { Both } pub enum Side { Left } impl From<Pair> for Option<Side> { fn from(_: Pair) -> Self { Some(Side::Left) } } }");
        assert!(library.contains("impl From"), "{library}");
    }

    #[test]
    fn importing_an_enums_variants_keeps_it_only_where_they_are_written() {
        // itertools' `use EitherOrBoth::*;` beside the enum, and either's
        // `pub use Either::{Left, Right};`: each kept its enum (18 KB of iter_mix) alive.
        let library = "\
mod lib {
    pub use self::side::Side::{Left, Right};
    pub mod side {
        pub enum Side { Left, Right }
    }
    pub mod pair {
        use crate::lib::pair::Pair::*;
        pub enum Pair { Both, Left }
        impl Pair { pub fn flip(self) -> Self { match self { Both => Left, Left => Both } } }
    }
    pub mod user {
        use crate::lib::pair::Pair::*;
        pub fn make() -> u8 { 1 }
    }
}
";
        let library_cut = cut("fn main() { let _ = lib::user::make(); }", library);
        for gone in [
            "enum Side",
            "enum Pair",
            "Side::{Left",
            "Pair::*",
            "fn flip",
        ] {
            assert!(!library_cut.contains(gone), "{gone} stayed:\n{library_cut}");
        }
        // A variant written in the module of a private glob import keeps the enum.
        let written = library.replace(
            "pub fn make() -> u8 { 1 }",
            "pub fn make() -> u8 { let _ = Both; 1 }",
        );
        let kept = cut("fn main() { let _ = lib::user::make(); }", &written);
        assert!(
            kept.contains("enum Pair") && kept.contains("use crate::lib::pair::Pair::*;"),
            "{kept}"
        );
        // What a `pub use` brings in keeps its enum wherever it is written.
        let kept = cut("fn main() { let _ = lib::Left; }", library);
        assert!(
            kept.contains("enum Side") && kept.contains("Side::{Left, Right}"),
            "{kept}"
        );
        assert!(!kept.contains("enum Pair"), "{kept}");
    }

    #[test]
    fn a_module_named_as_a_traits_method_keeps_no_trait() {
        // either's `mod into_either` and its `IntoEither::into_either`.
        let library = "\
mod lib {
    pub use self::into_pair::IntoPair;
    pub mod into_pair {
        pub trait IntoPair: Sized { fn into_pair(self) -> (Self, u8) { (self, 0) } }
        impl<T> IntoPair for T {}
    }
    pub fn used() -> u8 { 1 }
}
";
        let library_cut = cut("fn main() { let _ = lib::used(); }", library);
        assert!(!library_cut.contains("trait IntoPair"), "{library_cut}");
        let kept = cut(
            "fn main() { use lib::IntoPair; let _ = 1.into_pair(); }",
            library,
        );
        assert!(kept.contains("trait IntoPair"), "{kept}");
    }

    #[test]
    fn a_macro_implementing_several_traits_for_one_dead_type_goes_with_it() {
        // either's `impl_specific_ref_and_mut!`: `AsRef<$t>` and `AsMut<$t>` for `Either`.
        let library = "\
mod lib {
    pub enum Side { Left }
    macro_rules! fmt { ($($trait:ident),*) => { $(impl std::fmt::$trait for Side {
        fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } })* }; }
    fmt!(Binary, Octal);
    macro_rules! both { ($t:ty) => {
        impl AsRef<$t> for Side { fn as_ref(&self) -> &$t { unimplemented!() } }
        impl AsMut<$t> for Side { fn as_mut(&mut self) -> &mut $t { unimplemented!() } }
    }; }
    both!(str);
    pub fn used() -> u8 { 1 }
}
";
        let library_cut = cut("fn main() { let _ = lib::used(); }", library);
        for gone in [
            "enum Side",
            "both!(str);",
            "macro_rules! both",
            "fmt!(Binary",
        ] {
            assert!(!library_cut.contains(gone), "{gone} stayed:\n{library_cut}");
        }
        let kept = cut("fn main() { let _ = lib::Side::Left; }", library);
        assert!(
            kept.contains("both!(str);") && kept.contains("enum Side"),
            "{kept}"
        );
    }

    #[test]
    fn a_macro_implementing_a_trait_for_a_reference_to_a_dead_type_goes_with_it() {
        // num-complex's `pow_impl!`: `impl<'a, T> Pow<$U> for &'a Complex<T>`; the lifetime
        // is no type, and `&'a mut` no more than `&'a`.
        let library = "\
mod lib {
    pub trait Pow<R> { fn pow(self, r: R) -> u8; }
    pub struct Complex<T>(pub T);
    macro_rules! pow_impl { ($U:ty) => {
        impl<'a, T: Clone> Pow<$U> for &'a Complex<T> { fn pow(self, _: $U) -> u8 { 0 } }
        impl<'a, 'b, T: Clone> Pow<&'b $U> for &'a mut Complex<T> { fn pow(self, _: &'b $U) -> u8 { 0 } }
    }; }
    pow_impl!(u8);
    pub struct Other;
    impl<'a> Pow<u8> for &'a Other { fn pow(self, _: u8) -> u8 { 1 } }
    pub fn used() -> u8 { Pow::pow(&Other, 1u8) }
}
";
        let library_cut = cut("fn main() { let _ = lib::used(); }", library);
        assert!(library_cut.contains("trait Pow"), "{library_cut}");
        for gone in ["struct Complex", "pow_impl!(u8);", "macro_rules! pow_impl"] {
            assert!(!library_cut.contains(gone), "{gone} stayed:\n{library_cut}");
        }
        let kept = cut(
            "fn main() { let _ = lib::used() + lib::Pow::pow(&lib::Complex(1u8), 2u8); }",
            library,
        );
        assert!(
            kept.contains("pow_impl!(u8);") && kept.contains("struct Complex"),
            "{kept}"
        );
    }

    #[test]
    fn a_macro_implementing_a_trait_for_a_dyn_reference_goes_with_that_trait() {
        // `&'a mut dyn Shape`: neither `mut` nor `dyn` is the type's name.
        let library = "\
mod lib {
    pub trait Area { fn area(&self) -> u8; }
    pub trait Shape { fn sides(&self) -> u8; }
    macro_rules! area_of { () => {
        impl<'a> Area for &'a mut dyn Shape { fn area(&self) -> u8 { self.sides() } }
    }; }
    area_of!();
    pub struct Square;
    impl Area for Square { fn area(&self) -> u8 { 4 } }
    pub fn used() -> u8 { Area::area(&Square) }
}
";
        let library_cut = cut("fn main() { let _ = lib::used(); }", library);
        assert!(library_cut.contains("trait Area"), "{library_cut}");
        for gone in ["trait Shape", "area_of!();", "macro_rules! area_of"] {
            assert!(!library_cut.contains(gone), "{gone} stayed:\n{library_cut}");
        }
    }

    #[test]
    fn the_users_code_is_never_cut() {
        let main = "fn unused_in_main() {}\nstruct AlsoUnused;\nfn main() {}";
        let text = format!("{main}\n// library\n");
        let lib_start = text.find("// library").unwrap();
        let cut = cut_unnamed(&Mapped::plain(&text), lib_start);
        assert_eq!(cut.text, text);
    }
}
