//! The judges a bundle is made for (scripts/judges.toml): each one's compiler, edition,
//! source limit and the crates it provides. AtCoder builds with cargo and has crates, so a
//! bundle for it keeps `use` of those and pastes the rest; every other judge is std only.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

use crate::settings::Edition;

const JUDGES_TOML: &str = include_str!("../judges.toml");

/// One judge as scripts/judges.toml describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judge {
    pub name: String,
    /// The judge's rustc (`1.89.0`), when it has Rust.
    pub rustc: Option<String>,
    /// The edition it compiles with; `None`: the problem's.
    pub edition: Option<Edition>,
    /// Other editions it offers (Codeforces has "Rust 2021" and "Rust 2024"): a package at one
    /// of these is compiled at its own ([`Judge::edition_for`]).
    pub also_editions: Vec<Edition>,
    pub source_limit: Option<usize>,
    /// The crates it provides, by package name: empty for a std-only judge.
    pub crates: BTreeMap<String, Pin>,
}

/// A crate a judge provides: its version requirement as the judge's Cargo.toml pins it
/// (`=0.5.0`) and the features it enables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pin {
    pub version: String,
    pub features: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    judges: BTreeMap<String, RawJudge>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
struct RawJudge {
    rustc: Option<String>,
    edition: Option<String>,
    also_editions: Vec<String>,
    source_limit: Option<usize>,
    crates_source: Option<String>,
    crates_date: Option<String>,
    crates: BTreeMap<String, RawPin>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawPin {
    Version(String),
    Detailed {
        version: String,
        #[serde(default)]
        features: Vec<String>,
    },
}

impl Judge {
    /// A judge with no crates and no known compiler: what an unlisted name means.
    pub fn std_only(name: &str) -> Judge {
        Judge {
            name: name.to_string(),
            rustc: None,
            edition: None,
            also_editions: Vec::new(),
            source_limit: None,
            crates: BTreeMap::new(),
        }
    }

    /// The edition a package at `wanted` is compiled at for this judge: `wanted` when the
    /// judge offers it too, else the judge's edition; `None` when the judge names none.
    pub fn edition_for(&self, wanted: Edition) -> Option<Edition> {
        if self.also_editions.contains(&wanted) {
            return Some(wanted);
        }
        self.edition
    }

    /// The edition this judge compiles a package at `own` with: [`Judge::edition_for`], or
    /// `own` for a judge that names none (ours: POJ, HDU). The shake, the bundle's check and
    /// the judged program use this one rule, so that what the shake proved holds at the
    /// edition the judge compiles.
    pub fn compiles_at(&self, own: Edition) -> Edition {
        self.edition_for(own).unwrap_or(own)
    }

    /// The folder of this judge's cargo projects and of their shared target:
    /// `judge-<name in lower case>` (`judge_project`, `workspace::shared_store`).
    pub fn folder_name(&self) -> String {
        format!("judge-{}", self.name.to_ascii_lowercase())
    }

    pub fn has_crates(&self) -> bool {
        !self.crates.is_empty()
    }

    /// Whether package `package` at `version` (what the solution's build resolved) may stay
    /// a `use` of the judge's crate: the judge provides it at a semver-compatible version.
    pub fn provides(&self, package: &str, version: &str) -> bool {
        self.crates.get(package).is_some_and(|pin| {
            let pinned = pin.version.trim_start_matches(['=', '^', ' ']);
            semver_compatible(pinned, version)
        })
    }
}

/// Cargo's caret rule: the same leftmost non-zero component (`0.5.x` and `0.5.y`, `1.2` and
/// `1.9`), and for `0.0.x` the same patch. Pre-release and build tags are ignored.
pub fn semver_compatible(a: &str, b: &str) -> bool {
    let parts = |v: &str| -> Vec<u64> {
        v.split(['-', '+'])
            .next()
            .unwrap_or("")
            .split('.')
            .map(|p| p.parse().unwrap_or(u64::MAX))
            .collect()
    };
    let (a, b) = (parts(a), parts(b));
    let key = |v: &[u64]| -> Vec<u64> {
        match v {
            [0, 0, patch, ..] => vec![0, 0, *patch],
            [0, minor, ..] => vec![0, *minor],
            [major, ..] => vec![*major],
            [] => vec![],
        }
    };
    !a.is_empty() && key(&a) == key(&b)
}

/// Every judge of scripts/judges.toml, read once.
pub fn all() -> &'static [Judge] {
    static JUDGES: OnceLock<Vec<Judge>> = OnceLock::new();
    JUDGES.get_or_init(|| parse(JUDGES_TOML).expect("scripts/judges.toml is valid"))
}

/// The judge named `name` (case-insensitive), or a std-only judge of that name.
pub fn named(name: &str) -> Judge {
    all()
        .iter()
        .find(|j| j.name.eq_ignore_ascii_case(name))
        .cloned()
        .unwrap_or_else(|| Judge::std_only(name))
}

/// `--judge NAME`: one of the listed judges, else an error listing them.
pub fn listed(name: &str) -> Result<&'static Judge> {
    all()
        .iter()
        .find(|j| j.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = all().iter().map(|j| j.name.as_str()).collect();
            let lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
            let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
            let hint = crate::spelling::did_you_mean(&name.to_ascii_lowercase(), &lower)
                .and_then(|near| names.iter().find(|n| n.eq_ignore_ascii_case(near)))
                .map_or_else(String::new, |near| format!("; did you mean `{near}`?"));
            anyhow!(
                "--judge {name:?} is not a judge of scripts/judges.toml{hint} (one of: {})",
                names.join(", ")
            )
        })
}

fn parse(text: &str) -> Result<Vec<Judge>> {
    let raw: RawFile = toml::from_str(text).context("scripts/judges.toml")?;
    let mut judges = Vec::new();
    for (name, judge) in raw.judges {
        let edition = judge
            .edition
            .as_deref()
            .map(Edition::parse)
            .transpose()
            .with_context(|| format!("scripts/judges.toml: [judges.{name}]"))?;
        let also_editions = judge
            .also_editions
            .iter()
            .map(|e| Edition::parse(e))
            .collect::<Result<Vec<_>>>()
            .with_context(|| format!("scripts/judges.toml: [judges.{name}] also-editions"))?;
        if !judge.crates.is_empty()
            && (judge.crates_source.is_none() || judge.crates_date.is_none())
        {
            bail!("scripts/judges.toml: [judges.{name}] lists crates without crates-source and crates-date");
        }
        let crates = judge
            .crates
            .into_iter()
            .map(|(package, pin)| {
                let pin = match pin {
                    RawPin::Version(version) => Pin {
                        version,
                        features: Vec::new(),
                    },
                    RawPin::Detailed { version, features } => Pin { version, features },
                };
                (package, pin)
            })
            .collect();
        judges.push(Judge {
            name,
            rustc: judge.rustc,
            edition,
            also_editions,
            source_limit: judge.source_limit,
            crates,
        });
    }
    Ok(judges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atcoder_provides_its_2025_crates_pinned_and_the_others_none() {
        let atcoder = named("atcoder");
        assert_eq!(atcoder.rustc.as_deref(), Some("1.89.0"));
        assert_eq!(atcoder.edition, Some(Edition::E2024));
        assert_eq!(atcoder.source_limit, Some(512 * 1024));
        assert!(atcoder.crates.len() >= 50, "{}", atcoder.crates.len());
        assert!(atcoder
            .crates
            .values()
            .all(|pin| pin.version.starts_with('=')));
        assert_eq!(atcoder.crates["proconio"].features, ["derive"]);
        assert!(atcoder.provides("proconio", "0.5.0"));
        assert!(!atcoder.provides("proconio", "0.4.3"));
        assert!(!atcoder.provides("proconio", "0.6.0"));
        assert!(atcoder.provides("itertools", "0.14.0"));
        assert!(!atcoder.provides("itertools", "0.10.5"));
        assert!(atcoder.provides("rand", "0.9.0"));
        assert!(!atcoder.provides("my-own-crate", "1.0.0"));
        for std_only in [
            "Codeforces",
            "Luogu",
            "POJ",
            "HDU",
            "Kattis",
            "Local",
            "yukicoder",
        ] {
            assert!(!named(std_only).has_crates(), "{std_only}");
        }
        let codeforces = named("Codeforces");
        assert_eq!(codeforces.source_limit, Some(64 * 1024));
        // Codeforces has Rust 2021 and Rust 2024: a 2024 package stays 2024, 2018 goes 2021.
        assert_eq!(codeforces.edition_for(Edition::E2024), Some(Edition::E2024));
        assert_eq!(codeforces.edition_for(Edition::E2018), Some(Edition::E2021));
        assert_eq!(atcoder.edition_for(Edition::E2021), Some(Edition::E2024));
        assert_eq!(named("POJ").edition_for(Edition::E2018), None);
        assert_eq!(named("luogu").rustc.as_deref(), Some("1.88.0"));
        assert!(listed("Topcoder")
            .unwrap_err()
            .to_string()
            .contains("AtCoder"));
    }

    #[test]
    fn compatible_versions_share_the_leftmost_non_zero_component() {
        assert!(semver_compatible("1.15.0", "1.15.1"));
        assert!(semver_compatible("1.2.0", "1.9.3"));
        assert!(!semver_compatible("1.0.0", "2.0.0"));
        assert!(semver_compatible("0.4.3", "0.4.5"));
        assert!(!semver_compatible("0.4.3", "0.5.0"));
        assert!(!semver_compatible("0.0.3", "0.0.4"));
        assert!(semver_compatible("2.0.16", "2.0.16-rc.1"));
    }

    #[test]
    fn a_judge_with_crates_must_say_where_the_list_comes_from() {
        let text = "[judges.X]\n[judges.X.crates]\na = \"=1.0.0\"\n";
        assert!(parse(text)
            .unwrap_err()
            .to_string()
            .contains("crates-source"));
        assert!(parse("[judges.X]\nedition = \"2023\"\n").is_err());
    }
}
