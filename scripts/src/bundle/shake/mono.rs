//! The impls codegen never reaches, cut in one batch: whatever the bundle's size, a few rustc
//! runs instead of delta debugging's tens (which big bundles get none of, see
//! [`super::run_budget`]).
//!
//! The bundle is built unoptimised to LLVM IR ([`rustc::llvm_ir_text`]); its `define`s, with
//! their v0 symbols demangled, are the monomorphised functions reachable from `main`, vtables
//! included (`<num_bigint::BigInt as core::ops::arith::Mul>::mul`). A candidate of the impl
//! pass (same rules: never `Drop`, `Deref`, `DerefMut`, `Index`, `IndexMut`, a trait used as
//! `dyn` or anything behind a `#[cfg]`; at least one fn) none of whose fns may be one of those
//! is cut. The cut is kept only when the bundle still type-checks with no new warning but dead
//! code and builds to exactly the same set of functions: an impl that compiles away but had
//! answered a call, or whose absence changes inference, changes that set. An error naming a
//! missing impl (`the trait bound `X: T` is not satisfied`: an impl only a trait bound needed)
//! or a function gone puts back the candidates that could be it, for a few rounds; else
//! nothing is cut.
//!
//! Matching a symbol to source is by names: an impl block by its trait's name, its self
//! type's name (any, for a generic parameter, an alias or a slice) and its fns' names; an
//! entry of a macro call that generates impls by its words (`u16` in `impl_ops!(u8 u16)`),
//! all of which the symbol must contain. Names over-match (keeping more, never less), and what
//! they miss the checks above catch.

use std::collections::BTreeSet;
use std::ops::Range;

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};
use syn::spanned::Spanned;

use super::{fn_names, has_cfg, type_head, Finder, NEVER_CUT};
use crate::bundle::mapped::Mapped;
use crate::bundle::shake::{without_ranges, Checked, Judge};
use crate::rustc;

/// Rounds of putting back what an error names before giving up.
const ROUNDS: usize = 3;

/// A function codegen reached, from its demangled symbol.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Reached {
    /// `Some((self type's name, trait's name))` for a trait impl's method; the self type's
    /// name is `None` for a slice, tuple, array or pointer-to-function type.
    trait_impl: Option<(Option<String>, String)>,
    /// The method (the first segment after the impl), or the last path segment.
    method: String,
    /// Every word of the symbol.
    words: BTreeSet<String>,
}

/// What cutting one candidate deletes and how to know it is reached.
#[derive(Debug)]
struct Unit {
    range: Range<usize>,
    /// For an entry of a macro call, the whole call: it goes whole when all its entries go
    /// (a macro may need at least one).
    call: Option<Range<usize>>,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// An impl block of `trait_name` for `self_name` (`None`: any type) with these fns.
    Impl {
        trait_name: String,
        self_name: Option<String>,
        fns: BTreeSet<String>,
    },
    /// An entry of a macro call whose body defines impls: its words, the macro body's words
    /// and the fns it defines (empty when it defines them through another macro).
    Entry {
        words: BTreeSet<String>,
        body: BTreeSet<String>,
        fns: BTreeSet<String>,
    },
}

/// `bundle` without the impls codegen never reaches, with its check; `None` when cutting them
/// does not keep the bundle compiling to the same functions within [`ROUNDS`] repairs, or
/// there is nothing to cut.
pub(in crate::bundle::shake) fn cut_unreached(
    bundle: &Mapped,
    checked: &Checked,
    judge: &Judge,
    lib_start: usize,
) -> Result<Option<(Mapped, Checked)>> {
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return Ok(None);
    };
    let units = candidates(&bundle.text, &file, lib_start);
    if units.is_empty() {
        return Ok(None);
    }
    let Some(before) = reached(&bundle.text, judge)? else {
        return Ok(None);
    };
    let mut cut: Vec<&Unit> = units
        .iter()
        .filter(|unit| !before.iter().any(|r| unit.may_be(r)))
        .collect();
    for _ in 0..ROUNDS {
        if cut.is_empty() {
            return Ok(None);
        }
        let ranges = ranges_of(&units, &cut);
        let candidate = without_ranges(bundle, &ranges);
        let result = judge.check(&candidate.text)?;
        let missing: Vec<Reached> = if judge.accepts(&result, checked) {
            let Some(now) = reached(&candidate.text, judge)? else {
                return Ok(None);
            };
            if now == before {
                return Ok(Some((candidate, result)));
            }
            // Functions gone or new: put back what could have been or answered them.
            before.symmetric_difference(&now).cloned().collect()
        } else {
            result
                .errors
                .iter()
                .filter_map(|e| missing_impl(e))
                .collect()
        };
        let before = cut.len();
        cut.retain(|unit| !missing.iter().any(|r| unit.may_be_loosely(r)));
        if cut.len() == before {
            return Ok(None);
        }
    }
    Ok(None)
}

/// What cutting `cut` deletes: each unit's range, or the whole macro call of entries that
/// all go.
fn ranges_of(units: &[Unit], cut: &[&Unit]) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    for unit in cut {
        let Some(call) = &unit.call else {
            ranges.push(unit.range.clone());
            continue;
        };
        let all_go = units
            .iter()
            .filter(|u| u.call.as_ref() == Some(call))
            .all(|u| cut.iter().any(|c| c.range == u.range));
        if !all_go {
            ranges.push(unit.range.clone());
        } else if !ranges.contains(call) {
            ranges.push(call.clone());
        }
    }
    ranges
}

impl Unit {
    /// Whether `reached` may be one of this candidate's fns.
    fn may_be(&self, reached: &Reached) -> bool {
        match &self.kind {
            Kind::Impl {
                trait_name,
                self_name,
                fns,
            } => match &reached.trait_impl {
                Some((reached_self, reached_trait)) => {
                    reached_trait == trait_name
                        && fns.contains(&reached.method)
                        && (self_name.is_none()
                            || reached_self.is_none()
                            || self_name == reached_self)
                }
                None => false,
            },
            Kind::Entry { words, body, fns } => {
                let trait_fits = match &reached.trait_impl {
                    Some((_, name)) => body.contains(name) || words.contains(name),
                    None => true,
                };
                trait_fits
                    && (fns.is_empty() || fns.contains(&reached.method))
                    && words.is_subset(&reached.words)
            }
        }
    }

    /// Whether this candidate could be what an error or a changed function names: an impl of
    /// its trait (for any type), or an entry of a macro naming its trait.
    fn may_be_loosely(&self, named: &Reached) -> bool {
        let Some((_, trait_name)) = &named.trait_impl else {
            return self.may_be(named);
        };
        let method_fits = |fns: &BTreeSet<String>| {
            named.method.is_empty() || fns.is_empty() || fns.contains(&named.method)
        };
        match &self.kind {
            Kind::Impl {
                trait_name: mine,
                fns,
                ..
            } => mine == trait_name && method_fits(fns),
            Kind::Entry { words, body, fns } => {
                (body.contains(trait_name) || words.contains(trait_name)) && method_fits(fns)
            }
        }
    }
}

/// The functions the bundle's codegen reaches, or `None` when it did not build.
fn reached(text: &str, judge: &Judge) -> Result<Option<BTreeSet<Reached>>> {
    let (compiled, ir) = rustc::llvm_ir_text(text, judge.edition, judge.scratch, "mono")?;
    super::super::stopped_early(&compiled)?;
    Ok(ir.map(|ir| defined_functions(&ir)))
}

/// The functions an LLVM IR module defines, demangled.
fn defined_functions(ir: &str) -> BTreeSet<Reached> {
    ir.lines()
        .filter(|line| line.starts_with("define "))
        .filter_map(|line| {
            let at = line.find('@')?;
            let name = line[at + 1..].split('(').next()?.trim_matches('"');
            name.starts_with("_R")
                .then(|| format!("{:#}", rustc_demangle::demangle(name)))
        })
        .map(|symbol| parse_symbol(&symbol))
        .collect()
}

/// `<&a::B<u8> as c::D<e::F>>::g::{closure#0}`: self type `B`, trait `D`, method `g`.
fn parse_symbol(symbol: &str) -> Reached {
    let words = words_of(symbol);
    let mut reached = Reached {
        trait_impl: None,
        method: last_segment(symbol).to_string(),
        words,
    };
    if let Some(inner) = symbol.strip_prefix('<') {
        let mut depth = 0usize;
        let mut as_at = None;
        for (at, c) in inner.char_indices() {
            match c {
                '<' | '(' | '[' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                '>' if depth == 0 => {
                    let rest = inner[at + 1..].trim_start_matches("::");
                    reached.method = rest.split("::").next().unwrap_or("").to_string();
                    if let Some(as_at) = as_at {
                        let trait_path: &str = &inner[as_at + 4..at];
                        reached.trait_impl = Some((
                            type_name(&inner[..as_at]),
                            last_segment(trait_path).to_string(),
                        ));
                    }
                    break;
                }
                '>' => depth -= 1,
                ' ' if depth == 0 && inner[at..].starts_with(" as ") && as_at.is_none() => {
                    as_at = Some(at);
                }
                _ => {}
            }
        }
    }
    reached
}

/// The name of a type as a symbol writes it (`&mut a::B<u8>` → `B`), `None` for a slice,
/// tuple, array or function type.
fn type_name(ty: &str) -> Option<String> {
    let mut ty = ty.trim();
    loop {
        let stripped = ["&mut ", "&", "*const ", "*mut ", "mut "]
            .iter()
            .find_map(|prefix| ty.strip_prefix(prefix));
        match stripped {
            Some(rest) => ty = rest.trim_start(),
            None => break,
        }
    }
    if ty.starts_with(['[', '(', '<']) || ty.starts_with("fn") || ty.starts_with("dyn ") {
        return None;
    }
    Some(last_segment(ty).to_string())
}

/// The last segment of a path, without generic arguments: `a::b::C<d::E>` → `C`.
fn last_segment(path: &str) -> &str {
    let head = path
        .split('<')
        .next()
        .unwrap_or(path)
        .trim_end_matches("::");
    head.rsplit("::").next().unwrap_or(head).trim()
}

fn words_of(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The impl an E0277 message says is missing, as a function of it that was reached:
/// "the trait bound `X: T` is not satisfied", "the trait `T` is not implemented for `X`".
fn missing_impl(message: &str) -> Option<Reached> {
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let (self_type, trait_path) = if message.starts_with("the trait bound") {
        let bound = quoted.first()?;
        let (self_type, trait_path) = bound.split_once(": ")?;
        (self_type.to_string(), trait_path.to_string())
    } else if message.starts_with("the trait `") && message.contains("is not implemented for") {
        (quoted.get(1)?.to_string(), quoted.first()?.to_string())
    } else {
        return None;
    };
    Some(Reached {
        trait_impl: Some((type_name(&self_type), last_segment(&trait_path).to_string())),
        method: String::new(),
        words: words_of(&format!("{self_type} {trait_path}")),
    })
}

/// The candidates: impl blocks and entries of impl-generating macro calls in the library
/// (after byte `lib_start`), but the protected ones (see the module's doc).
fn candidates(text: &str, file: &syn::File, lib_start: usize) -> Vec<Unit> {
    let finder = Finder::new(text, lib_start, &[]);
    let aliases = type_aliases(&file.items);
    let mut units = Vec::new();
    collect(&finder, &aliases, &file.items, &mut units);
    units
}

fn type_aliases(items: &[syn::Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            syn::Item::Type(alias) => {
                names.insert(alias.ident.to_string());
            }
            syn::Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    names.extend(type_aliases(inner));
                }
            }
            _ => {}
        }
    }
    names
}

fn collect(
    finder: &Finder,
    aliases: &BTreeSet<String>,
    items: &[syn::Item],
    units: &mut Vec<Unit>,
) {
    for item in items {
        if let syn::Item::Mod(module) = item {
            if let Some((_, inner)) = &module.content {
                collect(finder, aliases, inner, units);
            }
            continue;
        }
        let range = item.span().byte_range();
        if range.start < finder.lib_start || has_cfg(item) {
            continue;
        }
        match item {
            syn::Item::Impl(block) => {
                if let Some(kind) = impl_kind(finder, aliases, block) {
                    units.push(Unit {
                        range,
                        call: None,
                        kind,
                    });
                }
            }
            syn::Item::Macro(call) if call.ident.is_none() => {
                macro_entries(finder, call, range, units);
            }
            _ => {}
        }
    }
}

fn impl_kind(finder: &Finder, aliases: &BTreeSet<String>, block: &syn::ItemImpl) -> Option<Kind> {
    let (_, trait_path, _) = block.trait_.as_ref()?;
    let trait_name = trait_path.segments.last()?.ident.to_string();
    let fns: BTreeSet<String> = block
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
            _ => None,
        })
        .collect();
    let self_name = type_head(&block.self_ty);
    let protected = fns.is_empty()
        || NEVER_CUT.contains(&trait_name.as_str())
        || finder.dyn_traits.contains(&trait_name)
        || finder.gated.contains(&trait_name)
        || self_name.as_ref().is_some_and(|n| finder.gated.contains(n));
    if protected {
        return None;
    }
    let is_parameter = |name: &String| {
        block
            .generics
            .type_params()
            .any(|p| p.ident == name.as_str())
    };
    let self_name = self_name.filter(|n| !is_parameter(n) && !aliases.contains(n));
    Some(Kind::Impl {
        trait_name,
        self_name,
        fns,
    })
}

/// Each entry of a call to a `macro_rules!` macro whose body has `impl … for`, unless the body
/// names a protected trait or the macro is behind a `#[cfg]`.
fn macro_entries(
    finder: &Finder,
    call: &syn::ItemMacro,
    range: Range<usize>,
    units: &mut Vec<Unit>,
) {
    let Some(name) = call.mac.path.get_ident().map(|i| i.to_string()) else {
        return;
    };
    let Some(body) = finder.macros.get(&name) else {
        return;
    };
    let body_words = words_of(&body.to_string());
    let protected = !(body_words.contains("impl") && body_words.contains("for"))
        || NEVER_CUT.iter().any(|t| body_words.contains(*t))
        || finder.dyn_traits.iter().any(|t| body_words.contains(t))
        || finder.gated.contains(&name);
    if protected {
        return;
    }
    let mut fns = BTreeSet::new();
    fn_names(body.clone(), &mut fns);
    // A call goes whole: its parts may be arguments (`m!(i8, u8)`, `m!(impl Add for X, add)`)
    // rather than entries, and a separator may be left behind.
    let mut words = BTreeSet::new();
    significant_words(call.mac.tokens.clone(), &mut words);
    units.push(Unit {
        range: range.clone(),
        call: Some(range),
        kind: Kind::Entry {
            words,
            body: body_words,
            fns,
        },
    });
}

/// The identifiers a symbol built from these tokens would show: not keywords, not lifetimes.
fn significant_words(tokens: TokenStream, words: &mut BTreeSet<String>) {
    const KEYWORDS: [&str; 12] = [
        "impl", "for", "where", "mut", "ref", "dyn", "const", "self", "Self", "crate", "super",
        "fn",
    ];
    let mut after_quote = false;
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) => {
                let word = ident.to_string();
                if !after_quote && !KEYWORDS.contains(&word.as_str()) {
                    words.insert(word);
                }
                after_quote = false;
            }
            TokenTree::Punct(p) => after_quote = p.as_char() == '\'',
            TokenTree::Group(group) => {
                significant_words(group.stream(), words);
                after_quote = false;
            }
            TokenTree::Literal(_) => after_quote = false,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::*;
    use crate::settings::Edition;

    /// `main`, the lints line, then the library: `Add` and `Mul<u32>` are called, `Unit` is
    /// only a bound of `describe`, `Sub` and `Mul<u8>`/`Mul<u64>` are never used.
    const BUNDLE: &str = r#"use lib::{describe, Meters};
fn main() {
    let a = describe(Meters(3) + Meters(4));
    let b = a * 6u32;
    println!("{} {}", a.0, b.0);
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    use std::ops::{Add, Mul, Sub};
    #[derive(Clone, Copy)]
    pub struct Meters(pub u64);
    impl Add for Meters {
        type Output = Meters;
        fn add(self, other: Meters) -> Meters {
            Meters(self.0 + other.0)
        }
    }
    impl Sub for Meters {
        type Output = Meters;
        fn sub(self, other: Meters) -> Meters {
            Meters(self.0 - other.0)
        }
    }
    macro_rules! scale {
        ($($t:ty),*) => {$(
            impl Mul<$t> for Meters {
                type Output = Meters;
                fn mul(self, k: $t) -> Meters {
                    Meters(self.0 * k as u64)
                }
            }
        )*};
    }
    scale!(u8);
    scale!(u32);
    scale!(u64);
    pub trait Unit {
        fn name() -> &'static str;
    }
    impl Unit for Meters {
        fn name() -> &'static str {
            "m"
        }
    }
    pub fn describe<T: Unit>(x: T) -> T {
        x
    }
}
"#;

    fn run(text: &str, dir: &std::path::Path, name: &str) -> String {
        let source = dir.join(format!("{name}.rs"));
        let binary = dir.join(name);
        std::fs::write(&source, text).unwrap();
        let built = Command::new("rustc")
            .args(["--edition", "2021", "-o"])
            .arg(&binary)
            .arg(&source)
            .output()
            .unwrap();
        assert!(built.status.success(), "{text}");
        let output = Command::new(&binary).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn impls_codegen_never_reaches_go_and_one_only_a_bound_needs_comes_back() {
        let scratch = tempfile::tempdir().unwrap();
        let mut bundle = Mapped::new();
        bundle.push(BUNDLE, |_| None);
        let lints_line = BUNDLE
            .lines()
            .position(|l| l.starts_with("#[allow"))
            .unwrap();
        let judge = Judge {
            lints_line,
            edition: Edition::E2021,
            scratch: scratch.path(),
            jobs: 1,
        };
        let baseline = judge.check(BUNDLE).unwrap();
        assert!(baseline.success);
        let lib_start = BUNDLE.find("#[allow").unwrap()
            + BUNDLE[BUNDLE.find("#[allow").unwrap()..]
                .find('\n')
                .unwrap()
            + 1;
        let (cut, checked) = cut_unreached(&bundle, &baseline, &judge, lib_start)
            .unwrap()
            .expect("something is cut");
        let text = &cut.text;
        assert!(checked.success);
        for kept in ["impl Add for Meters", "impl Unit for Meters"] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        assert!(!text.contains("impl Sub for Meters"), "{text}");
        assert!(text.contains("scale!(u32);"), "{text}");
        assert!(
            !text.contains("scale!(u8)") && !text.contains("scale!(u64)"),
            "{text}"
        );
        // The bound's impl was cut, named by E0277 and put back.
        let before = run(BUNDLE, scratch.path(), "before");
        assert_eq!(before, "7 42\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
    }

    #[test]
    fn symbols_name_their_self_type_trait_and_method() {
        let reached = parse_symbol(
            "<&b::lib::num::BigInt as core::ops::arith::Mul<&b::lib::num::BigInt>>::mul::{closure#0}",
        );
        assert_eq!(
            reached.trait_impl,
            Some((Some("BigInt".to_string()), "Mul".to_string()))
        );
        assert_eq!(reached.method, "mul");
        let slice = parse_symbol("<[u8] as b::Hash>::hash::<u64>");
        assert_eq!(slice.trait_impl, Some((None, "Hash".to_string())));
        assert_eq!(slice.method, "hash");
        let inherent = parse_symbol("<b::lib::Meters>::new");
        assert_eq!(inherent.trait_impl, None);
        assert_eq!(inherent.method, "new");
        let free = parse_symbol("b::lib::gcd::<u64>");
        assert_eq!((free.trait_impl, free.method.as_str()), (None, "gcd"));
    }

    #[test]
    fn e0277_names_the_missing_impl() {
        for message in [
            "the trait bound `lib::Meters: lib::Unit` is not satisfied",
            "the trait `lib::Unit` is not implemented for `lib::Meters`",
        ] {
            let missing = missing_impl(message).unwrap();
            assert_eq!(
                missing.trait_impl,
                Some((Some("Meters".to_string()), "Unit".to_string())),
                "{message}"
            );
        }
        assert!(missing_impl("mismatched types").is_none());
    }
}
