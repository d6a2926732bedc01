//! What a refusal of a proc-macro crate says: the names the crate defines, and the line of
//! the problem's code that uses one of them (the way out is to drop that use).

use std::path::Path;

use syn::{Attribute, Item, Meta};

/// Who pulls a proc-macro crate into a problem's build.
pub enum PulledBy {
    /// The problem's own Cargo.toml.
    Problem,
    /// A crate (by name) with these features of it enabled (`proconio` with `derive`).
    Features(String, Vec<String>),
    /// A crate (by name) that always depends on it.
    Crate(String),
}

/// A refused proc-macro crate, for its message.
pub struct Refused<'a> {
    pub problem: &'a str,
    /// As code names it (`proconio_derive`).
    pub crate_name: &'a str,
    /// Package name and version (`proconio-derive v0.2.1`).
    pub label: &'a str,
    pub pulled_by: PulledBy,
    /// The problem's main.rs as shown to the user.
    pub main: &'a str,
    /// The line of main.rs that uses the crate and its code.
    pub used_at: Option<(usize, String)>,
}

/// What pulls the crate in, why it cannot be bundled, the line using it, and the way out.
pub fn refusal(refused: &Refused) -> String {
    let Refused {
        problem,
        crate_name,
        label,
        main,
        ..
    } = refused;
    let what = format!("`{crate_name}`, a proc-macro crate ({label}): its code runs inside the compiler while building, so it cannot be pasted into a bundle");
    let (cause, drop) = match &refused.pulled_by {
        PulledBy::Problem => (
            format!("problems/{problem}/Cargo.toml depends on crate {what}"),
            format!("the dependency `{crate_name}`"),
        ),
        PulledBy::Crate(parent) => (
            format!("problems/{problem}: crate `{parent}` depends on {what}"),
            format!("the dependency on `{parent}`"),
        ),
        PulledBy::Features(parent, features) => {
            let noun = if features.len() == 1 {
                "feature"
            } else {
                "features"
            };
            let list: Vec<String> = features.iter().map(|f| format!("`{f}`")).collect();
            let list = list.join(", ");
            (
                format!(
                    "problems/{problem}/Cargo.toml: `{parent}` with {noun} {list} pulls in {what}"
                ),
                format!("the {noun} {list}"),
            )
        }
    };
    match &refused.used_at {
        Some((line, code)) => {
            format!("{cause}.\n`{code}` at {main}:{line} uses it: drop that and {drop} to bundle")
        }
        None => format!("{cause}.\nNothing in {main} uses it: drop {drop} to bundle"),
    }
}

/// The macros a proc-macro crate defines: `#[proc_macro]` and `#[proc_macro_attribute]`
/// functions by their names, `#[proc_macro_derive(Name)]` by the derive's name. Empty when
/// its source does not parse.
pub fn defined_names(entry: &Path) -> Vec<String> {
    let Some(file) = std::fs::read_to_string(entry)
        .ok()
        .and_then(|text| syn::parse_file(&text).ok())
    else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for item in &file.items {
        let Item::Fn(function) = item else { continue };
        for attr in &function.attrs {
            if let Some(name) = macro_name(attr, &function.sig.ident.to_string()) {
                names.push(name);
            }
        }
    }
    names
}

fn macro_name(attr: &Attribute, function: &str) -> Option<String> {
    let path = attr.path();
    if path.is_ident("proc_macro") || path.is_ident("proc_macro_attribute") {
        return Some(function.to_string());
    }
    if !path.is_ident("proc_macro_derive") {
        return None;
    }
    let Meta::List(list) = &attr.meta else {
        return None;
    };
    let first = list.tokens.clone().into_iter().next()?;
    Some(first.to_string())
}

/// The first line of `text` that uses one of `names` (an attribute, a macro call, a derive),
/// as (1-based line, trimmed code); a `use` line only when nothing else names them.
pub fn first_use(text: &str, names: &[String]) -> Option<(usize, String)> {
    let naming = |line: &str| {
        let code = line.split("//").next().unwrap_or("");
        names.iter().any(|name| has_word(code, name))
    };
    let lines = || text.lines().enumerate().filter(|(_, line)| naming(line));
    let is_use = |line: &str| {
        let line = line.trim_start();
        line.starts_with("use ") || line.starts_with("pub use ")
    };
    lines()
        .find(|(_, line)| !is_use(line))
        .or_else(|| lines().next())
        .map(|(index, line)| (index + 1, line.trim().to_string()))
}

/// Whether `word` stands in `code` as a whole identifier.
fn has_word(code: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_pulls_the_crate_in_where_it_is_used_and_what_to_drop() {
        let mut refused = Refused {
            problem: "p",
            crate_name: "pm",
            label: "pm v1.0.0",
            pulled_by: PulledBy::Features("host".into(), vec!["a".into(), "b".into()]),
            main: "problems/p/main.rs",
            used_at: Some((3, "#[attr]".into())),
        };
        let message = refusal(&refused);
        assert!(message.starts_with("problems/p/Cargo.toml: `host` with features `a`, `b` pulls in `pm`, a proc-macro crate (pm v1.0.0): "), "{message}");
        assert!(message.ends_with(".\n`#[attr]` at problems/p/main.rs:3 uses it: drop that and the features `a`, `b` to bundle"), "{message}");
        refused.pulled_by = PulledBy::Crate("host".into());
        refused.used_at = None;
        let message = refusal(&refused);
        assert!(
            message.starts_with("problems/p: crate `host` depends on `pm`"),
            "{message}"
        );
        assert!(
            message.ends_with(
                "Nothing in problems/p/main.rs uses it: drop the dependency on `host` to bundle"
            ),
            "{message}"
        );
    }

    #[test]
    fn the_first_line_using_a_name_is_found_preferring_code_over_imports() {
        let names = vec!["fastout".to_string()];
        let text = "use proconio::{fastout, input};\n// #[fastout] in a comment\n\n#[fastout]\nfn main() {}\n";
        assert_eq!(first_use(text, &names), Some((4, "#[fastout]".to_string())));
        assert_eq!(
            first_use("use proconio::fastout;\n", &names),
            Some((1, "use proconio::fastout;".to_string()))
        );
        assert_eq!(first_use("fn fastout_not() {}\n", &names), None);
    }
}
