//! Name resolution, just enough to know which library module a path leads to.
//!
//! It follows `crate::`, `self::`, `super::`, `$crate::`, the library's name, child modules,
//! names bound by `use` (also renamed) and glob imports. Whatever it cannot follow (std, local
//! variables, `Self::`) leads nowhere, which is right: such a path names no library module.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use super::facts::PathOcc;
use super::modtree::{CrateTree, ModId};
use crate::settings::Edition;

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

/// One crate of the bundle: the problem (0), the workspace library (1), then the crates the
/// problem depends on, transitively.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CrateId(pub usize);

impl CrateId {
    pub const PROBLEM: CrateId = CrateId(0);
    pub const LIBRARY: CrateId = CrateId(1);

    pub fn is_problem(self) -> bool {
        self == CrateId::PROBLEM
    }
}

/// One crate as resolution sees it: its modules, what each module imports, and the other
/// crates it can name (`ojlib` from the problem, `either` from itertools).
pub struct CrateView<'a> {
    /// The module the crate becomes at the bundle's root (its lib name).
    pub name: String,
    pub tree: &'a CrateTree,
    pub imports: Vec<Imports>,
    pub externs: Vec<(String, CrateId)>,
    /// Its edition, for crates from crates.io (None: the problem's edition).
    pub edition: Option<Edition>,
}

impl<'a> CrateView<'a> {
    pub fn new(
        name: String,
        tree: &'a CrateTree,
        mut externs: Vec<(String, CrateId)>,
        edition: Option<Edition>,
    ) -> CrateView<'a> {
        // `extern crate b as beta;` at the root names crate `b` `beta` in the whole crate.
        let root_file = &tree.root_file().facts;
        for item in &root_file.extern_crates {
            let renamed = externs
                .iter()
                .find(|(n, _)| *n == item.name)
                .map(|&(_, id)| id);
            if let Some(id) = renamed.filter(|_| item.bound != item.name) {
                externs.push((item.bound.clone(), id));
            }
        }
        CrateView {
            name,
            tree,
            imports: imports_of(tree),
            externs,
            edition,
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
pub type Loc = (CrateId, ModId);

pub struct Resolver<'a> {
    pub crates: Vec<CrateView<'a>>,
    /// `#[macro_export]` macros of the inlined crates and where each is defined.
    pub exported_macros: BTreeMap<String, Vec<Loc>>,
    /// The name each crate's exported macro has in the bundle, where all of them live at the
    /// root: unique (`__proconio_input`), so neither the solution's own exported macros nor
    /// another crate's can clash with it. Each crate's module re-exports it by its own name.
    pub bundle_macro_names: BTreeMap<(CrateId, String), String>,
    /// Every `macro_rules!` of each crate by name (textual scope is not tracked).
    pub macros: BTreeMap<(CrateId, String), Vec<ModId>>,
    /// Modules whose `use` items a resolved path went through (`pub use a::Thing;` at the
    /// root): they must stay, at least as containers of those re-exports.
    pub passed_through: RefCell<BTreeSet<Loc>>,
    /// [`Resolver::name_in`]'s answers: with globs in every module (`use super::*;`) each
    /// lookup would otherwise follow every glob again at each depth, exponentially.
    name_in_answers: RefCell<BTreeMap<NameQuery, Option<Loc>>>,
}

/// A name looked up in a module, with the alias depth it was looked up at.
type NameQuery = (CrateId, ModId, Vec<String>, u32);

const MAX_ALIAS_DEPTH: u32 = 8;

impl<'a> Resolver<'a> {
    /// `crates[0]` is the problem, `crates[1]` the library.
    pub fn new(crates: Vec<CrateView<'a>>) -> Resolver<'a> {
        let mut exported_macros: BTreeMap<String, Vec<Loc>> = BTreeMap::new();
        let mut bundle_macro_names = BTreeMap::new();
        let mut macros: BTreeMap<(CrateId, String), Vec<ModId>> = BTreeMap::new();
        let taken = names_defined_or_imported(crates[0].tree);
        for (index, view) in crates.iter().enumerate().skip(1) {
            let krate = CrateId(index);
            for (file_id, file) in view.tree.files.iter().enumerate() {
                for def in &file.facts.macro_defs {
                    let module = view.tree.scope_module(file_id, def.scope);
                    if def.exported {
                        exported_macros
                            .entry(def.name.clone())
                            .or_default()
                            .push((krate, module));
                        let mut unique = format!("__{}_{}", view.name, def.name);
                        while taken.contains(&unique) {
                            unique.insert(0, '_');
                        }
                        bundle_macro_names.insert((krate, def.name.clone()), unique);
                    }
                    macros
                        .entry((krate, def.name.clone()))
                        .or_default()
                        .push(module);
                }
            }
        }
        Resolver {
            crates,
            exported_macros,
            bundle_macro_names,
            macros,
            passed_through: RefCell::default(),
            name_in_answers: RefCell::default(),
        }
    }

    /// The bundle's name of `krate`'s exported macro `name`, if it exports one.
    pub fn bundle_macro_name(&self, krate: CrateId, name: &str) -> Option<&str> {
        self.bundle_macro_names
            .get(&(krate, name.to_string()))
            .map(String::as_str)
    }

    /// Whether a bare `name!` in `krate` calls its own exported macro: it exports one and
    /// defines no other macro of that name.
    pub fn calls_own_exported_macro(&self, krate: CrateId, name: &str) -> bool {
        let exported = self
            .exported_macros
            .get(name)
            .map_or(0, |locs| locs.iter().filter(|(k, _)| *k == krate).count());
        let defined = self
            .macros
            .get(&(krate, name.to_string()))
            .map_or(0, Vec::len);
        exported > 0 && exported == defined
    }

    /// Whether `krate` defines a macro `name` itself (exported or not).
    pub fn defines_macro(&self, krate: CrateId, name: &str) -> bool {
        self.macros.contains_key(&(krate, name.to_string()))
    }

    pub fn view(&self, id: CrateId) -> &CrateView<'a> {
        &self.crates[id.0]
    }

    /// The crates inlined as modules: all but the problem.
    pub fn inlined(&self) -> impl Iterator<Item = CrateId> {
        (1..self.crates.len()).map(CrateId)
    }

    /// The modules of inlined crates a path written in `module` of crate `krate` needs.
    pub fn targets(&self, krate: CrateId, module: ModId, path: &PathOcc) -> Vec<Loc> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.clone()).collect();
        if path.leading_colon.is_some() {
            return self.use_targets(krate, module, true, &segments);
        }
        if path.is_macro && segments.len() == 1 {
            let name = &segments[0];
            let mut targets: Vec<Loc> = self
                .exported_macros
                .get(name)
                .into_iter()
                .flatten()
                .copied()
                .collect();
            if krate.is_problem() {
                if self.problems_own_macro(name) {
                    return Vec::new();
                }
                return targets;
            }
            targets.extend(inlined_only(self.in_crate(krate, module, &segments, 0)));
            let defined = self
                .macros
                .get(&(krate, name.clone()))
                .into_iter()
                .flatten();
            targets.extend(defined.map(|&m| (krate, m)));
            return targets;
        }
        if segments.len() >= 2 && self.binds_locally(krate, module, &segments[0]) {
            // `rand::Xs` with the solution's own `mod rand` beside rand in the manifest: in a
            // path (not a `use`, where both would be ambiguous) the module shadows the crate.
            return inlined_only(self.name_in(krate, module, &segments, 0));
        }
        if let [name] = segments.as_slice() {
            // A crate's name alone is no value nor type: `num` in `let mut num = …; num *= 3;`
            // is the binding (or an item of the module), not the crate `num` of the manifest.
            if self.view(krate).extern_crate(name).is_some() {
                return inlined_only(self.name_in(krate, module, &segments, 0));
            }
        }
        inlined_only(self.in_crate(krate, module, &segments, 0))
    }

    /// Whether `module` of `krate` has a child module `name`.
    fn has_child(&self, krate: CrateId, module: ModId, name: &str) -> bool {
        let tree = self.view(krate).tree;
        tree.module(module).children.contains_key(name)
    }

    /// Whether `name` in `module` of `krate` is bound by the crate's own code, which shadows
    /// a dependency of that name in paths (rustc looks at the extern prelude last): a child
    /// module, a `use` of a `crate::`, `self::` or `super::` path ending in it, or a glob of
    /// such a path whose module has a child module `name` (`use super::*;` in a module below
    /// the solution's own `mod rand`). The review's finding 1: only the child counted.
    pub fn binds_locally(&self, krate: CrateId, module: ModId, name: &str) -> bool {
        if self.has_child(krate, module, name) {
            return true;
        }
        let own = |path: &Vec<String>| {
            matches!(
                path.first().map(String::as_str),
                Some("crate" | "self" | "super")
            )
        };
        let imports = &self.view(krate).imports[module];
        let imported = imports.names.get(name).into_iter().flatten().any(own);
        imported
            || imports.globs.iter().filter(|glob| own(glob)).any(|glob| {
                self.in_crate(krate, module, glob, 1)
                    .is_some_and(|(k, m)| k == krate && self.has_child(k, m, name))
            })
    }

    /// Whether a bare `name!` in the problem is its own `macro_rules!`: it defines one by that
    /// name and imports none (no `use` leaf named so, no glob), as a contestant's hand-written
    /// `input!` with proconio in the Cargo.toml. Not with a `#[macro_use] extern crate`: its
    /// macros are in scope everywhere, and a call before the problem's definition is the
    /// crate's.
    fn problems_own_macro(&self, name: &str) -> bool {
        let view = self.view(CrateId::PROBLEM);
        let defines = view.tree.files.iter().any(|file| {
            let mut defs = file.facts.macro_defs.iter();
            defs.any(|def| def.name == name)
        });
        let macro_use = view.tree.files.iter().any(|file| {
            let mut crates = file.facts.extern_crates.iter();
            crates.any(|item| item.macro_use && view.extern_crate(&item.name).is_some())
        });
        let imports = view
            .imports
            .iter()
            .any(|imports| imports.names.contains_key(name) || !imports.globs.is_empty());
        defines && !imports && !macro_use
    }

    /// Same for the target of a `use` leaf.
    pub fn use_targets(
        &self,
        krate: CrateId,
        module: ModId,
        leading_colon: bool,
        segments: &[String],
    ) -> Vec<Loc> {
        if leading_colon {
            let view = self.view(krate);
            return match segments.split_first() {
                Some((first, rest)) => match view.extern_crate(first) {
                    Some(other) => inlined_only(self.from(other, 0, rest, 0)),
                    None => Vec::new(),
                },
                None => Vec::new(),
            };
        }
        inlined_only(self.in_crate(krate, module, segments, 0))
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

    /// Where `segments` lead from `module`, looked up once per query (the lookup is a pure
    /// function of it; what it records in `passed_through` is recorded the first time).
    fn name_in(
        &self,
        krate: CrateId,
        module: ModId,
        segments: &[String],
        depth: u32,
    ) -> Option<Loc> {
        let query = (krate, module, segments.to_vec(), depth);
        if let Some(&answer) = self.name_in_answers.borrow().get(&query) {
            return answer;
        }
        let answer = self.look_up_name_in(krate, module, segments, depth);
        self.name_in_answers.borrow_mut().insert(query, answer);
        answer
    }

    fn look_up_name_in(
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
        if !krate.is_problem() && module == 0 && rest.is_empty() {
            let mut exported = self.exported_macros.get(name).into_iter().flatten();
            if let Some(&found) = exported.find(|(k, _)| *k == krate) {
                return Some(found);
            }
        }
        if !krate.is_problem() && defines(view.tree, module, name) {
            return Some((krate, module));
        }
        if depth >= MAX_ALIAS_DEPTH {
            return None;
        }
        // The problem is small: names it binds anywhere count, erring towards keeping.
        let import_lists: Vec<&Imports> = if krate.is_problem() {
            std::iter::once(&view.imports[module])
                .chain(view.imports.iter())
                .collect()
        } else {
            vec![&view.imports[module]]
        };
        // In the problem only what leads into another crate counts; look further otherwise.
        let wanted = |loc: &Loc| !krate.is_problem() || !loc.0.is_problem();
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
        if found.is_some() && !krate.is_problem() {
            self.passed_through.borrow_mut().insert((krate, module));
        }
        found
    }
}

/// The names a crate's code defines or imports anywhere: for the problem, an
/// over-approximation of what the bundle's root must not define twice.
pub fn names_defined_or_imported(tree: &CrateTree) -> BTreeSet<String> {
    let mut names = macro_names_bound(tree, true);
    for file in &tree.files {
        for scope in &file.facts.scopes {
            names.extend(scope.items.iter().cloned());
        }
    }
    names
}

/// The names `tree`'s code may bind in the macro namespace: its `macro_rules!` (with
/// `textual`; else only its `#[macro_export]` ones) and its `use` bindings. Not its other
/// items: `extern crate lazy_static;` binds a crate, and the macro `lazy_static!` that
/// `#[macro_use]` brings in beside it is a different name to rustc. A plain `macro_rules!` is
/// in textual scope only, from its definition on: an import of its name stands beside it (the
/// `#[macro_use]` crate's macro before the definition, the crate's own after it, as rustc
/// takes them), so an import must leave out only the others (E0252, E0255).
pub fn macro_names_bound(tree: &CrateTree, textual: bool) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for file in &tree.files {
        let defs = file.facts.macro_defs.iter();
        names.extend(
            defs.filter(|d| textual || d.exported)
                .map(|d| d.name.clone()),
        );
        for item in &file.facts.uses {
            names.extend(item.leaves().into_iter().filter_map(|l| l.alias));
        }
    }
    names
}

/// Whether an item named `name` is defined in `module` itself.
fn defines(tree: &CrateTree, module: ModId, name: &str) -> bool {
    let m = tree.module(module);
    tree.files[m.file].facts.scopes[m.scope]
        .items
        .contains(name)
}

fn inlined_only(found: Option<Loc>) -> Vec<Loc> {
    found
        .filter(|(krate, _)| !krate.is_problem())
        .into_iter()
        .collect()
}
