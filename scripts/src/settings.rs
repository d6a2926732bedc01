//! `[package.metadata.judge]` of a problem's Cargo.toml, read once into typed settings: every
//! field has a default, every value is range-checked here and nowhere else.

use std::fmt;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde::Deserialize;

/// The Rust edition a judge compiles with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edition {
    E2015,
    E2018,
    E2021,
    E2024,
}

impl Edition {
    pub const ALL: [Edition; 4] = [
        Edition::E2015,
        Edition::E2018,
        Edition::E2021,
        Edition::E2024,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Edition::E2015 => "2015",
            Edition::E2018 => "2018",
            Edition::E2021 => "2021",
            Edition::E2024 => "2024",
        }
    }

    pub fn parse(text: &str) -> Result<Edition> {
        match Edition::ALL.into_iter().find(|e| e.as_str() == text) {
            Some(edition) => Ok(edition),
            None => bail!("edition = {text:?} is not a Rust edition (2015, 2018, 2021 or 2024)"),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the output is compared with the expected answer. Every mode has a name, the same in
/// `[package.metadata.judge] compare`, `judge --compare` and a cargo-compete suite's `match`;
/// [`Compare::parse`] reads it and `Display` writes it back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Compare {
    /// `exact`: byte for byte; a difference in whitespace only is PE (POJ, HDU).
    Exact,
    /// `exact-crlf`: byte for byte once every CR LF is read as LF, on both sides
    /// (online-judge-tools' default); a difference in whitespace only is PE.
    ExactCrlf,
    /// `lines`: line by line, ignoring CR before LF, trailing whitespace and trailing empty
    /// lines.
    Lines,
    /// `words`: line by line, each line's whitespace-separated words equal (`oj -S`); a line
    /// of whitespace only has no words, and such lines at the end are ignored on both sides.
    Words,
    /// `tokens`: whitespace-separated tokens, line breaks ignored (cargo-compete's
    /// `SplitWhitespace`, `oj -N`).
    Tokens,
    /// `float`: tokens, line breaks ignored; numbers pass within the tolerance (see
    /// [`Tolerance`]), anything else must be equal.
    Float(Tolerance),
    /// `float-lines`: line by line, each line's words as under `float` (cargo-compete's
    /// `Float`, `oj -e`).
    FloatLines(Tolerance),
}

/// How far a number may be from the expected one: it passes when either error holds,
/// `|actual - expected| <= absolute` or `|actual - expected| <= relative * |expected|`.
/// An error of 0 is not checked (relative only, as snowchains: `absolute = 0`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    pub relative: f64,
    pub absolute: f64,
}

impl Tolerance {
    /// Both errors the same, as `float-tolerance` sets them.
    pub const fn both(error: f64) -> Tolerance {
        Tolerance {
            relative: error,
            absolute: error,
        }
    }
}

impl Default for Tolerance {
    fn default() -> Tolerance {
        Tolerance::both(DEFAULT_FLOAT_TOLERANCE)
    }
}

impl Compare {
    /// Every mode's name, for help texts and "did you mean".
    pub const NAMES: [&'static str; 7] = [
        "exact",
        "exact-crlf",
        "lines",
        "words",
        "tokens",
        "float",
        "float-lines",
    ];

    /// The mode's name, without the float parameters.
    pub fn name(self) -> &'static str {
        match self {
            Compare::Exact => "exact",
            Compare::ExactCrlf => "exact-crlf",
            Compare::Lines => "lines",
            Compare::Words => "words",
            Compare::Tokens => "tokens",
            Compare::Float(_) => "float",
            Compare::FloatLines(_) => "float-lines",
        }
    }

    /// The float modes' tolerance.
    pub fn tolerance(self) -> Option<Tolerance> {
        match self {
            Compare::Float(t) | Compare::FloatLines(t) => Some(t),
            _ => None,
        }
    }

    /// A mode by name: `exact`, `exact-crlf`, `lines`, `words`, `tokens`, `float` or
    /// `float-lines`; a float mode may give its errors, `float:rel=1e-6,abs=1e-9` (one left
    /// out is 0; none given is [`DEFAULT_FLOAT_TOLERANCE`] for both). One error names what is
    /// wrong, with "did you mean".
    pub fn parse(text: &str) -> Result<Compare> {
        let (name, parameters) = match text.split_once(':') {
            Some((name, parameters)) => (name, Some(parameters)),
            None => (text, None),
        };
        let float = |tolerance| match name {
            "float" => Some(Compare::Float(tolerance)),
            "float-lines" => Some(Compare::FloatLines(tolerance)),
            _ => None,
        };
        let Some(parameters) = parameters else {
            return match name {
                "exact" => Ok(Compare::Exact),
                "exact-crlf" => Ok(Compare::ExactCrlf),
                "lines" => Ok(Compare::Lines),
                "words" => Ok(Compare::Words),
                "tokens" => Ok(Compare::Tokens),
                _ => float(Tolerance::default()).ok_or_else(|| unknown_mode(name)),
            };
        };
        if float(Tolerance::default()).is_none() {
            if Compare::NAMES.contains(&name) {
                bail!("compare mode `{name}` takes no parameters (only float and float-lines: `{name}:rel=1e-6,abs=1e-6` is not a mode)");
            }
            return Err(unknown_mode(name));
        }
        let mut tolerance = Tolerance {
            relative: 0.0,
            absolute: 0.0,
        };
        let mut given = Vec::new();
        for parameter in parameters.split(',') {
            let Some((key, value)) = parameter.split_once('=') else {
                bail!("`{parameter}` in compare mode `{text}` is not KEY=VALUE (rel=1e-6 or abs=1e-6)");
            };
            let key = key.trim();
            let slot = match key {
                "rel" => &mut tolerance.relative,
                "abs" => &mut tolerance.absolute,
                _ => bail!(
                    "unknown parameter `{key}` in compare mode `{text}`{} (known: rel, abs)",
                    crate::spelling::suggestion(key, &["rel", "abs"])
                ),
            };
            if given.contains(&key) {
                bail!("`{key}` is given twice in compare mode `{text}`");
            }
            given.push(key);
            let value = value.trim();
            let error = value
                .parse::<f64>()
                .ok()
                .filter(|v| FLOAT_TOLERANCE.contains(v))
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "{key}={value} in compare mode `{text}` is not an error from {} to {}",
                        FLOAT_TOLERANCE.start(),
                        FLOAT_TOLERANCE.end()
                    )
                })?;
            *slot = error;
        }
        Ok(float(tolerance).expect("a float mode"))
    }
}

fn unknown_mode(name: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "`{name}` is not a compare mode{} (known: {})",
        crate::spelling::suggestion(name, &Compare::NAMES),
        Compare::NAMES.join(", ")
    )
}

/// The name [`Compare::parse`] reads back: `float:rel=1e-6,abs=1e-6`.
impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self.tolerance() {
            Some(Tolerance { relative, absolute }) => {
                write!(f, ":rel={relative:e},abs={absolute:e}")
            }
            None => Ok(()),
        }
    }
}

pub const DEFAULT_FLOAT_TOLERANCE: f64 = 1e-6;

/// What a case without its `.out` is: a failure (NO-OUT; this repository's testdata has every
/// `.out`, `ojgames fill` writes missing ones), or a pass when it exits cleanly (RAN), as
/// online-judge-tools and cargo-compete judge samples given without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingOut {
    Fails,
    Passes,
}

/// The judge's settings for one problem.
#[derive(Debug, Clone)]
pub struct JudgeMeta {
    pub title: String,
    pub judge: String,
    pub url: String,
    pub time_limit: Duration,
    pub memory_limit_kib: u64,
    /// The solution's stack (`RLIMIT_STACK`); see [`default_stack_kib`].
    pub stack_limit_kib: u64,
    /// Output beyond this (stdout or stderr) is OLE.
    pub output_limit_kib: u64,
    pub compare: Compare,
    pub edition: Edition,
    /// The package's own edition (cargo builds with it), when the manifest gives one.
    pub package_edition: Option<Edition>,
    /// A checker: a `.rs` file in the problem directory or a command (see `judge::checker`).
    pub checker: Option<String>,
    /// `missing-out`: what a case without its `.out` is.
    pub missing_out: MissingOut,
}

/// The ranges every setting is checked against.
pub const TIME_LIMIT_MS: std::ops::RangeInclusive<u64> = 1..=600_000;
/// Up to 64 GiB.
pub const MEMORY_LIMIT_KIB: std::ops::RangeInclusive<u64> = 1..=(64 << 20);
/// Up to 1 GiB.
pub const OUTPUT_LIMIT_KIB: std::ops::RangeInclusive<u64> = 1..=(1 << 20);
pub const FLOAT_TOLERANCE: std::ops::RangeInclusive<f64> = 0.0..=1.0;

/// Where a judge publishes no limits we assume 1000 ms / 128 MiB.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
pub const DEFAULT_MEMORY_LIMIT_KIB: u64 = 128 * 1024;
pub const DEFAULT_OUTPUT_LIMIT_KIB: u64 = 64 * 1024;

/// The stack a judge gives a solution when the problem does not say: Codeforces runs every
/// solution with a 256 MiB stack; Luogu (and we, for every other judge) let the stack grow up to
/// the memory limit.
pub fn default_stack_kib(judge: &str, memory_limit_kib: u64) -> u64 {
    if judge.eq_ignore_ascii_case("codeforces") {
        256 * 1024
    } else {
        memory_limit_kib
    }
}

/// The section as written; `None` is "not given".
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
struct Raw {
    title: String,
    judge: Option<String>,
    url: String,
    time_limit_ms: Option<u64>,
    memory_limit_kb: Option<u64>,
    stack_limit_kb: Option<u64>,
    output_limit_kb: Option<u64>,
    compare: Option<String>,
    float_tolerance: Option<f64>,
    edition: Option<String>,
    checker: Option<String>,
    missing_out: Option<String>,
}

/// The keys of `[package.metadata.judge]`, as `Raw` reads them (a test holds the two equal).
const KEYS: [&str; 12] = [
    "title",
    "judge",
    "url",
    "time-limit-ms",
    "memory-limit-kb",
    "stack-limit-kb",
    "output-limit-kb",
    "compare",
    "float-tolerance",
    "edition",
    "checker",
    "missing-out",
];

/// An unknown key of the section is an error that names it and the nearest known key.
fn check_keys(section: &toml::Table) -> Result<()> {
    for key in section.keys() {
        if !KEYS.contains(&key.as_str()) {
            bail!(
                "unknown key `{key}`{} (known: {})",
                crate::spelling::suggestion(key, &KEYS),
                KEYS.join(", ")
            );
        }
    }
    Ok(())
}

/// Tables under `[package.metadata]` that look like a misspelt `judge` (`jugde`, `judges`):
/// cargo and other tools ignore them, and so the judge's settings would silently stay at their
/// defaults. Each is one warning line.
pub fn misspelt_tables(manifest: &toml::Table) -> Vec<String> {
    let metadata = manifest
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.as_table());
    metadata
        .into_iter()
        .flat_map(|m| m.keys())
        .filter(|key| crate::spelling::did_you_mean(key, &["judge"]).is_some())
        .map(|key| {
            format!(
                "[package.metadata.{key}] is not read: did you mean [package.metadata.judge]? \
                 (the judge's settings stay at their defaults)"
            )
        })
        .collect()
}

impl Default for JudgeMeta {
    fn default() -> Self {
        JudgeMeta::from_raw(Raw::default()).expect("the defaults are valid")
    }
}

fn in_range<T: PartialOrd + fmt::Display>(
    name: &str,
    value: T,
    range: &std::ops::RangeInclusive<T>,
    unit: &str,
) -> Result<T> {
    if !range.contains(&value) {
        bail!(
            "{name} = {value} is out of range: expected {} to {}{unit}",
            range.start(),
            range.end()
        );
    }
    Ok(value)
}

/// `[package] edition`, or the workspace's `[workspace.package] edition` when the package
/// says `edition.workspace = true`; `None` when neither is a Rust edition (cargo reports that).
fn package_edition(manifest: &toml::Table, workspace: Option<&toml::Table>) -> Option<String> {
    let edition = manifest.get("package")?.get("edition")?;
    let edition = match edition.get("workspace").and_then(toml::Value::as_bool) {
        Some(true) => workspace?
            .get("workspace")?
            .get("package")?
            .get("edition")?,
        _ => edition,
    };
    let edition = edition.as_str()?;
    Edition::parse(edition).is_ok().then(|| edition.to_string())
}

impl JudgeMeta {
    /// The problem's settings from its manifest; `workspace` is the workspace's manifest, for
    /// a package that inherits its edition. A judge edition not given is the package's own.
    pub fn from_manifest(
        manifest: &toml::Table,
        workspace: Option<&toml::Table>,
    ) -> Result<JudgeMeta> {
        let section = manifest
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("judge"));
        if let Some(table) = section.and_then(|s| s.as_table()) {
            check_keys(table).context("[package.metadata.judge]")?;
        }
        let mut raw: Raw = match section {
            // `1e17` is a float and `2^54` overflows: serde names the field and the type.
            Some(value) => value
                .clone()
                .try_into()
                .context("[package.metadata.judge]")?,
            None => Raw::default(),
        };
        // A package (it has a name) without `edition`: cargo builds it as 2015.
        let package = manifest.get("package");
        let edition_missing = raw.edition.is_none()
            && package.is_some_and(|p| p.get("name").is_some() && p.get("edition").is_none());
        let package_edition = package_edition(manifest, workspace);
        if raw.edition.is_none() {
            raw.edition.clone_from(&package_edition);
        }
        let mut meta = JudgeMeta::from_raw(raw).context("[package.metadata.judge]")?;
        meta.package_edition = package_edition.and_then(|e| Edition::parse(&e).ok());
        if edition_missing {
            bail!(
                "no `edition` in [package]: cargo builds the package as edition 2015, which no \
                 judge uses for Rust; set `edition = \"2021\"` (or the edition the code is \
                 written for) in [package], or `edition` in [package.metadata.judge]"
            );
        }
        Ok(meta)
    }

    fn from_raw(raw: Raw) -> Result<JudgeMeta> {
        let judge = raw.judge.unwrap_or_else(|| "unknown judge".to_string());
        let time_ms = raw.time_limit_ms.unwrap_or(DEFAULT_TIME_LIMIT_MS);
        let time_ms = in_range("time-limit-ms", time_ms, &TIME_LIMIT_MS, " ms")?;
        let memory = raw.memory_limit_kb.unwrap_or(DEFAULT_MEMORY_LIMIT_KIB);
        let memory = in_range("memory-limit-kb", memory, &MEMORY_LIMIT_KIB, " KiB")?;
        let stack = match raw.stack_limit_kb {
            Some(stack) => in_range("stack-limit-kb", stack, &MEMORY_LIMIT_KIB, " KiB")?,
            None => default_stack_kib(&judge, memory),
        };
        let output = raw.output_limit_kb.unwrap_or(DEFAULT_OUTPUT_LIMIT_KIB);
        let output = in_range("output-limit-kb", output, &OUTPUT_LIMIT_KIB, " KiB")?;
        let compare = raw.compare.as_deref().unwrap_or("lines");
        let mut compare =
            Compare::parse(compare).with_context(|| format!("compare = {compare:?}"))?;
        if let Some(error) = raw.float_tolerance {
            let error = in_range("float-tolerance", error, &FLOAT_TOLERANCE, "")?;
            match &mut compare {
                Compare::Float(t) | Compare::FloatLines(t)
                    if !raw.compare.as_deref().is_some_and(|c| c.contains(':')) =>
                {
                    *t = Tolerance::both(error)
                }
                Compare::Float(_) | Compare::FloatLines(_) => bail!(
                    "float-tolerance is set and compare gives its errors too: give them in one place"
                ),
                _ => bail!("float-tolerance is set but compare is not \"float\" or \"float-lines\""),
            }
        }
        let edition = Edition::parse(raw.edition.as_deref().unwrap_or("2021"))?;
        if raw.checker.as_deref().is_some_and(|c| c.trim().is_empty()) {
            bail!("checker = \"\" names no checker");
        }
        let missing_out = match raw.missing_out.as_deref() {
            None | Some("fail") => MissingOut::Fails,
            Some("pass") => MissingOut::Passes,
            Some(other) => bail!(
                "missing-out = {other:?} is not \"fail\" (a case without its .out fails) or \
                 \"pass\" (it passes when the program exits cleanly){}",
                crate::spelling::suggestion(other, &["fail", "pass"])
            ),
        };
        Ok(JudgeMeta {
            title: raw.title,
            judge,
            url: raw.url,
            time_limit: Duration::from_millis(time_ms),
            memory_limit_kib: memory,
            stack_limit_kib: stack,
            output_limit_kib: output,
            compare,
            edition,
            package_edition: None,
            checker: raw.checker,
            missing_out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<JudgeMeta> {
        JudgeMeta::from_manifest(&text.parse::<toml::Table>().unwrap(), None)
    }

    #[test]
    fn the_edition_defaults_to_the_packages_own() {
        assert_eq!(
            parse("[package]\nedition = \"2024\"").unwrap().edition,
            Edition::E2024
        );
        assert_eq!(
            parse("[package]\nedition = \"2018\"").unwrap().edition,
            Edition::E2018
        );
        let inherits = "[package]\nedition.workspace = true"
            .parse::<toml::Table>()
            .unwrap();
        let root = "[workspace.package]\nedition = \"2024\""
            .parse::<toml::Table>()
            .unwrap();
        let meta = JudgeMeta::from_manifest(&inherits, Some(&root)).unwrap();
        assert_eq!(meta.edition, Edition::E2024);
        // cargo builds a package without `edition` as 2015; judging it as 2021 gave a wrong
        // answer (`[1u8, 2, 3].into_iter()` yields references in 2015).
        assert!(error("[package]\nname = \"x\"").contains("edition 2015"));
        // The judge's own setting wins: a judge may compile with an older edition.
        let both = "[package]\nedition = \"2024\"\n[package.metadata.judge]\nedition = \"2021\"";
        assert_eq!(parse(both).unwrap().edition, Edition::E2021);
        assert_eq!(parse(both).unwrap().package_edition, Some(Edition::E2024));
    }

    fn error(text: &str) -> String {
        format!("{:#}", parse(text).unwrap_err())
    }

    #[test]
    fn an_unknown_key_names_the_nearest_and_every_known_key_is_read() {
        let message = error("[package.metadata.judge]\ntime-limt-ms = 1");
        assert!(
            message.contains("unknown key `time-limt-ms`; did you mean `time-limit-ms`?"),
            "{message}"
        );
        for key in KEYS {
            let value = match key {
                "title" | "judge" | "url" | "checker" => "\"x\"",
                "compare" => "\"tokens\"",
                "missing-out" => "\"pass\"",
                "edition" => "\"2021\"",
                "float-tolerance" => "0.001",
                _ => "1000",
            };
            let text = format!("[package.metadata.judge]\n{key} = {value}");
            assert!(
                !format!("{:?}", parse(&text).err()).contains("unknown key"),
                "{key}"
            );
        }
    }

    #[test]
    fn a_misspelt_table_is_named() {
        let manifest: toml::Table = "[package.metadata.jugde]\ntime-limit-ms = 2000\n\
                                     [package.metadata.cargo-compete]\nx = 1"
            .parse()
            .unwrap();
        let warnings = misspelt_tables(&manifest);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].starts_with(
            "[package.metadata.jugde] is not read: did you mean [package.metadata.judge]?"
        ));
        let fine: toml::Table = "[package.metadata.judge]\ntime-limit-ms = 2000"
            .parse()
            .unwrap();
        assert!(misspelt_tables(&fine).is_empty());
    }

    #[test]
    fn missing_section_gives_defaults() {
        let meta = parse("[package]\nname = \"x\"\nedition = \"2021\"").unwrap();
        assert_eq!(meta.time_limit, Duration::from_millis(1000));
        assert_eq!(meta.memory_limit_kib, 131072);
        assert_eq!(meta.stack_limit_kib, 131072);
        assert_eq!(meta.compare, Compare::Lines);
        assert_eq!(meta.edition, Edition::E2021);
        assert_eq!(meta.missing_out, MissingOut::Fails);
    }

    #[test]
    fn fields_are_read_and_checked() {
        let meta = parse(
            "[package.metadata.judge]\ntime-limit-ms = 2000\ncompare = \"float\"\nfloat-tolerance = 1e-4\nedition = \"2024\"",
        )
        .unwrap();
        assert_eq!(meta.time_limit, Duration::from_millis(2000));
        assert_eq!(meta.compare, Compare::Float(Tolerance::both(1e-4)));
        assert_eq!(meta.edition, Edition::E2024);
        assert!(parse("[package.metadata.judge]\ntime-limt-ms = 1").is_err());
        assert!(error("[package.metadata.judge]\nedition = \"2023\"").contains("2023"));
        assert!(error("[package.metadata.judge]\ncompare = \"fuzzy\"").contains("fuzzy"));
        let passes = parse("[package.metadata.judge]\nmissing-out = \"pass\"").unwrap();
        assert_eq!(passes.missing_out, MissingOut::Passes);
        let message = error("[package.metadata.judge]\nmissing-out = \"pas\"");
        assert!(message.contains("did you mean `pass`?"), "{message}");
    }

    #[test]
    fn every_compare_mode_is_named_and_read_back() {
        for name in Compare::NAMES {
            let mode = Compare::parse(name).unwrap();
            assert_eq!(mode.name(), name);
            assert_eq!(Compare::parse(&mode.to_string()).unwrap(), mode, "{name}");
        }
        assert_eq!(
            Compare::parse("float").unwrap(),
            Compare::Float(Tolerance::both(DEFAULT_FLOAT_TOLERANCE))
        );
        let lines = Compare::parse("float-lines:rel=1e-3, abs=1e-9").unwrap();
        let expected = Tolerance {
            relative: 1e-3,
            absolute: 1e-9,
        };
        assert_eq!(lines, Compare::FloatLines(expected));
        assert_eq!(lines.to_string(), "float-lines:rel=1e-3,abs=1e-9");
        // One error left out is 0: relative only, as snowchains.
        assert_eq!(
            Compare::parse("float:rel=0.01").unwrap(),
            Compare::Float(Tolerance {
                relative: 0.01,
                absolute: 0.0
            })
        );
    }

    #[test]
    fn a_bad_compare_mode_is_one_error_with_a_hint() {
        let message = |text: &str| format!("{:#}", Compare::parse(text).unwrap_err());
        for (text, says) in [
            (
                "tokns",
                "`tokns` is not a compare mode; did you mean `tokens`?",
            ),
            ("flaot", "did you mean `float`?"),
            ("exact-crfl", "did you mean `exact-crlf`?"),
            (
                "fuzzy",
                "known: exact, exact-crlf, lines, words, tokens, float, float-lines",
            ),
            ("lines:rel=1", "takes no parameters"),
            ("float:rle=1e-6", "unknown parameter `rle`"),
            ("float:rle=1e-6", "did you mean `rel`?"),
            ("float:rel", "is not KEY=VALUE"),
            ("float:rel=2", "rel=2"),
            ("float:abs=-1", "abs=-1"),
            ("float:abs=nan", "abs=nan"),
            ("float:rel=1,rel=1", "given twice"),
            ("flaot:rel=1", "did you mean `float`?"),
        ] {
            let text_said = message(text);
            assert!(text_said.contains(says), "{text}: {text_said}");
        }
        let said = error("[package.metadata.judge]\ncompare = \"word\"");
        assert!(said.contains("did you mean `words`?"), "{said}");
        let both = "[package.metadata.judge]\ncompare = \"float:rel=1e-3\"\nfloat-tolerance = 1e-4";
        assert!(error(both).contains("one place"));
        let lines = "[package.metadata.judge]\ncompare = \"float-lines\"\nfloat-tolerance = 1e-4";
        assert_eq!(
            parse(lines).unwrap().compare,
            Compare::FloatLines(Tolerance::both(1e-4))
        );
    }

    #[test]
    fn every_setting_is_range_checked() {
        let section = "[package.metadata.judge]\n";
        for (setting, name) in [
            ("time-limit-ms = 1e17", "time-limit-ms"),
            ("time-limit-ms = 100000000000000000", "time-limit-ms"),
            ("time-limit-ms = 0", "time-limit-ms"),
            ("memory-limit-kb = 18014398509481984", "memory-limit-kb"),
            ("memory-limit-kb = -1", "memory-limit-kb"),
            ("stack-limit-kb = 0", "stack-limit-kb"),
            ("output-limit-kb = 0", "output-limit-kb"),
            (
                "compare = \"float\"\nfloat-tolerance = -1",
                "float-tolerance",
            ),
            (
                "compare = \"float\"\nfloat-tolerance = nan",
                "float-tolerance",
            ),
            ("float-tolerance = 1e-3", "float-tolerance"),
        ] {
            let message = error(&format!("{section}{setting}"));
            assert!(message.contains(name), "{setting}: {message}");
        }
    }

    #[test]
    fn stack_follows_the_judges_convention() {
        let meta =
            parse("[package.metadata.judge]\njudge = \"Codeforces\"\nmemory-limit-kb = 1048576")
                .unwrap();
        assert_eq!(meta.stack_limit_kib, 256 * 1024);
        let meta =
            parse("[package.metadata.judge]\njudge = \"Luogu\"\nmemory-limit-kb = 65536").unwrap();
        assert_eq!(meta.stack_limit_kib, 65536);
        let meta = parse("[package.metadata.judge]\nstack-limit-kb = 8192").unwrap();
        assert_eq!(meta.stack_limit_kib, 8192);
    }
}
