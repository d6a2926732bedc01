//! Which library modules go into a bundle: those the problem reaches, transitively.
//!
//! A reached module is kept whole (minus test code). Its ancestors are kept as containers:
//! only their `mod` declarations leading to kept modules (and their inner attributes) stay.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenTree;
use syn::Item;

use super::modtree::CrateTree;
use super::resolve::{CrateId, Loc, Resolver};
use super::shake::idents_of;

pub struct Selection {
    /// File modules kept whole, with their inline modules.
    pub whole: BTreeSet<Loc>,
    /// Every kept module: the above plus their ancestors.
    pub kept: BTreeSet<Loc>,
}

impl Selection {
    pub fn compute(resolver: &Resolver) -> Selection {
        let mut selection = Selection {
            whole: BTreeSet::new(),
            kept: BTreeSet::new(),
        };
        let mut queue = Vec::new();
        let problem_files = 0..resolver.view(CrateId::PROBLEM).tree.files.len();
        for target in problem_files
            .clone()
            .flat_map(|f| targets_in_file(resolver, CrateId::PROBLEM, f))
        {
            selection.keep(resolver, target, &mut queue);
        }
        let written = problem_words(resolver);
        let mut globbed = BTreeSet::new();
        for glob in problem_files.flat_map(|f| problem_globs(resolver, f)) {
            selection.keep_glob(resolver, glob, &written, &mut globbed, &mut queue);
        }
        loop {
            while let Some((krate, file_module)) = queue.pop() {
                let file = resolver.view(krate).tree.module(file_module).file;
                for target in targets_in_file(resolver, krate, file) {
                    selection.keep(resolver, target, &mut queue);
                }
            }
            for module in impl_holders(resolver, &selection.whole) {
                selection.keep(resolver, module, &mut queue);
            }
            let passed = resolver.passed_through.borrow().clone();
            for module in passed {
                selection.keep_container(resolver, module, &mut queue);
            }
            if queue.is_empty() {
                return selection;
            }
        }
    }

    /// Whether anything of `krate` is kept.
    pub fn reaches(&self, krate: CrateId) -> bool {
        self.kept.iter().any(|&(k, _)| k == krate)
    }

    /// Paths of the kept modules of `krate`, for messages (`games::nim`).
    pub fn describe(&self, lib: &CrateTree, krate: CrateId) -> Vec<String> {
        self.whole
            .iter()
            .filter(|&&(k, _)| k == krate)
            .map(|&(_, m)| lib.module(m).path.join("::"))
            .filter(|p| !p.is_empty())
            .collect()
    }

    fn keep(&mut self, resolver: &Resolver, (krate, module): Loc, queue: &mut Vec<Loc>) {
        let lib = resolver.view(krate).tree;
        let file_module = lib.file_module(module);
        if !self.whole.insert((krate, file_module)) {
            return;
        }
        queue.push((krate, file_module));
        let file = &lib.files[lib.module(file_module).file];
        self.kept
            .extend(file.scope_modules.iter().map(|&m| (krate, m)));
        self.keep_ancestors(resolver, (krate, file_module), queue);
    }

    /// What a glob import of the problem (`use ac_library::*;`) needs of `module`: the names
    /// the problem writes are resolved through the glob like any path, so a module that only
    /// re-exports (ac-library's root) stays a container, and of its `pub use` leaves only the
    /// traits whose methods, constants or types the problem writes (`x.gcd(&y)` after `use
    /// num::*;`) are followed, and its globs the same way. A module that defines items of its
    /// own, or an inline one, is kept whole, as any module a path reaches.
    fn keep_glob(
        &mut self,
        resolver: &Resolver,
        loc: Loc,
        written: &BTreeSet<String>,
        seen: &mut BTreeSet<Loc>,
        queue: &mut Vec<Loc>,
    ) {
        if !seen.insert(loc) {
            return;
        }
        let (krate, module) = loc;
        let tree = resolver.view(krate).tree;
        let m = tree.module(module);
        let file = &tree.files[m.file];
        if !(m.is_file_module() || reexports_only(tree, module)) || defines_items(file, m.scope) {
            return self.keep(resolver, loc, queue);
        }
        self.keep_container(resolver, loc, queue);
        let public = file
            .facts
            .uses
            .iter()
            .filter(|u| u.scope == m.scope && u.visibility == "pub");
        for leaf in public.flat_map(|u| u.leaves()) {
            let passed_before = resolver.passed_through.borrow().clone();
            let targets = resolver.use_targets(krate, module, leaf.leading_colon, &leaf.segments);
            if leaf.is_glob {
                for target in targets {
                    self.keep_glob(resolver, target, written, seen, queue);
                }
                continue;
            }
            let Some(name) = leaf.segments.last() else {
                continue;
            };
            let used: Vec<Loc> = targets
                .into_iter()
                .filter(|&(k, t)| {
                    let tree = resolver.view(k).tree;
                    let t = tree.module(t);
                    let members = tree.files[t.file].facts.scopes[t.scope].traits.get(name);
                    members.is_some_and(|m| m.iter().any(|n| written.contains(n)))
                })
                .collect();
            if used.is_empty() {
                // Resolving a leaf that stays out must not keep what it went through.
                *resolver.passed_through.borrow_mut() = passed_before;
            }
            for target in used {
                self.keep(resolver, target, queue);
            }
        }
    }

    /// Keeps `module` as a container (of the re-exports a path went through), unless it is
    /// an inline module with more than `use` items: those are kept whole with their file.
    /// One of only `use` items (num's `pub mod rational { pub use num_rational::*; }`) is a
    /// container in its file, which then need not be kept whole.
    fn keep_container(&mut self, resolver: &Resolver, loc: Loc, queue: &mut Vec<Loc>) {
        let tree = resolver.view(loc.0).tree;
        if !tree.module(loc.1).is_file_module() && !reexports_only(tree, loc.1) {
            return self.keep(resolver, loc, queue);
        }
        if self.kept.insert(loc) {
            self.keep_ancestors(resolver, loc, queue);
        }
    }

    fn keep_ancestors(&mut self, resolver: &Resolver, (krate, module): Loc, queue: &mut Vec<Loc>) {
        let lib = resolver.view(krate).tree;
        let mut ancestor = lib.module(module).parent;
        while let Some(a) = ancestor {
            self.kept.insert((krate, a));
            // Only file modules can be cut down to containers; an inline one keeps its file.
            if !lib.module(a).is_file_module() {
                self.keep(resolver, (krate, a), queue);
            }
            ancestor = lib.module(a).parent;
        }
    }
}

/// File modules not kept yet that hold an impl whose trait or self type is in a kept module,
/// or impls that a macro makes (a file whose items are calls of a `macro_rules!` that writes
/// `impl`: allocator-api2's `vec/partial_eq.rs`, arbitrary's tuple impls) that name a kept
/// module anywhere (such an impl's trait and type are known only once the macro expands).
fn impl_holders(resolver: &Resolver, whole: &BTreeSet<Loc>) -> Vec<Loc> {
    // Looking at impls of modules that may stay out must not keep what their imports name.
    let passed_before = resolver.passed_through.borrow().clone();
    let impl_macros = impl_making_macros(resolver);
    let mut holders = Vec::new();
    for krate in resolver.inlined() {
        let lib = resolver.view(krate).tree;
        for (file_id, file) in lib.files.iter().enumerate() {
            if whole.contains(&(krate, file.scope_modules[0])) {
                continue;
            }
            let is_kept = |&(k, target): &Loc| {
                whole.contains(&(k, resolver.view(k).tree.file_module(target)))
            };
            // An impl is of use only when its trait and its type both can be: one of them
            // kept and neither in a module left out (num-complex's `impl Zero for Complex<T>`
            // kept every `Complex` for a solution naming only num's `BigUint`).
            let needed = file.facts.impls.iter().any(|imp| {
                let module = lib.scope_module(file_id, imp.scope);
                let targets: Vec<Loc> = imp
                    .paths
                    .iter()
                    .filter(|path| !through_extern_crate(file, path))
                    .flat_map(|path| resolver.targets(krate, module, path))
                    .collect();
                targets.iter().any(is_kept) && targets.iter().all(is_kept)
            }) || (file
                .facts
                .item_macro_calls
                .iter()
                .any(|call| impl_macros.contains_key(&call.name))
                && (!defines_items(file, 0) || writes_impls_for_others(file, &impl_macros))
                && macro_impls_needed(
                    &targets_in_file(resolver, krate, file_id),
                    |&(k, m): &Loc| k == krate && lib.file_module(m) != file.scope_modules[0],
                    &is_kept,
                ));
            if needed {
                holders.push((krate, file.scope_modules[0]));
            }
        }
    }
    *resolver.passed_through.borrow_mut() = passed_before;
    holders
}

/// Whether `module` is an inline module of nothing but `use` items (num's `pub mod rational {
/// pub use num_rational::*; }`): it can be a container like a file module.
pub(super) fn reexports_only(tree: &CrateTree, module: usize) -> bool {
    let m = tree.module(module);
    let facts = &tree.files[m.file].facts;
    let scope = &facts.scopes[m.scope];
    !m.is_file_module()
        && scope.items.is_empty()
        && scope.inline_children.is_empty()
        && facts.macro_defs.iter().all(|d| d.scope != m.scope)
        && facts.impls.iter().all(|i| i.scope != m.scope)
        && facts.paths.iter().all(|p| p.scope != m.scope)
}

/// Whether `path` starts with a name an `extern crate` of std, core or alloc in its file binds
/// (`std::error::Error` after getrandom's `extern crate std;`): it leads out of the bundle's
/// crates, though the name is an item of the file's own module to the resolver.
fn through_extern_crate(file: &super::modtree::LoadedFile, path: &super::facts::PathOcc) -> bool {
    path.leading_colon.is_none()
        && path.segments.len() > 1
        && file.facts.extern_crates.iter().any(|k| {
            ["std", "core", "alloc"].contains(&k.name.as_str()) && path.segments[0].name == k.bound
        })
}

/// Whether a file defines items of its own at its top (not only modules, `extern crate`s,
/// macros and impls; an item inside a function body counts too, an over-approximation):
/// the impls its macros write are then for its own types (num-rational's `Ratio`), of no use
/// while the file is not kept.
fn defines_items(file: &super::modtree::LoadedFile, scope: usize) -> bool {
    !own_item_names(file, scope).is_empty()
}

/// The names of the items [`defines_items`] counts.
fn own_item_names(file: &super::modtree::LoadedFile, scope: usize) -> BTreeSet<&String> {
    let modules: BTreeSet<&String> = file.facts.mod_decls.iter().map(|d| &d.name).collect();
    let crates: BTreeSet<&String> = file.facts.extern_crates.iter().map(|k| &k.bound).collect();
    file.facts.scopes[scope]
        .items
        .iter()
        .filter(|name| {
            !modules.contains(name)
                && !crates.contains(name)
                && !file.facts.scopes[scope].inline_children.contains_key(*name)
        })
        .collect()
}

/// Whether impls a macro writes in a file whose paths lead to `targets` can be of use: the
/// file names a kept module, and every module of its own crate it names is kept (what the
/// macro implements is known only once it expands; a module of its own crate left out is
/// where its type or trait lives: num-complex's `pow.rs` writes `Pow` for `super::Complex`).
fn macro_impls_needed(
    targets: &[Loc],
    in_own_crate: impl Fn(&Loc) -> bool,
    is_kept: &impl Fn(&Loc) -> bool,
) -> bool {
    targets.iter().any(is_kept) && targets.iter().filter(|t| in_own_crate(t)).all(is_kept)
}

/// Whether one of `file`'s item macro calls writes impls that are not for the file's own
/// items: neither its input nor the header of an impl its macros write names one (az's
/// `unsigned! { u8, … }` writes `Cast<$Dst> for $Src` beside the file's own helper types;
/// num-rational's `impl_formatting!` writes `… for Ratio<T>`, its file's own type).
fn writes_impls_for_others(
    file: &super::modtree::LoadedFile,
    impl_macros: &BTreeMap<String, BTreeSet<String>>,
) -> bool {
    let own = own_item_names(file, 0);
    file.facts
        .item_macro_calls
        .iter()
        .filter_map(|call| Some((impl_macros.get(&call.name)?, &call.input)))
        .any(|(headers, input)| {
            !input.iter().any(|n| own.contains(n)) && !headers.iter().any(|n| own.contains(n))
        })
}

/// The inlined crates' `macro_rules!` that write `impl`, by name, each with the names in the
/// headers of the impls it writes: those whose bodies write it themselves, and those whose
/// bodies call such a macro (az's `unsigned!` calls `same_signedness!`, which calls
/// `common!`), with their callees' header names.
fn impl_making_macros(resolver: &Resolver) -> BTreeMap<String, BTreeSet<String>> {
    let mut bodies: Vec<&MacroBody> = Vec::new();
    let mut writers: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for krate in resolver.inlined() {
        for file in &resolver.view(krate).tree.files {
            bodies.extend(&file.facts.macros);
        }
    }
    for body in bodies.iter().filter(|body| body.writes_impl) {
        let headers = writers.entry(body.name.clone()).or_default();
        headers.extend(body.impl_header_names.iter().cloned());
    }
    // Until no macro is added and no header name spreads to a caller.
    loop {
        let mut changed = false;
        for body in &bodies {
            if !body.calls.iter().any(|callee| writers.contains_key(callee)) {
                continue;
            }
            let called: BTreeSet<String> = body
                .calls
                .iter()
                .filter_map(|callee| writers.get(callee))
                .flatten()
                .cloned()
                .collect();
            let known = writers.contains_key(&body.name);
            let headers = writers.entry(body.name.clone()).or_default();
            let before = headers.len();
            headers.extend(called);
            changed |= !known || headers.len() != before;
        }
        if !changed {
            break;
        }
    }
    writers
}

/// A `macro_rules!` as the reach sees it without expanding it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MacroBody {
    pub name: String,
    /// Whether its body writes `impl` itself.
    pub writes_impl: bool,
    /// The macros its body calls (`name!`), by name.
    pub calls: Vec<String>,
    /// The identifiers in the headers (from `impl` to the braces) of the impls its body
    /// writes itself.
    pub impl_header_names: BTreeSet<String>,
}

/// The `macro_rules!` of `items` (and of inline modules among them), each as a [`MacroBody`].
pub(super) fn macro_bodies(items: &[Item]) -> Vec<MacroBody> {
    let mut bodies = Vec::new();
    visit_items(items, &mut |item| {
        if let Item::Macro(mac) = item {
            if let Some(name) = &mac.ident {
                let tokens: Vec<TokenTree> = mac.mac.tokens.clone().into_iter().collect();
                let mut body = MacroBody {
                    name: name.to_string(),
                    ..MacroBody::default()
                };
                scan_body(&tokens, &mut body);
                body.calls.sort();
                body.calls.dedup();
                bodies.push(body);
            }
        }
    });
    bodies
}

/// Records in `body` the macro calls (an identifier, then `!`) and impl headers of `tokens`.
fn scan_body(tokens: &[TokenTree], body: &mut MacroBody) {
    for (at, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                // `name!`, not `a != b` (a `!` joined to the `=` after it).
                let bang = matches!(tokens.get(at + 1), Some(TokenTree::Punct(p))
                    if p.as_char() == '!' && p.spacing() == proc_macro2::Spacing::Alone);
                if bang && ident != "macro_rules" {
                    body.calls.push(ident.to_string());
                }
                if ident == "impl" {
                    body.writes_impl = true;
                    for next in &tokens[at + 1..] {
                        match next {
                            TokenTree::Group(g)
                                if g.delimiter() == proc_macro2::Delimiter::Brace =>
                            {
                                break
                            }
                            TokenTree::Punct(p) if p.as_char() == ';' => break,
                            other => idents_of(other, &mut body.impl_header_names),
                        }
                    }
                }
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                scan_body(&inner, body);
            }
            _ => {}
        }
    }
}

/// A macro a file calls as an item.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ItemMacroCall {
    /// The last segment of the macro's path.
    pub name: String,
    /// The identifiers in its input.
    pub input: BTreeSet<String>,
}

/// The macros `items` (or inline modules among them) call as items (a fact of each file:
/// `FileFacts::item_macro_calls`).
pub(super) fn item_macro_calls(items: &[Item]) -> Vec<ItemMacroCall> {
    let mut calls = Vec::new();
    visit_items(items, &mut |item| {
        if let Item::Macro(mac) = item {
            let name = mac.mac.path.segments.last().map(|s| s.ident.to_string());
            if let (None, Some(name)) = (&mac.ident, name) {
                let mut input = BTreeSet::new();
                mac.mac
                    .tokens
                    .clone()
                    .into_iter()
                    .for_each(|t| idents_of(&t, &mut input));
                calls.push(ItemMacroCall { name, input });
            }
        }
    });
    calls
}

/// Each item, and those of inline modules.
fn visit_items(items: &[Item], visit: &mut impl FnMut(&Item)) {
    for item in items {
        visit(item);
        if let Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) = item
        {
            visit_items(inner, visit);
        }
    }
}

/// The modules of inlined crates the paths and `use` items of one file of `krate` lead to
/// (the problem's glob imports aside: [`problem_globs`]).
fn targets_in_file(resolver: &Resolver, krate: CrateId, file: usize) -> Vec<Loc> {
    let tree = resolver.view(krate).tree;
    let facts = &tree.files[file].facts;
    let mut targets = Vec::new();
    for path in facts.paths.iter().filter(|p| !p.is_visibility) {
        let module = tree.scope_module(file, path.scope);
        targets.extend(resolver.targets(krate, module, path));
    }
    for item in &facts.uses {
        let module = tree.scope_module(file, item.scope);
        for leaf in item.leaves() {
            if leaf.is_glob && krate.is_problem() {
                continue;
            }
            targets.extend(resolver.use_targets(krate, module, leaf.leading_colon, &leaf.segments));
        }
    }
    targets
}

/// The modules of inlined crates the glob imports of one file of the problem lead to.
fn problem_globs(resolver: &Resolver, file: usize) -> Vec<Loc> {
    let tree = resolver.view(CrateId::PROBLEM).tree;
    let mut targets = Vec::new();
    for item in &tree.files[file].facts.uses {
        let module = tree.scope_module(file, item.scope);
        for leaf in item.leaves().into_iter().filter(|l| l.is_glob) {
            let found =
                resolver.use_targets(CrateId::PROBLEM, module, leaf.leading_colon, &leaf.segments);
            targets.extend(found);
        }
    }
    targets
}

/// Every identifier-like word of the problem's files (comments too: erring towards keeping).
fn problem_words(resolver: &Resolver) -> BTreeSet<String> {
    let tree = resolver.view(CrateId::PROBLEM).tree;
    let mut words = BTreeSet::new();
    for file in &tree.files {
        let text = file.source.text.as_str();
        words.extend(
            text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        );
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_macro_body_is_read_for_the_macros_it_calls_and_the_headers_of_its_impls() {
        let file: syn::File = syn::parse_str(
            "macro_rules! outer { ($($t:ty),*) => { $( inner! { $t } )* \
             fn check(a: u8, b: u8) -> bool { a != b && !(a == b) } }; }\n\
             macro_rules! inner { ($t:ty) => { impl Cast<$t> for Src where $t: Copy { fn cast(self) {} } }; }\n",
        )
        .unwrap();
        let bodies = macro_bodies(&file.items);
        assert_eq!(bodies[0].name, "outer");
        assert_eq!(bodies[0].calls, ["inner"]);
        assert!(bodies[0].impl_header_names.is_empty());
        assert_eq!(bodies[1].calls, Vec::<String>::new());
        let headers: Vec<&str> = bodies[1]
            .impl_header_names
            .iter()
            .map(String::as_str)
            .collect();
        assert_eq!(headers, ["Cast", "Copy", "Src", "for", "t", "where"]);
        assert!(bodies[1].writes_impl && !bodies[0].writes_impl);
    }
}
