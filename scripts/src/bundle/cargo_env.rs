//! The variables cargo sets when it compiles a crate (`CARGO_PKG_VERSION`, `CARGO_PKG_NAME`,
//! `CARGO_MANIFEST_DIR`, `CARGO_CRATE_NAME`, …), read by `env!("…")` and `option_env!("…")`.
//! A judge runs plain rustc on the bundle, where none is set: each such call with a literal
//! name becomes the literal cargo would give THAT crate (a pasted crate's own version, not the
//! solution's), on the call's lines so the line map stays true.
//!
//! A call inside a `macro_rules!` body is left alone: it is evaluated where the macro is
//! expanded, which may be another crate. `OUT_DIR` and the variables a build script sets
//! (`cargo:rustc-env`) are not cargo's own and stay as they are (modtree refuses `OUT_DIR`).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};

use super::source::Source;

/// The variables cargo sets for one crate, by name.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CargoEnv {
    vars: BTreeMap<&'static str, String>,
    /// Whether the crate's target (lib or bin) was found in its manifest: only then is
    /// what cargo sets for some targets only decided.
    target_known: bool,
}

/// Set by cargo for binaries only: `option_env!` of it in a crate known to be a library is
/// `None`.
const SOMETIMES_SET: [&str; 1] = ["CARGO_BIN_NAME"];

impl CargoEnv {
    /// What cargo sets when it compiles the crate whose root file is `entry`: read from the
    /// nearest `Cargo.toml` above it with a `[package]` (fields inherited from
    /// `[workspace.package]` looked up there). Empty when there is none (a lone file).
    pub fn for_crate(entry: &Path) -> CargoEnv {
        let entry = std::path::absolute(entry).unwrap_or_else(|_| entry.to_path_buf());
        let Some((dir, manifest)) = package_manifest(&entry) else {
            return CargoEnv::default();
        };
        let package = &manifest["package"];
        let workspace = workspace_package(&dir);
        let field = |key: &str| -> Option<toml::Value> {
            match package.get(key) {
                Some(toml::Value::Table(t)) if t.get("workspace") == Some(&true.into()) => {
                    workspace.as_ref()?.get(key).cloned()
                }
                other => other.cloned(),
            }
        };
        let text = |key: &str| match field(key) {
            Some(toml::Value::String(s)) => s,
            _ => String::new(),
        };
        let mut vars = BTreeMap::new();
        let name = text("name");
        let version = match field("version") {
            Some(toml::Value::String(v)) => v,
            _ => "0.0.0".to_string(),
        };
        let core = version.split('+').next().unwrap_or("");
        let (numbers, pre) = core.split_once('-').unwrap_or((core, ""));
        let mut parts = numbers.split('.');
        for key in [
            "CARGO_PKG_VERSION_MAJOR",
            "CARGO_PKG_VERSION_MINOR",
            "CARGO_PKG_VERSION_PATCH",
        ] {
            vars.insert(key, parts.next().unwrap_or("").to_string());
        }
        vars.insert("CARGO_PKG_VERSION_PRE", pre.to_string());
        vars.insert("CARGO_PKG_VERSION", version.clone());
        let authors = match field("authors") {
            Some(toml::Value::Array(list)) => list
                .iter()
                .filter_map(|a| a.as_str())
                .collect::<Vec<_>>()
                .join(":"),
            _ => String::new(),
        };
        vars.insert("CARGO_PKG_AUTHORS", authors);
        vars.insert("CARGO_PKG_DESCRIPTION", text("description"));
        vars.insert("CARGO_PKG_HOMEPAGE", text("homepage"));
        vars.insert("CARGO_PKG_REPOSITORY", text("repository"));
        vars.insert("CARGO_PKG_LICENSE", text("license"));
        vars.insert("CARGO_PKG_LICENSE_FILE", text("license-file"));
        vars.insert("CARGO_PKG_RUST_VERSION", text("rust-version"));
        let readme = match field("readme") {
            Some(toml::Value::String(path)) => path,
            Some(toml::Value::Boolean(false)) => String::new(),
            // Unset: cargo takes the first of these that exists.
            _ => ["README.md", "README.txt", "README"]
                .into_iter()
                .find(|f| dir.join(f).is_file())
                .unwrap_or("")
                .to_string(),
        };
        vars.insert("CARGO_PKG_README", readme);
        vars.insert("CARGO_MANIFEST_DIR", dir.display().to_string());
        vars.insert(
            "CARGO_MANIFEST_PATH",
            dir.join("Cargo.toml").display().to_string(),
        );
        let target = target_name(&manifest, &dir, &entry, &name);
        if let Some((crate_name, is_bin)) = &target {
            if *is_bin {
                vars.insert("CARGO_BIN_NAME", crate_name.clone());
            }
            vars.insert("CARGO_CRATE_NAME", crate_name.replace('-', "_"));
        }
        vars.insert("CARGO_PKG_NAME", name);
        CargoEnv {
            vars,
            target_known: target.is_some(),
        }
    }

    fn value(&self, name: &str) -> Option<&String> {
        self.vars.get(name)
    }

    /// Whether cargo sets `name` for this crate or leaves it unset on purpose (a lib has no
    /// `CARGO_BIN_NAME`): only then is an `option_env!` of it decided here.
    fn decides(&self, name: &str) -> bool {
        self.vars.contains_key(name) || self.target_known && SOMETIMES_SET.contains(&name)
    }
}

/// The features cargo enables when it builds the package that holds `entry` with no
/// `--features`: `default` and what it enables, through features and optional dependencies
/// (`x/y` enables the optional dependency `x`, `x?/y` and `dep:x` enable no feature `x`).
/// rustc compiles the bundle with none set, so the package's own `#[cfg(feature = …)]` and
/// `cfg!(feature = …)` are decided with these. `None` for a file outside any package.
pub fn package_features(entry: &Path) -> Option<BTreeSet<String>> {
    let entry = std::path::absolute(entry).unwrap_or_else(|_| entry.to_path_buf());
    let (_, manifest) = package_manifest(&entry)?;
    let empty = toml::Table::new();
    let table = match manifest.get("features") {
        Some(toml::Value::Table(table)) => table,
        _ => &empty,
    };
    // An optional dependency is a feature of its name unless some feature writes `dep:NAME`.
    let hidden: BTreeSet<&str> = table
        .values()
        .filter_map(toml::Value::as_array)
        .flatten()
        .filter_map(|value| value.as_str()?.strip_prefix("dep:"))
        .collect();
    let tables = dependency_tables(&manifest);
    let optional = |name: &str| {
        !hidden.contains(name)
            && tables.iter().any(|deps| {
                deps.get(name)
                    .and_then(|dep| dep.get("optional"))
                    .and_then(toml::Value::as_bool)
                    == Some(true)
            })
    };
    let mut enabled = BTreeSet::new();
    let mut pending = vec!["default".to_string()];
    while let Some(name) = pending.pop() {
        let declared = table.get(&name);
        if (declared.is_none() && !optional(&name)) || !enabled.insert(name.clone()) {
            continue;
        }
        for value in declared
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
        {
            let Some(value) = value.as_str() else {
                continue;
            };
            if value.starts_with("dep:") {
                continue;
            }
            match value.split_once('/') {
                Some((dep, _)) if dep.ends_with('?') => {}
                Some((dep, _)) => pending.push(dep.to_string()),
                None => pending.push(value.to_string()),
            }
        }
    }
    Some(enabled)
}

/// The manifest's tables of dependencies: `[dependencies]`, `[build-dependencies]` and those
/// of every `[target.'…']` (an optional one anywhere is a feature).
fn dependency_tables(manifest: &toml::Table) -> Vec<&toml::Table> {
    let keys = ["dependencies", "build-dependencies"];
    let targets = manifest
        .get("target")
        .and_then(toml::Value::as_table)
        .into_iter()
        .flat_map(|targets| targets.values().filter_map(toml::Value::as_table));
    std::iter::once(manifest)
        .chain(targets)
        .flat_map(|table| keys.iter().filter_map(|key| table.get(*key)?.as_table()))
        .collect()
}

/// `dir` and the parsed manifest of the package that holds `file`.
fn package_manifest(file: &Path) -> Option<(PathBuf, toml::Table)> {
    file.ancestors().skip(1).find_map(|dir| {
        let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let manifest: toml::Table = text.parse().ok()?;
        manifest
            .get("package")
            .is_some_and(toml::Value::is_table)
            .then(|| (dir.to_path_buf(), manifest))
    })
}

/// The `[workspace.package]` table of the workspace above `dir` (or at it), if any.
fn workspace_package(dir: &Path) -> Option<toml::Table> {
    dir.ancestors().find_map(|dir| {
        let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let mut manifest: toml::Table = text.parse().ok()?;
        let workspace = manifest.remove("workspace")?;
        match workspace.get("package") {
            Some(toml::Value::Table(package)) => Some(package.clone()),
            _ => Some(toml::Table::new()),
        }
    })
}

/// The name of the target whose root is `entry` and whether it is a binary: a `[lib]` or
/// `[[bin]]` naming that path, else cargo's defaults (`src/lib.rs`, `src/main.rs`).
fn target_name(
    manifest: &toml::Table,
    dir: &Path,
    entry: &Path,
    package: &str,
) -> Option<(String, bool)> {
    let is_entry = |target: &toml::Value, default: &str| {
        let path = target
            .get("path")
            .and_then(|p| p.as_str())
            .unwrap_or(default);
        dir.join(path) == entry
    };
    let named = |target: &toml::Value| {
        target
            .get("name")
            .and_then(|n| n.as_str())
            .unwrap_or(package)
            .to_string()
    };
    let lib = manifest
        .get("lib")
        .cloned()
        .unwrap_or(toml::Table::new().into());
    if is_entry(&lib, "src/lib.rs") {
        return Some((named(&lib), false));
    }
    let bins = manifest.get("bin").and_then(|b| b.as_array());
    if let Some(bin) = bins.into_iter().flatten().find(|b| {
        b.get("name").and_then(|n| n.as_str()).is_some_and(|name| {
            crate::package::listed_bin_source(b, name, dir, Some(package)) == entry
        })
    }) {
        return Some((named(bin), true));
    }
    (dir.join("src/main.rs") == entry).then(|| (package.to_string(), true))
}

/// A call `env!("NAME")`/`option_env!("NAME")` to replace: its byte range and its text.
struct Call {
    range: Range<usize>,
    replacement: String,
}

/// `source` with each `env!`/`option_env!` of a variable cargo sets for this crate replaced
/// by its value (`option_env!`: `Some(value)`, or `None` for one cargo leaves unset here).
pub fn expand(source: Source, env: &CargoEnv) -> Result<Source> {
    if env.vars.is_empty() || !source.text.contains("env!") {
        return Ok(source);
    }
    let Ok(tokens) = source.text.parse::<TokenStream>() else {
        return Ok(source);
    };
    let mut calls = Vec::new();
    collect(tokens, env, &mut calls);
    if calls.is_empty() {
        return Ok(source);
    }
    let mut text = source.text.clone();
    for call in calls.iter().rev() {
        let breaks = "\n".repeat(text[call.range.clone()].matches('\n').count());
        text.replace_range(call.range.clone(), &(call.replacement.clone() + &breaks));
    }
    Source::parse(source.display, text)
}

fn collect(tokens: TokenStream, env: &CargoEnv, calls: &mut Vec<Call>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    while index < tokens.len() {
        let token = &tokens[index];
        index += 1;
        let TokenTree::Ident(name) = token else {
            if let TokenTree::Group(group) = token {
                collect(group.stream(), env, calls);
            }
            continue;
        };
        let word = name.to_string();
        if word == "macro_rules" {
            // `macro_rules! name { … }`: the body is expanded elsewhere.
            index += 3;
            continue;
        }
        if word != "env" && word != "option_env" {
            continue;
        }
        let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(args))) =
            (tokens.get(index), tokens.get(index + 1))
        else {
            continue;
        };
        if bang.as_char() != '!' {
            continue;
        }
        let arguments: Vec<TokenTree> = args.stream().into_iter().collect();
        let variable = match arguments.first() {
            Some(TokenTree::Literal(literal)) => plain_string(&literal.to_string()),
            _ => None,
        };
        let Some(variable) = variable else { continue };
        let replacement = match (word.as_str(), env.value(&variable)) {
            ("env", Some(value)) => format!("{value:?}"),
            ("option_env", Some(value)) => format!("::core::option::Option::Some({value:?})"),
            ("option_env", None) if env.decides(&variable) => {
                "::core::option::Option::None::<&'static str>".to_string()
            }
            _ => continue,
        };
        calls.push(Call {
            range: name.span().byte_range().start..args.span().byte_range().end,
            replacement,
        });
        index += 2;
    }
}

/// The value of a plain `"…"` literal without escapes (variable names have none).
fn plain_string(literal: &str) -> Option<String> {
    let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
    (!inner.contains('\\')).then(|| inner.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(dir: &Path, manifest: &str, files: &[&str]) {
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        for file in files {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
    }

    fn expanded(code: &str, env: &CargoEnv) -> String {
        let source = Source::parse("lib.rs".into(), code.into()).unwrap();
        expand(source, env).unwrap().text
    }

    #[test]
    fn a_packages_features_are_its_default_and_what_that_enables() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let manifest = "[package]\nname = \"p\"\nversion = \"0.1.0\"\n\n\
             [dependencies]\nopt = { version = \"1\", optional = true }\n\
             weak = { version = \"1\", optional = true }\nplain = \"1\"\n\n\
             [features]\ndefault = [\"a\", \"opt/x\"]\na = [\"b\", \"weak?/y\", \"plain/z\"]\n\
             b = [\"a\"]\nc = []\n";
        package(root, manifest, &["src/main.rs"]);
        let features = package_features(&root.join("src/main.rs")).unwrap();
        let names: Vec<&str> = features.iter().map(String::as_str).collect();
        assert_eq!(names, ["a", "b", "default", "opt"]);
        package(root, "[package]\nname = \"p\"\nversion = \"0.1.0\"\n", &[]);
        assert_eq!(
            package_features(&root.join("src/main.rs")),
            Some(BTreeSet::new())
        );
        let lone = tempfile::tempdir().unwrap();
        assert_eq!(package_features(&lone.path().join("main.rs")), None);
        // `dep:x` anywhere: `x` is no feature, and `x/y` enables none (the review's finding 2a).
        let manifest = "[package]\nname = \"p\"\nversion = \"0.1.0\"\n\n\
             [dependencies]\nhidden = { version = \"1\", optional = true }\n\n\
             [features]\ndefault = [\"hidden/f\"]\nother = [\"dep:hidden\"]\n";
        package(root, manifest, &[]);
        let features = package_features(&root.join("src/main.rs")).unwrap();
        assert_eq!(Vec::from_iter(features), ["default"]);
        // An optional dependency of a target's table is a feature too (finding 2b).
        let manifest = "[package]\nname = \"p\"\nversion = \"0.1.0\"\n\n\
             [target.'cfg(unix)'.dependencies]\nopt = { version = \"1\", optional = true }\n\n\
             [features]\ndefault = [\"opt\"]\n";
        package(root, manifest, &[]);
        let features = package_features(&root.join("src/main.rs")).unwrap();
        assert_eq!(Vec::from_iter(features), ["default", "opt"]);
    }

    /// zerocopy 0.8 writes `#[doc = concat!("…/zerocopy/", env!("CARGO_PKG_VERSION"), …)]` and
    /// getrandom its version into messages: each crate's own version, not the solution's.
    #[test]
    fn env_of_cargos_variables_becomes_the_value_cargo_gives_that_crate() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        package(
            root,
            "[package]\nname = \"my-dep\"\nversion = \"0.8.64-rc.1+build5\"\n\
             authors = [\"A <a@x>\", \"B\"]\nrust-version = \"1.63\"\n\n[lib]\nname = \"mydep\"\n",
            &["src/lib.rs", "README.md"],
        );
        let env = CargoEnv::for_crate(&root.join("src/lib.rs"));
        let code = "#[cfg_attr(all(), doc = concat!(\"v\", env!(\"CARGO_PKG_VERSION\")))]\n\
                    pub struct S;\n\
                    const N: &str = env!(\"CARGO_PKG_NAME\");\n\
                    const C: &str = env!(\n  \"CARGO_CRATE_NAME\",\n  \"no name\"\n);\n\
                    const M: (&str, &str, &str) = (env!(\"CARGO_PKG_VERSION_MAJOR\"), \
                    env!(\"CARGO_PKG_VERSION_PRE\"), env!(\"CARGO_PKG_AUTHORS\"));\n\
                    const R: Option<&str> = option_env!(\"CARGO_PKG_README\");\n\
                    const B: Option<&str> = option_env!(\"CARGO_BIN_NAME\");\n\
                    const H: &str = env!(\"HOME\");\n\
                    macro_rules! v { () => { env!(\"CARGO_PKG_VERSION\") }; }\n";
        let out = expanded(code, &env);
        assert!(
            out.contains("doc = concat!(\"v\", \"0.8.64-rc.1+build5\")"),
            "{out}"
        );
        assert!(out.contains("N: &str = \"my-dep\";"), "{out}");
        // The crate's name is its lib target's, with `_`; the call's lines stay.
        assert!(out.contains("C: &str = \"mydep\"\n\n\n;"), "{out}");
        assert!(out.contains("(\"0\", \"rc.1\", \"A <a@x>:B\")"), "{out}");
        assert!(out.contains("R: Option<&str> = ::core::option::Option::Some(\"README.md\");"));
        assert!(out.contains("B: Option<&str> = ::core::option::Option::None::<&'static str>;"));
        // Not cargo's: left for the judge's rustc; inside a macro's body: left.
        assert!(out.contains("H: &str = env!(\"HOME\");"), "{out}");
        assert!(out.contains("{ env!(\"CARGO_PKG_VERSION\") }"), "{out}");
        assert_eq!(out.lines().count(), code.lines().count());
        assert_eq!(env.value("CARGO_PKG_RUST_VERSION").unwrap(), "1.63");
        assert_eq!(
            env.value("CARGO_MANIFEST_DIR").unwrap(),
            &std::path::absolute(root).unwrap().display().to_string()
        );
    }

    #[test]
    fn a_binary_gets_its_bin_name_and_workspace_fields_are_inherited() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        package(
            root,
            "[workspace]\nmembers = [\"p\"]\n[workspace.package]\nversion = \"2.1.0\"\n",
            &[],
        );
        let member = root.join("p");
        std::fs::create_dir(&member).unwrap();
        package(
            &member,
            "[package]\nname = \"random-hash\"\nversion.workspace = true\nreadme = false\n\
             [[bin]]\nname = \"rh-bin\"\npath = \"main.rs\"\n",
            &["main.rs", "README.md"],
        );
        let env = CargoEnv::for_crate(&member.join("main.rs"));
        assert_eq!(env.value("CARGO_PKG_VERSION").unwrap(), "2.1.0");
        assert_eq!(env.value("CARGO_BIN_NAME").unwrap(), "rh-bin");
        assert_eq!(env.value("CARGO_CRATE_NAME").unwrap(), "rh_bin");
        assert_eq!(env.value("CARGO_PKG_README").unwrap(), "");
        assert_eq!(env.value("CARGO_PKG_DESCRIPTION").unwrap(), "");
        // A lone file: nothing is decided.
        let lone = tempfile::tempdir().unwrap();
        let env = CargoEnv::for_crate(&lone.path().join("main.rs"));
        let code = "const V: Option<&str> = option_env!(\"CARGO_PKG_VERSION\");\n";
        assert_eq!(expanded(code, &env), code);
        // A bin the manifest does not list (cargo's src/bin/*.rs): its names are left to
        // the compiler, not decided `None`.
        std::fs::create_dir_all(member.join("src/bin")).unwrap();
        let env = CargoEnv::for_crate(&member.join("src/bin/a.rs"));
        let code = "const B: Option<&str> = option_env!(\"CARGO_BIN_NAME\");\n\
                    const C: Option<&str> = option_env!(\"CARGO_CRATE_NAME\");\n";
        assert_eq!(expanded(code, &env), code);
    }
}
