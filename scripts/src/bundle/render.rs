//! Writes the kept files as text: the original text with edits (test code and doc comments
//! removed, paths rewritten, `mod name;` replaced by the module's text), never re-printed.

use anyhow::Result;

use std::sync::Arc;

use super::edits::Edits;
use super::facts::{leaves_of, PathOcc, UseItem, UseLeaf, UseNode};
use super::linemap::{Mapped, Origin};
use super::modtree::{CrateTree, FileId};
use super::reach::Selection;
use super::resolve::{CrateId, Resolver};

pub struct Renderer<'a> {
    pub resolver: &'a Resolver<'a>,
    pub selection: &'a Selection,
    pub keep_docs: bool,
}

impl Renderer<'_> {
    /// The text of `file` with its kept child modules inlined.
    pub fn render_file(&self, krate: CrateId, file_id: FileId) -> Result<Mapped> {
        let tree = self.resolver.view(krate).tree;
        let is_lib = krate == CrateId::Library;
        let file = &tree.files[file_id];
        let text = file.source.text.as_str();
        let facts = &file.facts;
        let is_container = is_lib && !self.selection.whole.contains(&file.scope_modules[0]);
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
        if is_container {
            for item in &facts.top_items {
                let use_item = facts.uses.iter().find(|u| u.range == item.range);
                match (item.mod_decl, use_item) {
                    (Some(_), _) => {}
                    (None, Some(use_item)) => {
                        self.cut_container_use(tree, file_id, use_item, text, &mut edits)
                    }
                    (None, None) => edits.delete(text, item.range.clone()),
                }
            }
        }
        for decl in &facts.mod_decls {
            let child = tree.module(tree.scope_module(file_id, decl.scope)).children[&decl.name];
            if is_lib && !self.selection.kept.contains(&child) {
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
        for range in &facts.lone_messages {
            if let Some(explicit) = explicit_format_arguments(&text[range.clone()]) {
                edits.replace(range.clone(), explicit);
            }
        }
        for path in &facts.paths {
            self.rewrite_path(krate, path, &mut edits);
        }
        for item in &facts.uses {
            let at_root = !is_lib && tree.scope_module(file_id, item.scope) == 0;
            self.rewrite_use(krate, at_root, item, text, &mut edits);
        }
        if !is_lib {
            for krate in facts
                .extern_crates
                .iter()
                .filter(|k| k.name == self.resolver.lib_name)
            {
                edits.delete(text, krate.range.clone());
            }
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

    /// A `use` in a container stays for the leaves whose targets stay: a re-export the
    /// problem reaches (`pub use shapes::Thing;`), not its neighbours in the same group.
    fn cut_container_use(
        &self,
        tree: &CrateTree,
        file_id: FileId,
        item: &UseItem,
        text: &str,
        edits: &mut Edits,
    ) {
        let module = tree.scope_module(file_id, item.scope);
        let leaves = item.leaves();
        let kept: Vec<&UseLeaf> = leaves
            .iter()
            .filter(|leaf| self.leaf_is_kept(tree, module, leaf))
            .collect();
        if kept.len() == leaves.len() {
            return;
        }
        if kept.is_empty() {
            return edits.delete(text, item.range.clone());
        }
        let lib = self.resolver.lib_name;
        let paths: Vec<String> = kept
            .iter()
            .map(|leaf| {
                let mut segments = leaf.segments.clone();
                let first_is_crate = matches!(segments[0].as_str(), "crate" | "$crate");
                if first_is_crate && !self.is_macro_leaf(&segments[1..]) {
                    segments[0] = format!("crate::{lib}");
                }
                let mut path = segments.join("::");
                if leaf.leading_colon {
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
                path
            })
            .collect();
        let vis = if item.visibility.is_empty() {
            String::new()
        } else {
            format!("{} ", item.visibility)
        };
        let body = match paths.as_slice() {
            [one] => one.clone(),
            _ => format!("{{{}}}", paths.join(", ")),
        };
        edits.replace(item.decl_range.clone(), format!("{vis}use {body};"));
    }

    /// A leaf stays when what it names stays: a module kept (a glob or a module re-export)
    /// or an item of a module kept whole.
    fn leaf_is_kept(&self, tree: &CrateTree, module: usize, leaf: &UseLeaf) -> bool {
        let targets =
            self.resolver
                .use_targets(CrateId::Library, module, leaf.leading_colon, &leaf.segments);
        !targets.is_empty()
            && targets.iter().all(|&target| {
                let names_module = leaf.is_glob
                    || tree.module(target).path.last() == leaf.segments.last() && target != module;
                if names_module {
                    self.selection.kept.contains(&target)
                } else {
                    self.selection.whole.contains(&tree.file_module(target))
                }
            })
    }

    fn rewrite_path(&self, krate: CrateId, path: &PathOcc, edits: &mut Edits) {
        let lib = self.resolver.lib_name;
        let names: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
        let seg = &path.segments;
        if krate == CrateId::Library {
            if matches!(names[0], "crate" | "$crate") && names.len() >= 2 {
                let is_root_macro = names.len() == 2 && self.resolver.is_exported_macro(names[1]);
                if !is_root_macro {
                    edits.insert(seg[1].range.start, format!("{lib}::"));
                }
            }
            return;
        }
        // `#[macro_export]` macros land at the bundle's root: `ojlib::m!` becomes `crate::m!`.
        let is_root_macro =
            |i: usize| names.len() == i + 1 && self.resolver.is_exported_macro(names[i]);
        match (&path.leading_colon, names.as_slice()) {
            (Some(colon), [first, ..]) if *first == lib && names.len() >= 2 => {
                let target = if is_root_macro(1) {
                    "crate".to_string()
                } else {
                    format!("crate::{lib}")
                };
                edits.replace(colon.start..seg[0].range.end, target);
            }
            (None, [first, ..]) if *first == lib && names.len() >= 2 => {
                if is_root_macro(1) {
                    edits.replace(seg[0].range.start..seg[1].range.start, "crate::");
                } else {
                    edits.insert(seg[0].range.start, "crate::");
                }
            }
            (None, ["crate", second, ..]) if *second == lib && is_root_macro(2) => {
                edits.replace(seg[1].range.start..seg[2].range.start, "");
            }
            _ => {}
        }
    }

    fn rewrite_use(
        &self,
        krate: CrateId,
        at_root: bool,
        item: &UseItem,
        text: &str,
        edits: &mut Edits,
    ) {
        let lib = self.resolver.lib_name;
        if krate == CrateId::Library {
            for node in first_nodes(&item.tree) {
                if let UseNode::Path {
                    segment,
                    rest,
                    rest_start,
                    ..
                } = node
                {
                    let only_macros = leaves_of(rest)
                        .iter()
                        .all(|l| self.is_macro_leaf(&l.segments));
                    if segment.name == "crate" && !only_macros {
                        edits.insert(*rest_start, format!("{lib}::"));
                    }
                }
            }
            return;
        }
        let leaves = item.leaves();
        if leaves.iter().any(|leaf| self.is_lib_macro_leaf(leaf)) {
            self.rewrite_use_with_macros(at_root, item, &leaves, text, edits);
            return;
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
            if segment.name != lib {
                continue;
            }
            match leading_colon {
                Some(colon) => {
                    edits.replace(colon.start..segment.range.end, format!("crate::{lib}"))
                }
                None => edits.insert(segment.range.start, "crate::"),
            }
        }
    }

    /// A `use` naming a library macro is written anew: at the problem's root the macro is
    /// already in scope (importing it again is E0255), elsewhere it is `crate::m`.
    fn rewrite_use_with_macros(
        &self,
        at_root: bool,
        item: &UseItem,
        leaves: &[UseLeaf],
        text: &str,
        edits: &mut Edits,
    ) {
        let lib = self.resolver.lib_name;
        let mut paths = Vec::new();
        for leaf in leaves {
            let mut segments = leaf.segments.clone();
            if segments.first().map(String::as_str) == Some("crate")
                && segments.get(1).map(String::as_str) == Some(lib)
            {
                segments.remove(0);
            }
            let is_lib_path = segments.first().map(String::as_str) == Some(lib);
            if self.is_lib_macro_leaf(leaf) {
                if at_root {
                    continue;
                }
                segments[0] = "crate".to_string();
            } else if is_lib_path {
                segments.insert(0, "crate".to_string());
            } else if leaf.leading_colon {
                segments[0] = format!("::{}", segments[0]);
            }
            let mut path = segments.join("::");
            if leaf.is_glob {
                path.push_str("::*");
            }
            match &leaf.alias {
                Some(alias) if Some(alias) != segments.last() => {
                    path.push_str(&format!(" as {alias}"))
                }
                None if !leaf.is_glob => path.push_str(" as _"),
                _ => {}
            }
            paths.push(path);
        }
        let vis = if item.visibility.is_empty() {
            String::new()
        } else {
            format!("{} ", item.visibility)
        };
        match paths.len() {
            0 => edits.delete(text, item.range.clone()),
            1 => edits.replace(item.decl_range.clone(), format!("{vis}use {};", paths[0])),
            _ => edits.replace(
                item.decl_range.clone(),
                format!("{vis}use {{{}}};", paths.join(", ")),
            ),
        }
    }

    fn is_lib_macro_leaf(&self, leaf: &UseLeaf) -> bool {
        let names: Vec<&str> = leaf.segments.iter().map(String::as_str).collect();
        let lib = self.resolver.lib_name;
        let macro_name = match names.as_slice() {
            [first, name] if *first == lib => name,
            ["crate", second, name] if *second == lib && !leaf.leading_colon => name,
            _ => return false,
        };
        !leaf.is_glob && self.resolver.is_exported_macro(macro_name)
    }

    fn is_macro_leaf(&self, segments: &[String]) -> bool {
        segments.len() == 1 && self.resolver.is_exported_macro(&segments[0])
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
const PRELUDE_2021: [(&str, &str, &str); 3] = [
    ("TryFrom", "std::convert::TryFrom", "try_from"),
    ("TryInto", "std::convert::TryInto", "try_into"),
    ("FromIterator", "std::iter::FromIterator", "from_iter"),
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
            with_imports(&text, &["std::convert::TryFrom"]).text,
            "#![allow(\n    dead_code,\n)]\n// note\n#[allow(unused_imports)]\nuse std::convert::TryFrom;\nfn f() {}\n"
        );
    }
}
