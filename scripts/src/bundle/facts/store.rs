//! The facts of the files a bundle reads, kept on disk: after an edit of main.rs the library's
//! and the crates' files are read, not parsed (their parse and [`FileFacts::collect`] were
//! most of what a bundle after an edit cost the tool: 0.13 s of hdu1536's, more with crates).
//!
//! One slot per file (its path, the enabled features, whether a `mod` declares it), holding
//! the facts under a key of the file's text and the tool's build: a changed file, another
//! feature set or a new build of the tool misses and parses again. A file that includes
//! others (`include!`) is never kept: its facts depend on their text too. Kept in the user's
//! store (`workspace::shared_store("facts")`, so a crate's files are parsed once for every
//! workspace on the machine), while [`using`] names that directory (a bundle being built);
//! elsewhere every file is parsed.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::super::cfg::Features;
use super::super::source::Source;
use super::FileFacts;

thread_local! {
    static DIR: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Runs `f` with the facts of the files it loads kept in `dir`.
pub fn using<T>(dir: PathBuf, f: impl FnOnce() -> T) -> T {
    let before = DIR.with(|d| d.replace(Some(dir)));
    let result = f();
    DIR.with(|d| *d.borrow_mut() = before);
    result
}

/// The file at `path` and its facts: kept ones when its text is the one they were collected
/// from, else `fresh()` (which loads and collects it; `None`: the file is not compiled),
/// kept for next time.
pub fn load(
    path: &Path,
    display: String,
    features: Features,
    declared: bool,
    fresh: impl FnOnce() -> Result<Option<(Source, FileFacts)>>,
) -> Result<Option<(Source, FileFacts)>> {
    let Some(dir) = DIR.with(|d| d.borrow().clone()) else {
        return fresh();
    };
    let Ok(text) = std::fs::read_to_string(path) else {
        return fresh();
    };
    if text.contains("include!") {
        return fresh();
    }
    let key = format!(
        "facts {} features {features:?} declared {declared} tool {}",
        super::super::linemap::text_key(&text),
        super::super::shake::tool_stamp()
    );
    let slot = dir.join(format!("{:016x}.facts", hash(&(path, features, declared))));
    if let Some(facts) = kept(&slot, &key) {
        return Ok(Some((Source::unparsed(display, text), facts)));
    }
    let loaded = fresh()?;
    if let Some((source, facts)) = &loaded {
        // Kept only for a text read as it is (nothing included into it).
        if Source::unparsed(String::new(), text).text == source.text {
            keep(&dir, &slot, &key, facts);
        }
    }
    Ok(loaded)
}

/// A yes or no about the files `texts` (each file's path and text), kept like a file's facts:
/// `decide()` runs only when these texts (or the tool's build) were not asked `question`
/// before. Outside [`using`] it always runs.
pub fn answer(question: &str, texts: &[(PathBuf, String)], decide: impl FnOnce() -> bool) -> bool {
    let Some(dir) = DIR.with(|d| d.borrow().clone()) else {
        return decide();
    };
    let files: Vec<(&PathBuf, String)> = texts
        .iter()
        .map(|(path, text)| (path, super::super::linemap::text_key(text)))
        .collect();
    let key = format!(
        "answer {:016x} tool {}",
        hash(&(question, &files)),
        super::super::shake::tool_stamp()
    );
    let paths: Vec<&PathBuf> = texts.iter().map(|(path, _)| path).collect();
    let slot = dir.join(format!("{:016x}.answer", hash(&(question, paths))));
    let saved = std::fs::read_to_string(&slot).ok();
    match saved.as_deref().and_then(|s| s.split_once('\n')) {
        Some((saved_key, answer @ ("true" | "false"))) if saved_key == key => {
            crate::workspace::keep_alive(&slot);
            return answer == "true";
        }
        _ => {}
    }
    let decided = decide();
    write_aside(&dir, &slot, &format!("{key}\n{decided}"));
    decided
}

fn hash(value: &impl Hash) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

fn kept(slot: &Path, key: &str) -> Option<FileFacts> {
    let saved = std::fs::read_to_string(slot).ok()?;
    let (saved_key, json) = saved.split_once('\n')?;
    if saved_key != key {
        return None;
    }
    let facts = serde_json::from_str(json).ok()?;
    crate::workspace::keep_alive(slot);
    Some(facts)
}

/// A store that cannot be written only costs time next time.
fn keep(dir: &Path, slot: &Path, key: &str, facts: &FileFacts) {
    let Ok(json) = serde_json::to_string(facts) else {
        return;
    };
    write_aside(dir, slot, &format!("{key}\n{json}"));
}

/// Writes `slot` in `dir` aside, then renames it: another bundle may be reading the slot. A
/// store that cannot be written only costs time next time.
fn write_aside(dir: &Path, slot: &Path, content: &str) {
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let _ = crate::files::write_atomically(slot, content);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// [`load`] of `path` counting the parses in `parses`.
    fn load_counting(path: &Path, features: Features, parses: &Cell<usize>) -> (String, String) {
        let (source, facts) = load(path, "lib.rs".into(), features, true, || {
            parses.set(parses.get() + 1);
            let source = Source::load(path, "lib.rs".into())?;
            let facts = FileFacts::collect(source.syntax()?, &source.text, features);
            Ok(Some((source, facts)))
        })
        .unwrap()
        .unwrap();
        (source.text, serde_json::to_string(&facts).unwrap())
    }

    #[test]
    fn kept_facts_are_those_of_the_text_and_features_read_now() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.rs");
        let first = "pub fn f() -> u32 { 1 }\n#[cfg(feature = \"x\")]\npub fn g() {}\n";
        std::fs::write(&path, first).unwrap();
        let parses = Cell::new(0);
        let store = dir.path().join("store");
        let on: std::collections::BTreeSet<String> = ["x".to_string()].into();
        using(store.clone(), || {
            let fresh = load_counting(&path, None, &parses);
            assert_eq!(parses.get(), 1);
            assert_eq!(load_counting(&path, None, &parses), fresh);
            assert_eq!(parses.get(), 1, "the same text is read, not parsed");
            // Other features: other facts (the cfg is decided), parsed again.
            let featured = load_counting(&path, Some(&on), &parses);
            assert_eq!(parses.get(), 2);
            assert_ne!(featured.1, fresh.1);
            // Another text of the same length: parsed again, its own facts.
            let second = first.replace("f()", "h()");
            assert_eq!(second.len(), first.len());
            std::fs::write(&path, &second).unwrap();
            let changed = load_counting(&path, None, &parses);
            assert_eq!(parses.get(), 3);
            assert_eq!(changed.0, second);
            assert!(changed.1.contains("\"h\"") && !changed.1.contains("\"f\""));
        });
        // Outside `using` nothing is kept.
        let parses = Cell::new(0);
        load_counting(&path, None, &parses);
        load_counting(&path, None, &parses);
        assert_eq!(parses.get(), 2);
    }

    #[test]
    fn an_answer_is_kept_for_the_same_texts_only() {
        let dir = tempfile::tempdir().unwrap();
        let asked = Cell::new(0);
        let ask = |texts: &[(PathBuf, String)], yes: bool| {
            answer("q", texts, || {
                asked.set(asked.get() + 1);
                yes
            })
        };
        let a = vec![(PathBuf::from("a.rs"), "struct A;".to_string())];
        using(dir.path().join("store"), || {
            assert!(ask(&a, true));
            assert!(ask(&a, false), "kept: not asked again");
            assert_eq!(asked.get(), 1);
            // Another text of the same file (same length): asked again.
            let b = vec![(PathBuf::from("a.rs"), "struct B;".to_string())];
            assert!(!ask(&b, false));
            assert_eq!(asked.get(), 2);
            assert!(!ask(&b, true));
            assert!(
                answer("another question", &b, || true),
                "each question its own"
            );
        });
        // Outside `using` it is always asked.
        assert!(!ask(&a, false));
        assert_eq!(asked.get(), 3);
    }
}
