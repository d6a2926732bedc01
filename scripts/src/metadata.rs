//! `[package.metadata.judge]` of a problem's Cargo.toml. Every field has a default.

use anyhow::{bail, Result};
use serde::Deserialize;

/// Where a judge publishes no limits we assume 1000 ms / 128 MiB.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
pub struct JudgeMeta {
    pub title: String,
    pub judge: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_kb: u64,
    /// Output beyond this many KiB (stdout or stderr) is OLE.
    pub output_limit_kb: u64,
    pub compare: CompareMode,
    /// Tolerance of `compare = "float"`, relative to the expected value (absolute below 1).
    pub float_tolerance: f64,
    /// The edition the judge compiles with.
    pub edition: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CompareMode {
    Lines,
    Tokens,
    Float,
}

/// As written in Cargo.toml.
impl std::fmt::Display for CompareMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CompareMode::Lines => "lines",
            CompareMode::Tokens => "tokens",
            CompareMode::Float => "float",
        })
    }
}

impl Default for JudgeMeta {
    fn default() -> Self {
        JudgeMeta {
            title: String::new(),
            judge: String::from("unknown judge"),
            url: String::new(),
            time_limit_ms: 1000,
            memory_limit_kb: 128 * 1024,
            output_limit_kb: 64 * 1024,
            compare: CompareMode::Lines,
            float_tolerance: 1e-6,
            edition: String::from("2021"),
        }
    }
}

impl JudgeMeta {
    pub fn from_manifest(manifest: &toml::Table) -> Result<JudgeMeta> {
        let section = manifest
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("judge"));
        let meta: JudgeMeta = match section {
            Some(value) => value.clone().try_into()?,
            None => JudgeMeta::default(),
        };
        if !["2015", "2018", "2021", "2024"].contains(&meta.edition.as_str()) {
            bail!("edition = {:?} is not a Rust edition", meta.edition);
        }
        if meta.time_limit_ms == 0 || meta.memory_limit_kb == 0 {
            bail!("time-limit-ms and memory-limit-kb must be positive");
        }
        Ok(meta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<JudgeMeta> {
        JudgeMeta::from_manifest(&text.parse::<toml::Table>().unwrap())
    }

    #[test]
    fn missing_section_gives_defaults() {
        let meta = parse("[package]\nname = \"x\"").unwrap();
        assert_eq!(meta.time_limit_ms, 1000);
        assert_eq!(meta.memory_limit_kb, 131072);
        assert_eq!(meta.compare, CompareMode::Lines);
        assert_eq!(meta.edition, "2021");
    }

    #[test]
    fn fields_are_read_and_checked() {
        let meta = parse(
            "[package.metadata.judge]\ntime-limit-ms = 2000\ncompare = \"float\"\nfloat-tolerance = 1e-4\nedition = \"2024\"",
        )
        .unwrap();
        assert_eq!(meta.time_limit_ms, 2000);
        assert_eq!(meta.compare, CompareMode::Float);
        assert_eq!(meta.float_tolerance, 1e-4);
        assert!(parse("[package.metadata.judge]\ntime-limt-ms = 1").is_err());
        assert!(parse("[package.metadata.judge]\nedition = \"2023\"").is_err());
    }
}
