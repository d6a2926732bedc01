//! Which library modules go into a bundle: those the problem reaches, transitively.
//!
//! A reached module is kept whole (minus test code). Its ancestors are kept as containers:
//! only their `mod` declarations leading to kept modules (and their inner attributes) stay.

use std::collections::BTreeSet;

use super::modtree::{CrateTree, ModId};
use super::resolve::{CrateId, Resolver};

pub struct Selection {
    /// File modules kept whole, with their inline modules.
    pub whole: BTreeSet<ModId>,
    /// Every kept module: the above plus their ancestors.
    pub kept: BTreeSet<ModId>,
}

impl Selection {
    pub fn compute(resolver: &Resolver) -> Selection {
        let mut selection = Selection {
            whole: BTreeSet::new(),
            kept: BTreeSet::new(),
        };
        let mut queue = Vec::new();
        let lib = resolver.library.tree;
        let problem_files = 0..resolver.problem.tree.files.len();
        for target in problem_files.flat_map(|f| targets_in_file(resolver, CrateId::Problem, f)) {
            selection.keep(lib, target, &mut queue);
        }
        loop {
            while let Some(file_module) = queue.pop() {
                let file = lib.module(file_module).file;
                for target in targets_in_file(resolver, CrateId::Library, file) {
                    selection.keep(lib, target, &mut queue);
                }
            }
            for module in impl_holders(resolver, &selection.whole) {
                selection.keep(lib, module, &mut queue);
            }
            let passed = resolver.passed_through.borrow().clone();
            for module in passed {
                selection.keep_container(lib, module, &mut queue);
            }
            if queue.is_empty() {
                return selection;
            }
        }
    }

    /// Paths of the kept modules, for messages (`games::nim`).
    pub fn describe(&self, lib: &CrateTree) -> Vec<String> {
        self.whole
            .iter()
            .map(|&m| lib.module(m).path.join("::"))
            .filter(|p| !p.is_empty())
            .collect()
    }

    fn keep(&mut self, lib: &CrateTree, module: ModId, queue: &mut Vec<ModId>) {
        let file_module = lib.file_module(module);
        if !self.whole.insert(file_module) {
            return;
        }
        queue.push(file_module);
        let file = &lib.files[lib.module(file_module).file];
        self.kept.extend(file.scope_modules.iter().copied());
        self.keep_ancestors(lib, file_module, queue);
    }

    /// Keeps `module` as a container (of the re-exports a path went through), unless it is
    /// an inline module: those are kept whole with their file.
    fn keep_container(&mut self, lib: &CrateTree, module: ModId, queue: &mut Vec<ModId>) {
        if !lib.module(module).is_file_module() {
            return self.keep(lib, module, queue);
        }
        if self.kept.insert(module) {
            self.keep_ancestors(lib, module, queue);
        }
    }

    fn keep_ancestors(&mut self, lib: &CrateTree, module: ModId, queue: &mut Vec<ModId>) {
        let mut ancestor = lib.module(module).parent;
        while let Some(a) = ancestor {
            self.kept.insert(a);
            // Only file modules can be cut down to containers; an inline one keeps its file.
            if !lib.module(a).is_file_module() {
                self.keep(lib, a, queue);
            }
            ancestor = lib.module(a).parent;
        }
    }
}

/// File modules not kept yet that hold an impl whose trait or self type is in a kept module.
fn impl_holders(resolver: &Resolver, whole: &BTreeSet<ModId>) -> Vec<ModId> {
    let lib = resolver.library.tree;
    // Looking at impls of modules that may stay out must not keep what their imports name.
    let passed_before = resolver.passed_through.borrow().clone();
    let mut holders = Vec::new();
    for (file_id, file) in lib.files.iter().enumerate() {
        if whole.contains(&file.scope_modules[0]) {
            continue;
        }
        let needed = file.facts.impls.iter().any(|imp| {
            let module = lib.scope_module(file_id, imp.scope);
            imp.paths.iter().any(|path| {
                resolver
                    .targets(CrateId::Library, module, path)
                    .iter()
                    .any(|target| whole.contains(&lib.file_module(*target)))
            })
        });
        if needed {
            holders.push(file.scope_modules[0]);
        }
    }
    *resolver.passed_through.borrow_mut() = passed_before;
    holders
}

/// The library modules the paths and `use` items of one file of `krate` lead to.
fn targets_in_file(resolver: &Resolver, krate: CrateId, file: usize) -> Vec<ModId> {
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
            targets.extend(resolver.use_targets(krate, module, leaf.leading_colon, &leaf.segments));
        }
    }
    targets
}
