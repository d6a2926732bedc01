//! `--strip-comments` and `--minify`: smaller files for tight source limits. The readable
//! bundle is the default; stripping keeps every line that holds code (and so the line map),
//! minifying prints the tokens on one line after the header.

use std::collections::BTreeSet;

use anyhow::{anyhow, Result};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

use super::mapped::Mapped;

/// How the bundle is laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Layout {
    #[default]
    Readable,
    /// Without comments; lines left blank by them go.
    StripComments,
    /// One line of tokens after the header comment; errors cannot point at lines any more.
    Minify,
}

impl Layout {
    /// The flag of `ojgames bundle` that asks for it (`--minify`).
    pub fn flag(self) -> &'static str {
        match self {
            Layout::Readable => "the readable layout",
            Layout::StripComments => "--strip-comments",
            Layout::Minify => "--minify",
        }
    }
}

pub fn apply(layout: Layout, header: &str, bundle: Mapped) -> Result<Mapped> {
    match layout {
        Layout::Readable => Ok(bundle),
        Layout::StripComments => strip_comments(&bundle),
        Layout::Minify => {
            let body = &bundle.text[header.len()..];
            let tokens: TokenStream = body
                .parse()
                .map_err(|err| anyhow!("cannot minify the bundle (internal error): {err}"))?;
            let mut printer = Printer::default();
            printer.print(tokens);
            Ok(Mapped::plain(&format!("{header}{}\n", printer.out)))
        }
    }
}

/// Prints tokens with a space only where two would otherwise run together.
#[derive(Default)]
struct Printer {
    out: String,
    /// The last token was a punctuation mark not joined to the next one.
    after_alone_punct: bool,
    after_literal: bool,
}

impl Printer {
    fn print(&mut self, tokens: TokenStream) {
        for token in tokens {
            match token {
                TokenTree::Group(group) => {
                    let (open, close) = match group.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.word(open, false, false);
                    self.print(group.stream());
                    self.word(close, false, false);
                }
                TokenTree::Punct(punct) => {
                    let alone = punct.spacing() == Spacing::Alone;
                    self.word(&punct.as_char().to_string(), alone, false);
                }
                TokenTree::Ident(ident) => self.word(&ident.to_string(), false, false),
                TokenTree::Literal(literal) => self.word(&literal.to_string(), false, true),
            }
        }
    }

    fn word(&mut self, text: &str, alone_punct: bool, literal: bool) {
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        if let (Some(last), Some(first)) = (self.out.chars().last(), text.chars().next()) {
            let first_is_punct = !is_word(first) && !"([{\"'".contains(first);
            let needs_space = is_word(last) && (is_word(first) || "\"'#".contains(first))
                || self.after_alone_punct && first_is_punct && !")]}".contains(first)
                || self.after_literal && (literal || is_word(first));
            if needs_space {
                self.out.push(' ');
            }
        }
        self.out.push_str(text);
        self.after_alone_punct = alone_punct;
        self.after_literal = literal;
    }
}

/// Removes comments (everything between tokens that is not whitespace).
fn strip_comments(bundle: &Mapped) -> Result<Mapped> {
    let text = bundle.text.as_str();
    let tokens: TokenStream = text
        .parse()
        .map_err(|err| anyhow!("cannot strip comments (internal error): {err}"))?;
    let mut spans = Vec::new();
    collect_spans(tokens, &mut spans);
    spans.sort_unstable_by_key(|r| r.start);
    let mut code = vec![false; text.len()];
    for span in spans {
        code[span].iter_mut().for_each(|b| *b = true);
    }
    let mut out = Mapped::new();
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let content = line.strip_suffix('\n').unwrap_or(line);
        let kept: String = content
            .char_indices()
            .filter(|(i, c)| code[offset + i] || c.is_whitespace())
            .map(|(_, c)| c)
            .collect();
        let kept = kept.trim_end();
        let was_blank = content.trim().is_empty();
        // The header's comments stay: they say what the file is.
        let in_header = index < header_lines(text);
        if in_header {
            out.push(line, |_| bundle.lines[index].clone());
        } else if was_blank || !kept.trim().is_empty() {
            out.push(&format!("{kept}\n"), |_| bundle.lines[index].clone());
        }
        offset += line.len();
    }
    Ok(out)
}

/// `bundle` with the comments and blank lines from line `first` (0-based) on removed, and
/// each line's indentation written with a tab for every four spaces: the pasted crates, which
/// no one reads in the bundle, in fewer bytes. Every line that holds code stays a line (the
/// line map holds), and whitespace inside a token (a string over several lines) is kept.
pub fn compact_from(bundle: &Mapped, first: usize) -> Result<Mapped> {
    let (head, tail) = bundle.split_at_line(first);
    let stripped = strip_comments(&tail)?;
    let inside = inside_tokens(&stripped.text)?;
    let test_only = test_only_lines(&stripped.text)?;
    let mut kept = Mapped::new();
    let mut offset = 0;
    for (index, line) in stripped.text.split_inclusive('\n').enumerate() {
        let at = offset;
        offset += line.len();
        if line.trim().is_empty() || test_only.contains(&index) {
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        if inside[at] || indent < 4 {
            kept.push(line, |_| stripped.lines[index].clone());
            continue;
        }
        let tabs = "\t".repeat(indent / 4);
        let compact = format!("{tabs}{}{}", &line[..indent % 4], &line[indent..]);
        kept.push(&compact, |_| stripped.lines[index].clone());
    }
    Ok(head.joined(&kept))
}

/// The lines of `text` that hold only `#[cfg(test)]` modules and functions written in
/// `macro_rules!` bodies (num-integer's tests of every integer type): whatever the macro is
/// called with, they expand to nothing, as no judge builds with `--test`. Those sharing a line
/// with other code stay.
fn test_only_lines(text: &str) -> Result<BTreeSet<usize>> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|err| anyhow!("cannot strip comments (internal error): {err}"))?;
    let mut ranges = Vec::new();
    in_macro_bodies(tokens, &mut ranges);
    let breaks: Vec<usize> = text.match_indices('\n').map(|(at, _)| at).collect();
    let line_of = |offset: usize| breaks.partition_point(|&at| at < offset);
    let mut lines = BTreeSet::new();
    for range in ranges {
        if super::linemap::on_lines_of_its_own(text, &range) {
            lines.extend(line_of(range.start)..=line_of(range.end));
        }
    }
    Ok(lines)
}

/// The byte ranges of the `#[cfg(test)]` items in the bodies of the `macro_rules!` in
/// `tokens`.
fn in_macro_bodies(tokens: TokenStream, ranges: &mut Vec<std::ops::Range<usize>>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (at, token) in tokens.iter().enumerate() {
        let TokenTree::Group(group) = token else {
            continue;
        };
        let is_body = at >= 3
            && matches!(&tokens[at - 3], TokenTree::Ident(i) if i == "macro_rules")
            && matches!(&tokens[at - 2], TokenTree::Punct(p) if p.as_char() == '!');
        if is_body {
            test_items(group.stream(), ranges);
        } else {
            in_macro_bodies(group.stream(), ranges);
        }
    }
}

/// The `#[cfg(test)] mod …{…}` and `#[cfg(test)] fn …{…}` items in `tokens`, at any depth.
fn test_items(tokens: TokenStream, ranges: &mut Vec<std::ops::Range<usize>>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let is_attr = |at: usize| {
        matches!(tokens.get(at), Some(TokenTree::Punct(p)) if p.as_char() == '#')
            && matches!(tokens.get(at + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
    };
    let mut at = 0;
    while at < tokens.len() {
        let cfg_test = is_attr(at)
            && matches!(&tokens[at + 1], TokenTree::Group(g)
                if g.stream().to_string().replace(' ', "") == "cfg(test)");
        if cfg_test {
            let mut next = at + 2;
            while is_attr(next) {
                next += 2;
            }
            let keyword =
                |at: usize, k: &str| matches!(tokens.get(at), Some(TokenTree::Ident(i)) if i == k);
            if keyword(next, "pub") {
                next += 1;
                if matches!(tokens.get(next), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                {
                    next += 1;
                }
            }
            if keyword(next, "mod") || keyword(next, "fn") {
                let body = tokens[next..].iter().position(|t| {
                    matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace)
                        || matches!(t, TokenTree::Punct(p) if p.as_char() == ';')
                });
                if let Some(body) = body {
                    let end = next + body;
                    let start = tokens[at].span().byte_range().start;
                    ranges.push(start..tokens[end].span().byte_range().end);
                    at = end + 1;
                    continue;
                }
            }
        }
        if let TokenTree::Group(group) = &tokens[at] {
            test_items(group.stream(), ranges);
        }
        at += 1;
    }
}

/// For each byte of `text`, whether it lies inside a token (after its first byte): a line
/// starting there continues a string literal.
fn inside_tokens(text: &str) -> Result<Vec<bool>> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|err| anyhow!("cannot strip comments (internal error): {err}"))?;
    let mut spans = Vec::new();
    collect_spans(tokens, &mut spans);
    let mut inside = vec![false; text.len() + 1];
    for span in spans.into_iter().filter(|s| s.len() > 1) {
        inside[span.start + 1..span.end]
            .iter_mut()
            .for_each(|b| *b = true);
    }
    Ok(inside)
}

/// The leading comment lines of the bundle (its header).
fn header_lines(text: &str) -> usize {
    text.lines().take_while(|l| l.starts_with("//")).count()
}

fn collect_spans(tokens: TokenStream, out: &mut Vec<std::ops::Range<usize>>) {
    for token in tokens {
        match token {
            TokenTree::Group(group) => {
                out.push(group.span_open().byte_range());
                out.push(group.span_close().byte_range());
                collect_spans(group.stream(), out);
            }
            other => out.push(other.span().byte_range()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripping_removes_comments_but_not_strings_or_code_lines() {
        let text = "// header\nfn f() -> &'static str { // trailing\n    /* block\n       more */\n    \"// not a comment\" /* inline */\n}\n";
        let mut mapped = Mapped::new();
        mapped.push(text, |_| None);
        let stripped = apply(Layout::StripComments, "// header\n", mapped.clone()).unwrap();
        assert_eq!(
            stripped.text,
            "// header\nfn f() -> &'static str {\n    \"// not a comment\"\n}\n"
        );
        assert_eq!(stripped.lines.len(), 4);
        let minified = apply(Layout::Minify, "// header\n", mapped).unwrap();
        assert_eq!(minified.text.lines().count(), 2, "{}", minified.text);
        assert!(minified.text.contains("\"// not a comment\""));
        assert!(!minified.text.contains("trailing"));
    }

    #[test]
    fn stripping_from_a_line_keeps_what_is_before_it() {
        let text = "// header\n// mine\nfn main() {}\n\n#[allow(warnings)]\nmod c {\n    // theirs\n\n    fn f() {} // too\n}\n";
        let mut mapped = Mapped::new();
        mapped.push(text, |k| {
            Some(super::super::mapped::Origin {
                file: "f.rs".into(),
                line: k as u32,
                indent: 0,
            })
        });
        let stripped = compact_from(&mapped, 4).unwrap();
        assert_eq!(
            stripped.text,
            "// header\n// mine\nfn main() {}\n\n#[allow(warnings)]\nmod c {\n\tfn f() {}\n}\n"
        );
        assert_eq!(stripped.lines[6].as_ref().unwrap().line, 8);
    }

    #[test]
    fn compacting_indents_with_tabs_but_not_inside_a_string() {
        let text = "fn main() {}\n#[allow(warnings)]\nmod c {\n    mod d {\n          fn f() -> &'static str {\n            \"a\n        b\"\n        }\n    }\n}\n";
        let mut mapped = Mapped::new();
        mapped.push(text, |_| None);
        let compact = compact_from(&mapped, 1).unwrap();
        assert_eq!(
            compact.text,
            "fn main() {}\n#[allow(warnings)]\nmod c {\n\tmod d {\n\t\t  fn f() -> &'static str {\n\t\t\t\"a\n        b\"\n\t\t}\n\t}\n}\n"
        );
        assert_eq!(compact.lines.len(), compact.text.lines().count());
    }

    #[test]
    fn compacting_drops_test_modules_and_functions_in_macro_bodies_only() {
        let text = "fn main() {}\n#[allow(warnings)]\nmod c {\n    macro_rules! m {\n        ($t:ty, $test:ident) => {\n            impl X for $t {}\n            #[cfg(test)]\n            mod $test {\n                #[test]\n                fn t() {}\n            }\n            #[cfg(test)]\n            pub(crate) fn helper(a: $t) -> $t {\n                a\n            }\n        };\n    }\n    #[cfg(test)]\n    fn outside() {}\n}\n";
        let mut mapped = Mapped::new();
        mapped.push(text, |_| None);
        let compact = compact_from(&mapped, 1).unwrap();
        assert_eq!(
            compact.text,
            "fn main() {}\n#[allow(warnings)]\nmod c {\n\tmacro_rules! m {\n\t\t($t:ty, $test:ident) => {\n\t\t\timpl X for $t {}\n\t\t};\n\t}\n\t#[cfg(test)]\n\tfn outside() {}\n}\n"
        );
    }
}
