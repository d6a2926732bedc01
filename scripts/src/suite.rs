//! cargo-compete's test suites (`testcases/<alias>.yml`), read as they are:
//!
//! ```yaml
//! type: Batch            # or Interactive (judged only with an interactor)
//! timelimit: 2s          # humantime: 2s, 2000ms, 1s 500ms
//! match: Lines           # Exact | SplitWhitespace | Lines | Float: {relative_error, absolute_error}
//!                        #   | Checker: {cmd, shell: Bash}
//! cases:
//!   - name: sample1
//!     in: "1 2\n"
//!     out: "3\n"         # may be missing: the case passes when the program exits cleanly
//! extend:
//!   - type: Text         # files under `path` (relative to the suite's folder) matched by
//!     path: ./a          #   the globs `in` and `out` (gitignore style); a case is a stem
//!     in: /in/*.txt
//!     out: /out/*.txt
//! ```
//!
//! The suite's `timelimit` and `match` become the problem's limit and compare mode.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use serde_yaml::Value;

/// `type:` of a suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Batch,
    Interactive,
}

/// `match:` of a suite.
#[derive(Debug, Clone, PartialEq)]
pub enum Match {
    Exact,
    SplitWhitespace,
    Lines,
    /// A number is right when within either error of the expected one.
    Float {
        relative_error: Option<f64>,
        absolute_error: Option<f64>,
    },
    /// `cmd` run by bash with `$INPUT`, `$ACTUAL_OUTPUT` and `$EXPECTED_OUTPUT` set: exit 0 is
    /// accepted, anything else a wrong answer.
    Checker {
        cmd: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct SuiteCase {
    pub name: String,
    pub input: String,
    /// `None`: no expected output.
    pub output: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Suite {
    pub kind: Kind,
    pub timelimit: Option<Duration>,
    /// `None` for an interactive suite.
    pub matching: Option<Match>,
    /// `cases`, then each `extend`, in order.
    pub cases: Vec<SuiteCase>,
}

/// Reads the suite at `path`; `extend` paths are relative to its folder.
pub fn load(path: &Path) -> Result<Suite> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    parse(&text, base).with_context(|| format!("{}", path.display()))
}

/// The suite in `text`; `base` is the folder `extend` paths start from.
pub fn parse(text: &str, base: &Path) -> Result<Suite> {
    let value: Value = serde_yaml::from_str(text).context("not valid YAML")?;
    let Value::Mapping(top) = value else {
        bail!("a test suite is a mapping with `type:` (Batch or Interactive)");
    };
    let get = |key: &str| top.get(key).filter(|v| !v.is_null());
    let kind = match get("type").and_then(Value::as_str) {
        Some("Batch") => Kind::Batch,
        Some("Interactive") => Kind::Interactive,
        Some("Unsubmittable") => bail!("type: Unsubmittable: this problem takes no submission"),
        Some(other) => bail!("type: {other:?} is not a suite type (Batch or Interactive)"),
        None => bail!("no `type:` (Batch or Interactive)"),
    };
    let timelimit = get("timelimit")
        .map(|v| duration(v).context("timelimit"))
        .transpose()?;
    let matching = match (kind, get("match")) {
        (Kind::Batch, Some(m)) => Some(matching(m).context("match")?),
        (Kind::Batch, None) => {
            bail!("no `match:` (Exact, SplitWhitespace, Lines, Float or Checker)")
        }
        (Kind::Interactive, _) => None,
    };
    let mut cases = Vec::new();
    if let Some(list) = get("cases") {
        let list = list.as_sequence().context("`cases` is not a list")?;
        for (i, case) in list.iter().enumerate() {
            cases.push(inline_case(case, i).with_context(|| format!("cases[{i}]"))?);
        }
    }
    if let Some(list) = get("extend") {
        let list = list.as_sequence().context("`extend` is not a list")?;
        for (i, extend) in list.iter().enumerate() {
            cases.extend(extended(extend, base).with_context(|| format!("extend[{i}]"))?);
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for case in &cases {
        if !seen.insert(case.name.as_str()) {
            bail!("two cases are named {:?}", case.name);
        }
    }
    Ok(Suite {
        kind,
        timelimit,
        matching,
        cases,
    })
}

/// `name`, `in`, `out` of one case under `cases:`; a case without a name is `N` (its place, 1-based).
fn inline_case(case: &Value, index: usize) -> Result<SuiteCase> {
    let map = case
        .as_mapping()
        .context("a case is a mapping with `in:`")?;
    refuse_override(map)?;
    let text = |key: &str| -> Result<Option<String>> {
        match map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => bail!("`{key}` is not text"),
        }
    };
    let input = text("in")?.context("no `in:`")?;
    Ok(SuiteCase {
        name: text("name")?.unwrap_or_else(|| (index + 1).to_string()),
        input,
        output: text("out")?,
    })
}

/// A case (or `extend`) with a `timelimit` or `match` of its own is refused: the suite's apply
/// to every case here.
fn refuse_override(map: &serde_yaml::Mapping) -> Result<()> {
    for key in ["timelimit", "match"] {
        if map.get(key).is_some_and(|v| !v.is_null()) {
            bail!("a `{key}` of its own is not supported: set it for the whole suite");
        }
    }
    Ok(())
}

/// `type: Text`: the files under `path` matching `in` and `out`, paired by stem.
fn extended(extend: &Value, base: &Path) -> Result<Vec<SuiteCase>> {
    let map = extend
        .as_mapping()
        .context("an `extend` entry is a mapping")?;
    let field = |key: &str| -> Result<&str> {
        map.get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("no `{key}:`"))
    };
    match field("type")? {
        "Text" => {}
        "SystemTestCases" => bail!(
            "type: SystemTestCases (cargo-compete's downloaded system tests) is not read: put \
             them in a folder and use `type: Text`"
        ),
        other => bail!("type: {other:?} is not an extend type (Text)"),
    }
    refuse_override(map)?;
    let path = Path::new(field("path")?);
    let dir = base.join(path.strip_prefix(".").unwrap_or(path));
    let (input_glob, output_glob) = (field("in")?, field("out")?);
    // cargo-compete writes `testcases/<alias>/in/.gitkeep` with the extend; a folder git
    // dropped (or the user removed) holds no cases, as cargo-compete's own runner reads it.
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    walk(&dir, &dir, 0, &mut files).with_context(|| format!("cannot list {}", dir.display()))?;
    files.sort();
    let mut pairs: BTreeMap<String, (Option<PathBuf>, Option<PathBuf>)> = BTreeMap::new();
    for (relative, file) in &files {
        let stem = file
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for (glob, is_input) in [(input_glob, true), (output_glob, false)] {
            if !glob_matches(glob, relative) {
                continue;
            }
            let (input, output) = pairs.entry(stem.clone()).or_default();
            let slot = if is_input { input } else { output };
            if let Some(first) = slot {
                bail!(
                    "two files for case {stem:?} match `{glob}`: {} and {}",
                    first.display(),
                    file.display()
                );
            }
            *slot = Some(file.clone());
        }
    }
    let read = |path: &Path| {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    };
    pairs
        .into_iter()
        .map(|(name, pair)| match pair {
            (Some(input), output) => Ok(SuiteCase {
                name,
                input: read(&input)?,
                output: output.as_deref().map(read).transpose()?,
            }),
            (None, Some(output)) => bail!("{} has no input file", output.display()),
            (None, None) => unreachable!("a pair has a file"),
        })
        .collect()
}

/// Every file under `dir` with its path relative to `root` (`/`-separated).
fn walk(root: &Path, dir: &Path, depth: usize, files: &mut Vec<(String, PathBuf)>) -> Result<()> {
    if depth > 128 {
        bail!("{} is nested too deep", dir.display());
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(root, &path, depth + 1, files)?;
        } else {
            let relative = path.strip_prefix(root).unwrap_or(&path);
            let relative: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((relative.join("/"), path));
        }
    }
    Ok(())
}

/// Whether `path` (relative, `/`-separated) matches `glob` as a gitignore line does: a glob
/// with a `/` (leading or inside) is anchored at the folder, else it matches a file name at
/// any depth. `*` and `?` stay within a name, `**` crosses folders.
fn glob_matches(glob: &str, path: &str) -> bool {
    let glob = glob.trim();
    if let Some(anchored) = glob.strip_prefix('/') {
        return wildcard(anchored.as_bytes(), path.as_bytes());
    }
    if glob.contains('/') {
        return wildcard(glob.as_bytes(), path.as_bytes());
    }
    let name = path.rsplit('/').next().unwrap_or(path);
    wildcard(glob.as_bytes(), name.as_bytes())
}

fn wildcard(glob: &[u8], text: &[u8]) -> bool {
    match glob {
        [] => text.is_empty(),
        [b'*', b'*', b'/', rest @ ..] => {
            // `**/`: zero or more folders.
            wildcard(rest, text)
                || text
                    .iter()
                    .enumerate()
                    .any(|(i, &c)| c == b'/' && wildcard(rest, &text[i + 1..]))
        }
        [b'*', b'*', rest @ ..] => (0..=text.len()).any(|i| wildcard(rest, &text[i..])),
        [b'*', rest @ ..] => (0..=text.len())
            .take_while(|&i| i == 0 || text[i - 1] != b'/')
            .any(|i| wildcard(rest, &text[i..])),
        [b'?', rest @ ..] => matches!(text, [c, tail @ ..] if *c != b'/' && wildcard(rest, tail)),
        [g, rest @ ..] => matches!(text, [c, tail @ ..] if c == g && wildcard(rest, tail)),
    }
}

/// `match:` as a name (`Lines`), a one-key mapping (`Float: {...}`) or a YAML tag (`!Float`).
fn matching(value: &Value) -> Result<Match> {
    let (name, body) = match value {
        Value::String(name) => (name.clone(), None),
        Value::Mapping(map) if map.len() == 1 => {
            let (key, body) = map.iter().next().expect("one entry");
            let name = key.as_str().context("the mode is not a name")?;
            (name.to_string(), Some(body))
        }
        Value::Tagged(tagged) => (
            tagged.tag.to_string().trim_start_matches('!').to_string(),
            Some(&tagged.value),
        ),
        _ => bail!("not a mode (Exact, SplitWhitespace, Lines, Float or Checker)"),
    };
    let field = |key: &str| body.and_then(|b| b.get(key)).filter(|v| !v.is_null());
    Ok(match name.as_str() {
        "Exact" => Match::Exact,
        "SplitWhitespace" => Match::SplitWhitespace,
        "Lines" => Match::Lines,
        "Float" => {
            let error = |key: &str| -> Result<Option<f64>> {
                let Some(value) = field(key) else {
                    return Ok(None);
                };
                match value.as_f64() {
                    Some(x) if x.is_finite() && x > 0.0 => Ok(Some(x)),
                    _ => bail!("Float {key}: {value:?} is not a positive finite number"),
                }
            };
            Match::Float {
                relative_error: error("relative_error")?,
                absolute_error: error("absolute_error")?,
            }
        }
        "Checker" => {
            let cmd = field("cmd")
                .and_then(Value::as_str)
                .context("Checker: no `cmd`")?
                .to_string();
            match field("shell").and_then(Value::as_str) {
                Some("Bash") => {}
                other => bail!("Checker shell: {other:?} is not `Bash`, the one shell there is"),
            }
            Match::Checker { cmd }
        }
        other => bail!("{other:?} is not a mode (Exact, SplitWhitespace, Lines, Float or Checker)"),
    })
}

/// A humantime duration as cargo-compete writes it: `2s`, `2000ms`, `1s 500ms`, `1m`.
fn duration(value: &Value) -> Result<Duration> {
    let text = value
        .as_str()
        .with_context(|| format!("{value:?} is not a duration like \"2s\""))?;
    parse_duration(text)
}

/// `2s`, `2000ms`, `1s 500ms`, `1m`.
pub fn parse_duration(text: &str) -> Result<Duration> {
    let mut total = Duration::ZERO;
    let mut rest = text.trim();
    if rest.is_empty() {
        bail!("an empty duration");
    }
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let unit_len = rest[digits..]
            .bytes()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        let (number, unit) = (&rest[..digits], &rest[digits..digits + unit_len]);
        let number: u64 = number
            .parse()
            .map_err(|_| anyhow!("{text:?} is not a duration like \"2s\" or \"2000ms\""))?;
        let part = match unit {
            "ns" | "nsec" => Duration::from_nanos(number),
            "us" | "usec" => Duration::from_micros(number),
            "ms" | "msec" => Duration::from_millis(number),
            "s" | "sec" | "secs" | "second" | "seconds" => Duration::from_secs(number),
            "m" | "min" | "mins" | "minute" | "minutes" => {
                Duration::from_secs(number.saturating_mul(60))
            }
            _ => bail!("{text:?}: unknown unit {unit:?} (ms, s or m)"),
        };
        total = total.saturating_add(part);
        rest = rest[digits + unit_len..].trim_start();
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(text: &str) -> Result<Suite> {
        parse(text, Path::new("/nonexistent"))
    }

    #[test]
    fn cargo_compete_batch_suite_is_read() {
        let read = suite(
            "---\ntype: Batch\ntimelimit: 2s\nmatch: Lines\n\ncases:\n  - name: sample1\n    in: |\n      1 2\n    out: |\n      3\n  - in: \"5\\n\"\n\nextend: []\n",
        )
        .unwrap();
        assert_eq!(read.kind, Kind::Batch);
        assert_eq!(read.timelimit, Some(Duration::from_secs(2)));
        assert_eq!(read.matching, Some(Match::Lines));
        assert_eq!(read.cases.len(), 2);
        assert_eq!(read.cases[0].input, "1 2\n");
        assert_eq!(read.cases[0].output.as_deref(), Some("3\n"));
        assert_eq!(read.cases[1].name, "2");
        assert_eq!(read.cases[1].output, None);
    }

    #[test]
    fn every_match_mode_is_read_in_both_spellings() {
        let mode = |text: &str| suite(&format!("type: Batch\nmatch: {text}\n")).map(|s| s.matching);
        assert_eq!(mode("Exact").unwrap(), Some(Match::Exact));
        assert_eq!(
            mode("SplitWhitespace").unwrap(),
            Some(Match::SplitWhitespace)
        );
        let float = Some(Match::Float {
            relative_error: Some(1e-6),
            absolute_error: None,
        });
        assert_eq!(
            mode("\n  Float:\n    relative_error: 1e-6\n").unwrap(),
            float
        );
        assert_eq!(mode("!Float\n  relative_error: 1e-6\n").unwrap(), float);
        let checker = mode("\n  Checker:\n    cmd: cat \"$ACTUAL_OUTPUT\"\n    shell: Bash\n");
        assert_eq!(
            checker.unwrap(),
            Some(Match::Checker {
                cmd: "cat \"$ACTUAL_OUTPUT\"".to_string()
            })
        );
        let bad = format!("{:#}", mode("Fuzzy").unwrap_err());
        assert!(bad.contains("\"Fuzzy\" is not a mode"), "{bad}");
        let bad = format!(
            "{:#}",
            mode("\n  Float:\n    relative_error: -1\n").unwrap_err()
        );
        assert!(bad.contains("positive"), "{bad}");
    }

    #[test]
    fn durations_are_humantime() {
        for (text, ms) in [
            ("2s", 2000),
            ("2000ms", 2000),
            ("1s 500ms", 1500),
            ("1m", 60_000),
        ] {
            let read = suite(&format!("type: Interactive\ntimelimit: {text}\n")).unwrap();
            assert_eq!(read.timelimit, Some(Duration::from_millis(ms)), "{text}");
            assert_eq!(read.kind, Kind::Interactive);
        }
        for bad in ["2", "s", "2 hours", "two"] {
            let error = suite(&format!("type: Batch\nmatch: Exact\ntimelimit: {bad}\n"));
            assert!(error.is_err(), "{bad}");
        }
    }

    #[test]
    fn extend_pairs_files_by_stem_under_the_globs() {
        let dir = tempfile::tempdir().unwrap();
        let files = dir.path().join("a");
        for (path, text) in [
            ("in/01.txt", "1\n"),
            ("in/02.txt", "2\n"),
            ("out/01.txt", "one\n"),
            ("out/02.txt", "two\n"),
            ("in/notes.md", "not a case"),
        ] {
            let path = files.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let text = "type: Batch\nmatch: Exact\ncases: []\nextend:\n  - type: Text\n    path: \"./a\"\n    in: /in/*.txt\n    out: /out/*.txt\n";
        let read = parse(text, dir.path()).unwrap();
        let names: Vec<&str> = read.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["01", "02"]);
        assert_eq!(read.cases[1].input, "2\n");
        assert_eq!(read.cases[1].output.as_deref(), Some("two\n"));
        std::fs::write(files.join("out/03.txt"), "three\n").unwrap();
        let error = format!("{:#}", parse(text, dir.path()).unwrap_err());
        assert!(error.contains("03.txt has no input file"), "{error}");
    }

    #[test]
    fn a_missing_extend_folder_adds_no_cases_and_a_file_there_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let text = "type: Batch\nmatch: Exact\ncases:\n  - in: \"1\\n\"\n    out: \"1\\n\"\nextend:\n  - type: Text\n    path: \"./a\"\n    in: /in/*.txt\n    out: /out/*.txt\n";
        let read = parse(text, dir.path()).unwrap();
        assert_eq!(read.cases.len(), 1);
        std::fs::write(dir.path().join("a"), "not a folder").unwrap();
        let error = format!("{:#}", parse(text, dir.path()).unwrap_err());
        assert!(error.contains("cannot list"), "{error}");
    }

    #[test]
    fn globs_follow_gitignore_anchoring() {
        assert!(glob_matches("/in/*.txt", "in/1.txt"));
        assert!(!glob_matches("/in/*.txt", "x/in/1.txt"));
        assert!(!glob_matches("/in/*.txt", "in/sub/1.txt"));
        assert!(glob_matches("*.in", "deep/er/1.in"));
        assert!(glob_matches("/**/*.in", "deep/er/1.in"));
        assert!(glob_matches("/in/?.txt", "in/1.txt"));
        assert!(!glob_matches("/in/?.txt", "in/10.txt"));
    }

    #[test]
    fn what_cannot_be_judged_is_refused_by_name() {
        let error = |text: &str| format!("{:#}", suite(text).unwrap_err());
        assert!(error("type: Unsubmittable\n").contains("Unsubmittable"));
        assert!(error("type: Batch\n").contains("no `match:`"));
        let own = error("type: Batch\nmatch: Exact\ncases:\n  - in: \"1\"\n    timelimit: 1s\n");
        assert!(
            own.contains("cases[0]") && own.contains("timelimit"),
            "{own}"
        );
        let dup = error("type: Batch\nmatch: Exact\ncases:\n  - {name: a, in: \"1\"}\n  - {name: a, in: \"2\"}\n");
        assert!(dup.contains("two cases are named \"a\""), "{dup}");
    }
}
