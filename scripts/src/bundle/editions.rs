//! Code of crates written for an older edition, made to compile under 2024 too.
//!
//! `gen` is a keyword since 2024: in such a crate every identifier `gen` is written `r#gen`,
//! the same name to every edition since 2018 (and to rustc 1.63).
//!
//! Since 2024 an `expr` fragment of `macro_rules!` matches `_` and `const { … }` too, so an
//! older edition's macro may take another arm there and print something else: compiled at
//! 2024, such code has its fragments written `expr_2021` (what `cargo fix --edition` writes;
//! every edition since Rust 1.83 knows it), the older meaning.
//!
//! Since 2024 a pattern that borrows implicitly (matching `&Enum` with `Enum::A { x }`) may
//! not say `ref`, `mut` or `&` inside (`Enum::A { ref x }`, `(mut a, b)`, `(a, &b)`): an
//! error, where older editions took it. Which patterns borrow implicitly only the type
//! checker knows, so rustc under 2024 is the judge, and its own edition-migration suggestion
//! (`&(mut a, ref b)`, or the modifier removed), which keeps the meaning, is applied.

use std::path::Path;

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};

use super::mapped::Mapped;
use crate::rustc;
use crate::rustc::diagnostics::Diagnostic;
use crate::settings::Edition;

/// What the errors about such patterns say.
const IMPLICITLY_BORROWING: &str = "within an implicitly-borrowing pattern";

/// Rounds of rustc at most: it reports every body's errors at once, so one is the rule.
const MAX_ROUNDS: usize = 3;

/// `bundle` with rustc's fixes of the patterns 2024 refuses; unchanged when there are none
/// (or rustc fails for another reason: the caller's type check reports that).
pub fn fix_patterns_refused_by_2024(bundle: &Mapped, scratch: &Path) -> Result<Mapped> {
    let mut out = bundle.clone();
    std::fs::create_dir_all(scratch)?;
    for _ in 0..MAX_ROUNDS {
        let checked = rustc::type_check_text(&out.text, Edition::E2024, scratch, "edition2024")?;
        let edits = suggestions(&checked.diagnostics);
        if checked.success || edits.is_empty() {
            break;
        }
        match apply(&out.text, &edits) {
            Some(text) => out.text = text,
            None => break,
        }
    }
    Ok(out)
}

/// `text` (an inlined crate's code) with each identifier `gen` written `r#gen`; strings,
/// comments and `r#gen` stay. Unchanged when it does not lex.
pub fn raw_gen_identifiers(text: &Mapped) -> Mapped {
    // Lexing a whole crate is most of what this costs, on every bundle: a text with no word
    // `gen` at all has no such identifier.
    if !has_word_gen(&text.text) {
        return text.clone();
    }
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

/// `text` (code of an older edition, to be compiled at 2024) with each `$name:expr` of a
/// `macro_rules!` matcher written `$name:expr_2021`; the rest, transcribers included, stays.
/// Unchanged when it does not lex.
pub fn expr_2021_fragments(text: &Mapped) -> Mapped {
    // A text with no macro or no word `expr` has no such fragment: not lexed.
    if !text.text.contains("macro_rules") || !text.text.contains("expr") {
        return text.clone();
    }
    let Ok(tokens) = text.text.parse::<TokenStream>() else {
        return text.clone();
    };
    let mut ends = Vec::new();
    macro_definitions(tokens, &mut ends);
    let mut out = text.clone();
    ends.sort_unstable();
    for end in ends.into_iter().rev() {
        out.text.insert_str(end, "_2021");
    }
    out
}

/// The ends of the `expr` fragment specifiers in the matchers of every `macro_rules! name
/// { … }` in `tokens`, at any depth (in a function, a module, another macro's transcriber).
fn macro_definitions(tokens: TokenStream, ends: &mut Vec<usize>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (at, token) in tokens.iter().enumerate() {
        let TokenTree::Group(group) = token else {
            continue;
        };
        let is_definition = at >= 3
            && matches!(&tokens[at - 3], TokenTree::Ident(i) if i == "macro_rules")
            && matches!(&tokens[at - 2], TokenTree::Punct(p) if p.as_char() == '!')
            && matches!(&tokens[at - 1], TokenTree::Ident(_));
        if is_definition {
            // Rules: `matcher => transcriber`, separated by `;`.
            let mut expect_matcher = true;
            for rule_token in group.stream() {
                match rule_token {
                    TokenTree::Group(inner) if expect_matcher => {
                        fragments(inner.stream(), ends);
                        expect_matcher = false;
                    }
                    TokenTree::Group(inner) => macro_definitions(inner.stream(), ends),
                    TokenTree::Punct(p) if p.as_char() == ';' => expect_matcher = true,
                    _ => {}
                }
            }
        } else {
            macro_definitions(group.stream(), ends);
        }
    }
}

/// The ends of `expr` in each `$name:expr` of a matcher, repetitions included.
fn fragments(matcher: TokenStream, ends: &mut Vec<usize>) {
    let tokens: Vec<TokenTree> = matcher.into_iter().collect();
    for (at, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => fragments(group.stream(), ends),
            TokenTree::Ident(kind) if kind == "expr" && at >= 3 => {
                let is_fragment = matches!(&tokens[at - 1], TokenTree::Punct(p) if p.as_char() == ':')
                    && matches!(&tokens[at - 2], TokenTree::Ident(_))
                    && matches!(&tokens[at - 3], TokenTree::Punct(p) if p.as_char() == '$');
                if is_fragment {
                    ends.push(kind.span().byte_range().end);
                }
            }
            _ => {}
        }
    }
}

/// Whether `gen` stands in `text` with no ASCII letter, digit or `_` touching it (anything
/// else counts as a boundary, so every identifier `gen` is found, and more).
fn has_word_gen(text: &str) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = text.as_bytes();
    text.match_indices("gen").any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + 3).copied();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
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

/// One edit rustc suggests: replace from (line, column) to (line, column), 1-based, columns
/// in characters, the end excluded.
#[derive(Debug, PartialEq, Eq)]
struct Suggested {
    start: (usize, usize),
    end: (usize, usize),
    text: String,
}

/// The edits of rustc's first suggestion for each refused pattern.
fn suggestions(diagnostics: &[Diagnostic]) -> Vec<Suggested> {
    let mut edits = Vec::new();
    for error in diagnostics
        .iter()
        .filter(|d| d.level == "error" && d.message.contains(IMPLICITLY_BORROWING))
    {
        let suggestion = error.children.iter().find(|child| {
            child
                .spans
                .iter()
                .any(|span| span.suggested_replacement.is_some())
        });
        let spans = suggestion.map_or(&[][..], |child| child.spans.as_slice());
        for span in spans {
            if let Some(text) = &span.suggested_replacement {
                let at = |line: u32, column: u32| (line as usize, column as usize);
                edits.push(Suggested {
                    start: at(span.line_start, span.column_start),
                    end: at(span.line_end, span.column_end),
                    text: text.clone(),
                });
            }
        }
    }
    edits
}

/// `text` with the edits; `None` when one does not fit it or two overlap.
fn apply(text: &str, edits: &[Suggested]) -> Option<String> {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    let offset = |(line, column): (usize, usize)| -> Option<usize> {
        let start = *line_starts.get(line.checked_sub(1)?)?;
        let code = &text[start..];
        let code = &code[..code.find('\n').unwrap_or(code.len())];
        let within = code
            .char_indices()
            .map(|(at, _)| at)
            .chain(std::iter::once(code.len()))
            .nth(column.checked_sub(1)?)?;
        Some(start + within)
    };
    let mut ranges = Vec::new();
    for edit in edits {
        ranges.push((offset(edit.start)?, offset(edit.end)?, edit.text.as_str()));
    }
    ranges.sort();
    ranges.dedup();
    if ranges.windows(2).any(|w| w[0].1 > w[1].0) {
        return None;
    }
    let mut out = text.to_string();
    for &(start, end, replacement) in ranges.iter().rev() {
        out.replace_range(start..end, replacement);
    }
    Some(out)
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

    #[test]
    fn a_text_without_the_word_gen_is_not_lexed_and_stays() {
        for (text, word, raw) in [
            (
                "fn generic(gens: u64) -> u64 { agen + gen_x + r#genx }",
                false,
                "fn generic(gens: u64) -> u64 { agen + gen_x + r#genx }",
            ),
            ("fn f() { x.gen() }", true, "fn f() { x.r#gen() }"),
            ("let s = \"(gen)\";", true, "let s = \"(gen)\";"),
            ("gen", true, "r#gen"),
        ] {
            assert_eq!(has_word_gen(text), word, "{text}");
            assert_eq!(raw_gen_identifiers(&Mapped::plain(text)).text, raw);
        }
        // A text that does not lex comes back as it is, with or without the word.
        for text in ["\"generic", "\"gen"] {
            assert_eq!(raw_gen_identifiers(&Mapped::plain(text)).text, text);
        }
    }

    #[test]
    fn expr_fragments_of_matchers_become_expr_2021_and_nothing_else_changes() {
        let text = "macro_rules! m {\n    ($e:expr, $($r:expr),*) => { let expr = $e; };\n    ($t:tt) => {\n        macro_rules! inner { ($x:expr) => { $x }; }\n    };\n}\nfn f(expr: u8) -> u8 { let s = \"$e:expr\"; expr }\n// $e:expr\nmacro_rules! done { ($e:expr_2021) => {}; ($e:ident) => {} }\n";
        let want = "macro_rules! m {\n    ($e:expr_2021, $($r:expr_2021),*) => { let expr = $e; };\n    ($t:tt) => {\n        macro_rules! inner { ($x:expr_2021) => { $x }; }\n    };\n}\nfn f(expr: u8) -> u8 { let s = \"$e:expr\"; expr }\n// $e:expr\nmacro_rules! done { ($e:expr_2021) => {}; ($e:ident) => {} }\n";
        assert_eq!(expr_2021_fragments(&Mapped::plain(text)).text, want);
        // No macro, or a text that does not lex: as it is.
        for text in [
            "fn f(expr: u8) {}",
            "macro_rules! m { ($e:expr) => { \"x } }",
        ] {
            assert_eq!(expr_2021_fragments(&Mapped::plain(text)).text, text);
        }
    }

    fn span(line: u32, columns: (u32, u32), replacement: Option<&str>) -> String {
        let replacement = replacement.map_or("null".to_string(), |r| format!("{r:?}"));
        format!(
            r#"{{"file_name":"s.rs","line_start":{line},"line_end":{line},"column_start":{},"column_end":{},"is_primary":true,"label":null,"suggested_replacement":{replacement}}}"#,
            columns.0, columns.1
        )
    }

    fn error(message: &str, children: &[Vec<String>]) -> String {
        let children: Vec<String> = children
            .iter()
            .map(|spans| {
                format!(
                    r#"{{"message":"m","code":null,"level":"help","spans":[{}],"children":[],"rendered":null}}"#,
                    spans.join(",")
                )
            })
            .collect();
        format!(
            r#"{{"message":"{message}","code":null,"level":"error","spans":[],"children":[{}],"rendered":null}}"#,
            children.join(",")
        )
    }

    #[test]
    fn rustcs_suggestions_for_refused_patterns_are_applied_and_nothing_else() {
        let json = [
            error(
                "cannot mutably bind by value within an implicitly-borrowing pattern",
                &[
                    vec![span(2, (9, 19), None)],
                    vec![span(2, (9, 9), Some("&")), span(2, (17, 17), Some("ref "))],
                ],
            ),
            error(
                "cannot explicitly borrow within an implicitly-borrowing pattern",
                &[vec![span(3, (15, 23), Some(""))]],
            ),
            error("mismatched types", &[vec![span(1, (1, 3), Some("xx"))]]),
        ]
        .join("\n");
        let edits = suggestions(&crate::rustc::diagnostics::parse(&json));
        assert_eq!(edits.len(), 3);
        let text = "fn m() {\n    let (mut a, b) = x;\n        Some((ref mut a, b)) => 1,\n";
        assert_eq!(
            apply(text, &edits).unwrap(),
            "fn m() {\n    let &(mut a, ref b) = x;\n        Some((a, b)) => 1,\n"
        );
        // A suggestion past the text's end does not fit.
        let far = [Suggested {
            start: (9, 1),
            end: (9, 2),
            text: String::new(),
        }];
        assert_eq!(apply(text, &far), None);
    }
}
