//! Any cargo package as a set of problems, one per bin target (a cargo-compete folder is one):
//! a problem is found by its bin name or its cargo-compete alias
//! (`[package.metadata.cargo-compete.bin] abc300-a = { alias = "a", problem = "URL" }`), its
//! judge by the problem URL or `compete.toml`'s platform, its test suite where `compete.toml`'s
//! `test-suite` template says (`{{ manifest_dir }}/testcases/{{ bin_alias }}.yml`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// One bin target of the package.
#[derive(Debug, Clone, PartialEq)]
pub struct BinTarget {
    pub name: String,
    pub path: PathBuf,
    /// cargo-compete's alias (`a` for `abc300-a`).
    pub alias: Option<String>,
    /// cargo-compete's problem URL.
    pub problem_url: Option<String>,
}

/// cargo-compete's `compete.toml`, the parts read here.
#[derive(Debug, Clone)]
pub struct Compete {
    pub path: PathBuf,
    /// The `test-suite` template.
    pub test_suite: Option<String>,
    /// `[new] platform` (`atcoder`).
    pub platform: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Package {
    /// The folder of its Cargo.toml.
    pub dir: PathBuf,
    pub name: String,
    pub manifest: toml::Table,
    /// cargo's workspace root: the package, or the `[workspace]` above it.
    pub workspace_root: PathBuf,
    pub bins: Vec<BinTarget>,
    pub compete: Option<Compete>,
    /// Its library's source and crate name, when it has one.
    pub lib: Option<(PathBuf, String)>,
}

impl Package {
    /// The package whose Cargo.toml is nearest at or above `start`; `None` when there is none.
    pub fn find(start: &Path) -> Result<Option<Package>> {
        for dir in start.ancestors() {
            let manifest = dir.join("Cargo.toml");
            if manifest.is_file() && read_manifest(&manifest)?.get("package").is_some() {
                return Package::read(dir).map(Some);
            }
        }
        Ok(None)
    }

    /// The package in `dir`.
    pub fn read(dir: &Path) -> Result<Package> {
        let path = dir.join("Cargo.toml");
        let manifest = read_manifest(&path)?;
        let name = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(toml::Value::as_str)
            .with_context(|| format!("{}: no [package] name", path.display()))?
            .to_string();
        let workspace_root = if manifest.get("workspace").is_some() {
            dir.to_path_buf()
        } else {
            dir.ancestors()
                .skip(1)
                .find(|d| {
                    let m = d.join("Cargo.toml");
                    m.is_file() && read_manifest(&m).is_ok_and(|m| m.get("workspace").is_some())
                })
                .unwrap_or(dir)
                .to_path_buf()
        };
        let bins =
            bin_targets(&manifest, dir, &name).with_context(|| format!("{}", path.display()))?;
        let compete = compete_toml(&manifest, dir)?;
        let lib_path = manifest
            .get("lib")
            .and_then(|l| l.get("path"))
            .and_then(toml::Value::as_str)
            .map_or_else(|| dir.join("src/lib.rs"), |p| dir.join(p));
        let lib_name = manifest
            .get("lib")
            .and_then(|l| l.get("name"))
            .and_then(toml::Value::as_str)
            .unwrap_or(&name)
            .replace('-', "_");
        let lib = lib_path.is_file().then_some((lib_path, lib_name));
        Ok(Package {
            dir: dir.to_path_buf(),
            name,
            manifest,
            workspace_root,
            bins,
            compete,
            lib,
        })
    }

    /// The bin named `name_or_alias`, or whose cargo-compete alias it is.
    pub fn bin(&self, name_or_alias: &str) -> Result<&BinTarget> {
        if let Some(bin) = self.bins.iter().find(|b| b.name == name_or_alias) {
            return Ok(bin);
        }
        if let Some(bin) = self
            .bins
            .iter()
            .find(|b| b.alias.as_deref() == Some(name_or_alias))
        {
            return Ok(bin);
        }
        let known: Vec<String> = self
            .bins
            .iter()
            .map(|b| match &b.alias {
                Some(alias) if *alias != b.name => format!("{alias} ({})", b.name),
                _ => b.name.clone(),
            })
            .collect();
        let names: Vec<&str> = self
            .bins
            .iter()
            .flat_map(|b| std::iter::once(b.name.as_str()).chain(b.alias.as_deref()))
            .collect();
        bail!(
            "package `{}` has no bin or alias `{name_or_alias}`{} (it has: {})",
            self.name,
            crate::spelling::suggestion(name_or_alias, &names),
            if known.is_empty() {
                "no bins".to_string()
            } else {
                known.join(", ")
            }
        )
    }

    /// The bin whose source is `file`.
    pub fn bin_of_file(&self, file: &Path) -> Option<&BinTarget> {
        let file = file.canonicalize().ok()?;
        self.bins
            .iter()
            .find(|b| b.path.canonicalize().ok().as_deref() == Some(file.as_path()))
    }

    /// Where `bin`'s cargo-compete test suite is: `compete.toml`'s `test-suite` rendered, or
    /// `testcases/<alias or name>.yml` when there is no compete.toml.
    pub fn suite_path(&self, bin: &BinTarget) -> Result<PathBuf> {
        let alias = bin.alias.as_deref().unwrap_or(&bin.name);
        let template = self.compete.as_ref().and_then(|c| c.test_suite.as_deref());
        let Some(template) = template else {
            return Ok(self.dir.join("testcases").join(format!("{alias}.yml")));
        };
        let contest = bin.problem_url.as_deref().and_then(contest_of);
        let rendered = render(
            template,
            &[
                ("manifest_dir", Some(&self.dir.to_string_lossy())),
                ("bin_name", Some(&bin.name)),
                ("bin_alias", Some(alias)),
                ("problem", Some(alias)),
                ("contest", contest.as_deref()),
            ],
        )
        .with_context(|| {
            let path = &self.compete.as_ref().expect("a template").path;
            format!("{}: test-suite = {template:?}", path.display())
        })?;
        let rendered = Path::new(&rendered);
        Ok(self
            .workspace_root
            .join(rendered.strip_prefix(".").unwrap_or(rendered)))
    }

    /// The judge `bin` is for: by its problem URL's host, else compete.toml's platform.
    pub fn judge_of(&self, bin: &BinTarget) -> Option<&'static str> {
        let by_url = bin.problem_url.as_deref().and_then(|url| {
            let host = url.split("://").nth(1)?.split('/').next()?;
            let host = host.strip_prefix("www.").unwrap_or(host);
            Some(match host {
                "atcoder.jp" => "AtCoder",
                "codeforces.com" => "Codeforces",
                "yukicoder.me" => "yukicoder",
                _ => return None,
            })
        });
        by_url.or_else(|| {
            let platform = self.compete.as_ref()?.platform.as_deref()?;
            Some(match platform {
                "atcoder" => "AtCoder",
                "codeforces" => "Codeforces",
                "yukicoder" => "yukicoder",
                _ => return None,
            })
        })
    }
}

/// The memory limit a judge gives when the problem does not say (cargo-compete's suites carry
/// none): AtCoder 1024 MiB, Codeforces 256 MiB, yukicoder 512 MiB.
pub fn judge_memory_kib(judge: &str) -> Option<u64> {
    match judge {
        "AtCoder" => Some(1024 * 1024),
        "Codeforces" => Some(256 * 1024),
        "yukicoder" => Some(512 * 1024),
        _ => None,
    }
}

/// The contest of an AtCoder (`/contests/abc300/tasks/..`) or Codeforces
/// (`/contest/1000/problem/A`) URL.
fn contest_of(url: &str) -> Option<String> {
    let path: Vec<&str> = url.split("://").nth(1)?.split('/').skip(1).collect();
    match path.as_slice() {
        ["contests", contest, ..] | ["contest", contest, ..] => Some(contest.to_string()),
        ["problemset", "problem", contest, ..] => Some(contest.to_string()),
        _ => None,
    }
}

/// A liquid template with `{{ name }}` variables only (no filters): what cargo-compete's
/// default and documented `test-suite` templates use.
fn render(template: &str, vars: &[(&str, Option<&str>)]) -> Result<String> {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").context("a `{{` is not closed")?;
        let name = rest[start + 2..start + end].trim();
        match vars.iter().find(|(var, _)| *var == name) {
            Some((_, Some(value))) => out.push_str(value),
            Some((_, None)) => bail!("`{{{{ {name} }}}}` has no value for this problem"),
            None => bail!(
                "`{{{{ {name} }}}}` is not read here (manifest_dir, bin_name, bin_alias, contest)"
            ),
        }
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The source of `[[bin]]` entry `bin` named `name`, as cargo finds it: its `path`, else
/// `src/main.rs` for the package's own name, else `src/bin/NAME/main.rs` if there is one, else
/// `src/bin/NAME.rs`.
pub fn listed_bin_source(
    bin: &toml::Value,
    name: &str,
    dir: &Path,
    package: Option<&str>,
) -> PathBuf {
    match bin.get("path").and_then(toml::Value::as_str) {
        Some(path) => dir.join(path),
        None if package == Some(name) && dir.join("src/main.rs").is_file() => {
            dir.join("src/main.rs")
        }
        None if dir.join(format!("src/bin/{name}/main.rs")).is_file() => {
            dir.join(format!("src/bin/{name}/main.rs"))
        }
        None => dir.join(format!("src/bin/{name}.rs")),
    }
}

/// The bin targets as cargo finds them: `[[bin]]`s (path default `src/bin/NAME.rs`, or
/// `src/main.rs` for the package's own name), then, unless `autobins = false`, `src/main.rs`
/// and `src/bin/*.rs` / `src/bin/*/main.rs` not already listed. Aliases and problem URLs from
/// `[package.metadata.cargo-compete.bin]`.
fn bin_targets(manifest: &toml::Table, dir: &Path, package: &str) -> Result<Vec<BinTarget>> {
    let mut bins = Vec::new();
    let listed = manifest
        .get("bin")
        .and_then(toml::Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    for bin in listed {
        let name = bin
            .get("name")
            .and_then(toml::Value::as_str)
            .context("a [[bin]] without `name`")?;
        let path = listed_bin_source(bin, name, dir, Some(package));
        bins.push(BinTarget {
            name: name.to_string(),
            path,
            alias: None,
            problem_url: None,
        });
    }
    let autobins = manifest
        .get("package")
        .and_then(|p| p.get("autobins"))
        .and_then(toml::Value::as_bool)
        != Some(false);
    if autobins {
        let mut found = Vec::new();
        if dir.join("src/main.rs").is_file() {
            found.push((package.to_string(), dir.join("src/main.rs")));
        }
        if let Ok(entries) = std::fs::read_dir(dir.join("src/bin")) {
            let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            entries.sort();
            for path in entries {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                if path.extension().is_some_and(|e| e == "rs") && path.is_file() {
                    found.push((stem.into_owned(), path));
                } else if path.join("main.rs").is_file() {
                    found.push((stem.into_owned(), path.join("main.rs")));
                }
            }
        }
        for (name, path) in found {
            if !bins.iter().any(|b| b.name == name || b.path == path) {
                bins.push(BinTarget {
                    name,
                    path,
                    alias: None,
                    problem_url: None,
                });
            }
        }
    }
    let compete_bins = manifest
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("cargo-compete"))
        .and_then(|c| c.get("bin"))
        .and_then(toml::Value::as_table);
    for (key, entry) in compete_bins.into_iter().flatten() {
        // cargo-compete's two forms: `NAME = { alias = "a", .. }` and the older
        // `ALIAS = { name = "NAME", .. }`.
        let field = |f: &str| entry.get(f).and_then(toml::Value::as_str);
        let (name, alias) = match (field("alias"), field("name")) {
            (Some(alias), _) => (key.as_str(), alias),
            (None, Some(name)) => (name, key.as_str()),
            (None, None) => (key.as_str(), key.as_str()),
        };
        let url = match entry.get("problem") {
            Some(toml::Value::String(url)) => Some(url.clone()),
            Some(table) => table
                .get("url")
                .and_then(toml::Value::as_str)
                .map(String::from),
            None => None,
        };
        if let Some(bin) = bins.iter_mut().find(|b| b.name == name) {
            bin.alias = Some(alias.to_string());
            bin.problem_url = url;
        }
    }
    Ok(bins)
}

/// The package's `compete.toml`: `package.metadata.cargo-compete.config`, else the nearest
/// at or above the package.
fn compete_toml(manifest: &toml::Table, dir: &Path) -> Result<Option<Compete>> {
    let configured = manifest
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("cargo-compete"))
        .and_then(|c| c.get("config"))
        .and_then(toml::Value::as_str)
        .map(|p| dir.join(p));
    let path = configured.or_else(|| {
        dir.ancestors()
            .map(|d| d.join("compete.toml"))
            .find(|p| p.is_file())
    });
    let Some(path) = path else {
        return Ok(None);
    };
    let table = read_manifest(&path)?;
    let text = |value: Option<&toml::Value>| value.and_then(toml::Value::as_str).map(String::from);
    Ok(Some(Compete {
        test_suite: text(table.get("test-suite")),
        platform: text(table.get("new").and_then(|n| n.get("platform"))),
        path,
    }))
}

fn read_manifest(path: &Path) -> Result<toml::Table> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.parse::<toml::Table>()
        .with_context(|| format!("{}: invalid TOML", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn a_cargo_compete_package_is_read() {
        let root = tempfile::tempdir().unwrap();
        write(
            root.path(),
            &[
                (
                    "compete.toml",
                    "test-suite = \"{{ manifest_dir }}/testcases/{{ bin_alias }}.yml\"\n[new]\nkind = \"cargo-compete\"\nplatform = \"atcoder\"\npath = \"./{{ contest }}\"\n",
                ),
                (
                    "abc300/Cargo.toml",
                    "[package]\nname = \"abc300\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                     [package.metadata.cargo-compete.bin]\n\
                     abc300-a = { alias = \"a\", problem = \"https://atcoder.jp/contests/abc300/tasks/abc300_a\" }\n\
                     abc300-b = { alias = \"b\", problem = \"https://atcoder.jp/contests/abc300/tasks/abc300_b\" }\n\n\
                     [[bin]]\nname = \"abc300-a\"\npath = \"src/bin/a.rs\"\n\n\
                     [[bin]]\nname = \"abc300-b\"\npath = \"src/bin/b.rs\"\n",
                ),
                ("abc300/src/bin/a.rs", "fn main() {}"),
                ("abc300/src/bin/b.rs", "fn main() {}"),
            ],
        );
        let package = Package::find(&root.path().join("abc300/src/bin"))
            .unwrap()
            .unwrap();
        assert_eq!(package.name, "abc300");
        // `src/bin/a.rs` is bin `abc300-a`, not a second bin `a`.
        assert_eq!(package.bins.len(), 2, "{:?}", package.bins);
        let a = package.bin("a").unwrap();
        assert_eq!(a.name, "abc300-a");
        assert_eq!(package.bin("abc300-a").unwrap(), a);
        assert_eq!(package.judge_of(a), Some("AtCoder"));
        assert_eq!(
            package.suite_path(a).unwrap(),
            root.path().join("abc300/testcases/a.yml")
        );
        let file = root.path().join("abc300/src/bin/b.rs");
        assert_eq!(package.bin_of_file(&file).unwrap().name, "abc300-b");
        let error = format!("{:#}", package.bin("c").unwrap_err());
        assert!(error.contains("a (abc300-a), b (abc300-b)"), "{error}");
    }

    #[test]
    fn templates_and_urls() {
        let vars = [("bin_alias", Some("a")), ("contest", None)];
        assert_eq!(render("t/{{bin_alias}}.yml", &vars).unwrap(), "t/a.yml");
        assert!(render("{{ contest }}/a", &vars).is_err());
        assert!(render("{{ nope }}", &vars).is_err());
        assert_eq!(
            contest_of("https://atcoder.jp/contests/abc300/tasks/abc300_a").as_deref(),
            Some("abc300")
        );
        assert_eq!(
            contest_of("https://codeforces.com/contest/1000/problem/A").as_deref(),
            Some("1000")
        );
    }
}
