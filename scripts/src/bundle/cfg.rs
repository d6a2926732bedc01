//! Which attributes make an item disappear in a non-test build, as cargo would build it for a
//! judge.
//!
//! A `cfg` predicate is evaluated with `test` false, the judge's target (x86_64 Linux, GNU:
//! `unix`, `target_os = "linux"`, `target_pointer_width = "64"`, `target_has_atomic = "ptr"`,
//! …) and everything else unknown:
//! an item goes only when its predicate is false for sure, so unknown cfgs
//! (`debug_assertions`, a `target_feature` beyond x86_64's baseline SSE2) are kept for rustc
//! to decide. For a crate from
//! crates.io the features cargo enabled are known: `feature = "x"` is true or false; and a
//! bare name that rustc never sets itself (`kani`, a build script's `no_serde_derive`), or a
//! `key = "value"` with such a key (`getrandom_backend = "custom"`), is false,
//! as it is when the judge's rustc compiles the bundle.
//! `#[cfg_attr(p, a, b)]` with `p` true counts as `#[a] #[b]`.

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

/// True for `#[test]`, `#[bench]` and `#[cfg(p)]` with `p` false when not testing (also
/// inside a `cfg_attr` whose predicate is true).
pub fn is_test_only(attrs: &[Attribute], features: Features) -> bool {
    attrs.iter().any(|attr| {
        effective_metas(&attr.meta, features).iter().any(|meta| {
            let path = meta.path();
            if path.is_ident("test") || path.is_ident("bench") {
                return true;
            }
            let Meta::List(list) = meta else {
                return false;
            };
            path.is_ident("cfg")
                && list
                    .parse_args::<Meta>()
                    .map(|m| eval(&m, features) == Truth::False)
                    .unwrap_or(false)
        })
    })
}

/// An attribute as rustc sees it after `cfg_attr`: itself, or the attributes a `cfg_attr`
/// with a true predicate carries (nested ones expanded too); none when the predicate is
/// false; the `cfg_attr` itself when it is unknown.
fn effective_metas(meta: &Meta, features: Features) -> Vec<Meta> {
    let Meta::List(list) = meta else {
        return vec![meta.clone()];
    };
    if !list.path.is_ident("cfg_attr") {
        return vec![meta.clone()];
    }
    let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) else {
        return vec![meta.clone()];
    };
    let mut args = args.into_iter();
    let Some(predicate) = args.next() else {
        return vec![meta.clone()];
    };
    match eval(&predicate, features) {
        Truth::True => args.flat_map(|m| effective_metas(&m, features)).collect(),
        Truth::False => Vec::new(),
        Truth::Unknown => vec![meta.clone()],
    }
}

/// The `#[path = "…"]` of a `mod` declaration, also when a `cfg_attr` with a true predicate
/// carries it (lazy_static's `#[cfg_attr(not(feature = "spin_no_std"), path =
/// "inline_lazy.rs")]`): the path and the range of the attribute to delete. `Err` with the
/// predicate when a `cfg_attr` whose predicate cannot be decided carries a `path`.
pub fn path_attr(
    attrs: &[Attribute],
    features: Features,
) -> Result<Option<(String, Range<usize>)>, String> {
    for attr in attrs {
        for meta in effective_metas(&attr.meta, features) {
            if let Meta::List(list) = &meta {
                if list.path.is_ident("cfg_attr") && list.tokens.to_string().contains("path") {
                    return Err(list.tokens.to_string());
                }
            }
            let Meta::NameValue(pair) = &meta else {
                continue;
            };
            if !pair.path.is_ident("path") {
                continue;
            }
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) = &pair.value
            {
                return Ok(Some((value.value(), attr.span().byte_range())));
            }
        }
    }
    Ok(None)
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

/// The enabled features that gate an item: those whose turning off alone makes one of its
/// true `#[cfg(p)]` attributes false (`feature = "num-bigint"`, or `all(feature = "std",
/// unix)` for `std`; not `any(feature = "std", feature = "alloc")` while the other is on).
/// The feature-group cut ([`super::shake`]) cuts such items together, feature by feature.
pub fn gating_features(attrs: &[Attribute], features: Features) -> BTreeSet<String> {
    let Some(enabled) = features else {
        return BTreeSet::new();
    };
    let mut gating = BTreeSet::new();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("cfg")) {
        let Ok(predicate) = attr.parse_args::<Meta>() else {
            continue;
        };
        if eval(&predicate, features) != Truth::True {
            continue;
        }
        for feature in enabled {
            let mut without = enabled.clone();
            without.remove(feature);
            if eval(&predicate, Some(&without)) == Truth::False {
                gating.insert(feature.clone());
            }
        }
    }
    gating
}

/// The judge's target: what `cfg` says on x86_64 Linux with glibc, as every judge runs.
const TARGET_TRUE: [&str; 1] = ["unix"];
const TARGET_FALSE: [&str; 4] = ["windows", "miri", "doc", "doctest"];
const TARGET_VALUES: [(&str, &str); 7] = [
    ("target_os", "linux"),
    ("target_family", "unix"),
    ("target_arch", "x86_64"),
    ("target_pointer_width", "64"),
    ("target_endian", "little"),
    ("target_env", "gnu"),
    ("target_vendor", "unknown"),
];

/// The widths x86_64 has atomics of (`rustc --print cfg`: `target_has_atomic="8"` … `"64"`,
/// `"ptr"`; no `"128"`). A crate's `#[cfg(not(target_has_atomic = "ptr"))] use
/// portable_atomic_util::Arc;` (ndarray) names a crate cargo does not compile for x86_64.
const TARGET_ATOMICS: [&str; 5] = ["8", "16", "32", "64", "ptr"];

/// The keys of `key = "value"` cfgs rustc itself may set (besides `target_*`), and `feature`.
const RUSTC_KEYS: [&str; 7] = [
    "feature",
    "panic",
    "relocation_model",
    "sanitize",
    "sanitizer_cfi_generalize_pointers",
    "sanitizer_cfi_normalize_integers",
    "fmt_debug",
];

/// The target features of x86_64's baseline (`rustc --print cfg` without `-C target-cpu`):
/// on for any x86_64 build; the others (`avx2`, …) depend on flags, and stay for rustc.
const BASELINE_FEATURES: [&str; 3] = ["fxsr", "sse", "sse2"];

/// Names rustc itself may set (`rustc --print check-cfg`'s well-known names) that the lists
/// above do not decide: they stay for rustc.
const RUSTC_NAMES: [&str; 8] = [
    "debug_assertions",
    "overflow_checks",
    "ub_checks",
    "proc_macro",
    "target_thread_local",
    "contract_checks",
    "clippy",
    "rustfmt",
];

fn eval(meta: &Meta, features: Features) -> Truth {
    match meta {
        Meta::Path(path) if path.is_ident("test") => Truth::False,
        Meta::Path(path) if TARGET_TRUE.iter().any(|t| path.is_ident(t)) => Truth::True,
        Meta::Path(path) if TARGET_FALSE.iter().any(|t| path.is_ident(t)) => Truth::False,
        // In a crate from crates.io, another bare name is one only `--cfg` or a build script
        // sets (zerocopy's `#[cfg(any(test, kani))] mod tests`, which uses rand 0.8): the
        // judge's rustc compiles the bundle with neither, so it is false there.
        Meta::Path(path)
            if features.is_some()
                && path.get_ident().is_some()
                && !RUSTC_NAMES.iter().any(|t| path.is_ident(t)) =>
        {
            Truth::False
        }
        Meta::NameValue(pair) if TARGET_VALUES.iter().any(|(k, _)| pair.path.is_ident(k)) => {
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) = &pair.value
            else {
                return Truth::Unknown;
            };
            let value = value.value();
            if TARGET_VALUES
                .iter()
                .any(|(k, v)| pair.path.is_ident(k) && *v == value)
            {
                Truth::True
            } else {
                Truth::False
            }
        }
        Meta::NameValue(pair) if pair.path.is_ident("target_has_atomic") => match &pair.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(width),
                ..
            }) if TARGET_ATOMICS.contains(&width.value().as_str()) => Truth::True,
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(_),
                ..
            }) => Truth::False,
            _ => Truth::Unknown,
        },
        // What every x86_64 target has (its baseline): a judge cannot turn it off.
        Meta::NameValue(pair) if pair.path.is_ident("target_feature") => match &pair.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(name),
                ..
            }) if BASELINE_FEATURES.contains(&name.value().as_str()) => Truth::True,
            _ => Truth::Unknown,
        },
        // The same for a `key = "value"` whose key rustc never sets: getrandom 0.3's
        // `getrandom_backend = "efi_rng"`, which only `RUSTFLAGS='--cfg …'` sets.
        Meta::NameValue(pair)
            if features.is_some()
                && pair.path.get_ident().is_some_and(|key| {
                    let key = key.to_string();
                    !key.starts_with("target_") && !RUSTC_KEYS.contains(&key.as_str())
                }) =>
        {
            Truth::False
        }
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
        assert!(!gone("#[cfg(any(debug_assertions, feature = \"derive\"))]"));
        let true_cfgs = |src: &str| true_feature_cfgs(&attrs(src), Some(&enabled)).len();
        assert_eq!(true_cfgs("#[cfg(feature = \"use_std\")] #[inline]"), 1);
        assert_eq!(
            true_cfgs("#[cfg(all(debug_assertions, feature = \"use_std\"))]"),
            0
        );
        assert_eq!(
            true_feature_cfgs(&attrs("#[cfg(feature = \"use_std\")]"), None).len(),
            0
        );
        assert!(!is_test_only(&attrs("#[cfg(feature = \"derive\")]"), None));
    }

    #[test]
    fn a_feature_gates_an_item_when_turning_it_off_alone_makes_a_true_cfg_false() {
        let enabled: BTreeSet<String> = ["std", "big", "alloc"].map(String::from).into();
        let gating = |src: &str| -> Vec<String> {
            gating_features(&attrs(src), Some(&enabled))
                .into_iter()
                .collect()
        };
        assert_eq!(gating("#[cfg(feature = \"big\")] #[inline]"), ["big"]);
        assert_eq!(gating("#[cfg(all(unix, feature = \"std\"))]"), ["std"]);
        assert_eq!(
            gating("#[cfg(all(feature = \"big\", feature = \"std\"))]"),
            ["big", "std"]
        );
        // Another feature still makes it true: no one feature gates it.
        assert!(gating("#[cfg(any(feature = \"std\", feature = \"alloc\"))]").is_empty());
        // False predicates gate nothing (the item is gone), nor do unknown ones.
        assert!(gating("#[cfg(not(feature = \"std\"))]").is_empty());
        assert!(gating("#[cfg(all(debug_assertions, feature = \"big\"))]").is_empty());
        assert!(gating_features(&attrs("#[cfg(feature = \"big\")]"), None).is_empty());
    }

    #[test]
    fn the_judges_target_is_x86_64_linux_and_other_cfgs_stay_unknown() {
        let gone = |src: &str| is_test_only(&attrs(src), None);
        assert!(gone("#[cfg(windows)]"));
        assert!(gone("#[cfg(doctest)]"));
        assert!(gone("#[cfg(target_os = \"macos\")]"));
        assert!(gone("#[cfg(not(unix))]"));
        assert!(gone(
            "#[cfg(all(target_arch = \"x86_64\", target_pointer_width = \"32\"))]"
        ));
        assert!(!gone("#[cfg(target_os = \"linux\")]"));
        assert!(!gone("#[cfg(any(windows, target_env = \"gnu\"))]"));
        assert!(!gone("#[cfg(not(debug_assertions))]"));
        assert!(!gone("#[cfg(not(target_feature = \"avx2\"))]"));
        // x86_64's baseline has SSE2 (hashbrown's group implementation is chosen by it).
        assert!(gone("#[cfg(not(target_feature = \"sse2\"))]"));
        assert!(gone(
            "#[cfg(all(target_feature = \"sse2\", target_arch = \"aarch64\"))]"
        ));
        assert!(!gone("#[cfg(any(test, kani))]"));
        // x86_64 has atomics up to 64 bits and of a pointer's width, not of 128 bits.
        assert!(gone("#[cfg(not(target_has_atomic = \"ptr\"))]"));
        assert!(gone("#[cfg(not(target_has_atomic = \"8\"))]"));
        assert!(!gone("#[cfg(target_has_atomic = \"64\")]"));
        assert!(gone("#[cfg(target_has_atomic = \"128\")]"));
        assert!(!gone("#[cfg(not(target_has_atomic = \"128\"))]"));
        assert!(gone(
            "#[cfg(all(target_has_atomic = \"ptr\", not(target_has_atomic = \"32\")))]"
        ));
        // In a crate from crates.io a name only `--cfg` or a build script sets is false.
        let enabled = BTreeSet::new();
        let in_crate = |src: &str| is_test_only(&attrs(src), Some(&enabled));
        assert!(in_crate("#[cfg(any(test, kani))]"));
        assert!(in_crate("#[cfg(no_serde_derive)]"));
        assert!(!in_crate("#[cfg(not(kani))]"));
        assert!(!in_crate("#[cfg(debug_assertions)]"));
        assert!(!in_crate("#[cfg(not(overflow_checks))]"));
        assert!(!in_crate("#[cfg(target_feature = \"sse2\")]"));
        assert!(in_crate("#[cfg(getrandom_backend = \"efi_rng\")]"));
        assert!(!in_crate("#[cfg(not(getrandom_backend = \"custom\"))]"));
        assert!(!in_crate("#[cfg(panic = \"unwind\")]"));
        assert!(!gone("#[cfg(getrandom_backend = \"efi_rng\")]"));
    }

    #[test]
    fn a_cfg_attr_with_a_true_predicate_counts_as_the_attributes_it_carries() {
        let enabled: BTreeSet<String> = ["std".to_string()].into();
        let gone = |src: &str| is_test_only(&attrs(src), Some(&enabled));
        assert!(gone("#[cfg_attr(feature = \"std\", inline, cfg(test))]"));
        assert!(gone("#[cfg_attr(unix, cfg_attr(feature = \"std\", test))]"));
        assert!(!gone("#[cfg_attr(feature = \"x\", cfg(test))]"));
        assert!(!gone("#[cfg_attr(debug_assertions, cfg(test))]"));
        let path = |src: &str, features| {
            let item: syn::ItemMod = syn::parse_str(&format!("{src} mod lazy;")).unwrap();
            path_attr(&item.attrs, features).map(|found| found.map(|(p, _)| p))
        };
        let lazy = "#[cfg_attr(not(feature = \"spin_no_std\"), path = \"inline_lazy.rs\")]
                    #[cfg_attr(feature = \"spin_no_std\", path = \"core_lazy.rs\")]";
        assert_eq!(
            path(lazy, Some(&enabled)),
            Ok(Some("inline_lazy.rs".into()))
        );
        let spin: BTreeSet<String> = ["spin_no_std".to_string()].into();
        assert_eq!(path(lazy, Some(&spin)), Ok(Some("core_lazy.rs".into())));
        assert!(path(lazy, None).is_err());
        assert_eq!(
            path("#[path = \"a.rs\"] #[inline]", None),
            Ok(Some("a.rs".into()))
        );
        assert_eq!(
            path("#[cfg_attr(windows, path = \"w.rs\")]", None),
            Ok(None)
        );
        assert_eq!(
            path("#[cfg_attr(unix, allow(dead_code), path = \"u.rs\")]", None),
            Ok(Some("u.rs".into()))
        );
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
        assert!(test_only("#[cfg(windows)]"));
        assert!(!test_only("#[inline]"));
    }
}
