//! A crate's module tree: every file reached through `mod name;` (layouts `a.rs` + `a/b.rs`,
//! `a/mod.rs`, and `#[path]`), and every inline `mod name { … }`.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use proc_macro2::{TokenStream, TokenTree};

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
    /// Where a `mod name;` at the top of the file looks for `name.rs` / `name/mod.rs`.
    mod_dir: PathBuf,
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
        tree.inline_macro_modules(display)?;
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
            // Before anything else moves text: a call's line and column are the file's.
            let source = super::located::expand(source)?;
            let source =
                super::include::inline(source, path.parent().unwrap_or(Path::new(".")), features)?;
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
            mod_dir: dir.clone(),
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

/// A `mod name;` in a `macro_rules!` body: the file it declares, read where the macro is
/// called.
struct MacroModule {
    file: FileId,
    macro_name: String,
    name: String,
    range: Range<usize>,
}

impl CrateTree {
    /// A `mod name;` inside a `macro_rules!` body (libc's `prelude!()` declares `mod types;`)
    /// is looked for by rustc beside the module that calls the macro; in the bundle there is
    /// no file beside anything. Each becomes `mod name { … }` with the file's tokens, on the
    /// declaration's line, when every call of the macro is in files of one directory; else
    /// the bundle is refused, naming the declaration.
    fn inline_macro_modules(&mut self, display: Display) -> Result<()> {
        // Found when the file's facts were collected (kept with them).
        let found: Vec<MacroModule> = self
            .files
            .iter()
            .enumerate()
            .flat_map(|(file, loaded)| {
                loaded
                    .facts
                    .macro_modules
                    .iter()
                    .map(move |(macro_name, name, range)| MacroModule {
                        file,
                        macro_name: macro_name.clone(),
                        name: name.clone(),
                        range: range.clone(),
                    })
            })
            .collect();
        let mut by_file: BTreeMap<FileId, Vec<(Range<usize>, String)>> = BTreeMap::new();
        for decl in found {
            let source = &self.files[decl.file].source;
            let location = source.location(decl.range.start);
            let mut dirs: Vec<&PathBuf> = self
                .files
                .iter()
                .filter(|f| calls_macro(&f.source.text, &decl.macro_name))
                .map(|f| &f.mod_dir)
                .collect();
            dirs.sort();
            dirs.dedup();
            let dir = match dirs.as_slice() {
                // Never called: rustc never reads the declaration either.
                [] => continue,
                [dir] => dir,
                _ => bail!(
                    "{location}: `mod {};` inside `macro_rules! {}` declares a module in each \
                     module calling the macro, and it is called from several directories; a \
                     bundle cannot carry that",
                    decl.name,
                    decl.macro_name
                ),
            };
            let file_name = decl.name.strip_prefix("r#").unwrap_or(&decl.name);
            let Some(path) = [
                dir.join(format!("{file_name}.rs")),
                dir.join(file_name).join("mod.rs"),
            ]
            .into_iter()
            .find(|p| p.is_file()) else {
                bail!(
                    "{location}: file not found for module `{}` declared in `macro_rules! {}`: \
                     expected {}",
                    decl.name,
                    decl.macro_name,
                    display(&dir.join(format!("{file_name}.rs")))
                );
            };
            let module = Source::load(&path, display(&path))?;
            let nested = module
                .syntax()?
                .items
                .iter()
                .any(|item| matches!(item, syn::Item::Mod(m) if m.content.is_none()));
            if nested {
                bail!(
                    "{}: a module declared inside `macro_rules! {}` ({location}) declares \
                     modules of its own; a bundle cannot follow them",
                    module.display,
                    decl.macro_name
                );
            }
            let tokens = module
                .text
                .parse::<TokenStream>()
                .map_err(|err| anyhow::anyhow!("{}: {err}", module.display))?;
            // Pasted into the macro's body, a `$` of the file (a `macro_rules!` of its own)
            // would be the outer macro's.
            if has_dollar(tokens.clone()) {
                bail!(
                    "{}: a module declared inside `macro_rules! {}` ({location}) writes `$` (a \
                     macro of its own); pasted into that macro's body it would change meaning, \
                     so a bundle cannot carry it",
                    module.display,
                    decl.macro_name
                );
            }
            by_file
                .entry(decl.file)
                .or_default()
                .push((decl.range, format!("mod {} {{ {tokens} }}", decl.name)));
        }
        for (file, mut replacements) in by_file {
            let loaded = &mut self.files[file];
            let mut text = loaded.source.text.clone();
            replacements.sort_by_key(|(range, _)| range.start);
            for (range, replacement) in replacements.into_iter().rev() {
                text.replace_range(range, &replacement);
            }
            let source = Source::parse(loaded.source.display.clone(), text)?;
            loaded.facts =
                FileFacts::collect(source.syntax()?, &source.text, self.features.as_ref());
            loaded.source = source;
        }
        Ok(())
    }
}

/// The `mod name;` declarations inside the `macro_rules!` bodies of `text` (see
/// [`CrateTree::inline_macro_modules`]): each macro's name, the module's name and the
/// declaration's range.
pub(super) fn macro_modules_of(text: &str) -> Vec<(String, String, Range<usize>)> {
    let mut found: Vec<MacroModule> = Vec::new();
    if !(text.contains("macro_rules") && text.contains("mod ")) {
        return Vec::new();
    }
    if let Ok(tokens) = text.parse::<TokenStream>() {
        macro_modules(0, tokens, &mut found);
    }
    found
        .into_iter()
        .map(|m| (m.macro_name, m.name, m.range))
        .collect()
}

/// The `mod name;` declarations inside the `macro_rules!` bodies among `tokens`.
fn macro_modules(file: FileId, tokens: TokenStream, found: &mut Vec<MacroModule>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match (
            token,
            tokens.get(i + 1),
            tokens.get(i + 2),
            tokens.get(i + 3),
        ) {
            (
                TokenTree::Ident(word),
                Some(TokenTree::Punct(bang)),
                Some(TokenTree::Ident(name)),
                Some(TokenTree::Group(body)),
            ) if word == "macro_rules" && bang.as_char() == '!' => {
                let mut decls = Vec::new();
                mod_decls_in(body.stream(), &mut decls);
                found.extend(decls.into_iter().map(|(name_of_mod, range)| MacroModule {
                    file,
                    macro_name: name.to_string(),
                    name: name_of_mod,
                    range,
                }));
            }
            (TokenTree::Group(group), ..) => macro_modules(file, group.stream(), found),
            _ => {}
        }
    }
}

/// `mod name;` (a literal name, not `$name`) anywhere in a macro's body.
fn mod_decls_in(tokens: TokenStream, decls: &mut Vec<(String, Range<usize>)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(group) = token {
            mod_decls_in(group.stream(), decls);
            continue;
        }
        let after_dollar =
            i > 0 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
        if let (
            TokenTree::Ident(word),
            Some(TokenTree::Ident(name)),
            Some(TokenTree::Punct(semi)),
        ) = (token, tokens.get(i + 1), tokens.get(i + 2))
        {
            if word == "mod" && semi.as_char() == ';' && !after_dollar {
                let range = word.span().byte_range().start..semi.span().byte_range().end;
                decls.push((name.to_string(), range));
            }
        }
    }
}

fn has_dollar(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Punct(p) => p.as_char() == '$',
        TokenTree::Group(g) => has_dollar(g.stream()),
        _ => false,
    })
}

/// Whether `text` calls macro `name` (`name!(…)`, `name! { … }`), outside its definition.
fn calls_macro(text: &str, name: &str) -> bool {
    if !text.contains(name) {
        return false;
    }
    fn scan(tokens: TokenStream, name: &str) -> bool {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        tokens.iter().enumerate().any(|(i, token)| match token {
            TokenTree::Group(group) => scan(group.stream(), name),
            TokenTree::Ident(ident) => {
                ident == name
                    && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                    && !matches!(i.checked_sub(1).map(|j| &tokens[j]), Some(TokenTree::Punct(p)) if p.as_char() == '!')
            }
            _ => false,
        })
    }
    text.parse::<TokenStream>()
        .is_ok_and(|tokens| scan(tokens, name))
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
    fn a_module_declared_in_a_macros_body_is_inlined_from_beside_its_callers() {
        // libc 0.2: `macro_rules! prelude { () => { mod types; mod prelude { … } } }` in
        // src/macros.rs, called in src/lib.rs; rustc reads src/types.rs.
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "lib.rs",
            "#[macro_use]\nmod macros;\nmod inner;\nprelude!();\n",
        );
        write(
            "macros.rs",
            "macro_rules! prelude {\n    () => {\n        mod types;\n        pub use self::types::*;\n    };\n}\n",
        );
        write(
            "types.rs",
            "//! The C types.\n#![allow(dead_code)]\npub type Int = i32; // 32 bits\n",
        );
        write("inner.rs", "pub fn f() {}\n");
        let display = |path: &Path| path.display().to_string();
        let tree = CrateTree::load(&dir.path().join("lib.rs"), &display, None).unwrap();
        let macros = &tree.files[1].source.text;
        assert!(macros.contains("mod types { "), "{macros}");
        assert!(macros.contains("pub type Int = i32 ;"), "{macros}");
        assert!(!macros.contains("32 bits"), "{macros}");
        assert_eq!(macros.lines().count(), 6, "{macros}");
        // Called from src/ and src/inner/ as well: two files `types.rs`, refused.
        write("inner.rs", "prelude!();\n");
        let refusal = || {
            CrateTree::load(&dir.path().join("lib.rs"), &display, None)
                .err()
                .expect("refused")
                .to_string()
        };
        let refused = refusal();
        assert!(
            refused.contains("macros.rs:3:9: `mod types;` inside `macro_rules! prelude`"),
            "{refused}"
        );
        // A file with a macro of its own: its `$` would be the outer macro's.
        write("inner.rs", "pub fn f() {}\n");
        write(
            "types.rs",
            "macro_rules! each { ($($t:ident),*) => { $(pub type $t = i32;)* } }\neach!(A, B);\n",
        );
        let refused = refusal();
        assert!(refused.contains("writes `$`"), "{refused}");
        // A module of its own: not followed, refused.
        write("types.rs", "mod sub;\npub type Int = i32;\n");
        let refused = refusal();
        assert!(refused.contains("declares modules of its own"), "{refused}");
        // No file: refused, naming where it was looked for.
        std::fs::remove_file(dir.path().join("types.rs")).unwrap();
        let refused = refusal();
        assert!(
            refused.contains("file not found for module `types`") && refused.contains("types.rs"),
            "{refused}"
        );
        // Never called: left as it is.
        write("lib.rs", "#[macro_use]\nmod macros;\n");
        let tree = CrateTree::load(&dir.path().join("lib.rs"), &display, None).unwrap();
        assert!(tree.files[1].source.text.contains("        mod types;\n"));
    }

    #[test]
    fn a_macros_module_is_inlined_from_kept_facts_too() {
        // The `mod name;` declarations in macro bodies are facts of the file, kept with the
        // others: a second load reads them back instead of tokenizing the file again.
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write("lib.rs", "#[macro_use]\nmod macros;\nprelude!();\n");
        write(
            "macros.rs",
            "macro_rules! prelude {\n    () => {\n        mod types;\n    };\n}\n",
        );
        write("types.rs", "pub type Int = i32;\n");
        let display = |path: &Path| path.display().to_string();
        let store = dir.path().join("store");
        let load = || {
            super::super::facts::store::using(store.clone(), || {
                CrateTree::load(&dir.path().join("lib.rs"), &display, None).unwrap()
            })
        };
        let fresh = load();
        let kept_files = std::fs::read_dir(&store).unwrap().count();
        assert!(
            kept_files >= 2,
            "the facts of lib.rs and macros.rs are kept"
        );
        let kept = load();
        for tree in [&fresh, &kept] {
            let macros = &tree.files[1].source.text;
            assert!(
                macros.contains("mod types { pub type Int = i32 ; }"),
                "{macros}"
            );
        }
    }

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
