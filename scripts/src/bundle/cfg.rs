//! Which attributes make an item disappear in a non-test build.
//!
//! A `cfg` predicate is evaluated with `test` false and everything else unknown: an item goes
//! only when its predicate is false for sure, so unknown cfgs (targets) are kept. For a crate
//! from crates.io the features cargo enabled are known: `feature = "x"` is true or false.

use std::collections::BTreeSet;
use std::ops::Range;

use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Meta, Token};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Unknown,
}

/// The features enabled for a crate, when known (crates from crates.io).
pub type Features<'a> = Option<&'a BTreeSet<String>>;

/// True for `#[test]`, `#[bench]` and `#[cfg(p)]` with `p` false when not testing.
pub fn is_test_only(attrs: &[Attribute], features: Features) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("test") || path.is_ident("bench") {
            return true;
        }
        path.is_ident("cfg")
            && attr
                .parse_args::<Meta>()
                .map(|m| eval(&m, features) == Truth::False)
                .unwrap_or(false)
    })
}

/// The `#[cfg(p)]` attributes whose `p` is true for sure once features are known: rustc
/// compiles the bundle with no features set, so they must go (the item stays).
pub fn true_feature_cfgs(attrs: &[Attribute], features: Features) -> Vec<Range<usize>> {
    if features.is_none() {
        return Vec::new();
    }
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .filter(|attr| {
            attr.parse_args::<Meta>()
                .is_ok_and(|m| eval(&m, features) == Truth::True)
        })
        .map(|attr| attr.span().byte_range())
        .collect()
}

fn eval(meta: &Meta, features: Features) -> Truth {
    match meta {
        Meta::Path(path) if path.is_ident("test") => Truth::False,
        Meta::NameValue(pair) if pair.path.is_ident("feature") => {
            let Some(enabled) = features else {
                return Truth::Unknown;
            };
            match &pair.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(name),
                    ..
                }) if enabled.contains(&name.value()) => Truth::True,
                _ => Truth::False,
            }
        }
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return Truth::Unknown;
            };
            let values: Vec<Truth> = args.iter().map(|m| eval(m, features)).collect();
            if list.path.is_ident("not") && values.len() == 1 {
                match values[0] {
                    Truth::True => Truth::False,
                    Truth::False => Truth::True,
                    Truth::Unknown => Truth::Unknown,
                }
            } else if list.path.is_ident("all") {
                combine(&values, Truth::False, Truth::True)
            } else if list.path.is_ident("any") {
                combine(&values, Truth::True, Truth::False)
            } else {
                Truth::Unknown
            }
        }
        _ => Truth::Unknown,
    }
}

/// `all` is decided by any false, `any` by any true; otherwise known only if all are known.
fn combine(values: &[Truth], decisive: Truth, otherwise: Truth) -> Truth {
    if values.contains(&decisive) {
        decisive
    } else if values.contains(&Truth::Unknown) {
        Truth::Unknown
    } else {
        otherwise
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_only(src: &str) -> bool {
        let item: syn::ItemFn = syn::parse_str(&format!("{src} fn f() {{}}")).unwrap();
        is_test_only(&item.attrs, None)
    }

    fn attrs(src: &str) -> Vec<Attribute> {
        let item: syn::ItemFn = syn::parse_str(&format!("{src} fn f() {{}}")).unwrap();
        item.attrs
    }

    #[test]
    fn features_are_true_or_false_when_cargo_says_which_are_enabled() {
        let enabled: BTreeSet<String> = ["use_std".to_string()].into();
        let gone = |src: &str| is_test_only(&attrs(src), Some(&enabled));
        assert!(gone("#[cfg(feature = \"derive\")]"));
        assert!(gone("#[cfg(not(feature = \"use_std\"))]"));
        assert!(!gone("#[cfg(feature = \"use_std\")]"));
        assert!(!gone("#[cfg(any(unix, feature = \"derive\"))]"));
        let true_cfgs = |src: &str| true_feature_cfgs(&attrs(src), Some(&enabled)).len();
        assert_eq!(true_cfgs("#[cfg(feature = \"use_std\")] #[inline]"), 1);
        assert_eq!(true_cfgs("#[cfg(all(unix, feature = \"use_std\"))]"), 0);
        assert_eq!(
            true_feature_cfgs(&attrs("#[cfg(feature = \"use_std\")]"), None).len(),
            0
        );
        assert!(!is_test_only(&attrs("#[cfg(feature = \"derive\")]"), None));
    }

    #[test]
    fn evaluates_test_predicates() {
        assert!(test_only("#[cfg(test)]"));
        assert!(test_only("#[test]"));
        assert!(test_only("#[cfg(all(test, feature = \"x\"))]"));
        assert!(test_only("#[cfg(not(not(test)))]"));
        assert!(!test_only("#[cfg(not(test))]"));
        assert!(!test_only("#[cfg(any(test, feature = \"x\"))]"));
        assert!(!test_only("#[cfg(feature = \"x\")]"));
        assert!(!test_only("#[cfg(unix)]"));
        assert!(!test_only("#[inline]"));
    }
}
