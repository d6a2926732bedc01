//! Language features newer than a judge's rustc, found in the syntax of a file.
//!
//! clippy's `incompatible_msrv` holds a bundle to the library APIs of the judge's rustc, not to
//! its language: an `if let` guard compiles with this machine's rustc and is a compile error
//! on a judge running 1.89. This table lists the features stabilised after Rust 1.85 that can
//! be seen in the syntax alone, each with the release that stabilised it; a visitor over the
//! file finds their uses.
//!
//! Not in the table, because syntax alone cannot tell them: trait upcasting coercions (1.86),
//! `_` as a const generic argument other than an array length (1.89), and uses inside the
//! body of a `macro_rules!` (its tokens are parsed only where the macro is expanded).

use proc_macro2::{LineColumn, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, BinOp, Expr, Meta, TypeParamBound};

/// A language feature and the Rust release that stabilised it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feature {
    /// What the user wrote, as a message names it.
    pub name: &'static str,
    /// The first release that accepts it, `1.95.0`.
    pub since: &'static str,
}

// Sources: the "Language" sections of the Rust release notes (RELEASES.md of rust-lang/rust,
// as quoted in each release's notes), read 2026-11:
// - 1.86.0 (2025-04-03): "Allow safe functions to be marked with the #[target_feature]
//   attribute" (rust-lang/rust#134090).
// - 1.87.0 (2025-05-15): "Allow parsing open beginning ranges (`..EXPR`) after unary
//   operators `!`, `-`, and `*`" (#134900); "Stabilize `feature(precise_capturing_in_traits)`
//   allowing `use<...>` bounds on return position `impl Trait` in `trait`s" (#138128).
// - 1.88.0 (2025-06-26): "Stabilize `#![feature(let_chains)]` in the 2024 edition" (#132833);
//   "Stabilize `#![feature(naked_functions)]`" (#134213); "Stabilize
//   `#![feature(cfg_boolean_literals)]`", `#[cfg(true)]` and `#[cfg(false)]` (#138632).
// - 1.89.0 (2025-08-07): "Stabilize explicitly inferred const arguments
//   (`feature(generic_arg_infer)`)" (#141610), `[false; _]`; "Stabilize `repr128`
//   (`#[repr(u128)]`, `#[repr(i128)]`)".
// - 1.95.0 (2026-04-16): "Stabilize `if let` guards on match arms" (#141295).

/// Declares each feature once: a constant of that name (the finder records it) and its entry
/// in [`FEATURES`], in the order written.
macro_rules! features {
    ($($id:ident: $name:expr, since $since:expr;)*) => {
        $(pub const $id: Feature = Feature { name: $name, since: $since };)*
        /// Every feature of the table, oldest first.
        pub const FEATURES: &[Feature] = &[$($id),*];
    };
}

features! {
    SAFE_TARGET_FEATURE: "`#[target_feature]` on a safe function", since "1.86.0";
    RANGE_AFTER_UNARY: "a range without a start right after `!`, `-` or `*` (`-..x`)", since "1.87.0";
    PRECISE_CAPTURING_IN_TRAIT: "`use<..>` bounds on `impl Trait` returned by a trait's method", since "1.87.0";
    LET_CHAINS: "let chains (`if let … && …`)", since "1.88.0";
    NAKED_FUNCTIONS: "naked functions (`#[unsafe(naked)]`)", since "1.88.0";
    CFG_BOOLEAN_LITERALS: "`true`/`false` as a `cfg` predicate", since "1.88.0";
    INFERRED_ARRAY_LENGTH: "`_` as an array length (`[x; _]`)", since "1.89.0";
    REPR_128: "`#[repr(u128)]`/`#[repr(i128)]` enums", since "1.89.0";
    IF_LET_GUARDS: "`if let` guards on match arms", since "1.95.0";
}

/// One use of a feature: where it starts and ends (lines 1-based, columns 1-based in
/// characters, the end exclusive), as rustc's diagnostics give spans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub feature: Feature,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

/// The uses in `text` of features that rustc `version` (`1.89.0`) lacks, in the file's
/// order. A file that does not parse has none here (rustc reports it).
pub fn too_new(text: &str, version: &str) -> Vec<Use> {
    let Some(version) = parse_version(version) else {
        return Vec::new();
    };
    uses(text)
        .into_iter()
        .filter(|u| parse_version(u.feature.since).is_some_and(|since| since > version))
        .collect()
}

/// Every use in `text` of a feature of the table.
pub fn uses(text: &str) -> Vec<Use> {
    let Ok(file) = syn::parse_file(text) else {
        return Vec::new();
    };
    let mut finder = Finder { found: Vec::new() };
    finder.visit_file(&file);
    finder
        .found
        .sort_by_key(|u| (u.line, u.column, u.feature.since));
    finder.found.dedup();
    finder.found
}

/// `1.89.0` (or `1.89`) as numbers.
fn parse_version(version: &str) -> Option<(u32, u32, u32)> {
    let mut parts = version.trim().split('.').map(str::parse::<u32>);
    let major = parts.next()?.ok()?;
    let minor = parts.next()?.ok()?;
    let patch = parts.next().unwrap_or(Ok(0)).ok()?;
    Some((major, minor, patch))
}

struct Finder {
    found: Vec<Use>,
}

impl Finder {
    fn record(&mut self, feature: Feature, span: proc_macro2::Span) {
        let (start, end): (LineColumn, LineColumn) = (span.start(), span.end());
        self.found.push(Use {
            feature,
            line: start.line as u32,
            column: start.column as u32 + 1,
            end_line: end.line as u32,
            end_column: end.column as u32 + 1,
        });
    }
}

/// The operands of a chain `a && b && c` (one operand when `expr` is no `&&`).
fn chain(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Binary(binary) if matches!(binary.op, BinOp::And(_)) => {
            let mut operands = chain(&binary.left);
            operands.extend(chain(&binary.right));
            operands
        }
        Expr::Paren(_) | Expr::Group(_) => vec![expr],
        _ => vec![expr],
    }
}

fn has_let(expr: &Expr) -> bool {
    chain(expr).iter().any(|e| matches!(e, Expr::Let(_)))
}

/// A `let` in `if`/`while` joined to anything else by `&&`.
fn is_let_chain(condition: &Expr) -> bool {
    let operands = chain(condition);
    operands.len() > 1 && operands.iter().any(|e| matches!(e, Expr::Let(_)))
}

fn is_ident(tree: &TokenTree, names: &[&str]) -> bool {
    matches!(tree, TokenTree::Ident(ident) if names.iter().any(|n| ident == n))
}

/// A `true` or `false` among a cfg predicate's tokens, at any depth; for `cfg_attr`, in its
/// predicate only (the tokens before its first top-level comma).
fn cfg_literal(tokens: TokenStream, predicate_only: bool) -> Option<proc_macro2::Span> {
    for tree in tokens {
        match &tree {
            TokenTree::Punct(p) if predicate_only && p.as_char() == ',' => return None,
            TokenTree::Group(group) => {
                if let Some(span) = cfg_literal(group.stream(), false) {
                    return Some(span);
                }
            }
            _ if is_ident(&tree, &["true", "false"]) => return Some(tree.span()),
            _ => {}
        }
    }
    None
}

fn is_safe_target_feature(attrs: &[Attribute], sig: &syn::Signature) -> Option<proc_macro2::Span> {
    let attr = attrs.iter().find(|a| a.path().is_ident("target_feature"))?;
    sig.unsafety.is_none().then(|| attr.span())
}

/// Macros whose arguments are expressions separated by commas (`println!`, `vec!`,
/// `assert!`, …): their arguments are visited too. Others (`macro_rules!` bodies,
/// `input!`) are token soup to syntax and skipped.
fn expression_arguments(mac: &syn::Macro) -> Option<Vec<Expr>> {
    let name = mac.path.segments.last()?.ident.to_string();
    let known = [
        "print",
        "println",
        "eprint",
        "eprintln",
        "format",
        "write",
        "writeln",
        "panic",
        "assert",
        "assert_eq",
        "assert_ne",
        "debug_assert",
        "debug_assert_eq",
        "debug_assert_ne",
        "vec",
        "dbg",
    ];
    if !known.contains(&name.as_str()) {
        return None;
    }
    let parser = Punctuated::<Expr, syn::Token![,]>::parse_terminated;
    if let Ok(args) = syn::parse::Parser::parse2(parser, mac.tokens.clone()) {
        return Some(args.into_iter().collect());
    }
    // `vec![x; n]`
    let parser = |input: syn::parse::ParseStream| {
        let value: Expr = input.parse()?;
        input.parse::<syn::Token![;]>()?;
        let count: Expr = input.parse()?;
        Ok(vec![value, count])
    };
    syn::parse::Parser::parse2(parser, mac.tokens.clone()).ok()
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if let Some((if_token, guard)) = &arm.guard {
            if has_let(guard) {
                let span = if_token.span.join(guard.span()).unwrap_or(if_token.span);
                self.record(IF_LET_GUARDS, span);
            }
        }
        visit::visit_arm(self, arm);
    }

    fn visit_expr_if(&mut self, expr: &'ast syn::ExprIf) {
        if is_let_chain(&expr.cond) {
            self.record(LET_CHAINS, expr.cond.span());
        }
        visit::visit_expr_if(self, expr);
    }

    fn visit_expr_while(&mut self, expr: &'ast syn::ExprWhile) {
        if is_let_chain(&expr.cond) {
            self.record(LET_CHAINS, expr.cond.span());
        }
        visit::visit_expr_while(self, expr);
    }

    fn visit_expr_unary(&mut self, expr: &'ast syn::ExprUnary) {
        if let Expr::Range(range) = &*expr.expr {
            if range.start.is_none() {
                self.record(RANGE_AFTER_UNARY, expr.span());
            }
        }
        visit::visit_expr_unary(self, expr);
    }

    fn visit_expr_repeat(&mut self, expr: &'ast syn::ExprRepeat) {
        if matches!(*expr.len, Expr::Infer(_)) {
            self.record(INFERRED_ARRAY_LENGTH, expr.len.span());
        }
        visit::visit_expr_repeat(self, expr);
    }

    fn visit_type_array(&mut self, ty: &'ast syn::TypeArray) {
        if matches!(ty.len, Expr::Infer(_)) {
            self.record(INFERRED_ARRAY_LENGTH, ty.len.span());
        }
        visit::visit_type_array(self, ty);
    }

    fn visit_attribute(&mut self, attr: &'ast Attribute) {
        let path = attr.path();
        if path.is_ident("naked") {
            self.record(NAKED_FUNCTIONS, attr.span());
        }
        if let Meta::List(list) = &attr.meta {
            if path.is_ident("unsafe")
                && list
                    .tokens
                    .clone()
                    .into_iter()
                    .any(|t| is_ident(&t, &["naked"]))
            {
                self.record(NAKED_FUNCTIONS, attr.span());
            }
            if path.is_ident("cfg") || path.is_ident("cfg_attr") {
                if let Some(span) = cfg_literal(list.tokens.clone(), path.is_ident("cfg_attr")) {
                    self.record(CFG_BOOLEAN_LITERALS, span);
                }
            }
            if path.is_ident("repr") {
                if let Some(tree) = list
                    .tokens
                    .clone()
                    .into_iter()
                    .find(|t| is_ident(t, &["u128", "i128"]))
                {
                    self.record(REPR_128, tree.span());
                }
            }
        }
        visit::visit_attribute(self, attr);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if mac.path.is_ident("cfg") {
            if let Some(span) = cfg_literal(mac.tokens.clone(), false) {
                self.record(CFG_BOOLEAN_LITERALS, span);
            }
        }
        if let Some(arguments) = expression_arguments(mac) {
            for argument in &arguments {
                self.visit_expr(argument);
            }
        }
        visit::visit_macro(self, mac);
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if let Some(span) = is_safe_target_feature(&item.attrs, &item.sig) {
            self.record(SAFE_TARGET_FEATURE, span);
        }
        visit::visit_item_fn(self, item);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if let Some(span) = is_safe_target_feature(&item.attrs, &item.sig) {
            self.record(SAFE_TARGET_FEATURE, span);
        }
        visit::visit_impl_item_fn(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(span) = is_safe_target_feature(&item.attrs, &item.sig) {
            self.record(SAFE_TARGET_FEATURE, span);
        }
        if let syn::ReturnType::Type(_, ty) = &item.sig.output {
            let mut captures = Captures(None);
            captures.visit_type(ty);
            if let Some(span) = captures.0 {
                self.record(PRECISE_CAPTURING_IN_TRAIT, span);
            }
        }
        visit::visit_trait_item_fn(self, item);
    }
}

/// The first `use<..>` bound in a type.
struct Captures(Option<proc_macro2::Span>);

impl<'ast> Visit<'ast> for Captures {
    fn visit_type_param_bound(&mut self, bound: &'ast TypeParamBound) {
        if let (TypeParamBound::PreciseCapture(capture), None) = (bound, self.0) {
            self.0 = Some(capture.span());
        }
        visit::visit_type_param_bound(self, bound);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One sample of each feature, as a contestant would write it: the feature it uses and
    /// the text at the use's span.
    const SAMPLES: [(Feature, &str, &str); 9] = [
        (
            SAFE_TARGET_FEATURE,
            "#[target_feature(enable = \"avx2\")]\nfn sum(v: &[u32]) -> u32 { v.iter().sum() }\nfn main() {}\n",
            "#[target_feature(enable = \"avx2\")]",
        ),
        (
            RANGE_AFTER_UNARY,
            "fn main() { let r = -..3; let _ = r; }\n",
            "-..3",
        ),
        (
            PRECISE_CAPTURING_IN_TRAIT,
            "trait Walk { fn steps<'a>(&'a self) -> impl Iterator<Item = u32> + use<'a, Self>; }\nfn main() {}\n",
            "use<'a, Self>",
        ),
        (
            LET_CHAINS,
            "fn main() {\n    let v = vec![1u32];\n    if let Some(&x) = v.first() && x > 0 {\n        println!(\"{x}\");\n    }\n}\n",
            "let Some(&x) = v.first() && x > 0",
        ),
        (
            NAKED_FUNCTIONS,
            "#[unsafe(naked)]\nextern \"C\" fn f() { core::arch::naked_asm!(\"ret\") }\nfn main() {}\n",
            "#[unsafe(naked)]",
        ),
        (
            CFG_BOOLEAN_LITERALS,
            "#[cfg(any(false, test))]\nfn debug() {}\nfn main() {}\n",
            "false",
        ),
        (
            INFERRED_ARRAY_LENGTH,
            "fn main() { let a: [u64; 4] = [0; _]; println!(\"{:?}\", a); }\n",
            "_",
        ),
        (
            REPR_128,
            "#[repr(u128)]\nenum Big { A = 1 << 100 }\nfn main() { let _ = Big::A; }\n",
            "u128",
        ),
        (
            IF_LET_GUARDS,
            "fn main() {\n    let b = 7i64;\n    match b % 3 {\n        2 if let Ok(r) = usize::try_from(b) && r > 1 => println!(\"{r}\"),\n        _ => {}\n    }\n}\n",
            "if let Ok(r) = usize::try_from(b) && r > 1",
        ),
    ];

    fn text_at(text: &str, u: &Use) -> String {
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(u.line, u.end_line, "{u:?}");
        let line = lines[u.line as usize - 1];
        line.chars()
            .skip(u.column as usize - 1)
            .take((u.end_column - u.column) as usize)
            .collect()
    }

    #[test]
    fn each_feature_of_the_table_is_found_at_its_use() {
        assert_eq!(SAMPLES.len(), FEATURES.len());
        for (feature, text, at) in SAMPLES {
            let found = uses(text);
            assert_eq!(found.len(), 1, "{}: {found:?}", feature.name);
            assert_eq!(found[0].feature, feature);
            assert_eq!(text_at(text, &found[0]), at, "{}", feature.name);
        }
    }

    #[test]
    fn only_features_newer_than_the_judges_rustc_are_too_new() {
        let guard = SAMPLES[8].1;
        assert_eq!(too_new(guard, "1.89.0").len(), 1);
        assert_eq!(too_new(guard, "1.95.0"), []);
        assert_eq!(too_new(guard, "1.96"), []);
        let chains = SAMPLES[3].1;
        assert_eq!(too_new(chains, "1.88.0"), []);
        assert_eq!(too_new(chains, "1.87.0")[0].feature, LET_CHAINS);
        // A guard with an `if let` counts as a guard, not also as a let chain.
        assert_eq!(uses(guard)[0].feature, IF_LET_GUARDS);
    }

    #[test]
    fn older_syntax_like_the_features_is_not_flagged() {
        let text = "#[cfg(not(test))]\n#[cfg_attr(test, allow(dead_code))]\n#[repr(u64)]\nenum E { A }\n\
            #[target_feature(enable = \"avx2\")]\nunsafe fn f() {}\n\
            trait T { fn g(&self) -> impl Iterator<Item = u8>; }\n\
            fn h<'a>(v: &'a [u8]) -> impl Iterator<Item = &'a u8> + use<'a> { v.iter() }\n\
            fn main() {\n    let x = Some(1);\n    if let Some(y) = x { let _ = y; }\n    while let Some(_) = x { break; }\n    \
            match x { Some(y) if y > 0 && matches!(x, Some(_)) => {} _ => {} }\n    \
            let a = [0u8; 3]; let _ = (a, -(1..3).len() as i64, !true, ..3, E::A);\n    \
            let _v: Vec<u8> = vec![0; 2]; println!(\"{}\", cfg!(test));\n}\n";
        assert_eq!(uses(text), []);
    }

    #[test]
    fn uses_inside_common_macros_and_nested_items_are_found() {
        let text = "fn main() {\n    let x = Some(3);\n    println!(\"{}\", match x { Some(v) if let 3 = v => 1, _ => 0 });\n    \
            mod inner { pub fn f() -> [u8; 2] { [1; _] } }\n    let _ = inner::f();\n}\n";
        let found: Vec<Feature> = uses(text).into_iter().map(|u| u.feature).collect();
        assert_eq!(found, [IF_LET_GUARDS, INFERRED_ARRAY_LENGTH]);
    }
}
