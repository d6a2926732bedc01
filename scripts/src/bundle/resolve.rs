//! Name resolution, just enough to know which library module a path leads to.
//!
//! It follows `crate::`, `self::`, `super::`, `$crate::`, the library's name, child modules,
//! names bound by `use` (also renamed) and glob imports. Whatever it cannot follow (std, local
//! variables, `Self::`) leads nowhere, which is right: such a path names no library module.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use super::facts::PathOcc;
use super::modtree::{CrateTree, ModId};

/// What `use` binds in one module: names (to the path they stand for) and glob prefixes.
#[derive(Default, Clone)]
pub struct Imports {
    pub names: BTreeMap<String, Vec<Vec<String>>>,
    pub globs: Vec<Vec<String>>,
}

pub fn imports_of(tree: &CrateTree) -> Vec<Imports> {
    let mut imports = vec![Imports::default(); tree.modules.len()];
    for (file_id, file) in tree.files.iter().enumerate() {
        for item in &file.facts.uses {
            let module = tree.scope_module(file_id, item.scope);
            for leaf in item.leaves().into_iter().filter(|l| !l.leading_colon) {
                if leaf.is_glob {
                    imports[module].globs.push(leaf.segments);
                } else if let Some(alias) = leaf.alias {
                    imports[module]
                        .names
                        .entry(alias)
                        .or_default()
                        .push(leaf.segments);
                }
            }
        }
    }
    imports
}

/// Which crate a file belongs to. The problem names the library by its crate name; the
/// library names only itself (`crate::`, `$crate::`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrateId {
    Problem,
    Library,
}

/// One crate as resolution sees it: its modules, what each module imports, and the other
/// crates it can name (`ojlib` from the problem).
pub struct CrateView<'a> {
    pub tree: &'a CrateTree,
    pub imports: Vec<Imports>,
    pub externs: Vec<(String, CrateId)>,
}

impl<'a> CrateView<'a> {
    fn new(tree: &'a CrateTree, externs: Vec<(String, CrateId)>) -> CrateView<'a> {
        CrateView {
            tree,
            imports: imports_of(tree),
            externs,
        }
    }

    /// The crate an extern name (`ojlib`) stands for here.
    pub fn extern_crate(&self, name: &str) -> Option<CrateId> {
        self.externs
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, id)| id)
    }
}

/// A module of one of the crates.
type Loc = (CrateId, ModId);

pub struct Resolver<'a> {
    pub problem: CrateView<'a>,
    pub library: CrateView<'a>,
    pub lib_name: &'a str,
    /// `#[macro_export]` macros (they live at the library's root) and where they are defined.
    pub exported_macros: BTreeMap<String, ModId>,
    /// Every `macro_rules!` of the library by name (textual scope is not tracked).
    pub lib_macros: BTreeMap<String, Vec<ModId>>,
    /// Library modules whose `use` items a resolved path went through (`pub use a::Thing;`
    /// at the root): they must stay, at least as containers of those re-exports.
    pub passed_through: RefCell<BTreeSet<ModId>>,
}

const MAX_ALIAS_DEPTH: u32 = 8;

impl<'a> Resolver<'a> {
    pub fn new(lib: &'a CrateTree, main: &'a CrateTree, lib_name: &'a str) -> Resolver<'a> {
        let mut exported_macros = BTreeMap::new();
        let mut lib_macros: BTreeMap<String, Vec<ModId>> = BTreeMap::new();
        for (file_id, file) in lib.files.iter().enumerate() {
            for def in &file.facts.macro_defs {
                let module = lib.scope_module(file_id, def.scope);
                if def.exported {
                    exported_macros.entry(def.name.clone()).or_insert(module);
                }
                lib_macros.entry(def.name.clone()).or_default().push(module);
            }
        }
        Resolver {
            problem: CrateView::new(main, vec![(lib_name.to_string(), CrateId::Library)]),
            library: CrateView::new(lib, Vec::new()),
            lib_name,
            exported_macros,
            lib_macros,
            passed_through: RefCell::default(),
        }
    }

    pub fn view(&self, id: CrateId) -> &CrateView<'a> {
        match id {
            CrateId::Problem => &self.problem,
            CrateId::Library => &self.library,
        }
    }

    pub fn is_exported_macro(&self, name: &str) -> bool {
        self.exported_macros.contains_key(name)
            && !self.library.tree.module(0).children.contains_key(name)
    }

    /// The library modules a path written in `module` of crate `krate` needs.
    pub fn targets(&self, krate: CrateId, module: ModId, path: &PathOcc) -> Vec<ModId> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.clone()).collect();
        if path.leading_colon.is_some() {
            return self.use_targets(krate, module, true, &segments);
        }
        if path.is_macro && segments.len() == 1 {
            let name = &segments[0];
            if krate == CrateId::Problem {
                return self
                    .exported_macros
                    .get(name)
                    .copied()
                    .into_iter()
                    .collect();
            }
            let mut targets = library_only(self.in_crate(krate, module, &segments, 0));
            targets.extend(self.lib_macros.get(name).into_iter().flatten());
            return targets;
        }
        library_only(self.in_crate(krate, module, &segments, 0))
    }

    /// Same for the target of a `use` leaf.
    pub fn use_targets(
        &self,
        krate: CrateId,
        module: ModId,
        leading_colon: bool,
        segments: &[String],
    ) -> Vec<ModId> {
        if leading_colon {
            let view = self.view(krate);
            return match segments.split_first() {
                Some((first, rest)) => match view.extern_crate(first) {
                    Some(other) => library_only(self.from(other, 0, rest, 0)),
                    None => Vec::new(),
                },
                None => Vec::new(),
            };
        }
        library_only(self.in_crate(krate, module, segments, 0))
    }

    fn in_crate(
        &self,
        krate: CrateId,
        module: ModId,
        segments: &[String],
        depth: u32,
    ) -> Option<Loc> {
        let (first, rest) = segments.split_first()?;
        let view = self.view(krate);
        if let Some(other) = view.extern_crate(first) {
            return self.from(other, 0, rest, 0);
        }
        match first.as_str() {
            "crate" | "$crate" => self.from(krate, 0, rest, depth),
            "self" => self.from(krate, module, rest, depth),
            "super" => self.from(krate, view.tree.module(module).parent?, rest, depth),
            _ => self.name_in(krate, module, segments, depth),
        }
    }

    /// What follows `crate::`, `self::` or `super::`: a name that is no module nor import is
    /// an item of `module`.
    fn from(&self, krate: CrateId, module: ModId, rest: &[String], depth: u32) -> Option<Loc> {
        match rest.first().map(String::as_str) {
            None => Some((krate, module)),
            Some("super") => self.in_crate(krate, module, rest, depth),
            Some(name) => match self.view(krate).extern_crate(name) {
                // `crate::ojlib::…` after `extern crate ojlib;` at the root.
                Some(other) if module == 0 => self.from(other, 0, &rest[1..], 0),
                _ => self
                    .name_in(krate, module, rest, depth)
                    .or(Some((krate, module))),
            },
        }
    }

    fn name_in(
        &self,
        krate: CrateId,
        module: ModId,
        segments: &[String],
        depth: u32,
    ) -> Option<Loc> {
        let (name, rest) = segments.split_first()?;
        let view = self.view(krate);
        if let Some(&child) = view.tree.module(module).children.get(name) {
            return self.from(krate, child, rest, depth);
        }
        if krate == CrateId::Library && module == 0 && rest.is_empty() {
            if let Some(&defined_in) = self.exported_macros.get(name) {
                return Some((krate, defined_in));
            }
        }
        if krate == CrateId::Library && defines(view.tree, module, name) {
            return Some((krate, module));
        }
        if depth >= MAX_ALIAS_DEPTH {
            return None;
        }
        // The problem is small: names it binds anywhere count, erring towards keeping.
        let import_lists: Vec<&Imports> = match krate {
            CrateId::Library => vec![&view.imports[module]],
            CrateId::Problem => std::iter::once(&view.imports[module])
                .chain(view.imports.iter())
                .collect(),
        };
        // In the problem only what leads into the library counts; look further otherwise.
        let wanted = |loc: &Loc| krate == CrateId::Library || loc.0 == CrateId::Library;
        let found = import_lists.iter().find_map(|imports| {
            let through_names = imports
                .names
                .get(name)
                .into_iter()
                .flatten()
                .find_map(|target| {
                    let full: Vec<String> = target.iter().chain(rest).cloned().collect();
                    self.in_crate(krate, module, &full, depth + 1)
                        .filter(wanted)
                });
            through_names.or_else(|| {
                imports.globs.iter().find_map(|glob| {
                    let (glob_crate, glob_module) =
                        self.in_crate(krate, module, glob, depth + 1)?;
                    self.name_in(glob_crate, glob_module, segments, depth + 1)
                        .filter(wanted)
                })
            })
        });
        if found.is_some() && krate == CrateId::Library {
            self.passed_through.borrow_mut().insert(module);
        }
        found
    }
}

/// Whether an item named `name` is defined in `module` itself.
fn defines(tree: &CrateTree, module: ModId, name: &str) -> bool {
    let m = tree.module(module);
    tree.files[m.file].facts.scopes[m.scope]
        .items
        .contains(name)
}

fn library_only(found: Option<Loc>) -> Vec<ModId> {
    match found {
        Some((CrateId::Library, module)) => vec![module],
        _ => Vec::new(),
    }
}
