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

pub struct Resolver<'a> {
    pub lib: &'a CrateTree,
    pub lib_imports: Vec<Imports>,
    pub main: &'a CrateTree,
    pub main_imports: Vec<Imports>,
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
            lib,
            lib_imports: imports_of(lib),
            main,
            main_imports: imports_of(main),
            lib_name,
            exported_macros,
            lib_macros,
            passed_through: RefCell::default(),
        }
    }

    pub fn is_exported_macro(&self, name: &str) -> bool {
        self.exported_macros.contains_key(name) && !self.lib.module(0).children.contains_key(name)
    }

    /// The library modules a path written in library module `module` needs.
    pub fn lib_targets(&self, module: ModId, path: &PathOcc) -> Vec<ModId> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.clone()).collect();
        if path.leading_colon.is_some() {
            return Vec::new();
        }
        let mut targets: Vec<ModId> = self.in_lib(module, &segments, 0).into_iter().collect();
        if path.is_macro && segments.len() == 1 {
            targets.extend(self.lib_macros.get(&segments[0]).into_iter().flatten());
        }
        targets
    }

    /// The library modules a path written in the problem's module `module` needs.
    pub fn main_targets(&self, module: ModId, path: &PathOcc) -> Vec<ModId> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.name.clone()).collect();
        if path.leading_colon.is_some() {
            return match segments.split_first() {
                Some((first, rest)) if first == self.lib_name => {
                    self.lib_from(0, rest, 0).into_iter().collect()
                }
                _ => Vec::new(),
            };
        }
        if path.is_macro && segments.len() == 1 {
            return self
                .exported_macros
                .get(&segments[0])
                .copied()
                .into_iter()
                .collect();
        }
        self.in_main(module, &segments, 0).into_iter().collect()
    }

    /// Same for the target of a `use` leaf.
    pub fn use_targets(
        &self,
        is_lib: bool,
        module: ModId,
        leading_colon: bool,
        segments: &[String],
    ) -> Vec<ModId> {
        if leading_colon {
            return match segments.split_first() {
                Some((first, rest)) if !is_lib && first == self.lib_name => {
                    self.lib_from(0, rest, 0).into_iter().collect()
                }
                _ => Vec::new(),
            };
        }
        let found = if is_lib {
            self.in_lib(module, segments, 0)
        } else {
            self.in_main(module, segments, 0)
        };
        found.into_iter().collect()
    }

    fn in_lib(&self, module: ModId, segments: &[String], depth: u32) -> Option<ModId> {
        let (first, rest) = segments.split_first()?;
        match first.as_str() {
            "crate" | "$crate" => self.lib_from(0, rest, depth),
            "self" => self.lib_from(module, rest, depth),
            "super" => self.lib_from(self.lib.module(module).parent?, rest, depth),
            _ => self.lib_name_in(module, segments, depth),
        }
    }

    /// What follows `crate::`, `self::` or `super::`: a name that is no module nor import is
    /// an item of `module`.
    fn lib_from(&self, module: ModId, rest: &[String], depth: u32) -> Option<ModId> {
        match rest.first().map(String::as_str) {
            None => Some(module),
            Some("super") => self.in_lib(module, rest, depth),
            Some(_) => self.lib_name_in(module, rest, depth).or(Some(module)),
        }
    }

    fn lib_name_in(&self, module: ModId, segments: &[String], depth: u32) -> Option<ModId> {
        let (name, rest) = segments.split_first()?;
        if let Some(&child) = self.lib.module(module).children.get(name) {
            return self.lib_from(child, rest, depth);
        }
        if module == 0 && rest.is_empty() {
            if let Some(&defined_in) = self.exported_macros.get(name) {
                return Some(defined_in);
            }
        }
        if self.defines(module, name) {
            return Some(module);
        }
        if depth >= MAX_ALIAS_DEPTH {
            return None;
        }
        let imports = &self.lib_imports[module];
        let through_names = imports
            .names
            .get(name)
            .into_iter()
            .flatten()
            .find_map(|target| {
                let full: Vec<String> = target.iter().chain(rest).cloned().collect();
                self.in_lib(module, &full, depth + 1)
            });
        let found = through_names.or_else(|| {
            imports.globs.iter().find_map(|glob| {
                let glob_module = self.in_lib(module, glob, depth + 1)?;
                self.lib_name_in(glob_module, segments, depth + 1)
            })
        });
        if found.is_some() {
            self.passed_through.borrow_mut().insert(module);
        }
        found
    }

    /// Whether an item named `name` is defined in library module `module` itself.
    fn defines(&self, module: ModId, name: &str) -> bool {
        let m = self.lib.module(module);
        self.lib.files[m.file].facts.scopes[m.scope]
            .items
            .contains(name)
    }

    fn in_main(&self, module: ModId, segments: &[String], depth: u32) -> Option<ModId> {
        let (first, rest) = segments.split_first()?;
        match first.as_str() {
            name if name == self.lib_name => self.lib_from(0, rest, 0),
            "crate" => self.main_from(0, rest, depth),
            "self" => self.main_from(module, rest, depth),
            "super" => self.main_from(self.main.module(module).parent?, rest, depth),
            _ => self.main_name_in(module, segments, depth),
        }
    }

    fn main_from(&self, module: ModId, rest: &[String], depth: u32) -> Option<ModId> {
        match rest.first().map(String::as_str) {
            None => None,
            Some("super") => self.in_main(module, rest, depth),
            Some(name) if name == self.lib_name && module == 0 => self.lib_from(0, &rest[1..], 0),
            Some(_) => self.main_name_in(module, rest, depth),
        }
    }

    fn main_name_in(&self, module: ModId, segments: &[String], depth: u32) -> Option<ModId> {
        let (name, rest) = segments.split_first()?;
        if let Some(&child) = self.main.module(module).children.get(name) {
            return self.main_from(child, rest, depth);
        }
        if depth >= MAX_ALIAS_DEPTH {
            return None;
        }
        // Names bound in this module first, then anywhere in the problem's code: the problem
        // is small, and erring towards keeping a module is safe.
        let imports = std::iter::once(&self.main_imports[module]).chain(self.main_imports.iter());
        for imports in imports {
            for target in imports.names.get(name).into_iter().flatten() {
                let full: Vec<String> = target.iter().chain(rest).cloned().collect();
                if let Some(found) = self.in_main(module, &full, depth + 1) {
                    return Some(found);
                }
            }
            for glob in &imports.globs {
                let glob_module = self.in_main(module, glob, depth + 1);
                if let Some(found) = glob_module.and_then(|g| self.lib_name_in(g, segments, depth))
                {
                    return Some(found);
                }
            }
        }
        None
    }
}
