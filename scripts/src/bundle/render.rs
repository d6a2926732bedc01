//! Writes the kept files as text: the original text with edits (test code and doc comments
//! removed, paths rewritten, `mod name;` replaced by the module's text), never re-printed.

use anyhow::Result;

use std::sync::Arc;

use super::edits::Edits;
use super::facts::{PathOcc, UseItem, UseLeaf, UseNode};
use super::mapped::{Mapped, Origin};
use super::modtree::{FileId, ModId};
use super::proc_macro;
use super::reach::Selection;
use super::resolve::{macro_names_bound, CrateId, Resolver};
use crate::settings::Edition;

pub struct Renderer<'a> {
    pub resolver: &'a Resolver<'a>,
    pub selection: &'a Selection,
    pub keep_docs: bool,
}

impl Renderer<'_> {
    /// The text of `file` with its kept child modules inlined.
    pub fn render_file(&self, krate: CrateId, file_id: FileId) -> Result<Mapped> {
        let view = self.resolver.view(krate);
        let tree = view.tree;
        let is_lib = !krate.is_problem();
        let file = &tree.files[file_id];
        let text = file.source.text.as_str();
        let facts = &file.facts;
        let is_container = is_lib
            && !self
                .selection
                .whole
                .contains(&(krate, file.scope_modules[0]));
        let mut edits = Edits::default();
        for range in &facts.test_only {
            edits.delete(text, range.clone());
        }
        if !self.keep_docs {
            for range in &facts.doc_comments {
                edits.delete(text, range.clone());
            }
        }
        if is_lib && file_id == 0 {
            // The library root's inner attributes are hoisted onto the inline module.
            for (range, _) in &facts.inner_attrs {
                edits.delete(text, range.clone());
            }
        }
        for range in &facts.cfg_true {
            edits.delete(text, range.clone());
        }
        // proconio pasted: its `#[fastout]` and `#[derive_readable]` become plain Rust.
        if let Some(proconio) = view.extern_crate("proconio").filter(|_| krate.is_problem()) {
            let bundle_path = |name: &str| {
                let other = view.extern_crate(name)?;
                Some(format!("crate::{}", self.resolver.view(other).name))
            };
            proc_macro::expand_proconio(
                file.source.syntax()?,
                text,
                &file.source.display,
                &format!("crate::{}", self.resolver.view(proconio).name),
                &bundle_path,
                &mut edits,
            )?;
        }
        // rustc compiles the bundle with no features: each test becomes its value.
        for (range, enabled) in &facts.feature_tests {
            edits.replace(range.clone(), if *enabled { "all()" } else { "any()" });
        }
        if is_container {
            for item in &facts.top_items {
                let use_item = facts.uses.iter().find(|u| u.range == item.range);
                match (item.mod_decl, use_item) {
                    (Some(_), _) => {}
                    (None, Some(use_item)) => {
                        self.cut_container_use(krate, file_id, use_item, text, &mut edits)
                    }
                    (None, None) => match self.kept_reexports(krate, file_id, item.range.clone()) {
                        Some(inner) => {
                            for use_item in inner {
                                self.cut_container_use(krate, file_id, use_item, text, &mut edits)
                            }
                        }
                        None => edits.delete(text, item.range.clone()),
                    },
                }
            }
        }
        for decl in &facts.mod_decls {
            if decl.dropped {
                edits.delete(text, decl.item_range.clone());
                continue;
            }
            let child = tree.module(tree.scope_module(file_id, decl.scope)).children[&decl.name];
            if is_lib && !self.selection.kept.contains(&(krate, child)) {
                edits.delete(text, decl.item_range.clone());
                continue;
            }
            let body = self.render_file(krate, tree.module(child).file)?;
            // The inlined file keeps its own indentation: nesting it again would cost every
            // line a few spaces (a third of a bundle's bytes) and Rust does not care.
            let mut module = Mapped::new();
            module.push(&format!("mod {} {{\n", decl.name), |_| None);
            module.push_mapped(&body);
            module.push("}", |_| None);
            edits.replace_mapped(decl.decl_range.clone(), module);
            if let Some((_, range)) = &decl.path_attr {
                edits.delete(text, range.clone());
            }
        }
        let before_2021 = matches!(view.edition, Some(Edition::E2015 | Edition::E2018));
        for range in facts.lone_messages.iter().filter(|_| !before_2021) {
            if let Some(explicit) = explicit_format_arguments(&text[range.clone()]) {
                edits.replace(range.clone(), explicit);
            }
        }
        for path in &facts.paths {
            let module = tree.scope_module(file_id, path.scope);
            self.rewrite_path(krate, module, path, text, &mut edits);
        }
        for item in &facts.uses {
            self.rewrite_use(krate, item, &mut edits);
        }
        for def in facts.macro_defs.iter().filter(|d| d.exported) {
            if let Some(unique) = self.resolver.bundle_macro_name(krate, &def.name) {
                edits.replace(def.name_range.clone(), unique);
            }
        }
        // The crates it names are modules of the bundle; std's crates are the bundle's.
        for item in &facts.extern_crates {
            if let Some(other) = view.extern_crate(&item.name) {
                match self.macro_use_import(krate, other) {
                    Some(import) if item.macro_use => {
                        edits.replace(item.range.clone(), import);
                    }
                    _ => edits.delete(text, item.range.clone()),
                }
            } else if is_lib && item.macro_use {
                // `#[macro_use]` must be at the crate root, and std's macros are the bundle's.
                edits.delete(text, item.range.clone());
            }
            // A plain `extern crate std;` / `core` / `alloc` stays: inside the crate's module
            // it binds the name there, as at the crate's root (lazy_static's `use
            // self::std::cell::Cell;`, hashbrown's `use crate::alloc::alloc::Layout;`); the
            // bundle's root binds `alloc` for every module besides (`needs_alloc`).
        }
        let display: Arc<str> = file.source.display.as_str().into();
        let source_lines: Vec<&str> = text.lines().collect();
        let rendered = edits
            .apply_mapped(text, |line| {
                let indent = source_lines.get(line)?;
                let indent = indent.len() - indent.trim_start_matches([' ', '\t']).len();
                Some(Origin {
                    file: display.clone(),
                    line: u32::try_from(line + 1).ok()?,
                    indent: u32::try_from(indent).ok()?,
                })
            })?
            .trimmed();
        let module = tree.scope_module(file_id, 0);
        let missing = self.missing_2021_prelude(krate, module, &rendered.text);
        Ok(with_imports(&rendered, &missing))
    }

    /// The edition 2021 prelude adds `TryFrom`, `TryInto` and `FromIterator`; code written
    /// for it fails under 2018 (E0599 on `u8::try_from`). The names a file mentions and its
    /// module does not bind itself are imported, so the bundle compiles in every edition.
    fn missing_2021_prelude(&self, krate: CrateId, module: usize, text: &str) -> Vec<&'static str> {
        let view = self.resolver.view(krate);
        let (tree, imports) = (view.tree, &view.imports[module]);
        let m = tree.module(module);
        let items = &tree.files[m.file].facts.scopes[m.scope].items;
        PRELUDE_2021
            .iter()
            .filter(|(name, _, method)| text.contains(name) || text.contains(method))
            .filter(|(name, _, _)| !imports.names.contains_key(*name) && !items.contains(*name))
            .map(|(_, path, _)| *path)
            .collect()
    }

    /// The exported macros of `krate` that its module in the bundle re-exports by their own
    /// names (`pub use crate::__proconio_input as input;`), with their bundle names:
    /// those defined in kept modules, unless the crate's root imports that name itself.
    pub fn macro_reexports(&self, krate: CrateId) -> Vec<(String, String)> {
        let view = self.resolver.view(krate);
        let kept = |&(k, module): &(CrateId, usize)| {
            k == krate
                && self
                    .selection
                    .whole
                    .contains(&(k, view.tree.file_module(module)))
        };
        // One entry a name, also for definitions under different `#[cfg]`s.
        self.resolver
            .exported_macros
            .iter()
            .filter(|(_, locs)| locs.iter().any(kept))
            .filter(|(name, _)| !view.imports[0].names.contains_key(*name))
            .filter_map(|(name, _)| {
                let unique = self.resolver.bundle_macro_name(krate, name)?;
                Some((name.clone(), unique.to_string()))
            })
            .collect()
    }

    /// The bundle name of the macro a bare `name!` in `krate` calls through the crate
    /// root's `#[macro_use] extern crate other;`, which puts it in scope in every module
    /// (getrandom's `cfg_if!` in `error.rs`), where the root's `use` of it does not reach.
    fn macro_use_macro(&self, krate: CrateId, name: &str) -> Option<&str> {
        let view = self.resolver.view(krate);
        if krate.is_problem() || self.resolver.defines_macro(krate, name) {
            return None;
        }
        view.tree
            .root_file()
            .facts
            .extern_crates
            .iter()
            .filter(|item| item.macro_use)
            .filter_map(|item| view.extern_crate(&item.name))
            .find_map(|other| self.resolver.bundle_macro_name(other, name))
    }

    /// What `#[macro_use] extern crate NAME;` becomes: an import of the macros that crate
    /// re-exports, by their bare names, except those `krate` binds itself as macros.
    fn macro_use_import(&self, krate: CrateId, other: CrateId) -> Option<String> {
        let own = macro_names_bound(self.resolver.view(krate).tree, false);
        let names: Vec<String> = self
            .macro_reexports(other)
            .into_iter()
            .map(|(name, _)| name)
            .filter(|name| !own.contains(name))
            .collect();
        if names.is_empty() {
            return None;
        }
        let module = &self.resolver.view(other).name;
        Some(format!(
            "#[allow(unused_imports, deprecated)]\nuse crate::{module}::{{{}}};",
            names.join(", ")
        ))
    }

    /// The `use` items of the top item at `range` of a container file when it is a kept
    /// inline module of nothing but `use` items (num's `pub mod rational { pub use
    /// num_rational::*; }`): it stays, as a container of its own.
    fn kept_reexports(
        &self,
        krate: CrateId,
        file_id: FileId,
        range: std::ops::Range<usize>,
    ) -> Option<Vec<&UseItem>> {
        let tree = self.resolver.view(krate).tree;
        let facts = &tree.files[file_id].facts;
        let inner: Vec<&UseItem> = facts
            .uses
            .iter()
            .filter(|u| u.scope != 0 && range.start <= u.range.start && u.range.end <= range.end)
            .collect();
        let module = tree.scope_module(file_id, inner.first()?.scope);
        let kept = self.selection.kept.contains(&(krate, module))
            && super::reach::reexports_only(tree, module)
            && inner.iter().all(|u| u.scope == inner[0].scope);
        kept.then_some(inner)
    }

    /// A `use` in a container stays for the leaves whose targets stay: a re-export the
    /// problem reaches (`pub use shapes::Thing;`), not its neighbours in the same group.
    fn cut_container_use(
        &self,
        krate: CrateId,
        file_id: FileId,
        item: &UseItem,
        text: &str,
        edits: &mut Edits,
    ) {
        let tree = self.resolver.view(krate).tree;
        let module = tree.scope_module(file_id, item.scope);
        let leaves = item.leaves();
        let kept: Vec<&UseLeaf> = leaves
            .iter()
            .filter(|leaf| self.leaf_is_kept(krate, module, leaf))
            .collect();
        if kept.len() == leaves.len() {
            return;
        }
        let paths: Vec<String> = kept
            .iter()
            .filter_map(|leaf| self.bundle_leaf(krate, leaf))
            .collect();
        write_use(item, &paths, text, edits);
    }

    /// A leaf stays when what it names stays: a module kept (a glob or a module re-export)
    /// or an item of a module kept whole.
    fn leaf_is_kept(&self, krate: CrateId, module: usize, leaf: &UseLeaf) -> bool {
        let targets = self
            .resolver
            .use_targets(krate, module, leaf.leading_colon, &leaf.segments);
        !targets.is_empty()
            && targets.iter().all(|&(k, target)| {
                let tree = self.resolver.view(k).tree;
                let names_module = leaf.is_glob
                    || tree.module(target).path.last() == leaf.segments.last()
                        && (k, target) != (krate, module);
                if names_module {
                    self.selection.kept.contains(&(k, target))
                } else {
                    self.selection
                        .whole
                        .contains(&(k, tree.file_module(target)))
                }
            })
    }

    /// Paths into inlined crates become paths into their modules: `crate::x` of a crate
    /// becomes `crate::<name>::x`, `either::Either` (or `::either::…`) `crate::either::Either`.
    /// Exported macros too (`$crate::input!` → `$crate::proconio::input!`): the crate's
    /// module re-exports each under its own name. A bare call of a crate's own exported
    /// macro becomes a path to its bundle name at the root (`crate::__proconio_input!`),
    /// which resolves wherever the call stands, before the definition too.
    fn rewrite_path(
        &self,
        krate: CrateId,
        module: ModId,
        path: &PathOcc,
        text: &str,
        edits: &mut Edits,
    ) {
        let view = self.resolver.view(krate);
        let names: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
        let seg = &path.segments;
        let is_crate_root = matches!(names[0], "crate" | "$crate") && path.leading_colon.is_none();
        if is_crate_root {
            if !krate.is_problem() && names.len() >= 2 {
                edits.insert(seg[1].range.start, format!("{}::", view.name));
            } else if !krate.is_problem() {
                // `use crate::*;` or `use crate::{a, b};` in a macro's body (zerocopy's
                // `simd_arch_mod!`): the path stops at the glob or the braces.
                if let Some(after) = path_sep_after(text, seg[0].range.end) {
                    edits.insert(after, format!("{}::", view.name));
                }
            }
            return;
        }
        if names.len() == 1 && path.is_macro && path.leading_colon.is_none() {
            if self.resolver.calls_own_exported_macro(krate, names[0]) {
                if let Some(unique) = self.resolver.bundle_macro_name(krate, names[0]) {
                    edits.replace(seg[0].range.clone(), format!("crate::{unique}"));
                }
            } else if let Some(unique) = self.macro_use_macro(krate, names[0]) {
                edits.replace(seg[0].range.clone(), format!("crate::{unique}"));
            }
            return;
        }
        let Some(other) = view.extern_crate(names[0]).filter(|_| names.len() >= 2) else {
            return;
        };
        // A child module of that name (the solution's own `mod rand`) shadows the crate.
        if path.leading_colon.is_none() && self.resolver.binds_locally(krate, module, names[0]) {
            return;
        }
        let start = path
            .leading_colon
            .as_ref()
            .map_or(seg[0].range.start, |c| c.start);
        let module = &self.resolver.view(other).name;
        edits.replace(start..seg[0].range.end, format!("crate::{module}"));
    }

    fn rewrite_use(&self, krate: CrateId, item: &UseItem, edits: &mut Edits) {
        let view = self.resolver.view(krate);
        // The crate is a module of the bundle: `pub(crate)` would reach the whole bundle, wider
        // than a private item of the crate's root it re-exports (matrixmultiply's `pub(crate)
        // use archparam_defaults as archparam;`, E0365); `pub(in crate::<name>)` is the crate.
        if !krate.is_problem() && item.visibility == "pub(crate)" {
            let at = item.decl_range.start;
            let visibility = format!("pub(in crate::{})", view.name);
            edits.replace(at..at + "pub(crate)".len(), visibility);
        }
        for node in first_nodes(&item.tree) {
            let (UseNode::Path {
                segment,
                leading_colon,
                ..
            }
            | UseNode::Name {
                segment,
                leading_colon,
                ..
            }) = node
            else {
                continue;
            };
            let is_crate_root = matches!(segment.name.as_str(), "crate" | "$crate");
            if is_crate_root && !krate.is_problem() {
                if let UseNode::Path { rest_start, .. } = node {
                    edits.insert(*rest_start, format!("{}::", view.name));
                }
                continue;
            }
            let Some(other) = view.extern_crate(&segment.name) else {
                continue;
            };
            let start = leading_colon
                .as_ref()
                .map_or(segment.range.start, |c| c.start);
            let module = &self.resolver.view(other).name;
            edits.replace(start..segment.range.end, format!("crate::{module}"));
            // `pub use rand_core;` (rand re-exports the crate): the crate is a private module
            // of the bundle's root now, which the whole bundle sees but `pub` may not
            // re-export (E0365).
            let reexports_crate = matches!(&item.tree, UseNode::Name { .. });
            if reexports_crate && item.visibility == "pub" {
                let at = item.decl_range.start;
                edits.replace(at..at + "pub".len(), "pub(crate)".to_string());
            }
        }
    }

    /// A `use` leaf as the bundle writes it.
    fn bundle_leaf(&self, krate: CrateId, leaf: &UseLeaf) -> Option<String> {
        let view = self.resolver.view(krate);
        let mut segments = leaf.segments.clone();
        let mut leading_colon = leaf.leading_colon;
        let names_extern = |s: &[String]| s.len() >= 2 && view.extern_crate(&s[1]).is_some();
        if krate.is_problem() && !leading_colon && segments[0] == "crate" && names_extern(&segments)
        {
            segments.remove(0);
        }
        let first = segments.first()?.clone();
        let is_crate_root = !leading_colon && matches!(first.as_str(), "crate" | "$crate");
        if let Some(other) = view.extern_crate(&first) {
            segments[0] = format!("crate::{}", self.resolver.view(other).name);
            leading_colon = false;
        } else if is_crate_root && !krate.is_problem() {
            segments[0] = format!("{first}::{}", view.name);
        }
        let mut path = segments.join("::");
        if leading_colon {
            path.insert_str(0, "::");
        }
        if leaf.is_glob {
            path.push_str("::*");
        }
        match &leaf.alias {
            Some(alias) if Some(alias) != leaf.segments.last() => {
                path.push_str(&format!(" as {alias}"))
            }
            None if !leaf.is_glob => path.push_str(" as _"),
            _ => {}
        }
        Some(path)
    }
}

/// The offset just after a `::` that follows `at` (spaces and line breaks between), if one does.
fn path_sep_after(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    let trimmed = rest.trim_start();
    trimmed
        .starts_with("::")
        .then(|| at + (rest.len() - trimmed.len()) + 2)
}

/// Replaces a `use` item by one of `paths` (with its visibility), or deletes it.
fn write_use(item: &UseItem, paths: &[String], text: &str, edits: &mut Edits) {
    let vis = if item.visibility.is_empty() {
        String::new()
    } else {
        format!("{} ", item.visibility)
    };
    match paths {
        [] => edits.delete(text, item.range.clone()),
        [one] => edits.replace(item.decl_range.clone(), format!("{vis}use {one};")),
        _ => edits.replace(
            item.decl_range.clone(),
            format!("{vis}use {{{}}};", paths.join(", ")),
        ),
    }
}

/// `"at {i:>3}"` becomes `"at {:>3}", i`: before edition 2021 a lone `panic!` message is
/// no format string, so captured names would print as written (and warn). `None` when the
/// literal captures nothing.
fn explicit_format_arguments(literal: &str) -> Option<String> {
    let mut out = String::with_capacity(literal.len());
    let mut names = Vec::new();
    let mut rest = literal;
    while let Some(open) = rest.find(['{', '}']) {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        if after.starts_with("{{") || after.starts_with("}}") {
            out.push_str(&after[..2]);
            rest = &after[2..];
            continue;
        }
        if let Some(after_brace) = after.strip_prefix('}') {
            out.push('}');
            rest = after_brace;
            continue;
        }
        let close = after.find('}')?;
        let inner = &after[1..close];
        let (name, spec) = inner.split_at(inner.find(':').unwrap_or(inner.len()));
        let is_name = name.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if is_name {
            names.push(name);
            out.push_str(&format!("{{{spec}}}"));
        } else {
            out.push_str(&after[..=close]);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    (!names.is_empty()).then(|| format!("{out}, {}", names.join(", ")))
}

/// The traits the 2021 prelude adds, their paths, and the method that needs each in scope.
/// `::std`: a module may have a child named `std` (rand's `rngs::std`, where `StdRng` is).
const PRELUDE_2021: [(&str, &str, &str); 3] = [
    ("TryFrom", "::std::convert::TryFrom", "try_from"),
    ("TryInto", "::std::convert::TryInto", "try_into"),
    ("FromIterator", "::std::iter::FromIterator", "from_iter"),
];

/// `text` with `use` items for `paths` after its inner attributes and leading comments.
fn with_imports(text: &Mapped, paths: &[&str]) -> Mapped {
    if paths.is_empty() {
        return text.clone();
    }
    let mut at = 0;
    let mut open_attr = 0i32;
    for line in text.text.split_inclusive('\n') {
        let trimmed = line.trim();
        let in_header = open_attr > 0
            || trimmed.starts_with("#![")
            || trimmed.starts_with("//")
            || trimmed.is_empty();
        if !in_header {
            break;
        }
        if open_attr > 0 || trimmed.starts_with("#![") {
            open_attr += line.matches('[').count() as i32 - line.matches(']').count() as i32;
        }
        at += line.len();
    }
    let uses: String = paths
        .iter()
        .map(|path| format!("#[allow(unused_imports)]\nuse {path};\n"))
        .collect();
    text.insert_lines(at, &uses)
}

/// The nodes that start a path, looking through groups at the top (`use {a::b, c};`).
fn first_nodes(node: &UseNode) -> Vec<&UseNode> {
    match node {
        UseNode::Group(nodes) => nodes.iter().flat_map(first_nodes).collect(),
        other => vec![other],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_names_become_explicit_arguments() {
        assert_eq!(
            explicit_format_arguments(r#""{{a}} {x:>3} {0} {} {y:?}}}""#).as_deref(),
            Some(r#""{{a}} {:>3} {0} {} {:?}}}", x, y"#)
        );
        assert_eq!(explicit_format_arguments(r#""{} and {{x}}""#), None);
    }

    #[test]
    fn imports_go_after_inner_attributes_and_leading_comments() {
        let text = Mapped::plain("#![allow(\n    dead_code,\n)]\n// note\nfn f() {}\n");
        assert_eq!(
            with_imports(&text, &["::std::convert::TryFrom"]).text,
            "#![allow(\n    dead_code,\n)]\n// note\n#[allow(unused_imports)]\nuse ::std::convert::TryFrom;\nfn f() {}\n"
        );
    }
}
