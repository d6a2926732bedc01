//! Code of crates written for an older edition, made to compile under 2024 too.
//!
//! `gen` is a keyword since 2024: in such a crate every identifier `gen` is written `r#gen`,
//! the same name to every edition since 2018 (and to rustc 1.63).
//!
//! Since 2024 a pattern that borrows implicitly (matching `&Enum` with `Enum::A { x }`) may
//! not say `ref` again (`Enum::A { ref x }`): an error, where older editions took it. Which
//! patterns borrow implicitly only the type checker knows, so rustc under 2024 is the judge:
//! under `&_` such a `ref` changes nothing and is dropped; under `&mut _` it made a shared
//! borrow, and rustc's own suggestion (`&mut Enum::A { ref x, ref mut y }`) replaces the line.

use std::path::Path;

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};

use super::linemap::Mapped;
use crate::rustc;
use crate::settings::Edition;

const IMPLICIT_BORROW: &str =
    "error: cannot explicitly borrow within an implicitly-borrowing pattern";

/// Rounds of rustc at most: it reports every body's errors at once, so one is the rule.
const MAX_ROUNDS: usize = 3;

/// `bundle` without the `ref`s rustc 2024 refuses; unchanged when there are none (or rustc
/// fails for another reason: the caller's type check reports that).
pub fn fix_patterns_refused_by_2024(bundle: &Mapped, scratch: &Path) -> Result<Mapped> {
    let mut out = bundle.clone();
    std::fs::create_dir_all(scratch)?;
    let source = scratch.join("edition2024.rs");
    for _ in 0..MAX_ROUNDS {
        std::fs::write(&source, &out.text)?;
        let checked =
            rustc::type_check(&source, Edition::E2024, &scratch.join("edition2024.rmeta"))?;
        let fixes = fixes(&checked.messages);
        if checked.success || fixes.is_empty() {
            break;
        }
        match apply(&out.text, &fixes) {
            Some(text) => out.text = text,
            None => break,
        }
    }
    Ok(out)
}

/// `text` (an inlined crate's code) with each identifier `gen` written `r#gen`; strings,
/// comments and `r#gen` stay. Unchanged when it does not lex.
pub fn raw_gen_identifiers(text: &Mapped) -> Mapped {
    let Ok(tokens) = text.text.parse::<TokenStream>() else {
        return text.clone();
    };
    let mut starts = Vec::new();
    gen_identifiers(tokens, &mut starts);
    let mut out = text.clone();
    for start in starts.into_iter().rev() {
        out.text.insert_str(start, "r#");
    }
    out
}

fn gen_identifiers(tokens: TokenStream, starts: &mut Vec<usize>) {
    for token in tokens {
        match token {
            TokenTree::Group(group) => gen_identifiers(group.stream(), starts),
            TokenTree::Ident(ident) if ident == "gen" => {
                starts.push(ident.span().byte_range().start);
            }
            _ => {}
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Fix {
    /// Drop the `ref ` at this line and column (1-based, in characters).
    DropRef { line: usize, column: usize },
    /// Write these lines (1-based numbers) as rustc suggests.
    Lines(Vec<(usize, String)>),
}

/// The fixes of rustc's (human-readable) messages about refused `ref`s.
fn fixes(messages: &str) -> Vec<Fix> {
    let mut fixes = Vec::new();
    for error in messages.split("\nerror") {
        let error = error.trim_start_matches('\n');
        let error = if error.starts_with("error") {
            error.to_string()
        } else {
            format!("error{error}")
        };
        if !error.starts_with(IMPLICIT_BORROW) {
            continue;
        }
        if error.contains("matches on a reference type `&_`") {
            let location = error.lines().find_map(|l| l.trim().strip_prefix("--> "));
            let mut parts = location.unwrap_or("").rsplit(':');
            let column = parts.next().and_then(|c| c.parse().ok());
            let line = parts.next().and_then(|l| l.parse().ok());
            if let (Some(line), Some(column)) = (line, column) {
                fixes.push(Fix::DropRef { line, column });
            }
        } else if let Some((_, help)) = error.split_once("\nhelp: ") {
            let lines: Vec<(usize, String)> = help
                .lines()
                .skip(1)
                .filter_map(|l| {
                    let (number, code) = l.split_once(" | ")?;
                    Some((number.trim().parse().ok()?, code.to_string()))
                })
                .collect();
            if !lines.is_empty() && lines.iter().all(|(_, code)| !code.contains("...")) {
                fixes.push(Fix::Lines(lines));
            }
        }
    }
    fixes
}

/// `text` with the fixes; `None` when one does not fit the text (rustc's line was cut).
fn apply(text: &str, fixes: &[Fix]) -> Option<String> {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    for fix in fixes {
        match fix {
            Fix::DropRef { line, column } => {
                let code = lines.get_mut(line.checked_sub(1)?)?;
                let at = code.char_indices().nth(column.checked_sub(1)?)?.0;
                if !code[at..].starts_with("ref ") || code[at + 4..].starts_with("mut ") {
                    return None;
                }
                code.replace_range(at..at + 4, "");
            }
            Fix::Lines(new) => {
                for (number, code) in new {
                    let old = lines.get_mut(number.checked_sub(1)?)?;
                    // rustc's suggestion shows the line as it was, plus insertions.
                    if old.trim().len() > code.trim().len() {
                        return None;
                    }
                    *old = code.clone();
                }
            }
        }
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_identifiers_become_raw_and_nothing_else_changes() {
        let text = Mapped::plain(
            "// gen\nfn gen(g: u64) -> u64 { let s = \"gen\"; r#gen(g) + ($gen) + genx }\n",
        );
        assert_eq!(
            raw_gen_identifiers(&text).text,
            "// gen\nfn r#gen(g: u64) -> u64 { let s = \"gen\"; r#gen(g) + ($r#gen) + genx }\n"
        );
    }

    const MESSAGES: &str = "error: cannot explicitly borrow within an implicitly-borrowing pattern
 --> s.rs:2:12
  |
2 |     E::B { ref k, m } => 1,
  |            ^^^ explicit `ref` binding modifier not allowed when implicitly borrowing
  |
note: matching on a reference type with a non-reference pattern implicitly borrows the contents
 --> s.rs:2:5
  |
2 |     E::B { ref k, m } => 1,
  |     ^^^^^^^^^^^^^^^^^ this non-reference pattern matches on a reference type `&mut _`
help: match on the reference with a reference pattern and borrow explicitly using a variable binding mode
  |
2 |     &mut E::B { ref k, ref mut m } => 1,
  |     ++++               +++++++

error: cannot explicitly borrow within an implicitly-borrowing pattern
 --> s.rs:3:12
  |
3 |     E::C { ref k } => 2,
  |            ^^^ explicit `ref` binding modifier not allowed when implicitly borrowing
  |
note: matching on a reference type with a non-reference pattern implicitly borrows the contents
 --> s.rs:3:5
  |
3 |     E::C { ref k } => 2,
  |     ^^^^^^^^^^^^^^ this non-reference pattern matches on a reference type `&_`

error[E0308]: mismatched types
";

    #[test]
    fn a_ref_under_a_shared_borrow_goes_and_one_under_a_mutable_borrow_takes_the_suggestion() {
        let found = fixes(MESSAGES);
        assert_eq!(
            found,
            vec![
                Fix::Lines(vec![(2, "    &mut E::B { ref k, ref mut m } => 1,".into())]),
                Fix::DropRef {
                    line: 3,
                    column: 12
                },
            ]
        );
        let text = "match e {\n    E::B { ref k, m } => 1,\n    E::C { ref k } => 2,\n}";
        assert_eq!(
            apply(text, &found).unwrap(),
            "match e {\n    &mut E::B { ref k, ref mut m } => 1,\n    E::C { k } => 2,\n}"
        );
    }
}
