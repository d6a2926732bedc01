//! Which attributes make an item disappear in a non-test build.
//!
//! A `cfg` predicate is evaluated with `test` false and everything else unknown: an item goes
//! only when its predicate is false for sure, so unknown cfgs (features, targets) are kept.

use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Unknown,
}

/// True for `#[test]`, `#[bench]` and `#[cfg(p)]` with `p` false when not testing.
pub fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("test") || path.is_ident("bench") {
            return true;
        }
        path.is_ident("cfg")
            && attr
                .parse_args::<Meta>()
                .map(|m| eval(&m) == Truth::False)
                .unwrap_or(false)
    })
}

fn eval(meta: &Meta) -> Truth {
    match meta {
        Meta::Path(path) if path.is_ident("test") => Truth::False,
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return Truth::Unknown;
            };
            let values: Vec<Truth> = args.iter().map(eval).collect();
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
        is_test_only(&item.attrs)
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
