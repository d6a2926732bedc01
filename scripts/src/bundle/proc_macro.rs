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

/// How a proc macro is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MacroKind {
    /// `name!(…)`.
    Bang,
    /// `#[name]` on an item.
    Attribute,
    /// `#[derive(Name)]`.
    Derive,
}

/// The macros a proc-macro crate defines: `#[proc_macro]` and `#[proc_macro_attribute]`
/// functions by their names, `#[proc_macro_derive(Name)]` by the derive's name. Empty when
/// its source does not parse.
pub fn defined_macros(entry: &Path) -> Vec<(String, MacroKind)> {
    let Some(file) = std::fs::read_to_string(entry)
        .ok()
        .and_then(|text| syn::parse_file(&text).ok())
    else {
        return Vec::new();
    };
    let mut macros = Vec::new();
    for item in &file.items {
        let Item::Fn(function) = item else { continue };
        for attr in &function.attrs {
            if let Some(found) = macro_of(attr, &function.sig.ident.to_string()) {
                macros.push(found);
            }
        }
    }
    macros
}

fn macro_of(attr: &Attribute, function: &str) -> Option<(String, MacroKind)> {
    let path = attr.path();
    if path.is_ident("proc_macro") {
        return Some((function.to_string(), MacroKind::Bang));
    }
    if path.is_ident("proc_macro_attribute") {
        return Some((function.to_string(), MacroKind::Attribute));
    }
    if !path.is_ident("proc_macro_derive") {
        return None;
    }
    let Meta::List(list) = &attr.meta else {
        return None;
    };
    let first = list.tokens.clone().into_iter().next()?;
    Some((first.to_string(), MacroKind::Derive))
}

/// The first line of `text` that uses one of `macros` as its kind is called (`#[fastout]`,
/// `#[derive(…, Name)]`, `name!`), as (1-based line, trimmed code); else the first `use`
/// line that imports one of them from one of `crates` (the proc-macro crate, or the crate
/// re-exporting it). A `From` derive does not make `impl From` a use.
pub fn first_use_of(
    text: &str,
    macros: &[(String, MacroKind)],
    crates: &[String],
) -> Option<(usize, String)> {
    let lines = || {
        text.lines()
            .enumerate()
            .map(|(index, line)| (index, line, line.split("//").next().unwrap_or("")))
    };
    let found = |index: usize, line: &str| Some((index + 1, line.trim().to_string()));
    for (index, line, code) in lines() {
        let calls = macros.iter().any(|(name, kind)| match kind {
            MacroKind::Bang => followed_by_bang(code, name),
            MacroKind::Attribute => code
                .split("#[")
                .skip(1)
                .any(|attr| attribute_path_ends_with(attr, name)),
            MacroKind::Derive => code
                .split("derive(")
                .skip(1)
                .any(|list| has_word(list.split(')').next().unwrap_or(""), name)),
        });
        if calls {
            return found(index, line);
        }
    }
    for (index, line, code) in lines() {
        let trimmed = code.trim_start();
        let is_use = trimmed.starts_with("use ") || trimmed.starts_with("pub use ");
        if is_use
            && crates.iter().any(|c| has_word(code, c))
            && macros.iter().any(|(name, _)| has_word(code, name))
        {
            return found(index, line);
        }
    }
    None
}

/// Whether `name!` is called in `code` (also as `path::name!`).
fn followed_by_bang(code: &str, name: &str) -> bool {
    word_positions(code, name).any(|end| code[end..].trim_start().starts_with('!'))
}

/// Whether the attribute text after `#[` has a path ending in `name` (`fastout`,
/// `proconio::fastout`).
fn attribute_path_ends_with(attr: &str, name: &str) -> bool {
    let path: String = attr
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':' || c.is_whitespace())
        .filter(|c| !c.is_whitespace())
        .collect();
    path.rsplit("::").next() == Some(name)
}

/// The byte offsets just after each whole-identifier occurrence of `word` in `code`.
fn word_positions<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).filter_map(move |(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        (!before.is_some_and(is_ident) && !after.is_some_and(is_ident)).then_some(at + word.len())
    })
}

/// Whether `word` stands in `code` as a whole identifier.
fn has_word(code: &str, word: &str) -> bool {
    word_positions(code, word).next().is_some()
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
    fn a_use_is_a_call_of_the_macro_as_its_kind_is_called_or_an_import_from_its_crate() {
        let crates = vec!["proconio".to_string(), "proconio_derive".to_string()];
        let fastout = vec![("fastout".to_string(), MacroKind::Attribute)];
        let text = "use proconio::{fastout, input};\n// #[fastout] in a comment\n\n#[fastout]\nfn main() {}\n";
        assert_eq!(
            first_use_of(text, &fastout, &crates),
            Some((4, "#[fastout]".to_string()))
        );
        assert_eq!(
            first_use_of("#[proconio::fastout]\nfn main() {}\n", &fastout, &crates),
            Some((1, "#[proconio::fastout]".to_string()))
        );
        assert_eq!(
            first_use_of("use proconio::fastout;\n", &fastout, &crates),
            Some((1, "use proconio::fastout;".to_string()))
        );
        assert_eq!(
            first_use_of("fn fastout_not() {}\n", &fastout, &crates),
            None
        );
        assert_eq!(
            first_use_of("use other::fastout;\n", &fastout, &crates),
            None
        );
        // amplify_derive's `From` derive: `impl From` and `T::from` are no uses of it.
        let derive = vec![("From".to_string(), MacroKind::Derive)];
        let amplify = vec!["amplify".to_string()];
        let text = "use std::convert::From;\nimpl From<u8> for A { }\n";
        assert_eq!(first_use_of(text, &derive, &amplify), None);
        assert_eq!(
            first_use_of("#[derive(Debug, From)]\nstruct A;\n", &derive, &amplify),
            Some((1, "#[derive(Debug, From)]".to_string()))
        );
        let bang = vec![("html".to_string(), MacroKind::Bang)];
        assert_eq!(first_use_of("let html = 1;\n", &bang, &amplify), None);
        assert_eq!(
            first_use_of("  let x = html ! { };\n", &bang, &amplify),
            Some((1, "let x = html ! { };".to_string()))
        );
    }
}
