//! A crate's module tree: every file reached through `mod name;` (layouts `a.rs` + `a/b.rs`,
//! `a/mod.rs`, and `#[path]`), and every inline `mod name { … }`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::cargo_env::CargoEnv;
use super::cfg::is_test_only;
use super::facts::{FileFacts, ScopeId};
use super::source::Source;

pub type ModId = usize;
pub type FileId = usize;

pub struct LoadedFile {
    pub source: Source,
    pub facts: FileFacts,
    /// The module of each scope of the file.
    pub scope_modules: Vec<ModId>,
}

pub struct Module {
    /// Names from the crate root (empty for the root).
    pub path: Vec<String>,
    pub parent: Option<ModId>,
    pub children: BTreeMap<String, ModId>,
    pub file: FileId,
    pub scope: ScopeId,
}

impl Module {
    /// A module whose text is a whole file (not an inline `mod { }`).
    pub fn is_file_module(&self) -> bool {
        self.scope == 0
    }
}

pub struct CrateTree {
    pub files: Vec<LoadedFile>,
    pub modules: Vec<Module>,
    /// For each file, the `mod` declaration (file, index in `mod_decls`) that loaded it.
    pub declared_by: Vec<Option<(FileId, usize)>>,
    /// The features cargo enabled, for a crate from crates.io (`#[cfg(feature)]` is decided).
    pub features: Option<BTreeSet<String>>,
    /// What cargo sets for this crate (`env!("CARGO_PKG_VERSION")`, …).
    env: CargoEnv,
}

/// Turns absolute paths into the names shown in messages.
pub type Display<'a> = &'a dyn Fn(&Path) -> String;

impl CrateTree {
    pub fn load(
        entry: &Path,
        display: Display,
        features: Option<BTreeSet<String>>,
    ) -> Result<CrateTree> {
        let mut tree = CrateTree {
            files: Vec::new(),
            modules: Vec::new(),
            declared_by: Vec::new(),
            features,
            env: CargoEnv::for_crate(entry),
        };
        let dir = entry.parent().unwrap_or(Path::new(".")).to_path_buf();
        tree.load_file(entry, dir, Vec::new(), None, None, display)?;
        Ok(tree)
    }

    pub fn module(&self, id: ModId) -> &Module {
        &self.modules[id]
    }

    pub fn root_file(&self) -> &LoadedFile {
        &self.files[0]
    }

    /// The module of a file's scope.
    pub fn scope_module(&self, file: FileId, scope: ScopeId) -> ModId {
        self.files[file].scope_modules[scope]
    }

    /// The file module that holds `module` (itself, unless it is inline).
    pub fn file_module(&self, module: ModId) -> ModId {
        self.scope_module(self.modules[module].file, 0)
    }

    /// `dir` is where `mod name;` at the top of this file looks for `name.rs` / `name/mod.rs`.
    fn load_file(
        &mut self,
        path: &Path,
        dir: PathBuf,
        mod_path: Vec<String>,
        parent: Option<ModId>,
        declared_by: Option<(FileId, usize)>,
        display: Display,
    ) -> Result<Option<ModId>> {
        let features = self.features.as_ref();
        // Parsed and collected, or the facts kept from the last time this text was.
        let declared = declared_by.is_some();
        let loaded = super::facts::store::load(path, display(path), features, declared, || {
            let source = Source::load(path, display(path))?;
            // A module file whose inner `#![cfg(…)]` is false is not compiled, and its `mod`
            // declaration goes with it (num-bigint's `mod serde;` without feature `serde`).
            if declared && is_test_only(&source.syntax()?.attrs, features) {
                return Ok(None);
            }
            if let Some(at) = source.text.find("env!(\"OUT_DIR\")") {
                bail!(
                    "{}: includes code that a build script generates (`OUT_DIR`); it exists only inside a cargo build, so it cannot be pasted into a bundle",
                    source.location(at)
                );
            }
            // After the build-script check: its message says more than `include!`'s.
            let source = super::include::inline(source, path.parent().unwrap_or(Path::new(".")))?;
            let source = super::cargo_env::expand(source, &self.env)?;
            // A crate's `cfg_if!` may declare modules (hashbrown's `mod sse2;`): written out,
            // they are declarations like any other.
            let source = match features {
                Some(_) => super::cfg_if::expand(source)?,
                None => source,
            };
            let facts = FileFacts::collect(source.syntax()?, &source.text, features);
            Ok(Some((source, facts)))
        })?;
        let Some((source, facts)) = loaded else {
            let (file, index) = declared_by.expect("only a declared module is dropped");
            self.files[file].facts.mod_decls[index].dropped = true;
            return Ok(None);
        };
        let file_id = self.files.len();
        let mut scope_modules = Vec::with_capacity(facts.scopes.len());
        for (scope_id, scope) in facts.scopes.iter().enumerate() {
            let module_parent = match scope.parent {
                Some(p) => Some(scope_modules[p]),
                None => parent,
            };
            let mut module_path = mod_path.clone();
            module_path.extend(scope.inline_path.iter().cloned());
            let id = self.modules.len();
            if let (Some(p), Some(name)) = (module_parent, module_path.last()) {
                self.modules[p].children.insert(name.clone(), id);
            }
            self.modules.push(Module {
                path: module_path,
                parent: module_parent,
                children: BTreeMap::new(),
                file: file_id,
                scope: scope_id,
            });
            scope_modules.push(id);
        }
        let decls: Vec<(usize, ScopeId, String, Option<String>)> = facts
            .mod_decls
            .iter()
            .enumerate()
            .map(|(i, d)| {
                (
                    i,
                    d.scope,
                    d.name.clone(),
                    d.path_attr.as_ref().map(|(p, _)| p.clone()),
                )
            })
            .collect();
        let decl_locations: Vec<String> = facts
            .mod_decls
            .iter()
            .map(|d| source.location(d.decl_range.start))
            .collect();
        for (decl, location) in facts.mod_decls.iter().zip(&decl_locations) {
            if let Some(predicate) = &decl.undecided_path {
                bail!(
                    "{location}: module `{}` takes its file from `#[cfg_attr({predicate})]`, whose predicate cannot be decided here (only features of crates from crates.io, `test` and the judge's target are known)",
                    decl.name
                );
            }
        }
        let inline_paths: Vec<Vec<String>> =
            facts.scopes.iter().map(|s| s.inline_path.clone()).collect();
        let file_dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        self.files.push(LoadedFile {
            source,
            facts,
            scope_modules: scope_modules.clone(),
        });
        self.declared_by.push(declared_by);

        for (index, scope, name, path_attr) in decls {
            let scope_dir = inline_paths[scope]
                .iter()
                .fold(dir.clone(), |d, m| d.join(m));
            let (child_path, child_dir) = match path_attr {
                // Outside inline modules `#[path]` is relative to the file's directory.
                Some(p) if scope == 0 => resolve_path_attr(file_dir.join(p)),
                Some(p) => resolve_path_attr(scope_dir.join(p)),
                None => find_module_file(&scope_dir, &name, &decl_locations[index], display)?,
            };
            let mut child_mod_path = self.modules[scope_modules[scope]].path.clone();
            child_mod_path.push(name);
            if !child_path.is_file() {
                bail!(
                    "{}: file not found for module `{}`: {}",
                    decl_locations[index],
                    child_mod_path.join("::"),
                    display(&child_path)
                );
            }
            self.load_file(
                &child_path,
                child_dir,
                child_mod_path,
                Some(scope_modules[scope]),
                Some((file_id, index)),
                display,
            )?;
        }
        Ok(Some(scope_modules[0]))
    }
}

/// A file loaded through `#[path]` looks for its own modules beside itself, like `mod.rs`.
fn resolve_path_attr(path: PathBuf) -> (PathBuf, PathBuf) {
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    (path, dir)
}

fn find_module_file(
    dir: &Path,
    name: &str,
    location: &str,
    display: Display,
) -> Result<(PathBuf, PathBuf)> {
    // `mod r#ref;` is in `ref.rs` (zerocopy's): a raw identifier's file has no `r#`.
    let file = name.strip_prefix("r#").unwrap_or(name);
    let flat = dir.join(format!("{file}.rs"));
    let nested = dir.join(file).join("mod.rs");
    match (flat.is_file(), nested.is_file()) {
        (true, false) => Ok((flat, dir.join(file))),
        (false, true) => Ok((nested, dir.join(file))),
        (true, true) => bail!(
            "{location}: module `{name}` is in both {} and {}; delete one",
            display(&flat),
            display(&nested)
        ),
        (false, false) => bail!(
            "{location}: file not found for module `{name}`: expected {} or {}",
            display(&flat),
            display(&nested)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// zerocopy 0.8 (through rand 0.9) declares `mod r#ref;` in `src/ref.rs`, and its
    /// submodules would be in `src/ref/`.
    #[test]
    fn a_raw_identifier_module_is_found_in_the_file_without_r_hash() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("lib.rs");
        std::fs::write(&root, "pub mod r#ref;\npub use r#ref::Ref;\n").unwrap();
        std::fs::write(dir.path().join("ref.rs"), "mod r#impl;\npub struct Ref;\n").unwrap();
        std::fs::create_dir(dir.path().join("ref")).unwrap();
        std::fs::write(dir.path().join("ref").join("impl.rs"), "pub fn f() {}\n").unwrap();
        let display = |path: &Path| path.display().to_string();
        let tree = CrateTree::load(&root, &display, None).unwrap();
        let paths: Vec<String> = tree.modules.iter().map(|m| m.path.join("::")).collect();
        assert_eq!(paths, ["", "r#ref", "r#ref::r#impl"]);
        assert_eq!(tree.files.len(), 3);
    }
}
