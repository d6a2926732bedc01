//! One pass over a parsed file collecting what the bundler needs, with byte ranges into the
//! text: scopes (the file and its inline modules), `mod` declarations, `use` trees, paths
//! (also inside macro invocations), macro definitions, and the test-only items to remove.

pub mod store;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use serde::{Deserialize, Serialize};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, Item, UseTree};

use super::cfg::{gating_features, is_test_only, path_attr, true_feature_cfgs, Features};
use super::source::byte_range;

/// Index into [`FileFacts::scopes`]; 0 is the file itself.
pub type ScopeId = usize;

/// Kept (`store`) as `[name, start, end]`: paths are most of a file's facts, and field names
/// made them most of the bytes to read back after an edit.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "(String, usize, usize)", from = "(String, usize, usize)")]
pub struct Segment {
    pub name: String,
    pub range: Range<usize>,
}

impl From<Segment> for (String, usize, usize) {
    fn from(segment: Segment) -> Self {
        (segment.name, segment.range.start, segment.range.end)
    }
}

impl From<(String, usize, usize)> for Segment {
    fn from((name, start, end): (String, usize, usize)) -> Self {
        Segment {
            name,
            range: start..end,
        }
    }
}

/// [`PathOcc`] as it is kept: its fields in order, without their names.
type PathTuple = (ScopeId, Option<(usize, usize)>, Vec<Segment>, bool, bool);

impl From<PathOcc> for PathTuple {
    fn from(path: PathOcc) -> Self {
        (
            path.scope,
            path.leading_colon.map(|r| (r.start, r.end)),
            path.segments,
            path.is_macro,
            path.is_visibility,
        )
    }
}

impl From<PathTuple> for PathOcc {
    fn from((scope, leading_colon, segments, is_macro, is_visibility): PathTuple) -> Self {
        PathOcc {
            scope,
            leading_colon: leading_colon.map(|(start, end)| start..end),
            segments,
            is_macro,
            is_visibility,
        }
    }
}

/// A path such as `crate::io::Scanner`, `$crate::f` or `ojlib::m!`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "PathTuple", from = "PathTuple")]
pub struct PathOcc {
    pub scope: ScopeId,
    pub leading_colon: Option<Range<usize>>,
    pub segments: Vec<Segment>,
    pub is_macro: bool,
    /// In `pub(in path)`: rewritten like any path, but it names an ancestor, so it reaches
    /// nothing.
    pub is_visibility: bool,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ScopeFacts {
    pub parent: Option<ScopeId>,
    /// Inline module names from the file to this scope.
    pub inline_path: Vec<String>,
    pub inline_children: BTreeMap<String, ScopeId>,
    /// Names of items defined here (also inside function bodies: an over-approximation).
    pub items: BTreeSet<String>,
    /// Traits defined here, each with the names of its items (methods, constants, types):
    /// a glob import reaches a trait that nothing names only through them.
    #[serde(default)]
    pub traits: BTreeMap<String, BTreeSet<String>>,
}

#[derive(Serialize, Deserialize)]
pub struct ModDecl {
    pub scope: ScopeId,
    pub name: String,
    /// The value of `#[path = "…"]` (or of a `cfg_attr` with a true predicate carrying it)
    /// and the attribute's range.
    pub path_attr: Option<(String, Range<usize>)>,
    /// The `cfg_attr` carrying a `path` whose predicate cannot be decided.
    pub undecided_path: Option<String>,
    /// Its file's inner `#![cfg(…)]` is false: not compiled, deleted.
    pub dropped: bool,
    pub item_range: Range<usize>,
    /// From `mod` to `;`: replaced by `mod name { … }`.
    pub decl_range: Range<usize>,
}

#[derive(Serialize, Deserialize)]
pub struct UseItem {
    pub scope: ScopeId,
    pub range: Range<usize>,
    /// From the visibility (or `use`) to `;`, attributes excluded.
    pub decl_range: Range<usize>,
    pub visibility: String,
    pub tree: UseNode,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum UseNode {
    Path {
        segment: Segment,
        leading_colon: Option<Range<usize>>,
        rest: Box<UseNode>,
        rest_start: usize,
    },
    Name {
        segment: Segment,
        leading_colon: Option<Range<usize>>,
        alias: Option<String>,
    },
    Glob,
    Group(Vec<UseNode>),
}

/// One imported name: `use a::b::c as d;` is segments a, b, c and alias `d`.
#[derive(Debug, Clone)]
pub struct UseLeaf {
    pub leading_colon: bool,
    pub segments: Vec<String>,
    /// The name bound in scope; `None` for globs and `as _`.
    pub alias: Option<String>,
    pub is_glob: bool,
}

#[derive(Serialize, Deserialize)]
pub struct MacroDef {
    pub scope: ScopeId,
    pub name: String,
    /// The name after `macro_rules!`: an inlined crate's exported macro is renamed there.
    pub name_range: Range<usize>,
    pub exported: bool,
}

/// An `impl` at the top of a scope: the paths of its trait and of its self type (also behind
/// `&`: num-complex's `impl Pow<u8> for &Complex<T>` is of no use without `Complex`). A module
/// that only holds impls is named by nothing, yet needed when their trait or type is kept.
#[derive(Serialize, Deserialize)]
pub struct ImplFact {
    pub scope: ScopeId,
    pub paths: Vec<PathOcc>,
}

#[derive(Serialize, Deserialize)]
pub struct ExternCrate {
    pub name: String,
    /// The name it binds (`extern crate b as beta;`: `beta`).
    pub bound: String,
    pub range: Range<usize>,
    /// `#[macro_use]`: the crate's exported macros are in scope by their bare names.
    pub macro_use: bool,
}

/// An item at the top of the file (not in an inline module or function).
#[derive(Serialize, Deserialize)]
pub struct TopItem {
    pub range: Range<usize>,
    /// Index into `mod_decls` when the item is `mod name;`.
    pub mod_decl: Option<usize>,
}

#[derive(Default, Serialize, Deserialize)]
pub struct FileFacts {
    pub scopes: Vec<ScopeFacts>,
    pub mod_decls: Vec<ModDecl>,
    pub uses: Vec<UseItem>,
    pub paths: Vec<PathOcc>,
    pub macro_defs: Vec<MacroDef>,
    pub extern_crates: Vec<ExternCrate>,
    pub impls: Vec<ImplFact>,
    /// The message literal of `panic!("…")`-like calls that pass no arguments after it: a
    /// format string since edition 2021, a plain string before.
    pub lone_messages: Vec<Range<usize>>,
    pub top_items: Vec<TopItem>,
    /// Test-only items (`#[cfg(test)]`, `#[test]`), removed with everything in them.
    pub test_only: Vec<Range<usize>>,
    /// `#[cfg(feature = "x")]` attributes true for the enabled features: deleted.
    pub cfg_true: Vec<Range<usize>>,
    /// Items (impl and trait items too) behind such a `cfg`, with the enabled features that
    /// gate them ([`super::cfg::gating_features`]): what the feature-group cut may cut.
    #[serde(default)]
    pub feature_gated: Vec<(Range<usize>, Vec<String>)>,
    /// Each `feature = "x"` inside a cfg predicate (also in a macro's input, `cfg!`,
    /// `cfg_attr`) and whether the feature is enabled, when the features are known.
    pub feature_tests: Vec<(Range<usize>, bool)>,
    /// Doc comments (`///`, `//!`, `/** */`, `/*! */`).
    pub doc_comments: Vec<Range<usize>>,
    /// Inner attributes of the file (`#![…]`), doc comments excluded, with the attribute's
    /// name when it is one identifier (`allow`), else "".
    pub inner_attrs: Vec<(Range<usize>, String)>,
    /// The macros the file calls as items, each with the identifiers of its input.
    pub item_macro_calls: Vec<super::reach::ItemMacroCall>,
    /// The file's `macro_rules!` as the reach sees them unexpanded: the macros each body
    /// calls, and the names in the headers of the impls it writes itself
    /// (`reach::macro_bodies`).
    #[serde(default)]
    pub macros: Vec<super::reach::MacroBody>,
    /// Each `mod name;` inside a `macro_rules!` body (`modtree::macro_modules`): the macro's
    /// name, the module's and the declaration's range. Kept with the other facts, so a kept
    /// file is not tokenized again to look for them.
    #[serde(default)]
    pub macro_modules: Vec<(String, String, Range<usize>)>,
}

impl FileFacts {
    pub fn collect(file: &syn::File, text: &str, features: Features) -> FileFacts {
        let mut collector = Collector {
            text,
            features,
            facts: FileFacts::default(),
            scope: 0,
            depth: 0,
            in_visibility: false,
        };
        collector.facts.scopes.push(ScopeFacts::default());
        let true_cfgs = true_feature_cfgs(&file.attrs, features);
        collector.facts.cfg_true.extend(true_cfgs);
        for attr in &file.attrs {
            collector.visit_attribute(attr);
            if !collector.is_doc_comment(attr) {
                let name = attr.path().get_ident().map(|name| name.to_string());
                collector
                    .facts
                    .inner_attrs
                    .push((byte_range(attr.span()), name.unwrap_or_default()));
            }
        }
        for item in &file.items {
            collector.visit_item(item);
        }
        collector.facts.item_macro_calls = super::reach::item_macro_calls(&file.items);
        collector.facts.macros = super::reach::macro_bodies(&file.items);
        if let (Some(enabled), Ok(tokens)) = (features, text.parse::<TokenStream>()) {
            feature_tests(tokens, false, enabled, &mut collector.facts.feature_tests);
        }
        collector.facts.macro_modules = super::modtree::macro_modules_of(text);
        collector.facts
    }
}

/// Finds `feature = "x"` in the groups after `cfg`, `cfg!`, `cfg_attr`, `any`, `all` and `not`.
fn feature_tests(
    tokens: TokenStream,
    in_cfg: bool,
    enabled: &BTreeSet<String>,
    out: &mut Vec<(Range<usize>, bool)>,
) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(_) if is_exported_macro_body(&tokens, i) => {}
            TokenTree::Group(group) => {
                let after_cfg = i > 0
                    && matches!(&tokens[i - 1], TokenTree::Ident(id)
                        if ["cfg", "cfg_attr", "any", "all", "not"].contains(&id.to_string().as_str()))
                    // `cfg!(…)`: the group follows the `!`.
                    || i > 1
                        && matches!(&tokens[i - 1], TokenTree::Punct(bang) if bang.as_char() == '!')
                        && matches!(&tokens[i - 2], TokenTree::Ident(id) if id == "cfg");
                feature_tests(group.stream(), after_cfg, enabled, out);
            }
            TokenTree::Ident(id) if in_cfg && id == "feature" => {
                let (Some(TokenTree::Punct(eq)), Some(TokenTree::Literal(lit))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                else {
                    continue;
                };
                let Ok(syn::Lit::Str(name)) = syn::parse_str::<syn::Lit>(&lit.to_string()) else {
                    continue;
                };
                if eq.as_char() == '=' {
                    let range = id.span().byte_range().start..lit.span().byte_range().end;
                    out.push((range, enabled.contains(&name.value())));
                }
            }
            _ => {}
        }
    }
}

/// Whether `tokens[i]` is the body of a `#[macro_export] macro_rules! name { … }`. rustc
/// decides a `cfg!(feature = …)` or `#[cfg(feature = …)]` a macro writes in the crate that
/// expands it: a macro only its own crate can call gets that crate's features, but one the
/// solution calls gets the solution's, so an exported macro's tests are left to rustc (which
/// compiles the bundle with no feature set, as a caller that enables none).
fn is_exported_macro_body(tokens: &[TokenTree], i: usize) -> bool {
    let is_ident =
        |at: usize, name: &str| matches!(&tokens[at], TokenTree::Ident(id) if id == name);
    if i < 3
        || !matches!(&tokens[i - 1], TokenTree::Ident(_))
        || !matches!(&tokens[i - 2], TokenTree::Punct(bang) if bang.as_char() == '!')
        || !is_ident(i - 3, "macro_rules")
    {
        return false;
    }
    let mut at = i - 3;
    while at >= 2 {
        let (TokenTree::Punct(hash), TokenTree::Group(attr)) = (&tokens[at - 2], &tokens[at - 1])
        else {
            break;
        };
        if hash.as_char() != '#' || attr.delimiter() != Delimiter::Bracket {
            break;
        }
        let first = attr.stream().into_iter().next();
        if matches!(first, Some(TokenTree::Ident(id)) if id == "macro_export") {
            return true;
        }
        at -= 2;
    }
    false
}

impl UseItem {
    pub fn leaves(&self) -> Vec<UseLeaf> {
        leaves_of(&self.tree)
    }
}

pub fn leaves_of(node: &UseNode) -> Vec<UseLeaf> {
    let mut leaves = Vec::new();
    collect_leaves(node, false, &mut Vec::new(), &mut leaves);
    leaves
}

fn collect_leaves(node: &UseNode, colon: bool, prefix: &mut Vec<String>, out: &mut Vec<UseLeaf>) {
    match node {
        UseNode::Path {
            segment,
            leading_colon,
            rest,
            ..
        } => {
            prefix.push(segment.name.clone());
            collect_leaves(rest, colon || leading_colon.is_some(), prefix, out);
            prefix.pop();
        }
        UseNode::Name {
            segment,
            leading_colon,
            alias,
        } => {
            let colon = colon || leading_colon.is_some();
            let mut segments = prefix.clone();
            let bound = if segment.name == "self" {
                prefix.last().cloned()
            } else {
                segments.push(segment.name.clone());
                Some(segment.name.clone())
            };
            let alias = match alias.as_deref() {
                Some("_") => None,
                Some(alias) => Some(alias.to_string()),
                None => bound,
            };
            out.push(UseLeaf {
                leading_colon: colon,
                segments,
                alias,
                is_glob: false,
            });
        }
        UseNode::Glob => out.push(UseLeaf {
            leading_colon: colon,
            segments: prefix.clone(),
            alias: None,
            is_glob: true,
        }),
        UseNode::Group(nodes) => nodes
            .iter()
            .for_each(|n| collect_leaves(n, colon, prefix, out)),
    }
}

/// A field or variant at `range` and the comma after it, if one follows (after whitespace):
/// deleting the field alone left `nthreads: usize, ,` (matrixmultiply's `#[cfg(feature =
/// "threading")] thread_pool: Box<ThreadPool>,` with the feature off).
fn with_separator(text: &str, range: Range<usize>) -> Range<usize> {
    let rest = &text[range.end..];
    let gap = rest.len() - rest.trim_start().len();
    if rest[gap..].starts_with(',') {
        range.start..range.end + gap + 1
    } else {
        range
    }
}

struct Collector<'a> {
    text: &'a str,
    features: Features<'a>,
    facts: FileFacts,
    scope: ScopeId,
    /// Nesting of items: 1 for items at the top of a scope.
    depth: usize,
    in_visibility: bool,
}

impl Collector<'_> {
    /// Whether code under `attrs` is not compiled (test code, a feature not enabled); notes
    /// the `cfg`s that are true for the enabled features.
    fn is_gone(&mut self, attrs: &[Attribute]) -> bool {
        if is_test_only(attrs, self.features) {
            return true;
        }
        let true_cfgs = true_feature_cfgs(attrs, self.features);
        self.facts.cfg_true.extend(true_cfgs);
        false
    }

    /// [`Collector::is_gone`] for an item at `range`, noting the features that gate it.
    fn is_gone_item(&mut self, attrs: &[Attribute], range: Range<usize>) -> bool {
        if self.is_gone(attrs) {
            return true;
        }
        let gating = gating_features(attrs, self.features);
        if !gating.is_empty() {
            self.facts
                .feature_gated
                .push((range, gating.into_iter().collect()));
        }
        false
    }

    fn is_doc_comment(&self, attr: &Attribute) -> bool {
        let text = &self.text[byte_range(attr.span())];
        attr.path().is_ident("doc")
            && ["///", "//!", "/**", "/*!"]
                .iter()
                .any(|p| text.starts_with(p))
    }

    fn name_item(&mut self, name: String) {
        self.facts.scopes[self.scope].items.insert(name);
    }

    /// A path after `<Type>` or `<Type as Trait>`: only the trait's segments name an item in
    /// scope; what follows is an associated item (`<[T]>::f` is not the crate `f`).
    fn visit_qualified(&mut self, qself: &syn::QSelf, path: &syn::Path) {
        Visit::visit_qself(self, qself);
        if qself.position > 0 {
            let colon = path.leading_colon.map(|c| byte_range(c.span()));
            self.record_path(colon, segments_of(path, qself.position), false);
        }
        for segment in &path.segments {
            Visit::visit_path_arguments(self, &segment.arguments);
        }
    }

    fn record_path(
        &mut self,
        leading_colon: Option<Range<usize>>,
        segments: Vec<Segment>,
        is_macro: bool,
    ) {
        if !segments.is_empty() {
            self.facts.paths.push(PathOcc {
                scope: self.scope,
                leading_colon,
                segments,
                is_macro,
                is_visibility: self.in_visibility,
            });
        }
    }

    fn on_mod(&mut self, module: &syn::ItemMod, item_range: Range<usize>) {
        let name = module.ident.to_string();
        self.name_item(name.clone());
        let Some((_, items)) = &module.content else {
            let (path_attr, undecided_path) = match path_attr(&module.attrs, self.features) {
                Ok(found) => (found, None),
                Err(predicate) => (None, Some(predicate)),
            };
            let semi = module
                .semi
                .map_or(item_range.end, |s| byte_range(s.span).end);
            let decl_range = byte_range(module.mod_token.span).start..semi;
            if self.depth == 1 && self.scope == 0 {
                self.facts.top_items.last_mut().expect("top item").mod_decl =
                    Some(self.facts.mod_decls.len());
            }
            self.facts.mod_decls.push(ModDecl {
                scope: self.scope,
                name,
                path_attr,
                undecided_path,
                dropped: false,
                item_range,
                decl_range,
            });
            return;
        };
        let parent = self.scope;
        let mut inline_path = self.facts.scopes[parent].inline_path.clone();
        inline_path.push(name.clone());
        let child = self.facts.scopes.len();
        self.facts.scopes.push(ScopeFacts {
            parent: Some(parent),
            inline_path,
            ..ScopeFacts::default()
        });
        self.facts.scopes[parent]
            .inline_children
            .insert(name, child);
        let saved_depth = self.depth;
        self.scope = child;
        self.depth = 0;
        for item in items {
            self.visit_item(item);
        }
        self.scope = parent;
        self.depth = saved_depth;
    }

    fn on_impl(&mut self, imp: &syn::ItemImpl) {
        let mut paths = Vec::new();
        let trait_path = imp.trait_.as_ref().map(|(_, path, _)| path);
        let self_path = self_type_path(&imp.self_ty);
        for path in trait_path.into_iter().chain(self_path) {
            paths.push(PathOcc {
                scope: self.scope,
                leading_colon: path.leading_colon.map(|c| byte_range(c.span())),
                segments: path
                    .segments
                    .iter()
                    .map(|s| Segment {
                        name: s.ident.to_string(),
                        range: byte_range(s.ident.span()),
                    })
                    .collect(),
                is_macro: false,
                is_visibility: false,
            });
        }
        self.facts.impls.push(ImplFact {
            scope: self.scope,
            paths,
        });
    }

    fn use_node(&mut self, tree: &UseTree, leading_colon: Option<Range<usize>>) -> UseNode {
        let segment = |ident: &syn::Ident| Segment {
            name: ident.to_string(),
            range: byte_range(ident.span()),
        };
        match tree {
            UseTree::Path(path) => UseNode::Path {
                segment: segment(&path.ident),
                leading_colon,
                rest: Box::new(self.use_node(&path.tree, None)),
                rest_start: byte_range(path.tree.span()).start,
            },
            UseTree::Name(name) => UseNode::Name {
                segment: segment(&name.ident),
                leading_colon,
                alias: None,
            },
            UseTree::Rename(rename) => UseNode::Name {
                segment: segment(&rename.ident),
                leading_colon,
                alias: Some(rename.rename.to_string()),
            },
            UseTree::Glob(_) => UseNode::Glob,
            UseTree::Group(group) => {
                UseNode::Group(group.items.iter().map(|t| self.use_node(t, None)).collect())
            }
        }
    }

    /// Paths written inside macro invocations and `macro_rules!` bodies, found in the tokens.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            if let TokenTree::Group(group) = &tokens[i] {
                self.scan_tokens(group.stream());
                i += 1;
                continue;
            }
            let follows_path_sep = i >= 2 && is_path_sep(&tokens, i - 2);
            let (consumed, path) = if follows_path_sep {
                (1, None)
            } else {
                scan_path(&tokens, i)
            };
            if let Some((leading_colon, segments, is_macro)) = path {
                let is_crate_path = segments[0].name == "$crate" || segments[0].name == "crate";
                if segments.len() >= 2 || is_macro || is_crate_path {
                    self.record_path(leading_colon, segments, is_macro);
                }
            }
            i += consumed.max(1);
        }
    }
}

/// The message of `panic!`, `unreachable!`, `todo!`, `unimplemented!` or an assertion when it
/// is a string literal with nothing after it.
fn lone_message(mac: &syn::Macro) -> Option<Range<usize>> {
    let name = mac.path.get_ident()?.to_string();
    let message_at = match name.as_str() {
        "panic" | "unreachable" | "todo" | "unimplemented" => 0,
        "assert" | "debug_assert" => 1,
        "assert_eq" | "assert_ne" | "debug_assert_eq" | "debug_assert_ne" => 2,
        _ => return None,
    };
    let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
    for token in mac.tokens.clone() {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("a part").push(token),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    match parts.get(message_at).map(Vec::as_slice) {
        Some([TokenTree::Literal(lit)]) if parts.len() == message_at + 1 => {
            let text = lit.to_string();
            text.starts_with('"').then(|| lit.span().byte_range())
        }
        _ => None,
    }
}

fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!((tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

type ScannedPath = (Option<Range<usize>>, Vec<Segment>, bool);

/// A path starting at `tokens[start]`: `[::] a :: b …` or `$crate :: …`, with `!` after it
/// marking a macro call. Returns how many tokens were looked at.
fn scan_path(tokens: &[TokenTree], start: usize) -> (usize, Option<ScannedPath>) {
    let mut i = start;
    let mut leading_colon = None;
    let mut segments = Vec::new();
    if is_path_sep(tokens, i) {
        leading_colon =
            Some(tokens[i].span().byte_range().start..tokens[i + 1].span().byte_range().end);
        i += 2;
    } else if let (Some(TokenTree::Punct(dollar)), Some(TokenTree::Ident(krate))) =
        (tokens.get(i), tokens.get(i + 1))
    {
        if dollar.as_char() == '$' && krate == "crate" {
            let range = dollar.span().byte_range().start..krate.span().byte_range().end;
            segments.push(Segment {
                name: "$crate".into(),
                range,
            });
            i += 2;
            if !is_path_sep(tokens, i) {
                return (i - start, None);
            }
            i += 2;
            // `use $crate::{a, b};` or `use $crate::*;` in a macro's body (text_io's
            // `try_scan!`): the path is `$crate` alone, the crate's module goes after `::`.
            let braced = matches!(tokens.get(i), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace)
                || matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '*');
            if braced {
                return (i - start, Some((None, segments, false)));
            }
        }
    }
    while let Some(TokenTree::Ident(ident)) = tokens.get(i) {
        segments.push(Segment {
            name: ident.to_string(),
            range: ident.span().byte_range(),
        });
        i += 1;
        if is_path_sep(tokens, i) && matches!(tokens.get(i + 2), Some(TokenTree::Ident(_))) {
            i += 2;
        } else {
            break;
        }
    }
    if segments.is_empty() || segments.last().is_some_and(|s| s.name == "$crate") {
        return (i.saturating_sub(start), None);
    }
    let is_macro = matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '!')
        && !matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=');
    (i - start, Some((leading_colon, segments, is_macro)))
}

pub(super) fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        let range = byte_range(item.span());
        if self.is_gone_item(item_attrs(item), range.clone()) {
            self.facts.test_only.push(range);
            return;
        }
        self.depth += 1;
        if self.depth == 1 && self.scope == 0 {
            self.facts.top_items.push(TopItem {
                range: range.clone(),
                mod_decl: None,
            });
        }
        match item {
            Item::Mod(module) => {
                module.attrs.iter().for_each(|a| self.visit_attribute(a));
                self.on_mod(module, range);
            }
            Item::Use(item_use) => {
                item_use.attrs.iter().for_each(|a| self.visit_attribute(a));
                self.visit_visibility(&item_use.vis);
                let colon = item_use.leading_colon.map(|c| byte_range(c.span()));
                let tree = self.use_node(&item_use.tree, colon);
                let vis_range = byte_range(item_use.vis.span());
                let use_start = byte_range(item_use.use_token.span).start;
                let start = if vis_range.is_empty() {
                    use_start
                } else {
                    vis_range.start.min(use_start)
                };
                let decl_range = start..byte_range(item_use.semi_token.span).end;
                let visibility = self.text[vis_range].to_string();
                self.facts.uses.push(UseItem {
                    scope: self.scope,
                    range,
                    decl_range,
                    visibility,
                    tree,
                });
            }
            Item::ExternCrate(krate) => {
                let name = krate.ident.to_string();
                let bound = krate
                    .rename
                    .as_ref()
                    .map_or(name.clone(), |(_, r)| r.to_string());
                self.name_item(bound.clone());
                let macro_use = krate.attrs.iter().any(|a| a.path().is_ident("macro_use"));
                self.facts.extern_crates.push(ExternCrate {
                    name,
                    bound,
                    range,
                    macro_use,
                });
            }
            Item::Macro(mac) => {
                if let Some(ident) = &mac.ident {
                    let exported = mac.attrs.iter().any(|a| a.path().is_ident("macro_export"));
                    self.facts.macro_defs.push(MacroDef {
                        scope: self.scope,
                        name: ident.to_string(),
                        name_range: byte_range(ident.span()),
                        exported,
                    });
                }
                visit::visit_item_macro(self, mac);
            }
            other => {
                if let Item::Impl(imp) = other {
                    self.on_impl(imp);
                }
                if let Item::Trait(t) = other {
                    let members = t.items.iter().filter_map(|i| match i {
                        syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
                        syn::TraitItem::Const(c) => Some(c.ident.to_string()),
                        syn::TraitItem::Type(t) => Some(t.ident.to_string()),
                        _ => None,
                    });
                    self.facts.scopes[self.scope]
                        .traits
                        .insert(t.ident.to_string(), members.collect());
                }
                if let Some(name) = item_name(other) {
                    self.name_item(name);
                }
                visit::visit_item(self, other);
            }
        }
        self.depth -= 1;
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return visit::visit_impl_item(self, item),
        };
        if self.is_gone_item(attrs, byte_range(item.span())) {
            self.facts.test_only.push(byte_range(item.span()));
        } else {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => return visit::visit_trait_item(self, item),
        };
        if self.is_gone_item(attrs, byte_range(item.span())) {
            self.facts.test_only.push(byte_range(item.span()));
        } else {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if self.is_gone(&field.attrs) {
            let range = with_separator(self.text, byte_range(field.span()));
            self.facts.test_only.push(range);
        } else {
            visit::visit_field(self, field);
        }
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        if self.is_gone(&variant.attrs) {
            let range = with_separator(self.text, byte_range(variant.span()));
            self.facts.test_only.push(range);
        } else {
            visit::visit_variant(self, variant);
        }
    }

    fn visit_attribute(&mut self, attr: &'ast Attribute) {
        if self.is_doc_comment(attr) {
            self.facts.doc_comments.push(byte_range(attr.span()));
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let colon = path.leading_colon.map(|c| byte_range(c.span()));
        self.record_path(colon, segments_of(path, path.segments.len()), false);
        visit::visit_path(self, path);
    }

    fn visit_expr_path(&mut self, expr: &'ast syn::ExprPath) {
        match &expr.qself {
            Some(qself) => self.visit_qualified(qself, &expr.path),
            None => visit::visit_expr_path(self, expr),
        }
    }

    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        match &ty.qself {
            Some(qself) => self.visit_qualified(qself, &ty.path),
            None => visit::visit_type_path(self, ty),
        }
    }

    fn visit_vis_restricted(&mut self, restricted: &'ast syn::VisRestricted) {
        self.in_visibility = true;
        visit::visit_vis_restricted(self, restricted);
        self.in_visibility = false;
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let colon = mac.path.leading_colon.map(|c| byte_range(c.span()));
        let segments = segments_of(&mac.path, mac.path.segments.len());
        self.record_path(colon, segments, true);
        if let Some(range) = lone_message(mac) {
            self.facts.lone_messages.push(range);
        }
        self.scan_tokens(mac.tokens.clone());
    }
}

/// The first `count` segments of `path`, with their names and where they are.
fn segments_of(path: &syn::Path, count: usize) -> Vec<Segment> {
    path.segments
        .iter()
        .take(count)
        .map(|s| Segment {
            name: s.ident.to_string(),
            range: byte_range(s.ident.span()),
        })
        .collect()
}

/// The path of an impl's self type, also behind references and parentheses (`&'a Foo<T>`).
fn self_type_path(ty: &syn::Type) -> Option<&syn::Path> {
    match ty {
        syn::Type::Path(ty) if ty.qself.is_none() => Some(&ty.path),
        syn::Type::Reference(r) => self_type_path(&r.elem),
        syn::Type::Paren(p) => self_type_path(&p.elem),
        syn::Type::Group(g) => self_type_path(&g.elem),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rustc decides a feature test a macro writes in the crate that expands it: an exported
    /// macro's (the solution may call it) is left to rustc, a crate-private macro's and a
    /// function's are decided with the crate's features.
    #[test]
    fn an_exported_macros_feature_tests_are_left_to_the_crate_that_expands_it() {
        let text = "#[doc = \"x\"]\n#[macro_export]\nmacro_rules! which { () => { \
                    if cfg!(feature = \"f\") { 1 } else { #[cfg(feature = \"f\")] let x = 2; 3 } } }\n\
                    macro_rules! inner { () => { cfg!(feature = \"f\") } }\n\
                    fn here() -> bool { cfg!(feature = \"f\") }\n";
        let tokens: TokenStream = text.parse().unwrap();
        let enabled = BTreeSet::from(["f".to_string()]);
        let mut out = Vec::new();
        feature_tests(tokens, false, &enabled, &mut out);
        let exported_end = text.find("\nmacro_rules! inner").unwrap();
        let decided: Vec<&str> = out.iter().map(|(r, _)| &text[r.clone()]).collect();
        assert_eq!(decided, ["feature = \"f\"", "feature = \"f\""]);
        assert!(out
            .iter()
            .all(|(range, on)| range.start > exported_end && *on));
    }
}
