//! The impls a literal's or the never type's fallback may choose: the one rule every pass
//! that cuts impls keeps (the feature-group cut, [`super::groups`]; the delta debugging,
//! [`super::impls`]; the mono pass, [`super::impls::mono`]).
//!
//! Cutting an item can change what the rest does only through what a name or a call resolves
//! to, and a call that resolves elsewhere calls another function, which the checks see. A
//! type chosen by inference is not a function: with `impl Marker for i32` and `impl Marker
//! for i64`, `W(1)` of a `W<T: Marker>` falls back to `W<i32>`; with the first impl cut the
//! one left decides `W<i64>`, and `(w.0 << 31) as i64` prints another number from the same
//! functions (review12; shake_ws' `literal_fallback`: `balance -= 1` as a `u64` wrapped where
//! the cargo build printed -3). Only a literal's fallback (`i32`, `f64`) and the never type's
//! (`()`) choose among impls that way (any other choice the code left open would not have
//! compiled), and only the impl of the type the fallback gives was its choice. So an impl
//! whose header names `i32`, `f64`, `()`, `!` or one of its own type parameters is not cut
//! while an impl that could answer instead stays ([`Fallback`]): another impl of its trait
//! for a self type that may be the same, or one of std's, which are not seen (its trait is
//! not the bundle's), unless its self type is the bundle's own (std cannot implement its
//! trait for a type of the bundle but through a blanket impl, which coherence already keeps
//! apart from this one). With no such impl left, code that had needed it no longer compiles:
//! the check says so.

use std::collections::BTreeSet;
use std::ops::Range;

use proc_macro2::{TokenStream, TokenTree};
use syn::spanned::Spanned;

/// The types a literal's fallback gives (`1` is an `i32`, `1.0` an `f64`).
const LITERAL_TYPES: [&str; 2] = ["i32", "f64"];

/// Words of an impl's header a fallback may have chosen it by: [`LITERAL_TYPES`], the marks
/// [`Headers`] writes for `()` and `!` (the never type's) and for the impl's own type
/// parameters. An impl for another number type was never a fallback's choice: with it and
/// `i64`'s only, `W(1)` would not compile (the fallback's `i32` has no impl), so cutting it
/// leaves what the code chose.
fn is_fallback_word(word: &str) -> bool {
    LITERAL_TYPES.contains(&word) || ["()", "!", "<param>"].contains(&word)
}

/// An impl a literal's fallback may choose, and what could answer in its place.
#[derive(Debug, Clone)]
pub(super) struct Fallback {
    pub(super) range: Range<usize>,
    /// The impls (or a macro call's other entries) that could answer instead.
    pub(super) beside: Vec<Range<usize>>,
    /// Its trait is not the bundle's and its self type not the bundle's own: std's impls of
    /// the trait, never cut, may answer instead.
    pub(super) std_may_answer: bool,
}

impl Fallback {
    /// Whether cutting it while the ranges `gone` are cut could change a fallback's choice.
    pub(super) fn decided_without(&self, gone: impl Fn(&Range<usize>) -> bool) -> bool {
        self.std_may_answer || self.beside.iter().any(|other| !gone(other))
    }
}

/// The trait impls of `file` a fallback may choose, each with what could answer instead, when
/// anything could (see the module's doc). Impls written by a macro are not seen (see
/// [`leads_with_literal_type`]).
pub(super) fn fallback_impls(file: &syn::File) -> Vec<Fallback> {
    let mut all = Headers::default();
    syn::visit::Visit::visit_file(&mut all, file);
    let mut fallbacks = Vec::new();
    for (i, one) in all.impls.iter().enumerate() {
        if !one.may_fall_back() {
            continue;
        }
        let beside: Vec<Range<usize>> = (all.impls.iter().enumerate())
            .filter(|&(j, other)| j != i && one.competes_with(other))
            .map(|(_, other)| other.range.clone())
            .collect();
        let std_may_answer = one.std_may_answer(&all.traits, &all.types);
        if std_may_answer || !beside.is_empty() {
            fallbacks.push(Fallback {
                range: one.range.clone(),
                beside,
                std_may_answer,
            });
        }
    }
    fallbacks
}

/// Whether the `ranges` cut out of `before` (leaving `after`) held a trait impl a fallback may
/// have chosen while what could answer instead stays (see the module's doc), and whose header
/// names no type or trait the cut takes from the whole bundle (`impl ToBigInt for i32` with
/// num-bigint: no code left can ask for it).
pub(super) fn decides_fallback(before: &str, ranges: &[Range<usize>], after: &str) -> bool {
    // Read in the whole text: an impl's module says which of two types of one name it is for.
    let (Ok(before), Ok(after)) = (syn::parse_file(before), syn::parse_file(after)) else {
        return true;
    };
    let mut all = Headers::default();
    syn::visit::Visit::visit_file(&mut all, &before);
    let inside = |item: &Range<usize>| {
        (ranges.iter()).any(|cut| cut.start <= item.start && item.end <= cut.end)
    };
    let cut_impls: Vec<&ImplHeader> = all.impls.iter().filter(|i| inside(&i.range)).collect();
    if cut_impls.is_empty() {
        return false;
    }
    let mut left = Headers::default();
    syn::visit::Visit::visit_file(&mut left, &after);
    let gone: BTreeSet<&String> = (all.definitions.iter())
        .filter(|(name, range)| inside(range) && !left.types.contains(name))
        .map(|(name, _)| name)
        .collect();
    cut_impls.into_iter().any(|cut_impl| {
        cut_impl.may_fall_back()
            && !cut_impl.words.iter().any(|word| gone.contains(word))
            && (cut_impl.std_may_answer(&left.traits, &left.types)
                || left.impls.iter().any(|other| cut_impl.competes_with(other)))
    })
}

/// Whether a macro call's entry starts with one of [`LITERAL_TYPES`]: the type the entry
/// writes its impls for, in the shape such calls have (`int_put!(u64 i32 …)`,
/// `float_impl!(f64, u64, i64, …)`). A type later in an entry is most often an associated
/// type (`float_impl!(f32, u32, i32, …)` writes `Float for f32`). The call's other entries
/// are what could answer instead.
pub(super) fn leads_with_literal_type(entry: &str) -> bool {
    let Ok(tokens) = entry.parse::<TokenStream>() else {
        return false;
    };
    let first = tokens.into_iter().find_map(|token| match token {
        TokenTree::Ident(ident) => Some(ident.to_string()),
        TokenTree::Group(group) => group.stream().into_iter().find_map(|t| match t {
            TokenTree::Ident(ident) => Some(ident.to_string()),
            _ => None,
        }),
        _ => None,
    });
    first.is_some_and(|name| LITERAL_TYPES.contains(&name.as_str()))
}

/// A trait impl's header: its trait's name, its self type's head as a fallback sees it
/// (`{int}` for every integer type, `{float}`, `{unit}` for `()` and `!`, `*` for a type
/// parameter or a type of no name, else the type's name; see [`head_class`]), and the words
/// of its trait and self type (`()` and `!` for those types, `<param>` for a type parameter
/// of the impl).
struct ImplHeader {
    trait_name: String,
    /// The words of the trait's path alone (`From`, `Big` in `From<Big>`).
    trait_words: BTreeSet<String>,
    head: String,
    words: BTreeSet<String>,
    /// Where the impl is in the text the visitor walked.
    range: Range<usize>,
}

impl ImplHeader {
    /// Whether `other` is an impl of the same trait for a self type that may be the same
    /// type ([`may_be_one`]): one an inference variable could choose instead.
    fn competes_with(&self, other: &ImplHeader) -> bool {
        self.trait_name == other.trait_name && may_be_one(&self.head, &other.head)
    }

    fn may_fall_back(&self) -> bool {
        self.words.iter().any(|w| is_fallback_word(w))
    }

    /// Whether std's impls of its trait may answer instead: the trait is not one of
    /// `traits` (the bundle's), and the self type is not one of `types` (the bundle's own:
    /// with no type of the bundle in the trait's path, the orphan rule makes the self type
    /// the bundle's, and std cannot implement its trait for it but through a blanket impl,
    /// which coherence keeps apart from this one).
    fn std_may_answer(&self, traits: &BTreeSet<String>, types: &BTreeSet<String>) -> bool {
        let head = self.head.trim_start_matches('&');
        let name = head.rsplit("::").next().unwrap_or_default();
        let own_self_type = types.contains(name) && self.trait_words.is_disjoint(types);
        !traits.contains(&self.trait_name) && !own_self_type
    }
}

/// What a text holds: its trait impls' headers, and the names of the types and traits it
/// defines (and of the traits apart).
#[derive(Default)]
struct Headers {
    impls: Vec<ImplHeader>,
    types: BTreeSet<String>,
    traits: BTreeSet<String>,
    /// Each type's or trait's name and where it is defined.
    definitions: Vec<(String, Range<usize>)>,
    /// The modules being walked, outermost first: each one's name and the names of the
    /// types it defines itself.
    modules: Vec<(String, BTreeSet<String>)>,
}

impl Headers {
    /// `head` ([`head_class`]) with its module's path when it names, bare, a type that the
    /// module being walked defines itself (`map::iter::IntoIter`): two types of one name in
    /// two modules are two types, which no inference variable can be both of.
    fn qualified(&self, head: String, ty: &syn::Type) -> String {
        let mut ty = ty;
        while let syn::Type::Reference(r) = ty {
            ty = &r.elem;
        }
        let syn::Type::Path(path) = ty else {
            return head;
        };
        let [segment] = path.path.segments.iter().collect::<Vec<_>>()[..] else {
            return head;
        };
        let name = segment.ident.to_string();
        let defined_here = (self.modules.last()).is_some_and(|(_, types)| types.contains(&name));
        if path.qself.is_some() || !defined_here || !head.ends_with(&name) {
            return head;
        }
        let modules: Vec<&str> = self.modules.iter().map(|(m, _)| m.as_str()).collect();
        let refs = &head[..head.len() - name.len()];
        format!("{refs}{}::{name}", modules.join("::"))
    }
}

/// The name a type or trait definition gives (aliases too).
fn defined_name(item: &syn::Item) -> Option<&syn::Ident> {
    match item {
        syn::Item::Struct(i) => Some(&i.ident),
        syn::Item::Enum(i) => Some(&i.ident),
        syn::Item::Union(i) => Some(&i.ident),
        syn::Item::Trait(i) => Some(&i.ident),
        syn::Item::Type(i) => Some(&i.ident),
        _ => None,
    }
}

/// The names of the types and traits `items` define.
fn defined_types(items: &[syn::Item]) -> BTreeSet<String> {
    (items.iter().filter_map(defined_name))
        .map(|ident| ident.to_string())
        .collect()
}

impl<'ast> syn::visit::Visit<'ast> for Headers {
    fn visit_file(&mut self, file: &'ast syn::File) {
        self.modules
            .push((String::new(), defined_types(&file.items)));
        syn::visit::visit_file(self, file);
        self.modules.pop();
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        let Some((_, items)) = &module.content else {
            return;
        };
        self.modules
            .push((module.ident.to_string(), defined_types(items)));
        syn::visit::visit_item_mod(self, module);
        self.modules.pop();
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        if let Some(ident) = defined_name(item) {
            self.types.insert(ident.to_string());
            self.definitions
                .push((ident.to_string(), item.span().byte_range()));
        }
        if let syn::Item::Trait(t) = item {
            self.traits.insert(t.ident.to_string());
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if let Some((_, path, _)) = &item.trait_ {
            let params: BTreeSet<String> = item
                .generics
                .type_params()
                .map(|p| p.ident.to_string())
                .collect();
            let words_of = |tokens: TokenStream| {
                let mut words = BTreeSet::new();
                for token in tokens {
                    super::idents_of(&token, &mut words);
                }
                words
            };
            let trait_words = words_of(quote::ToTokens::to_token_stream(path));
            let self_words = words_of(quote::ToTokens::to_token_stream(&item.self_ty));
            let mut words: BTreeSet<String> = (trait_words.iter().chain(&self_words))
                .map(|word| match params.contains(word) {
                    true => "<param>".to_string(),
                    false => word.clone(),
                })
                .collect();
            let mut marks = FallbackTypes(&mut words);
            syn::visit::Visit::visit_path(&mut marks, path);
            syn::visit::Visit::visit_type(&mut marks, &item.self_ty);
            let trait_name = path.segments.last().map(|s| s.ident.to_string());
            self.impls.push(ImplHeader {
                trait_name: trait_name.unwrap_or_default(),
                trait_words,
                head: self.qualified(head_class(&item.self_ty, &params), &item.self_ty),
                words,
                range: item.span().byte_range(),
            });
        }
        syn::visit::visit_item_impl(self, item);
    }

    fn visit_block(&mut self, _: &'ast syn::Block) {}
}

/// Whether self types of these heads ([`head_class`], [`Headers::qualified`]) may be the one
/// type an inference variable becomes: behind as many references, the same head, a type
/// parameter's, or the never type's (it falls back).
fn may_be_one(a: &str, b: &str) -> bool {
    let any = |h: &str| h == "*" || h == "{unit}";
    let name = |h: &'_ str| h.rsplit("::").next().unwrap_or_default().to_string();
    match (a.strip_prefix('&'), b.strip_prefix('&')) {
        (Some(a), Some(b)) => may_be_one(a, b),
        // A head with its module's path is that module's type; one without may be any type
        // of its name.
        _ => {
            any(a)
                || any(b)
                || a == b
                || (name(a) == name(b) && !(a.contains("::") && b.contains("::")))
        }
    }
}

/// The types an integer literal may be (`{integer}`).
pub(in crate::bundle::shake) const INTEGER_TYPES: [&str; 12] = [
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// The types a float literal may be (`{float}`).
pub(in crate::bundle::shake) const FLOAT_TYPES: [&str; 2] = ["f32", "f64"];

/// The head of a self type as a literal's or the never type's fallback sees it (see
/// [`ImplHeader`]): a reference's is `&` and its referent's; a slice, an array, a tuple of
/// `n` and a pointer have their own, which no integer, float or named type shares (the
/// library's `impl<T: Put> Put for [T]` competes with no number's impl).
fn head_class(ty: &syn::Type, params: &BTreeSet<String>) -> String {
    match ty {
        syn::Type::Reference(r) => format!("&{}", head_class(&r.elem, params)),
        syn::Type::Slice(_) => "[]".to_string(),
        syn::Type::Array(_) => "[;]".to_string(),
        syn::Type::Ptr(_) => "*ptr".to_string(),
        syn::Type::Tuple(t) if !t.elems.is_empty() => format!("({})", t.elems.len()),
        syn::Type::Paren(p) => head_class(&p.elem, params),
        syn::Type::Group(g) => head_class(&g.elem, params),
        syn::Type::Tuple(t) if t.elems.is_empty() => "{unit}".to_string(),
        syn::Type::Never(_) => "{unit}".to_string(),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return "*".to_string();
            };
            let name = last.ident.to_string();
            if p.path.segments.len() == 1 && params.contains(&name) {
                "*".to_string()
            } else if INTEGER_TYPES.contains(&name.as_str()) {
                "{int}".to_string()
            } else if FLOAT_TYPES.contains(&name.as_str()) {
                "{float}".to_string()
            } else {
                name
            }
        }
        _ => "*".to_string(),
    }
}

/// Adds `()` and `!` to a header for a unit or never type anywhere in it.
struct FallbackTypes<'a>(&'a mut BTreeSet<String>);

impl<'ast> syn::visit::Visit<'ast> for FallbackTypes<'_> {
    fn visit_type(&mut self, ty: &'ast syn::Type) {
        match ty {
            syn::Type::Tuple(t) if t.elems.is_empty() => {
                self.0.insert("()".to_string());
            }
            syn::Type::Never(_) => {
                self.0.insert("!".to_string());
            }
            _ => {}
        }
        syn::visit::visit_type(self, ty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::mapped::Mapped;
    use crate::bundle::shake::without_ranges;

    /// Whether cutting the texts `what` out of `before` decides a fallback.
    fn cut(before: &str, what: &[&str]) -> bool {
        let ranges: Vec<Range<usize>> = what
            .iter()
            .map(|w| {
                let at = before.find(w).unwrap();
                at..at + w.len()
            })
            .collect();
        let after = without_ranges(&Mapped::plain(before), &ranges).text;
        decides_fallback(before, &ranges, &after)
    }

    #[test]
    fn an_impl_for_a_number_type_decides_fallback_unless_its_trait_or_type_goes_too() {
        let marker = "trait M {}\nimpl M for i64 {}\nimpl M for i32 {}\n";
        assert!(cut(marker, &["impl M for i32 {}"]));
        // The trait goes with its impls: no code left can ask for it.
        assert!(!cut(
            marker,
            &["trait M {}", "impl M for i64 {}", "impl M for i32 {}"]
        ));
        // A header naming a type the cut takes (num-bigint's `impl Add<BigUint> for i32`).
        let big = "struct Big;\nimpl std::ops::Add<Big> for i32 { type Output = i32; fn add(self, _: Big) -> i32 { self } }\n";
        let whole = big.trim_end();
        assert!(!cut(big, &[whole]));
        let only_impl = &big[big.find("impl").unwrap()..].trim_end().to_string();
        assert!(cut(big, &[only_impl]));
        // Unit and a type parameter beside another impl; no impl of the trait left, or only
        // of another head (num-rational's `impl<T: ToBigInt> ToPrimitive for Ratio<T>` beside
        // num-traits' `impl ToPrimitive for i64`): a use left would not compile.
        let unit = "trait M {}\nimpl M for () {}\nimpl M for i32 {}\n";
        assert!(cut(unit, &["impl M for () {}"]));
        let param = "trait M {}\nimpl<T: Copy> M for T {}\nimpl M for String {}\n";
        assert!(cut(param, &["impl<T: Copy> M for T {}"]));
        assert!(!cut(
            "trait M {}\nimpl M for i32 {}\n",
            &["impl M for i32 {}"]
        ));
        let ratio =
            "trait M {}\nstruct Ratio<T>(T);\nimpl<T: Copy> M for Ratio<T> {}\nimpl M for i64 {}\n";
        assert!(!cut(ratio, &["impl<T: Copy> M for Ratio<T> {}"]));
        assert!(!cut(
            "trait M {}\nimpl M for i32 {}\nimpl M for String {}\n",
            &["impl M for i32 {}"]
        ));
        // A trait that is not the bundle's: its other impls are not seen.
        assert!(cut(
            "struct S;\nimpl From<S> for i32 { fn from(_: S) -> i32 { 0 } }\n",
            &["impl From<S> for i32 { fn from(_: S) -> i32 { 0 } }"]
        ));
    }

    /// petgraph_roads' feature groups were all refused on `impl<K, V> Debug for IntoIter<K,
    /// V>` (indexmap): a type parameter in the header, and std's `Debug`, whose impls are not
    /// seen. std cannot implement `Debug` for the bundle's own `IntoIter`, so only the
    /// bundle's impls could answer instead.
    #[test]
    fn std_answers_no_fallback_for_the_bundles_own_type() {
        let debug = "struct IntoIter<K, V>(K, V);\nimpl<K, V> std::fmt::Debug for IntoIter<K, V> { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }\n";
        let only_impl = debug[debug.find("impl").unwrap()..].trim_end();
        assert!(!cut(debug, &[only_impl]));
        // Beside another impl of it for the same type, still not cut.
        let two = format!("{debug}impl std::fmt::Debug for IntoIter<u8, u8> {{ fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result {{ Ok(()) }} }}\n");
        assert!(cut(&two, &[only_impl]));
        // A std type's impl, with the bundle's type in the trait's path: std's may answer.
        let into =
            "struct S;\nimpl<T> From<S> for Vec<T> { fn from(_: S) -> Vec<T> { Vec::new() } }\n";
        let only_impl = into[into.find("impl").unwrap()..].trim_end();
        assert!(cut(into, &[only_impl]));
        let file = syn::parse_file(debug).unwrap();
        assert!(fallback_impls(&file).is_empty());
        let file = syn::parse_file(into).unwrap();
        let found = fallback_impls(&file);
        assert_eq!(found.len(), 1);
        assert!(found[0].std_may_answer && found[0].beside.is_empty());
        assert!(found[0].decided_without(|_| true));
    }

    /// The library's `Put` impls for slices, tuples and references (`impl<T: Put> Put for
    /// [T]`) name a type parameter, but no literal's or never type's fallback can make a
    /// slice or a pair of a number: they compete with no number's impl, and the shake cuts
    /// them when nothing uses them (this project's bundles, 0.9 KB each, kept them all when
    /// a slice's head was any type's).
    #[test]
    fn a_slice_a_tuple_or_a_reference_competes_only_with_its_own_shape() {
        fn starts(text: &str) -> Vec<&str> {
            let file = syn::parse_file(text).unwrap();
            let found = fallback_impls(&file);
            found.iter().map(|f| &text[f.range.clone()]).collect()
        }
        let put = "trait Put {}\nimpl Put for u64 {}\nimpl<T: Put> Put for [T] {}\nimpl<A: Put, B: Put> Put for (A, B) {}\nimpl<T: Put + ?Sized> Put for &T {}\n";
        assert!(starts(put).is_empty(), "{:?}", starts(put));
        // The same shapes compete: references to numbers, a reference to anything.
        let refs = "trait M {}\nimpl M for &i64 {}\nimpl M for &i32 {}\nimpl<T> M for &Vec<T> {}\n";
        assert_eq!(starts(refs), ["impl M for &i32 {}"]);
        let any = "trait M {}\nimpl<T: Copy> M for &T {}\nimpl M for &str {}\nimpl M for [u8] {}\n";
        assert_eq!(starts(any), ["impl<T: Copy> M for &T {}"]);
        let pairs = "trait M {}\nimpl<T> M for (T, i64) {}\nimpl M for (i32, u8) {}\nimpl M for (i32, u8, u8) {}\n";
        assert_eq!(
            starts(pairs),
            ["impl<T> M for (T, i64) {}", "impl M for (i32, u8) {}"]
        );
    }

    /// petgraph_roads' tries were still refused after the rule above: indexmap's and
    /// hashbrown's `IntoIter`, graphmap's and graph_impl's `Neighbors`, are types of one name
    /// in two modules, and a head was a name. Two modules' own types are two types.
    #[test]
    fn two_types_of_one_name_in_two_modules_do_not_compete() {
        let modules = "mod map { pub struct IntoIter<K>(K); impl<K> std::fmt::Debug for IntoIter<K> { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } }\nmod set { pub struct IntoIter<K>(K); impl<K> std::fmt::Debug for IntoIter<K> { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } }\n";
        let first = modules.find("impl<K>").unwrap();
        let end = first + modules[first..].find("} } }").unwrap() + "} }".len();
        let ranges = vec![Range { start: first, end }];
        let after = without_ranges(&Mapped::plain(modules), &ranges).text;
        assert!(!decides_fallback(modules, &ranges, &after));
        // An impl naming the type through a path may be for either.
        let through = modules.replacen("for IntoIter<K>", "for super::set::IntoIter<K>", 1);
        let end = first + through[first..].find("} } }").unwrap() + "} }".len();
        let ranges = vec![Range { start: first, end }];
        let after = without_ranges(&Mapped::plain(&through), &ranges).text;
        assert!(decides_fallback(&through, &ranges, &after));
    }
}
