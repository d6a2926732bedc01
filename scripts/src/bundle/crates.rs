//! Refuses problems that use a crate other than std and the library: judges have none.

use anyhow::{bail, Result};

use super::resolve::{CrateId, Resolver};
use crate::workspace::Problem;

const STD_CRATES: [&str; 3] = ["std", "core", "alloc"];

/// A problem may depend on the library by its crate name or its package name
/// (`ac_library` / `ac-library-rs`); `dependencies` holds names with `-` as `_`.
pub fn check_manifest(problem: &Problem, lib_name: &str, lib_package: &str) -> Result<()> {
    let package = lib_package.replace('-', "_");
    if let Some(dep) = problem
        .dependencies
        .iter()
        .find(|d| *d != lib_name && **d != package)
    {
        if is_proc_macro(problem, dep) {
            bail!(
                "problems/{}/Cargo.toml depends on crate `{dep}`, a proc-macro crate: its code runs inside the compiler while building, so it cannot be pasted into a bundle",
                problem.id
            );
        }
        bail!(
            "problems/{}/Cargo.toml depends on crate `{dep}`; judges have no crates, so a bundle may use only std and {lib_name}",
            problem.id
        );
    }
    Ok(())
}

/// Whether dependency `dep` (`-` written `_`) is a path dependency with `[lib] proc-macro`.
fn is_proc_macro(problem: &Problem, dep: &str) -> bool {
    let read = |path: &std::path::Path| -> Option<toml::Table> {
        std::fs::read_to_string(path).ok()?.parse().ok()
    };
    let Some(manifest) = read(&problem.dir.join("Cargo.toml")) else {
        return false;
    };
    let path = manifest
        .get("dependencies")
        .and_then(|deps| deps.as_table())
        .and_then(|deps| {
            deps.iter()
                .find(|(name, _)| name.replace('-', "_") == dep)
                .and_then(|(_, spec)| spec.get("path")?.as_str())
        });
    let Some(dep_manifest) = path.and_then(|p| read(&problem.dir.join(p).join("Cargo.toml")))
    else {
        return false;
    };
    dep_manifest
        .get("lib")
        .and_then(|lib| lib.get("proc-macro"))
        .and_then(|v| v.as_bool())
        == Some(true)
}

/// Looks at `extern crate`, `use` roots and `::name` paths of the files in `files`.
pub fn check_sources(resolver: &Resolver, krate: CrateId, files: &[usize]) -> Result<()> {
    let view = resolver.view(krate);
    let tree = view.tree;
    for &file_id in files {
        let file = &tree.files[file_id];
        let refuse = |name: &str, offset: usize| -> Result<()> {
            bail!(
                "{}: uses crate `{name}`; judges have no crates, so a bundle may use only std and {}",
                file.source.location(offset),
                resolver.lib_name
            )
        };
        let is_known_crate =
            |name: &str| STD_CRATES.contains(&name) || view.extern_crate(name).is_some();
        for krate in &file.facts.extern_crates {
            if !is_known_crate(&krate.name) && krate.name != "self" {
                refuse(&krate.name, krate.range.start)?;
            }
        }
        for path in file
            .facts
            .paths
            .iter()
            .filter(|p| p.leading_colon.is_some())
        {
            if !is_known_crate(&path.segments[0].name) {
                refuse(&path.segments[0].name, path.segments[0].range.start)?;
            }
        }
        for item in &file.facts.uses {
            let module = tree.scope_module(file_id, item.scope);
            let scope = &file.facts.scopes[item.scope];
            let imports = &view.imports[module];
            for leaf in item.leaves() {
                let Some(first) = leaf.segments.first() else {
                    continue;
                };
                let is_local = ["crate", "self", "super", "$crate"].contains(&first.as_str())
                    || scope.items.contains(first)
                    || tree.module(module).children.contains_key(first)
                    || imports.names.contains_key(first)
                    || !imports.globs.is_empty();
                if leaf.leading_colon && !is_known_crate(first)
                    || !leaf.leading_colon && !is_local && !is_known_crate(first)
                {
                    refuse(first, item.range.start)?;
                }
            }
        }
    }
    Ok(())
}
