//! The tree keeps the design of docs/architecture.md: the `use crate::` graph of `scripts/src`
//! has no circle and no arrow from a layer up to a layer above it; the crate root stays a list
//! of modules; one step decides how a run ended.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, top first, and the top-level modules in each (docs/architecture.md).
const LAYERS: [(&str, &[&str]); 6] = [
    ("commands", &["cli", "commands"]),
    ("judging", &["judge", "report"]),
    (
        "building",
        &["solution", "helpers", "check", "judge_project"],
    ),
    ("bundling", &["bundle"]),
    ("rustc", &["rustc"]),
    (
        "base",
        &[
            "runner",
            "console",
            "workspace",
            "package",
            "suite",
            "settings",
            "spelling",
            "judges",
            "files",
            "id",
        ],
    ),
];

/// Each module (`judge::checker`; the root is `""`) and its source outside its tests.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.insert(
                    module_name(src, &path),
                    code_of(&fs::read_to_string(&path).unwrap()),
                );
            }
        }
    }
    out
}

fn module_name(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// The source without its test module (by convention last in a file) and without comments.
fn code_of(source: &str) -> String {
    let code = source.split("#[cfg(test)]").next().unwrap();
    code.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths named after `prefix` (`crate::` or `super::`): `judge::verdict::Verdict`, ...
fn paths_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let word_before = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
        rest = &rest[at + prefix.len()..];
        if word_before {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(inner.split(',').map(|item| {
                let item = item.trim();
                item[..item.find([' ', '{']).unwrap_or(item.len())].trim_end_matches(':')
            }));
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        out.push(rest[..end].trim_end_matches(':'));
    }
    out
}

/// The longest module `path` starts with.
fn resolve(modules: &BTreeMap<String, String>, path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split("::").collect();
    (1..=segments.len())
        .rev()
        .map(|n| segments[..n].join("::"))
        .find(|candidate| modules.contains_key(candidate))
}

fn is_within(module: &str, ancestor: &str) -> bool {
    ancestor.is_empty() || module == ancestor || module.starts_with(&format!("{ancestor}::"))
}

/// Arrows between modules. A module's use of its own ancestors (a child using its parent's
/// types) is not an arrow, nor a use of the crate root.
fn arrows(modules: &BTreeMap<String, String>) -> BTreeSet<(String, String)> {
    let mut arrows = BTreeSet::new();
    for (from, code) in modules {
        let parent = from.rsplit_once("::").map_or("", |(p, _)| p);
        let named = paths_after(code, "crate::")
            .into_iter()
            .map(str::to_string)
            .chain(paths_after(code, "super::").into_iter().map(|p| {
                format!("{parent}::{p}")
                    .trim_start_matches("::")
                    .to_string()
            }));
        for path in named {
            if let Some(to) = resolve(modules, &path) {
                if !is_within(from, &to) && !to.is_empty() && !from.is_empty() {
                    arrows.insert((from.clone(), to));
                }
            }
        }
    }
    arrows
}

fn layer_of(module: &str) -> usize {
    let top = module.split("::").next().unwrap();
    LAYERS
        .iter()
        .position(|(_, tops)| tops.contains(&top))
        .unwrap_or_else(|| {
            panic!("module `{top}` is in no layer: add it to docs/architecture.md and LAYERS")
        })
}

/// A circle of `arrows`, if there is one.
fn circle(arrows: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        next: &BTreeMap<&str, Vec<&str>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for to in next.get(node).into_iter().flatten() {
            if let Some(circle) = visit(to, next, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in arrows {
        next.entry(from).or_default().push(to);
    }
    let mut done = BTreeSet::new();
    next.keys()
        .find_map(|start| visit(start, &next, &mut Vec::new(), &mut done))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_import_graph_has_no_circle() {
    let arrows = arrows(&modules(&src()));
    assert!(arrows.len() > 40, "the graph was read: {arrows:?}");
    if let Some(circle) = circle(&arrows) {
        panic!("an import circle: {}", circle.join(" -> "));
    }
}

#[test]
fn arrows_run_down_the_layers() {
    let modules = modules(&src());
    let upward: Vec<String> = arrows(&modules)
        .into_iter()
        .filter(|(from, to)| layer_of(to) < layer_of(from))
        .map(|(from, to)| format!("{from} -> {to}"))
        .collect();
    assert!(upward.is_empty(), "arrows up the layers: {upward:#?}");
}

#[test]
fn the_checks_find_what_they_look_for() {
    let code = "use crate::judge::verdict::{self, Verdict};\nfn f() { super::show::x(); }";
    assert_eq!(paths_after(code, "crate::"), ["judge::verdict"]);
    assert_eq!(
        paths_after("use crate::{a::b, c};", "crate::"),
        ["a::b", "c"]
    );
    assert_eq!(paths_after(code, "super::"), ["show::x"]);
    assert_eq!(
        paths_after("$crate::console::terminal", "crate::"),
        Vec::<&str>::new()
    );
    assert_eq!(code_of("a // crate::x\n#[cfg(test)]\nuse crate::y;"), "a ");
    let arrows: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a")]
        .map(|(x, y)| (x.to_string(), y.to_string()))
        .into();
    assert_eq!(circle(&arrows).unwrap().len(), 4);
}

#[test]
fn the_crate_root_is_a_list_of_modules() {
    let root = fs::read_to_string(src().join("lib.rs")).unwrap();
    assert!(
        root.lines().count() < 80,
        "lib.rs has {} lines",
        root.lines().count()
    );
}

#[test]
fn one_step_decides_how_a_run_ended() {
    let callers: Vec<String> = modules(&src())
        .into_iter()
        .filter(|(_, code)| code.contains("from_outcome("))
        .map(|(module, _)| module)
        .collect();
    assert_eq!(callers, ["judge::execute", "judge::verdict"]);
}
