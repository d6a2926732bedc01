//! What a refusal of a proc-macro crate says: the names the crate defines, and the line of
//! the problem's code that uses one of them (the way out is to drop that use).

use std::path::Path;

use syn::{Attribute, Item, Meta};

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
