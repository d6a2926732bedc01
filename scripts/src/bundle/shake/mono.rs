//! Over the judge's source limit: the library code codegen never reaches, cut in one batch.
//! Delta debugging ([`super::reduce`]) gets few or no rustc runs on a big bundle (see
//! [`super::run_budget`]), and rustc's dead-code lint keeps whatever any code names, reached
//! or not (num's operator impls, itertools' adaptors): a bundle of num or itertools stays at
//! 80-460 KB. This pass takes a few rustc runs whatever the size, and runs only on a bundle
//! over its judge's limit, so a bundle under it stays byte for byte what it was.
//!
//! The bundle is built unoptimised to LLVM IR ([`rustc::llvm_ir_text`]); its `define`s, with
//! their v0 symbols demangled, are the monomorphised functions reachable from `main`, vtables
//! included (`<num_bigint::BigInt as core::ops::arith::Mul>::mul`). Candidates, in the
//! library and never behind a `#[cfg]`: trait impls (impls.rs' rules: never `Drop`, `Deref`,
//! `DerefMut`, `Index`, `IndexMut`, a trait used as `dyn`; at least one fn), calls of
//! `macro_rules!` macros that write impls (whole; never a macro that also defines a trait or
//! a type), free functions, inherent methods and trait default methods (never a `const fn`,
//! which may run at compile time and so never be in the IR). Those none of whose functions may
//! be a defined one go at once: the unreached code that needed an operator impl goes with it.
//!
//! The cut is kept only when the bundle type-checks with no new warning but dead code and,
//! after rustc's dead-code pass and the names pass take what only the cut code used, builds to
//! exactly the same set of functions: an impl that compiles away but had answered a call, or
//! whose absence changes inference, changes that set. An error puts back the candidates it
//! names (a trait of a missing impl, an operator's trait, a function or method: those it
//! names exactly, with the type, when there are such, see [`named_back`]), a changed
//! function those that could be it, for a few rounds; else nothing is cut.
//!
//! Matching a symbol to source is by names: an impl block by its trait's name, its self
//! type's name (any, for a generic parameter, an alias or a slice) and its fns' names; a
//! macro call by its words (`u16` in `impl_ops!(u8 u16)`), all of which the symbol must
//! contain; a function by its name anywhere in a symbol. Names over-match (keeping more,
//! never less), and what they miss the checks above catch.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use anyhow::Result;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::spanned::Spanned;

use super::{fn_names, has_cfg, impl_item_names, type_head, Finder, NEVER_CUT};
use crate::bundle::linemap::text_key;
use crate::bundle::mapped::Mapped;
use crate::bundle::shake::{
    answers_stamp, cut_dead,
    fallback::{FLOAT_TYPES, INTEGER_TYPES},
    is_cfg, names, new_warnings, use_leaves, without_ranges, Judge,
};
use crate::rustc;
use crate::settings::Edition;

/// Rounds of putting back what an error or a changed function names before giving up. Each
/// round puts back at least one candidate; an error names one link of a chain of bounds at a
/// time (`impl T1 for X where X: T2`), so a chain needs a round per link: lazy_sieve's
/// num-traits took 9, and 8 gave up on it (115 494 B, 87 667 B with 9).
const ROUNDS: usize = 32;

/// The pass's budget, in bytes of bundle text given to rustc: a run (type check, or build to
/// LLVM IR) takes about as long as its text is big (1-5 s for 300 KB on 2 loaded cores).
/// num's 902c (287 KB) is accepted after 6 rounds in about 3 MB; a bundle whose first runs and
/// one round would not fit (over about 580 KB: petgraph with hashbrown, rand) is left as it
/// is at once, with no run.
pub(in crate::bundle) const BUDGET_BYTES: usize = 4 << 20;

/// What a round may cost: the check, and when it passes, two checks of the dead-code pass,
/// one of the names pass and the build to LLVM IR. A round starts only if that fits; a round
/// whose check fails costs the check alone.
const RUNS_PER_ROUND: usize = 5;

/// A round's candidate (every candidate not put back cut, before the dead-code and names
/// passes take what only it used) over this many tenths of the judge's source limit ends the
/// pass: rounds only put back, so candidates only grow, and those passes took at most 29 % of
/// an accepted candidate (float_paths 52 712 -> 37 476 B; rational_walk 64 896 -> 46 711,
/// lazy_sieve 61 449 -> 50 573, old_2018 72 946 -> 66 737), so a candidate over 1.5 times the
/// limit would need 33 %. Every bundle the pass brought under 64 KiB had candidates of at most
/// 0.99 times it (rational_walk's last); num's BigUint (abc401-c, 255 KB) started at 2.0 times
/// (131 940 B) and gave up after 15 rounds, 50 s of rustc runs (i21refuse,
/// docs/performance.md).
const LARGEST_CANDIDATE_TENTHS: usize = 15;

/// The bytes of text rustc may still be given (see [`BUDGET_BYTES`]), and the largest
/// candidate worth a round (see [`LARGEST_CANDIDATE_TENTHS`]).
struct Budget {
    left: usize,
    largest: usize,
}

impl Budget {
    /// `bytes` of text for rustc, for a bundle that must come under `limit` bytes.
    fn new(bytes: usize, limit: usize) -> Budget {
        Budget {
            left: bytes,
            largest: limit.saturating_mul(LARGEST_CANDIDATE_TENTHS) / 10,
        }
    }

    /// Whether a round on `candidate` could still bring the bundle under its limit.
    fn worth(&self, candidate: &str) -> bool {
        candidate.len() <= self.largest
    }

    /// `runs` runs of `text` taken from what is left.
    fn take(&mut self, runs: usize, text: &str) {
        self.left = self.left.saturating_sub(runs * text.len());
    }

    /// Whether `runs` runs of `text` would fit, taking nothing.
    fn allows(&self, runs: usize, text: &str) -> bool {
        runs * text.len() <= self.left
    }
}

/// A function codegen reached, from its demangled symbol.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
pub(in crate::bundle::shake) struct Reached {
    /// The demangled symbol.
    symbol: String,
    /// `Some((self type's name, trait's name))` for a trait impl's method; the self type's
    /// name is `None` for a slice, tuple, array or pointer-to-function type.
    trait_impl: Option<(Option<String>, String)>,
    /// The method (the first segment after the impl), or the last path segment.
    method: String,
    /// Every word of the symbol.
    words: BTreeSet<String>,
    /// Whether the function may be the bundle's own (see [`is_local`]): not std's copy of
    /// hashbrown (`<hashbrown::raw::RawTable<(String, u32)>>::insert`), whose names are a
    /// pasted hashbrown's too.
    local: bool,
}

/// What cutting one candidate deletes and how to know it is reached.
#[derive(Debug)]
struct Unit {
    range: Range<usize>,
    /// What goes with it: the `use` leaves importing a free function; a trait method's
    /// definitions in the impls of the trait.
    imports: Vec<Range<usize>>,
    kind: Kind,
    /// For an inherent method, the name of its impl's self type (not an alias): a function
    /// of its name is its only when the symbol names the type too (hashbrown's
    /// `HashSet::len` is not `<HashMap<K, V>>::len`).
    owner: Option<String>,
}

#[derive(Debug)]
enum Kind {
    /// An impl block of `trait_name` for `self_name` (`None`: any type) with these fns.
    Impl {
        trait_name: String,
        self_name: Option<String>,
        fns: BTreeSet<String>,
    },
    /// A call of a macro whose body defines impls: its words, the macro body's words, the
    /// words between `impl` and `for` in the body (the traits it implements) and the fns it
    /// defines (empty when it defines them through another macro).
    Call {
        words: BTreeSet<String>,
        body: BTreeSet<String>,
        traits: BTreeSet<String>,
        fns: BTreeSet<String>,
    },
    /// A free function or an inherent method (`trait_name` `None`), or a trait's default
    /// method.
    Fn {
        name: String,
        trait_name: Option<String>,
    },
    /// A trait's method, with its definition in every impl of the trait (those macros write
    /// too): none of them is reached, so the trait needs it for no type.
    Method { name: String, trait_name: String },
    /// A whole trait with every impl of it (written out, or by the calls of a macro whose
    /// body implements it) and the `use` leaves importing it: no reached function names it.
    /// `also`: the words between `impl` and `for` in those macros' bodies (the other traits
    /// the calls implement, which an error may say are missing). `methods`: the trait's fns,
    /// which kept code that is never reached may still call (`no method named `format``:
    /// petgraph's `Debug` impls call its `IterFormatExt::format`; see [`Named::no_method`]).
    Trait {
        name: String,
        also: BTreeSet<String>,
        methods: BTreeSet<String>,
    },
}

/// `bundle` without the library code codegen never reaches (after line `lints_line`), or as
/// it is when that cut does not keep it compiling to the same functions, does not fit in
/// `budget` bytes of text given to rustc (see [`BUDGET_BYTES`]) or cannot come under `limit`
/// bytes (see [`LARGEST_CANDIDATE_TENTHS`]). Cached in `scratch` under the bundle's text.
pub(in crate::bundle::shake) fn cut_unreached(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
    budget: usize,
    limit: usize,
) -> Result<Mapped> {
    std::fs::create_dir_all(scratch)?;
    let cache = scratch.join("mono.cache");
    let key = format!(
        "mono {} line {lints_line} edition {edition} budget {budget} limit {limit} {}",
        text_key(&bundle.text),
        answers_stamp()
    );
    if let Some(cut) = Mapped::load(&key, &cache) {
        return Ok(cut);
    }
    let judge = Judge {
        lints_line,
        edition,
        scratch,
        jobs: 1,
        // Every pasted crate's warnings count: a cut in a later crate can make a call there
        // resolve elsewhere too (review12's finding 3).
        with_later_crates: true,
    };
    let budget = Budget::new(budget, limit);
    let cut = cut_uncached(bundle, &judge, budget)?.unwrap_or_else(|| bundle.clone());
    // A cache that cannot be written only costs time next time.
    let _ = cut.save(&key, &cache);
    Ok(cut)
}

/// `None` when nothing could be cut, the budget included: the baseline's two runs and one
/// round must fit in it to start, and each round must fit in what is left and have a
/// candidate [`Budget::worth`] it.
fn cut_uncached(bundle: &Mapped, judge: &Judge, mut budget: Budget) -> Result<Option<Mapped>> {
    if !budget.allows(2 + RUNS_PER_ROUND, &bundle.text) {
        return Ok(None);
    }
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return Ok(None);
    };
    let lib_start = super::super::lib_start(&bundle.text, judge.lints_line);
    let units = candidates(&bundle.text, &file, lib_start);
    if units.is_empty() {
        return Ok(None);
    }
    budget.take(2, &bundle.text);
    let baseline = judge.check(&bundle.text)?;
    if !baseline.success {
        return Ok(None);
    }
    let Some(before) = reached(&bundle.text, judge)? else {
        return Ok(None);
    };
    let mut cut: Vec<usize> = (0..units.len())
        .filter(|&u| !before.iter().any(|r| units[u].may_be_in(r)))
        .collect();
    for _ in 0..ROUNDS {
        let candidate = loop {
            if cut.is_empty() {
                return Ok(None);
            }
            let ranges: Vec<Range<usize>> = cut
                .iter()
                .flat_map(|&u| std::iter::once(&units[u].range).chain(&units[u].imports))
                .cloned()
                .collect();
            let candidate = without_ranges(bundle, &ranges);
            let back = methods_named_by_path(&units, &cut, &candidate.text);
            if back.is_empty() {
                break candidate;
            }
            cut.retain(|u| !back.contains(u));
        };
        if !budget.allows(RUNS_PER_ROUND, &candidate.text) || !budget.worth(&candidate.text) {
            return Ok(None);
        }
        budget.take(1, &candidate.text);
        let result = judge.check(&candidate.text)?;
        let back: Vec<usize> = if judge.accepts(&result, &baseline) {
            budget.take(RUNS_PER_ROUND - 1, &candidate.text);
            // What only the cut code used: rustc's dead-code pass, then the names pass.
            let mut tidy = match cut_dead(&candidate, &result, judge)? {
                Some((tidy, _)) => tidy,
                None => candidate,
            };
            let pruned = names::cut_unnamed(&tidy, lib_start);
            if pruned.text != tidy.text && judge.accepts(&judge.check(&pruned.text)?, &baseline) {
                tidy = pruned;
            }
            let Some(now) = reached(&tidy.text, judge)? else {
                return Ok(None);
            };
            if now == before {
                return Ok(Some(tidy));
            }
            // Functions gone or new: put back what could have been or answered them.
            let changed: Vec<&Reached> = before.symmetric_difference(&now).collect();
            cut.iter()
                .copied()
                .filter(|&u| changed.iter().any(|r| units[u].may_be_loosely(r)))
                .collect()
        } else if result.success {
            // Only new warnings: what they point at may be a call that now resolves elsewhere.
            named_back(&units, &cut, &new_warnings(&result, &baseline))
        } else {
            // An error about an unstable item names the feature, not the call: a cut method
            // whose call now resolves to std's unstable one of its name (`as_mut_slice`).
            let unstable = result.unstable_uses.iter().map(|m| vec![m.clone()]);
            let errors: Vec<Vec<String>> = result.errors.iter().cloned().chain(unstable).collect();
            match named_back(&units, &cut, &errors) {
                back if back.is_empty() => {
                    methods_named_by_parameter_path(&units, &cut, &candidate.text)
                }
                back => back,
            }
        };
        if back.is_empty() {
            return Ok(None);
        }
        cut.retain(|u| !back.contains(u));
    }
    Ok(None)
}

impl Unit {
    /// [`Unit::may_be`], for a function of the bundle's crate that names this candidate's
    /// owner type (see [`Unit::owner`]): what the first cut keeps.
    fn may_be_in(&self, reached: &Reached) -> bool {
        let owner_fits = self
            .owner
            .as_ref()
            .is_none_or(|owner| reached.words.contains(owner));
        reached.local && owner_fits && self.may_be(reached)
    }

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
            Kind::Call {
                words, body, fns, ..
            } => {
                let trait_fits = match &reached.trait_impl {
                    Some((_, name)) => body.contains(name) || words.contains(name),
                    None => true,
                };
                trait_fits
                    && (fns.is_empty() || fns.contains(&reached.method))
                    && words.is_subset(&reached.words)
            }
            Kind::Fn {
                name,
                trait_name: None,
            } => reached.words.contains(name),
            Kind::Fn {
                name,
                trait_name: Some(trait_name),
            } => reached.words.contains(name) && reached.words.contains(trait_name),
            Kind::Method { name, trait_name } => {
                reached.words.contains(name) && reached.words.contains(trait_name)
            }
            Kind::Trait { name, .. } => reached.words.contains(name),
        }
    }

    /// Whether this candidate could be a function that changed: an impl of its trait (for
    /// any type), a macro call naming its trait, a function of its name.
    fn may_be_loosely(&self, changed: &Reached) -> bool {
        let Some((_, trait_name)) = &changed.trait_impl else {
            return match &self.kind {
                Kind::Fn { name, .. } | Kind::Method { name, .. } | Kind::Trait { name, .. } => {
                    changed.words.contains(name)
                }
                _ => self.may_be(changed),
            };
        };
        let method_fits = |fns: &BTreeSet<String>| fns.is_empty() || fns.contains(&changed.method);
        match &self.kind {
            Kind::Impl {
                trait_name: mine,
                fns,
                ..
            } => mine == trait_name && method_fits(fns),
            Kind::Call {
                words, body, fns, ..
            } => (body.contains(trait_name) || words.contains(trait_name)) && method_fits(fns),
            Kind::Fn { name, .. } | Kind::Method { name, .. } => changed.words.contains(name),
            Kind::Trait { name, also, .. } => {
                name == trait_name || also.contains(trait_name) || changed.words.contains(name)
            }
        }
    }

    /// Whether an error naming `named` surely wants this candidate back: a missing `X: T` and
    /// this is `T`'s impl for `X` (an impl, or a macro call with `X` among its arguments); a
    /// missing method or function of this candidate's name, with the type it was looked
    /// for on (`no method named `lcm` found for type `i64``) this impl's or among this call's
    /// arguments; a trait member of this name.
    fn is_named_exactly_by(&self, named: &Named) -> bool {
        if named.member.is_some() {
            return self.is_named_by(named);
        }
        let other_words = |fns: &BTreeSet<String>, of: &BTreeSet<String>| {
            named
                .words
                .iter()
                .any(|w| !fns.contains(w) && of.contains(w))
        };
        let fn_named = |fns: &BTreeSet<String>| fns.iter().any(|f| named.words.contains(f));
        match &self.kind {
            Kind::Impl {
                trait_name,
                self_name: Some(self_name),
                fns,
            } => {
                named
                    .missing
                    .iter()
                    .any(|(of, missing)| missing == trait_name && of.as_ref() == Some(self_name))
                    || (fn_named(fns) && named.words.contains(self_name))
            }
            Kind::Impl { .. } => false,
            Kind::Call {
                words, traits, fns, ..
            } => {
                named.missing.iter().any(|(of, missing)| {
                    (words.contains(missing) || traits.contains(missing))
                        && of.as_ref().is_some_and(|of| words.contains(of))
                }) || (fn_named(fns) && other_words(fns, words))
            }
            Kind::Fn { name, .. } | Kind::Method { name, .. } => named.words.contains(name),
            Kind::Trait { name, also, .. } => names_trait(named, name, also),
        }
    }

    /// Whether an error naming `named` may want this candidate back.
    fn is_named_by(&self, named: &Named) -> bool {
        if let Some((method, of)) = &named.member {
            if let Kind::Trait { name, .. } = &self.kind {
                return name == of;
            }
            return match &self.kind {
                Kind::Fn {
                    name,
                    trait_name: Some(t),
                }
                | Kind::Method {
                    name,
                    trait_name: t,
                } => name == method && t == of,
                _ => false,
            };
        }
        let fn_named = |fns: &BTreeSet<String>| fns.iter().any(|f| named.words.contains(f));
        match &self.kind {
            Kind::Impl {
                trait_name,
                self_name,
                fns,
            } => {
                fn_named(fns)
                    || named.missing.iter().any(|(of, missing)| {
                        missing == trait_name
                            && (of.is_none() || self_name.is_none() || of == self_name)
                    })
            }
            Kind::Call {
                words,
                body,
                traits,
                fns,
            } => {
                fn_named(fns)
                    || named.missing.iter().any(|(of, missing)| {
                        (words.contains(missing) || traits.contains(missing))
                            && of
                                .as_ref()
                                .is_none_or(|of| words.contains(of) || body.contains(of))
                    })
            }
            Kind::Fn { name, .. } => named.words.contains(name),
            Kind::Method { name, trait_name } => {
                named.words.contains(name)
                    || named
                        .missing
                        .iter()
                        .any(|(_, missing)| missing == trait_name)
            }
            // Its method only when nothing names the error exactly, and only as the method
            // an error says is missing: by any word, num-traits' `Bounded`, `NumCast` and
            // `CheckedAdd` came back whole (binom_kmerge 70 749 -> 79 457 B).
            Kind::Trait {
                name,
                also,
                methods,
            } => {
                names_trait(named, name, also)
                    || named
                        .no_method
                        .as_ref()
                        .is_some_and(|m| methods.contains(m))
            }
        }
    }
}

/// Whether an error naming `named` names the trait `name`: among its quoted words (`cannot
/// find trait `Float` in this scope`), as a missing impl's trait, or as the trait of a
/// member; or says an impl is missing of a trait in `also` (what the cut macro calls
/// implemented beside it: ac-library's `impl_integral!` writes `BoundedBelow` beside
/// `BoundedAbove`).
fn names_trait(named: &Named, name: &str, also: &BTreeSet<String>) -> bool {
    named.words.contains(name)
        || named
            .missing
            .iter()
            .any(|(_, missing)| missing == name || also.contains(missing))
        || named.member.as_ref().is_some_and(|(_, of)| of == name)
}

/// The cut trait methods (`Kind::Method`) that `text` still names by a path `Trait::method`
/// (num-bigint's `impl_to_bigint!(i8, FromPrimitive::from_i8)`, `.and_then(FromPrimitive::from_u64)`):
/// without the method, rustc reads the trait as a type (E0782, "expected a type, found a
/// trait"), an error that quotes no name to put back. Found in the text, no rustc run.
fn methods_named_by_path(units: &[Unit], cut: &[usize], text: &str) -> Vec<usize> {
    let paths = path_pairs(text);
    cut.iter()
        .copied()
        .filter(|&u| match &units[u].kind {
            Kind::Method { name, trait_name } => {
                paths.contains(&(trait_name.as_str(), name.as_str()))
            }
            _ => false,
        })
        .collect()
}

/// The cut trait methods (`Kind::Method`) that `text` may name by a path `Self::method` or
/// `T::method` (see [`may_be_a_parameter`]): asked only when a round's errors name no cut
/// candidate, so a pass that went on before goes on the same way (names over-match: taken at
/// every round, they kept lazy_sieve 2.3 KB over the limit).
fn methods_named_by_parameter_path(units: &[Unit], cut: &[usize], text: &str) -> Vec<usize> {
    let paths = path_pairs(text);
    cut.iter()
        .copied()
        .filter(|&u| match &units[u].kind {
            Kind::Method { name, .. } => paths
                .iter()
                .any(|&(first, second)| second == name && may_be_a_parameter(first)),
            _ => false,
        })
        .collect()
}

/// Whether the first segment of a path `X::m` may be `Self` or a type parameter (`T`, `F2`),
/// through whose bounds `m` may be any trait's method: num-traits' `FloatCore::round` writes
/// `Self::from(0.5)` for `NumCast::from`, and without `NumCast::from` the path is
/// `From::from` (`Self: From<Self>`), whose errors ("expected type parameter `Self`, found
/// `{float}`") name no method to put back. Names over-match, which keeps more, never less.
fn may_be_a_parameter(first: &str) -> bool {
    let mut chars = first.chars();
    first == "Self"
        || (chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && chars.all(|c| c.is_ascii_digit()))
}

/// Every `A::b` of `text`: the identifiers on each side of a `::` (spaces allowed around it).
fn path_pairs(text: &str) -> BTreeSet<(&str, &str)> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices("::")
        .filter_map(|(at, _)| {
            let before = text[..at].trim_end();
            let start = before
                .char_indices()
                .rev()
                .take_while(|&(_, c)| is_ident(c))
                .last()
                .map_or(before.len(), |(i, _)| i);
            let first = &before[start..];
            let after = text[at + 2..].trim_start();
            let second = &after[..after.find(|c: char| !is_ident(c)).unwrap_or(after.len())];
            (!first.is_empty() && !second.is_empty()).then_some((first, second))
        })
        .collect()
}

/// The cut candidates that `errors` want back. For each message, those it names exactly (an
/// impl for the type it names, a macro call whose arguments name that type); only when it
/// names none exactly, every one it may mean (see [`Unit::is_named_by`]). A missing
/// `u64: Integer` so brings back num-integer's `Integer` for `u64`, not for every type whose
/// macro body mentions `u64`: what comes back needs what it names in turn, and one loose
/// round brought back every impl of num-traits for every primitive (lazy_sieve). An error
/// still there next round, when what it named exactly is back, gets the loose reading then.
/// A note `required by a bound in `T::m`` names where a bound is written, which is there.
fn named_back(units: &[Unit], cut: &[usize], errors: &[Vec<String>]) -> Vec<usize> {
    let mut back = BTreeSet::new();
    let mut all_named = Vec::new();
    for error in errors {
        // The types the error is about: `Ratio<BigInt>` in "`+=` cannot be applied to type".
        let types: BTreeSet<String> = error.first().map_or_else(BTreeSet::new, |first| {
            let quoted = first.split('`').skip(1).step_by(2);
            let words = quoted.flat_map(|q| words_of(q).into_iter());
            words
                .filter(|w| w.starts_with(|c: char| c.is_uppercase()))
                .collect()
        });
        let named: Vec<Named> = error
            .iter()
            .filter(|e| !e.starts_with("required by a bound in"))
            .map(|e| named_with_required_traits(e, &types))
            .collect();
        // An integer literal's error (`can't call method `abs` on ambiguous numeric type
        // `{integer}``) wants no impl back that is only for float types, nor a float
        // literal's one only for integer types: num-traits' `Signed` for `f32` came back for
        // num-integer's `(1 << shift).abs()`, and with it `FloatCore` and `Float`.
        let literal = error.first().and_then(|first| literal_kind(first));
        let matching = |test: &dyn Fn(&Unit, &Named) -> bool| -> Vec<usize> {
            let cut = cut.iter().copied();
            cut.filter(|&u| named.iter().any(|n| test(&units[u], n)))
                .filter(|&u| literal.is_none_or(|kind| units[u].may_be_for(kind)))
                .collect()
        };
        let exact = matching(&|unit, n| unit.is_named_exactly_by(n));
        if exact.is_empty() {
            back.extend(matching(&|unit, n| unit.is_named_by(n)));
        } else {
            back.extend(exact);
        }
        all_named.extend(named);
    }
    if back.is_empty() {
        return impls_for_named_types(units, cut, &all_named);
    }
    back.into_iter().collect()
}

/// The primitive types a literal of an error's `message` may be: `{integer}`'s or
/// `{float}`'s.
fn literal_kind(message: &str) -> Option<&'static [&'static str]> {
    if message.contains("`{integer}`") {
        Some(&INTEGER_TYPES)
    } else if message.contains("`{float}`") {
        Some(&FLOAT_TYPES)
    } else {
        None
    }
}

impl Unit {
    /// Whether this candidate may be for one of `types`: not an impl, or a macro call, whose
    /// primitive types (its self type, the call's words) are all others.
    fn may_be_for(&self, types: &[&str]) -> bool {
        let primitive = |w: &str| INTEGER_TYPES.contains(&w) || FLOAT_TYPES.contains(&w);
        let mine: Vec<&str> = match &self.kind {
            Kind::Impl {
                self_name: Some(of),
                ..
            } => vec![of.as_str()],
            Kind::Call { words, .. } => words.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        };
        let mine: Vec<&str> = mine.into_iter().filter(|w| primitive(w)).collect();
        mine.is_empty() || mine.iter().any(|w| types.contains(w))
    }
}

/// [`named_by`], and the traits of a note `the traits `DivAssign`, `MulAssign`,  and
/// `RemAssign` must be implemented` as missing for each of `types` (the types the error's
/// message names) and for any type: `+=` on num-rational's `Ratio<BigInt>` needs them of
/// `BigInt` (the bound `T: NumAssign` of `Ratio`'s `AddAssign`), and the error quotes no
/// `X: T`.
fn named_with_required_traits(message: &str, types: &BTreeSet<String>) -> Named {
    let mut named = named_by(message);
    if message.starts_with("the trait") && message.ends_with("must be implemented") {
        let quoted = message.split('`').skip(1).step_by(2);
        for name in quoted.filter(|q| q.starts_with(|c: char| c.is_uppercase())) {
            let name = last_segment(name).to_string();
            for of in types {
                named.missing.insert((Some(of.clone()), name.clone()));
            }
            named.missing.insert((None, name));
        }
    }
    named
}

/// When no candidate implements what errors say is missing, the cut impls for the types
/// those bounds are on: a bound a blanket impl answers is reported as the blanket's bound
/// (`ChunkIndex: FnMut<…>`, for itertools' `impl<F: FnMut(A) -> K> KeyFunction<A> for F`),
/// while the impl it needs is `KeyFunction<A> for ChunkIndex`.
fn impls_for_named_types(units: &[Unit], cut: &[usize], named: &[Named]) -> Vec<usize> {
    let types: BTreeSet<&String> = named
        .iter()
        .flat_map(|n| n.missing.iter().filter_map(|(of, _)| of.as_ref()))
        .collect();
    cut.iter()
        .copied()
        .filter(|&u| {
            matches!(&units[u].kind, Kind::Impl { self_name: Some(of), .. } if types.contains(of))
        })
        .collect()
}

/// What an error's message names.
#[derive(Debug, Default)]
pub(super) struct Named {
    /// The words of its quoted parts (`no method named `m``, `cannot find function `f``).
    pub(super) words: BTreeSet<String>,
    /// The impls it says are missing, as (self type's name, trait's name; the type `None`
    /// when any): `the trait bound `X: T` is not satisfied`, a note's `X: T`, `the trait `T`
    /// is not implemented for `X``, an operator's (`cannot multiply `X` by `Y``: `Mul` and
    /// `MulAssign`, for any type).
    pub(super) missing: BTreeSet<(Option<String>, String)>,
    /// A trait's method an impl defines and the trait no longer has (`method `m` is not a
    /// member of trait `T``): only that method of the trait comes back, not the impls
    /// defining it.
    member: Option<(String, String)>,
    /// The method it says no type has (`no method named `format` found for struct `Map``,
    /// `no function or associated item named `m` found`).
    no_method: Option<String>,
}

/// What `message` names (see [`Named`]).
pub(super) fn named_by(message: &str) -> Named {
    let mut named = Named::default();
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    if message.contains("is not a member of trait") {
        if let (Some(method), Some(of)) = (quoted.first(), quoted.get(1)) {
            named.member = Some((method.to_string(), last_segment(of).to_string()));
            return named;
        }
    }
    let missing_method = [
        "no method named `",
        "no function or associated item named `",
    ];
    if missing_method
        .iter()
        .any(|start| message.starts_with(start))
    {
        named.no_method = quoted.first().map(|m| m.to_string());
    }
    for part in &quoted {
        named.words.extend(words_of(part));
        if let Some((of, bound)) = part.split_once(": ") {
            let bound = last_segment(bound);
            if bound.starts_with(|c: char| c.is_uppercase()) {
                named.missing.insert((type_name(of), bound.to_string()));
            }
        }
    }
    // `ExactlyOneError<I>` doesn't implement `Debug` (itertools' `impl Error` needs it);
    // `BigInt` does not implement `Clone`, so `&BigInt` was cloned instead (a note of a
    // "mismatched types" after `x.clone()` found only `<&BigInt as Clone>::clone`).
    if message.starts_with('`')
        && (message.contains("` doesn't implement `") || message.contains("` does not implement `"))
    {
        if let (Some(of), Some(bound)) = (quoted.first(), quoted.get(1)) {
            named
                .missing
                .insert((type_name(of), last_segment(bound).to_string()));
        }
    }
    if message.starts_with("the trait `") && message.contains("is not implemented for") {
        if let (Some(bound), Some(of)) = (quoted.first(), quoted.get(1)) {
            named
                .missing
                .insert((type_name(of), last_segment(bound).to_string()));
        }
    }
    const VERBS: [(&str, &str); 6] = [
        ("cannot add", "Add"),
        ("cannot subtract", "Sub"),
        ("cannot multiply", "Mul"),
        ("cannot divide", "Div"),
        ("cannot calculate the remainder", "Rem"),
        ("cannot mod", "Rem"),
    ];
    const OPERATORS: [(&str, &str); 18] = [
        ("+", "Add"),
        ("-", "Sub"),
        ("*", "Mul"),
        ("/", "Div"),
        ("%", "Rem"),
        ("&", "BitAnd"),
        ("|", "BitOr"),
        ("^", "BitXor"),
        ("<<", "Shl"),
        (">>", "Shr"),
        ("==", "PartialEq"),
        ("!=", "PartialEq"),
        ("<", "PartialOrd"),
        (">", "PartialOrd"),
        ("<=", "PartialOrd"),
        (">=", "PartialOrd"),
        ("!", "Not"),
        ("-", "Neg"),
    ];
    let mut traits: Vec<&str> = VERBS
        .iter()
        .filter(|(verb, _)| message.contains(verb))
        .map(|&(_, name)| name)
        .collect();
    for part in &quoted {
        for token in part.split_whitespace() {
            let op = token.strip_suffix('=').filter(|op| {
                !op.is_empty() && !["=", "!", "<", ">"].contains(op) || *op == "<<" || *op == ">>"
            });
            for &(symbol, name) in &OPERATORS {
                if token == symbol || op == Some(symbol) {
                    traits.push(name);
                }
            }
        }
    }
    for name in traits {
        named.missing.insert((None, name.to_string()));
        if !["PartialEq", "PartialOrd", "Not", "Neg"].contains(&name) {
            named.missing.insert((None, format!("{name}Assign")));
        }
    }
    named
}

/// The functions the bundle's codegen reaches, or `None` when it did not build.
pub(in crate::bundle::shake) fn reached(
    text: &str,
    judge: &Judge,
) -> Result<Option<BTreeSet<Reached>>> {
    let (compiled, ir) = rustc::llvm_ir_text(text, judge.edition, judge.scratch, "mono")?;
    super::super::stopped_early(&compiled)?;
    Ok(ir.map(|ir| defined_functions(&ir)))
}

/// The functions an LLVM IR module defines, demangled.
fn defined_functions(ir: &str) -> BTreeSet<Reached> {
    let symbols: Vec<String> = ir
        .lines()
        .filter(|line| line.starts_with("define "))
        .filter_map(|line| {
            let at = line.find('@')?;
            let name = line[at + 1..].split('(').next()?.trim_matches('"');
            name.starts_with("_R")
                .then(|| format!("{:#}", rustc_demangle::demangle(name)))
        })
        .collect();
    // The bundle's crate: the one whose `main` is a function at its root.
    let krate = symbols.iter().find_map(|symbol| {
        let name = symbol.strip_suffix("::main")?;
        let plain = name.chars().all(|c| c.is_alphanumeric() || c == '_');
        (plain && !name.is_empty()).then_some(name)
    });
    symbols
        .iter()
        .map(|symbol| {
            let mut reached = parse_symbol(symbol);
            reached.local = krate.is_none_or(|krate| is_local(symbol, krate));
            reached
        })
        .collect()
}

/// Whether the demangled `symbol` may be a function written in `krate`: a path in it
/// (`krate::a::f::<u8>`, a closure in it), an inherent method of a type of it
/// (`<krate::a::B<u8>>::m`, `<dyn krate::T>::m`), or a trait impl's method whose self type or
/// trait mentions it anywhere (`<u64 as core::ops::Add<krate::a::B>>::add`). Not
/// `<hashbrown::raw::RawTable<(String, krate::a::B)>>::insert`: std's hashbrown, a generic of
/// another crate made for a type of this one. What this misreads only costs rounds: a cut
/// must still build to the same functions.
fn is_local(symbol: &str, krate: &str) -> bool {
    let prefix = format!("{krate}::");
    let Some(inner) = symbol.strip_prefix('<') else {
        return symbol.starts_with(&prefix);
    };
    let mut depth = 0usize;
    let mut as_at = None;
    let mut end = inner.len();
    for (at, c) in inner.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            '>' if depth == 0 => {
                end = at;
                break;
            }
            '>' => depth -= 1,
            ' ' if depth == 0 && inner[at..].starts_with(" as ") && as_at.is_none() => {
                as_at = Some(at);
            }
            _ => {}
        }
    }
    if as_at.is_some() {
        return inner[..end].contains(&prefix);
    }
    let mut ty = inner[..end].trim();
    while let Some(rest) = ["&mut ", "&", "*const ", "*mut ", "mut ", "dyn "]
        .iter()
        .find_map(|p| ty.strip_prefix(p))
    {
        ty = rest.trim_start();
    }
    ty.starts_with(&prefix)
}

/// `<&a::B<u8> as c::D<e::F>>::g::{closure#0}`: self type `B`, trait `D`, method `g`.
fn parse_symbol(symbol: &str) -> Reached {
    let words = words_of(symbol);
    let mut reached = Reached {
        symbol: symbol.to_string(),
        trait_impl: None,
        method: last_segment(symbol).to_string(),
        words,
        local: true,
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

/// The candidates in the library (after byte `lib_start`), but the protected ones (see the
/// module's doc).
fn candidates(text: &str, file: &syn::File, lib_start: usize) -> Vec<Unit> {
    let finder = Finder::new(text, lib_start, &[]);
    let aliases = crate::bundle::shake::alias_names(&file.items);
    let mut units = Vec::new();
    collect(&finder, &aliases, &file.items, &mut units);
    // An impl a literal's fallback may have chosen stays (review12: cut, the same functions
    // printed another number).
    let fallback: BTreeSet<usize> = (super::super::fallback::fallback_impls(file).iter())
        .map(|f| f.range.start)
        .collect();
    units.retain(|unit| {
        !matches!(unit.kind, Kind::Impl { .. }) || !fallback.contains(&unit.range.start)
    });
    trait_methods(&finder, &file.items, &mut units);
    let leaves = use_leaves(text, file, lib_start);
    whole_traits(&finder, &file.items, &leaves, &mut units);
    for unit in &mut units {
        if let Kind::Fn {
            name,
            trait_name: None,
        } = &unit.kind
        {
            let imports = leaves.iter().filter(|(leaf, _)| leaf == name);
            unit.imports = imports.map(|(_, range)| range.clone()).collect();
        }
    }
    units
}

fn collect(
    finder: &Finder,
    aliases: &BTreeSet<String>,
    items: &[syn::Item],
    units: &mut Vec<Unit>,
) {
    for item in items {
        let range = item.span().byte_range();
        if let syn::Item::Mod(module) = item {
            let gated = module.attrs.iter().any(is_cfg);
            if let (Some((_, inner)), false) = (&module.content, gated) {
                collect(finder, aliases, inner, units);
            }
            continue;
        }
        if range.start < finder.lib_start || has_cfg(item) {
            continue;
        }
        match item {
            syn::Item::Impl(block) if block.trait_.is_some() => {
                if let Some(kind) = impl_kind(finder, aliases, block) {
                    units.push(Unit {
                        range,
                        imports: Vec::new(),
                        kind,
                        owner: None,
                    });
                }
            }
            syn::Item::Impl(block) => {
                let owner = type_head(&block.self_ty).filter(|name| !aliases.contains(name));
                for inner in &block.items {
                    if let syn::ImplItem::Fn(method) = inner {
                        let range = inner.span().byte_range();
                        let unit = fn_unit(finder, &method.attrs, &method.sig, range, None);
                        units.extend(unit.map(|unit| Unit {
                            owner: owner.clone(),
                            ..unit
                        }));
                    }
                }
            }
            syn::Item::Trait(definition) => {
                let trait_name = definition.ident.to_string();
                if definition.attrs.iter().any(is_cfg)
                    || finder.dyn_traits.contains(&trait_name)
                    || finder.gated.contains(&trait_name)
                {
                    continue;
                }
                for inner in &definition.items {
                    let syn::TraitItem::Fn(method) = inner else {
                        continue;
                    };
                    if method.default.is_none() {
                        continue;
                    }
                    let range = inner.span().byte_range();
                    let of = Some(trait_name.clone());
                    units.extend(fn_unit(finder, &method.attrs, &method.sig, range, of));
                }
            }
            syn::Item::Fn(function) => {
                units.extend(fn_unit(finder, &function.attrs, &function.sig, range, None));
            }
            syn::Item::Macro(call) if call.ident.is_none() => {
                if let Some(kind) = macro_call(finder, call) {
                    units.push(Unit {
                        range,
                        imports: Vec::new(),
                        kind,
                        owner: None,
                    });
                }
            }
            _ => {}
        }
    }
}

/// A unit for each method of each trait of the library (not `dyn`, not behind a `#[cfg]`)
/// whose every impl is in the library: the method's declaration, and its definitions in the
/// impls of the trait, written out or in a `macro_rules!` body (an `impl … Trait … for`
/// there). A definition missed (a macro naming the trait by a variable) is an error that
/// puts the unit back.
fn trait_methods(finder: &Finder, items: &[syn::Item], units: &mut Vec<Unit>) {
    let mut traits = Vec::new();
    let mut impls = Vec::new();
    gather(items, &mut traits, &mut impls);
    for definition in traits {
        let trait_name = definition.ident.to_string();
        let start = definition.span().byte_range().start;
        let protected = start < finder.lib_start
            || definition.attrs.iter().any(is_cfg)
            || finder.dyn_traits.contains(&trait_name)
            || finder.gated.contains(&trait_name)
            || NEVER_CUT.contains(&trait_name.as_str());
        let of_trait: Vec<&syn::ItemImpl> = impls
            .iter()
            .copied()
            .filter(|block| {
                let path = block.trait_.as_ref().map(|(_, path, _)| path);
                let last = path.and_then(|path| path.segments.last());
                last.is_some_and(|last| last.ident == trait_name.as_str())
            })
            .collect();
        let outside = of_trait.iter().any(|block| {
            block.span().byte_range().start < finder.lib_start || block.attrs.iter().any(is_cfg)
        });
        if protected || outside {
            continue;
        }
        for inner in &definition.items {
            let syn::TraitItem::Fn(method) = inner else {
                continue;
            };
            if method.attrs.iter().any(is_cfg) {
                continue;
            }
            let name = method.sig.ident.to_string();
            let mut with = Vec::new();
            for block in &of_trait {
                for item in &block.items {
                    match item {
                        syn::ImplItem::Fn(f) if f.sig.ident == name.as_str() => {
                            with.push(item.span().byte_range());
                        }
                        syn::ImplItem::Macro(call) => {
                            entries_named(call.mac.tokens.clone(), &name, &mut with);
                        }
                        _ => {}
                    }
                }
            }
            for body in finder.macros.values() {
                macro_fns(body.clone(), &trait_name, &name, &mut None, &mut with);
            }
            if with.iter().any(|r| r.start < finder.lib_start) {
                continue;
            }
            units.push(Unit {
                range: inner.span().byte_range(),
                imports: with,
                kind: Kind::Method {
                    name,
                    trait_name: trait_name.clone(),
                },
                owner: None,
            });
        }
    }
}

/// A unit for each trait of the library (not `dyn`, not behind a `#[cfg]`, without
/// associated consts, which no symbol shows) whose every impl is in the library and can be
/// cut: the trait, its impls written out, the item-level calls of macros whose bodies
/// implement it (by name, or by a variable when the call names it: `checked_impl!(CheckedMul,
/// …)`) and the `use` leaves importing it. None when a macro that may not be cut (one that
/// also defines a trait or a type: see [`macro_call`]) implements it. Rustc's dead-code lint
/// keeps a trait while code it calls live names it, reached or not, so num-traits' `Float`,
/// `FloatCore` and `Pow` stayed with their impls for a solution of integers. An impl written where this does not
/// see it (another macro's body, a function's) is an error (`cannot find trait`) that puts
/// the unit back.
fn whole_traits(
    finder: &Finder,
    items: &[syn::Item],
    leaves: &[(String, Range<usize>)],
    units: &mut Vec<Unit>,
) {
    let mut traits = Vec::new();
    let mut impls = Vec::new();
    gather(items, &mut traits, &mut impls);
    let mut calls = Vec::new();
    gather_calls(items, &mut calls);
    for definition in traits {
        let name = definition.ident.to_string();
        let range = definition.span().byte_range();
        let has_const = definition
            .items
            .iter()
            .any(|item| matches!(item, syn::TraitItem::Const(_)));
        if range.start < finder.lib_start
            || definition.attrs.iter().any(is_cfg)
            || finder.dyn_traits.contains(&name)
            || finder.gated.contains(&name)
            || NEVER_CUT.contains(&name.as_str())
            || has_const
        {
            continue;
        }
        let mut with = Vec::new();
        let mut also = BTreeSet::new();
        let mut whole = true;
        for block in &impls {
            let path = block.trait_.as_ref().map(|(_, path, _)| path);
            let last = path.and_then(|path| path.segments.last());
            if last.is_none_or(|last| last.ident != name.as_str()) {
                continue;
            }
            let block_range = block.span().byte_range();
            whole &= block_range.start >= finder.lib_start && !block.attrs.iter().any(is_cfg);
            with.push(block_range);
        }
        for call in &calls {
            let Some(body) = call
                .mac
                .path
                .get_ident()
                .and_then(|macro_name| finder.macros.get(&macro_name.to_string()))
            else {
                continue;
            };
            let mut implemented_here = BTreeSet::new();
            implemented(body.clone(), &mut None, &mut implemented_here);
            let by_variable = implemented_here
                .iter()
                .any(|w| w.starts_with(|c: char| c.is_lowercase()))
                && words_of(&call.mac.tokens.to_string()).contains(&name);
            if !implemented_here.contains(&name) && !by_variable {
                continue;
            }
            also.extend(implemented_here);
            let call_range = call.span().byte_range();
            whole &= call_range.start >= finder.lib_start
                && !call.attrs.iter().any(is_cfg)
                && macro_call(finder, call).is_some();
            with.push(call_range);
        }
        if !whole {
            continue;
        }
        with.extend(
            leaves
                .iter()
                .filter(|(leaf, _)| *leaf == name)
                .map(|(_, range)| range.clone()),
        );
        units.push(Unit {
            range,
            imports: with,
            kind: Kind::Trait {
                name,
                also,
                methods: trait_fn_names(definition),
            },
            owner: None,
        });
    }
}

/// The names of the fns `definition` declares.
fn trait_fn_names(definition: &syn::ItemTrait) -> BTreeSet<String> {
    let fns = definition.items.iter().filter_map(|item| match item {
        syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
        _ => None,
    });
    fns.collect()
}

/// The item-level macro calls in `items`, in modules too (not behind a `#[cfg]`).
fn gather_calls<'a>(items: &'a [syn::Item], calls: &mut Vec<&'a syn::ItemMacro>) {
    for item in items {
        match item {
            syn::Item::Macro(call) if call.ident.is_none() => calls.push(call),
            syn::Item::Mod(module) if !module.attrs.iter().any(is_cfg) => {
                if let Some((_, inner)) = &module.content {
                    gather_calls(inner, calls);
                }
            }
            _ => {}
        }
    }
}

/// The trait definitions and the trait impls in `items`, in modules too (not behind a
/// `#[cfg]`).
fn gather<'a>(
    items: &'a [syn::Item],
    traits: &mut Vec<&'a syn::ItemTrait>,
    impls: &mut Vec<&'a syn::ItemImpl>,
) {
    for item in items {
        match item {
            syn::Item::Trait(definition) => traits.push(definition),
            syn::Item::Impl(block) if block.trait_.is_some() => impls.push(block),
            syn::Item::Mod(module) if !module.attrs.iter().any(is_cfg) => {
                if let Some((_, inner)) = &module.content {
                    gather(inner, traits, impls);
                }
            }
            _ => {}
        }
    }
}

/// The ranges of `fn name` (from its attributes to its body) in the impls of `trait_name`
/// written in a macro body. `open` holds, while an `impl` is read up to its `for`, whether
/// it names the trait.
fn macro_fns(
    tokens: TokenStream,
    trait_name: &str,
    name: &str,
    open: &mut Option<bool>,
    with: &mut Vec<Range<usize>>,
) {
    let mut names_trait = None;
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) if ident == "impl" => *open = Some(false),
            TokenTree::Ident(ident) if ident == "for" && open.is_some() => {
                names_trait = open.take();
            }
            TokenTree::Ident(ident) if ident == trait_name && open.is_some() => {
                *open = Some(true);
            }
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                if names_trait.take() == Some(true) {
                    fns_named(group.stream(), name, with);
                } else {
                    macro_fns(group.stream(), trait_name, name, open, with);
                }
            }
            TokenTree::Group(group) => macro_fns(group.stream(), trait_name, name, open, with),
            _ => {}
        }
    }
}

/// The ranges of the `fn name` items in an impl block's `tokens`, their attributes included.
fn fns_named(tokens: TokenStream, name: &str, with: &mut Vec<Range<usize>>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let is =
        |at: usize, word: &str| matches!(tokens.get(at), Some(TokenTree::Ident(i)) if i == word);
    let is_attr = |at: usize| {
        matches!(&tokens[at], TokenTree::Punct(p) if p.as_char() == '#')
            && matches!(&tokens[at + 1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
    };
    for at in 0..tokens.len() {
        let call = matches!(&tokens[at], TokenTree::Punct(p) if p.as_char() == '!');
        if let (true, Some(TokenTree::Group(group))) = (call, tokens.get(at + 1)) {
            entries_named(group.stream(), name, with);
        }
        if !(is(at, "fn") && is(at + 1, name)) {
            continue;
        }
        let Some(body) = tokens[at..].iter().position(|t| {
            matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace)
                || matches!(t, TokenTree::Punct(p) if p.as_char() == ';')
        }) else {
            continue;
        };
        let mut start = at;
        loop {
            if start >= 2 && is_attr(start - 2) {
                start -= 2;
            } else if start >= 1
                && ["pub", "unsafe", "default"]
                    .iter()
                    .any(|w| is(start - 1, w))
            {
                start -= 1;
            } else {
                break;
            }
        }
        let from = tokens[start].span().byte_range().start;
        with.push(from..tokens[at + body].span().byte_range().end);
    }
}

/// The entries of a macro call in an impl that define method `name`, each to its `;`: num-traits'
/// `forward! { Self::is_nan(self) -> bool; … }` (from the entry's first token) and
/// `impl_to_primitive_int_to_int! { $T: fn to_i8 -> i8; … }` (from the `fn`, with the
/// attributes before it: what comes before it in the entry is the call's own).
fn entries_named(tokens: TokenStream, name: &str, with: &mut Vec<Range<usize>>) {
    let mut entry: Vec<TokenTree> = Vec::new();
    for token in tokens {
        if !matches!(&token, TokenTree::Punct(p) if p.as_char() == ';') {
            entry.push(token);
            continue;
        }
        let is_name = |t: &TokenTree| matches!(t, TokenTree::Ident(i) if i == name);
        let defines = entry.windows(2).any(|pair| {
            is_name(&pair[0])
                && matches!(&pair[1], TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis)
        });
        let fn_at = entry.windows(2).position(|pair| {
            matches!(&pair[0], TokenTree::Ident(i) if i == "fn") && is_name(&pair[1])
        });
        let first = match fn_at {
            Some(mut at) => {
                while at >= 2
                    && matches!(&entry[at - 2], TokenTree::Punct(p) if p.as_char() == '#')
                    && matches!(&entry[at - 1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
                {
                    at -= 2;
                }
                entry.get(at)
            }
            None if defines => entry.first(),
            None => None,
        };
        if let Some(first) = first {
            with.push(first.span().byte_range().start..token.span().byte_range().end);
        }
        entry.clear();
    }
}

/// The candidate for a free function, an inherent method (`trait_name` `None`) or a trait's
/// default method, unless it may not be cut (see [`cuttable_fn`]).
fn fn_unit(
    finder: &Finder,
    attrs: &[syn::Attribute],
    sig: &syn::Signature,
    range: Range<usize>,
    trait_name: Option<String>,
) -> Option<Unit> {
    let name = cuttable_fn(finder, attrs, sig)?;
    Some(Unit {
        range,
        imports: Vec::new(),
        kind: Kind::Fn { name, trait_name },
        owner: None,
    })
}

/// The name of a function that may be cut: not `const` (it may run only at compile time),
/// not behind a `#[cfg]`, not exported by a linker attribute, not named by code behind a
/// `#[cfg]`.
fn cuttable_fn(finder: &Finder, attrs: &[syn::Attribute], sig: &syn::Signature) -> Option<String> {
    let name = sig.ident.to_string();
    let linked = attrs.iter().any(|a| {
        ["no_mangle", "export_name", "link_section", "used"]
            .iter()
            .any(|n| a.path().is_ident(n))
    });
    let protected = sig.constness.is_some()
        || attrs.iter().any(is_cfg)
        || linked
        || name == "main"
        || finder.gated.contains(&name);
    (!protected).then_some(name)
}

fn impl_kind(finder: &Finder, aliases: &BTreeSet<String>, block: &syn::ItemImpl) -> Option<Kind> {
    let (_, trait_path, _) = block.trait_.as_ref()?;
    let trait_name = trait_path.segments.last()?.ident.to_string();
    let fns = impl_item_names(block, false);
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

/// A call of a `macro_rules!` macro whose body has `impl … for`, unless the body names a
/// protected trait, defines a trait, a type or a macro (`FloatConst`'s macro defines the
/// trait beside its impls), or the macro is behind a `#[cfg]`. A call goes whole: its parts
/// may be arguments (`m!(i8, u8)`, `m!(impl Add for X, add)`) rather than entries.
fn macro_call(finder: &Finder, call: &syn::ItemMacro) -> Option<Kind> {
    let name = call.mac.path.get_ident()?.to_string();
    let body = finder.macros.get(&name)?;
    let body_words = words_of(&body.to_string());
    let defines = ["trait", "struct", "enum", "union", "macro_rules", "static"]
        .iter()
        .any(|w| body_words.contains(*w));
    let protected = !(body_words.contains("impl") && body_words.contains("for"))
        || defines
        || NEVER_CUT.iter().any(|t| body_words.contains(*t))
        || finder.dyn_traits.iter().any(|t| body_words.contains(t))
        || finder.gated.contains(&name);
    if protected {
        return None;
    }
    let mut fns = BTreeSet::new();
    fn_names(body.clone(), &mut fns);
    let mut words = BTreeSet::new();
    significant_words(call.mac.tokens.clone(), &mut words);
    let mut traits = BTreeSet::new();
    implemented(body.clone(), &mut None, &mut traits);
    Some(Kind::Call {
        words,
        body: body_words,
        traits,
        fns,
    })
}

/// The words between `impl` and `for` in `tokens`: the traits (or a macro's variable for
/// one) a macro body implements. `open` holds those of an `impl` not closed yet.
fn implemented(tokens: TokenStream, open: &mut Option<Vec<String>>, traits: &mut BTreeSet<String>) {
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) if ident == "impl" => *open = Some(Vec::new()),
            TokenTree::Ident(ident) if ident == "for" => {
                if let Some(words) = open.take() {
                    traits.extend(words);
                }
            }
            TokenTree::Ident(ident) => {
                if let Some(words) = open {
                    words.push(ident.to_string());
                }
            }
            TokenTree::Group(group) => implemented(group.stream(), open, traits),
            _ => {}
        }
    }
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
    use super::*;
    use crate::bundle::shake::tests::run;

    /// A bundle whose lints line is the one starting `#[allow`, cut by the pass.
    fn mono_cut(text: &str, dir: &Path) -> String {
        mono_cut_within(text, dir, BUDGET_BYTES, crate::bundle::SIZE_LIMIT)
    }

    /// [`mono_cut`] with `budget` bytes of text for rustc, to come under `limit` bytes.
    fn mono_cut_within(text: &str, dir: &Path, budget: usize, limit: usize) -> String {
        let mut bundle = Mapped::new();
        bundle.push(text, |_| None);
        let lints_line = text.lines().position(|l| l.starts_with("#[allow")).unwrap();
        cut_unreached(&bundle, lints_line, Edition::E2021, dir, budget, limit)
            .unwrap()
            .text
    }

    /// `main`, the lints line, then the library: `Add`, `Mul<u32>` and `total` are called,
    /// `Unit` is only a bound of `describe`, `zero` runs only at compile time; `Sub` only the
    /// never-called `minus` and `unused` use, and `Mul<u8>`/`Mul<u64>` and `Unit::twice` (the
    /// only user of `Unit::name`) are never used. `Named` is a trait a macro defines beside
    /// its impls.
    const BUNDLE: &str = r#"use lib::{describe, Meters};
fn main() {
    let a = describe(Meters(3) + Meters(4));
    let b = a * 6u32;
    println!("{} {} {} {}", a.0, b.0, b.total(), lib::ORIGIN.0);
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    use std::ops::{Add, Mul, Sub};
    #[derive(Clone, Copy)]
    pub struct Meters(pub u64);
    impl Meters {
        pub fn total(self) -> u64 {
            self.0
        }
        pub fn minus(self, other: Meters) -> Meters {
            self - other
        }
        pub const fn zero() -> Meters {
            Meters(0)
        }
    }
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
    macro_rules! named {
        ($($t:ty),*) => {
            pub trait Named { fn label() -> &'static str; }
            $(impl Named for $t { fn label() -> &'static str { "n" } })*
        };
    }
    named!(Meters);
    pub trait Unit {
        fn name() -> &'static str;
        fn twice() -> String {
            format!("{0}{0}", Self::name())
        }
    }
    impl Unit for Meters {
        fn name() -> &'static str {
            "m"
        }
    }
    pub fn describe<T: Unit>(x: T) -> T {
        x
    }
    pub const ORIGIN: Meters = Meters::zero();
    pub fn unused(a: Meters) -> Meters {
        a - Meters(1)
    }
}
"#;

    #[test]
    fn unreached_code_goes_with_the_operator_impls_it_needed_and_a_bound_impl_comes_back() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(BUNDLE, scratch.path());
        for kept in [
            "impl Add for Meters",
            "impl Unit for Meters",
            "fn total",
            "scale!(u32);",
            "named!(Meters);",
            "const fn zero",
            "const ORIGIN",
        ] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        for gone in [
            "impl Sub for Meters",
            "fn minus",
            "fn unused",
            "fn twice",
            "fn name",
            "scale!(u8)",
            "scale!(u64)",
        ] {
            assert!(!text.contains(gone), "`{gone}` stayed:\n{text}");
        }
        let before = run(BUNDLE, scratch.path(), "before");
        assert_eq!(before, "7 42 42 0\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
        // The second time, from the cache: the same text.
        assert_eq!(&mono_cut(BUNDLE, scratch.path()), text);
    }

    /// `first::<Token>` needs `Token: T1`, whose impl needs `Token: T2`, …, `T11`: no method of
    /// those impls is reached (each trait's method is, for `u8`), so all are cut, and each
    /// round's error names only the next link of the chain (lazy_sieve's num-traits needed 9
    /// rounds). The `i64` impls are never of use.
    #[test]
    fn a_chain_of_bound_impls_comes_back_link_by_link_over_more_than_eight_rounds() {
        const LINKS: usize = 11;
        let mut text = String::from("use lib::*;\nfn main() {\n    let mut sum = first(Token);\n");
        for k in 1..=LINKS {
            text += &format!("    sum += T{k}::t{k}(&{k}u8);\n");
        }
        text += "    println!(\"{sum}\");\n}\n#[allow(dead_code, unused_imports, unused_macros)]\nmod lib {\n";
        text += "    pub struct Token;\n    pub fn first<T: T1>(_: T) -> u32 {\n        7\n    }\n";
        for k in 1..=LINKS {
            let bound = if k < LINKS {
                format!(" where Token: T{}", k + 1)
            } else {
                String::new()
            };
            text += &format!(
                "    pub trait T{k} {{\n        fn t{k}(&self) -> u32;\n    }}\n\
                 \x20   impl T{k} for u8 {{\n        fn t{k}(&self) -> u32 {{\n            *self as u32\n        }}\n    }}\n\
                 \x20   impl T{k} for Token{bound} {{\n        fn t{k}(&self) -> u32 {{\n            {k}00\n        }}\n    }}\n\
                 \x20   impl T{k} for i64 {{\n        fn t{k}(&self) -> u32 {{\n            {k}\n        }}\n    }}\n"
            );
        }
        text += "}\n";
        let scratch = tempfile::tempdir().unwrap();
        let cut = mono_cut(&text, scratch.path());
        assert!(!cut.contains("for i64"), "nothing cut:\n{cut}");
        for k in 1..=LINKS {
            assert!(cut.contains(&format!("impl T{k} for Token")), "{cut}");
        }
        assert_eq!(run(&cut, scratch.path(), "after"), "73\n");
    }

    /// `Shape::area` is reached for `u32` and `u64`; `Shape::corners` never is, for any type:
    /// it goes from the trait, from the impls a macro writes and from a `forward!` entry.
    const METHODS: &str = r#"use lib::Shape;
fn main() {
    println!("{} {} {}", 3u32.area(), 4u64.area(), lib::Square(5).area());
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub trait Shape {
        fn area(&self) -> u64;
        fn corners(&self) -> u64 {
            4
        }
    }
    macro_rules! shape {
        ($($t:ty)*) => {$(
            impl Shape for $t {
                fn area(&self) -> u64 {
                    (*self as u64) * (*self as u64)
                }
                #[inline]
                fn corners(&self) -> u64 {
                    *self as u64 % 5
                }
            }
        )*};
    }
    shape!(u32 u64);
    macro_rules! forward {
        ($(Self::$m:ident(&self) -> $r:ty;)*) => {$(
            fn $m(&self) -> $r {
                self.0.$m()
            }
        )*};
    }
    pub struct Square(pub u32);
    impl Shape for Square {
        forward! {
            Self::area(&self) -> u64;
            Self::corners(&self) -> u64;
        }
    }
}
"#;

    #[test]
    fn a_trait_method_no_type_reaches_goes_with_its_definitions_in_macros() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(METHODS, scratch.path());
        assert!(!text.contains("corners"), "`corners` stayed:\n{text}");
        for kept in [
            "fn area(&self) -> u64;",
            "Self::area(&self) -> u64;",
            "shape!(u32 u64);",
        ] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        let before = run(METHODS, scratch.path(), "before");
        assert_eq!(before, "9 16 25\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
    }

    /// num-traits' `Pow` and `Float` for a solution of integers: `Power`'s impls define no
    /// function (only an associated type), one is a blanket impl over `Wide`, whose impls are
    /// written by a macro and by hand; no reached function names either trait. `Size` is
    /// reached for `i64`; its float impl calls `Wide::half`.
    const TRAITS: &str = r#"use lib::Size;
fn main() {
    println!("{}", (-7i64).size() + lib::twice(3));
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub use self::wide::{Wide, Power};
    pub trait Size {
        fn size(self) -> Self;
    }
    impl Size for i64 {
        fn size(self) -> i64 {
            if self < 0 { -self } else { self }
        }
    }
    impl Size for f64 {
        fn size(self) -> f64 {
            Wide::half(self) * 2.0
        }
    }
    pub fn twice(x: i64) -> i64 {
        x * 2
    }
    pub mod wide {
        pub trait Power<R> {
            type Output;
        }
        macro_rules! power {
            ($($t:ty)*) => {$(
                impl Power<u32> for $t {
                    type Output = $t;
                }
            )*};
        }
        power!(i64 f64);
        impl<T: Wide> Power<u64> for T {
            type Output = T;
        }
        pub trait Wide: Copy {
            fn half(self) -> Self;
        }
        macro_rules! wide {
            ($t:ty) => {
                impl Wide for $t {
                    fn half(self) -> $t { self / 2.0 }
                }
            };
        }
        wide!(f32);
        impl Wide for f64 {
            fn half(self) -> f64 { self / 2.0 }
        }
    }
}
"#;

    /// The whole-trait cut's shape and output. It does NOT fail without `Kind::Trait` on
    /// rustc 1.95: once the pass's first batch has cut their users, rustc's lint reports
    /// `Power` and `Wide` dead and the dead-code pass takes them. What shows the cut is
    /// needed is a bigger bundle only (binom_kmerge 83 357 B without it, 70 770 B with it;
    /// docs/bundling.md, i21size): no small bundle that needs it was found.
    #[test]
    fn a_trait_no_reached_function_names_goes_with_its_impls_calls_and_imports() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(TRAITS, scratch.path());
        for gone in [
            "trait Power",
            "power!(i64 f64);",
            "impl<T: Wide> Power<u64> for T",
            "trait Wide",
            "wide!(f32);",
            "impl Wide for f64",
            "Wide, Power",
            "impl Size for f64",
        ] {
            assert!(!text.contains(gone), "`{gone}` stayed:\n{text}");
        }
        for kept in ["trait Size", "impl Size for i64", "fn twice"] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        let before = run(TRAITS, scratch.path(), "before");
        assert_eq!(before, "13\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
    }

    /// A trait no reached function names, whose method kept code calls: a `Drop` impl (never a
    /// candidate) of a type never dropped. The error (`no method named `label` found for type
    /// `u32``) names the method only: it puts back the impl first (named exactly), then the
    /// whole trait, and the pass goes on to cut `unused`. Fails without [`Kind::Trait`]'s
    /// `methods`: the impl comes back, still cut with its trait, and the pass gives up,
    /// cutting nothing.
    #[test]
    fn a_trait_cut_whole_comes_back_when_an_error_names_one_of_its_methods() {
        let bundle = r#"fn main() {
    std::mem::forget(lib::Guard(1));
    println!("{}", lib::twice(3));
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub fn twice(x: i64) -> i64 {
        x * 2
    }
    pub fn unused() -> i64 {
        5
    }
    pub trait Label {
        fn label(&self) -> u32;
    }
    impl Label for u32 {
        fn label(&self) -> u32 {
            *self + 1
        }
    }
    pub struct Guard(pub u32);
    impl Drop for Guard {
        fn drop(&mut self) {
            let _ = self.0.label();
        }
    }
}
"#;
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(bundle, scratch.path());
        assert!(!text.contains("fn unused"), "nothing cut:\n{text}");
        for kept in ["trait Label", "impl Label for u32", "fn twice"] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        let before = run(bundle, scratch.path(), "before");
        assert_eq!(before, "6\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
    }

    /// A trait cut whole comes back for one of its methods only when an error says that method
    /// is missing, not for any word of an error: fails with the first rule (any quoted word),
    /// which put num-traits' `Bounded`, `NumCast` and `CheckedAdd` back in binom_kmerge.
    #[test]
    fn a_trait_comes_back_for_its_method_only_when_an_error_says_the_method_is_missing() {
        let whole = |name: &str, methods: &[&str]| Unit {
            range: 0..0,
            imports: Vec::new(),
            kind: Kind::Trait {
                name: name.to_string(),
                also: BTreeSet::new(),
                methods: methods.iter().map(|m| m.to_string()).collect(),
            },
            owner: None,
        };
        let units = [
            whole("Bounded", &["from", "max_value"]),
            whole("IterFormatExt", &["format"]),
        ];
        let error = |message: &str| vec![vec![message.to_string()]];
        let back = |message: &str| named_back(&units, &[0, 1], &error(message));
        assert!(back("cannot find value `from` in this scope").is_empty());
        assert!(back("expected `u32`, found `format`").is_empty());
        let missing = "no method named `format` found for struct `Map<I, F>` in the current scope";
        assert_eq!(back(missing), [1]);
        assert_eq!(
            back("no function or associated item named `max_value` found"),
            [0]
        );
    }

    /// An integer literal's error (`{integer}`) puts back a cut impl for an integer type, not
    /// one only for floats; a float literal's, the other way round. Fails without
    /// [`Unit::may_be_for`]: both calls come back.
    #[test]
    fn a_literals_error_puts_back_only_the_impls_of_its_kind_of_number() {
        let text = r#"fn main() {}
#[allow(dead_code)]
mod lib {
    pub trait Size {
        fn size(self) -> Self;
    }
    macro_rules! size {
        ($($t:ty)*) => {$(
            impl Size for $t {
                fn size(self) -> $t { self }
            }
        )*};
    }
    size!(i32 i64);
    size!(f64);
}
"#;
        let file = syn::parse_file(text).unwrap();
        let units = candidates(text, &file, text.find("#[allow").unwrap());
        let call = |words: &str| {
            units
                .iter()
                .position(|u| &text[u.range.clone()] == words)
                .unwrap()
        };
        let (ints, floats) = (call("size!(i32 i64);"), call("size!(f64);"));
        let cut = vec![ints, floats];
        let back = |message: &str| named_back(&units, &cut, &[vec![message.to_string()]]);
        assert_eq!(
            back("can't call method `size` on ambiguous numeric type `{integer}`"),
            vec![ints]
        );
        assert_eq!(
            back("can't call method `size` on ambiguous numeric type `{float}`"),
            vec![floats]
        );
        let mut both = back("no method named `size` found for struct `X` in the current scope");
        both.sort();
        assert_eq!(both, vec![ints.min(floats), ints.max(floats)]);
    }

    /// num-traits' way of writing `ToPrimitive`: a macro writes each impl, and in it another
    /// macro's entries `fn to_a -> u8;` name the methods it defines. `to_a` is reached,
    /// `to_b` is not.
    const ENTRIES: &str = r#"fn main() {
    println!("{} {}", lib::Conv::to_a(&3u32).unwrap(), lib::Conv::to_a(&4u64).unwrap());
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub trait Conv {
        fn to_a(&self) -> Option<u8>;
        fn to_b(&self) -> Option<u16>;
    }
    macro_rules! conv_to {
        ($src:ident : $($(#[$attr:meta])* fn $m:ident -> $dst:ident;)*) => {$(
            $(#[$attr])*
            fn $m(&self) -> Option<$dst> {
                Some(*self as $dst + 1)
            }
        )*};
    }
    macro_rules! conv {
        ($($t:ident)*) => {$(
            impl Conv for $t {
                conv_to! { $t:
                    fn to_a -> u8;
                    #[inline]
                    fn to_b -> u16;
                }
            }
        )*};
    }
    conv!(u32 u64);
}
"#;

    #[test]
    fn a_trait_method_goes_with_the_entries_naming_it_in_a_macro_call_in_a_macro_written_impl() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(ENTRIES, scratch.path());
        assert!(!text.contains("to_b"), "`to_b` stayed:\n{text}");
        for kept in [
            "fn to_a(&self) -> Option<u8>;",
            "conv_to! { $t:",
            "fn to_a -> u8;",
        ] {
            assert!(text.contains(kept), "`{kept}` went:\n{text}");
        }
        let before = run(ENTRIES, scratch.path(), "before");
        assert_eq!(before, "4 5\n");
        assert_eq!(run(text, scratch.path(), "after"), before);
    }

    #[test]
    fn entries_naming_a_method_are_cut_from_their_fn_or_their_first_token_to_their_semicolon() {
        let text = "m! { $T: fn to_a -> u8; #[inline] fn to_b -> u16; Self::to_c(self) -> u8; }";
        let call: syn::ItemMacro = syn::parse_str(text).unwrap();
        let cut = |name: &str| {
            let mut with = Vec::new();
            entries_named(call.mac.tokens.clone(), name, &mut with);
            with.iter().map(|r| &text[r.clone()]).collect::<Vec<_>>()
        };
        assert_eq!(cut("to_a"), ["fn to_a -> u8;"]);
        assert_eq!(cut("to_b"), ["#[inline] fn to_b -> u16;"]);
        assert_eq!(cut("to_c"), ["Self::to_c(self) -> u8;"]);
        assert!(cut("u8").is_empty());
    }

    /// `Conv::value` is reached; `Conv::from_u8` is named by a path in code no candidate holds
    /// (a `Drop` impl) and is never reached; `Conv::from_u16` is neither named nor reached.
    const PATHS: &str = r#"use lib::Big;
fn main() {
    println!("{}", lib::Conv::value(&Big::new(7)));
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub trait Conv: Sized {
        fn value(&self) -> u64;
        fn from_u8(n: u8) -> Option<Self>;
        fn from_u16(n: u16) -> Option<Self>;
    }
    pub struct Big(pub u64);
    impl Big {
        pub fn new(n: u64) -> Big {
            Big(n)
        }
    }
    impl Conv for Big {
        fn value(&self) -> u64 {
            self.0
        }
        fn from_u8(n: u8) -> Option<Big> {
            Some(Big(n as u64))
        }
        fn from_u16(n: u16) -> Option<Big> {
            Some(Big(n as u64 + 1))
        }
    }
    pub struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            let parse: fn(u8) -> Option<Big> = Conv :: from_u8;
            let _ = parse(1);
        }
    }
}
"#;

    #[test]
    fn a_trait_method_a_kept_path_names_stays_and_the_pass_goes_on() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(PATHS, scratch.path());
        // Cut at once, `Conv::from_u8` read as a type (E0782, no name quoted) and the pass
        // gave up; kept, the check passes and the dead-code pass then takes `Guard` with it.
        assert!(!text.contains("from_u16"), "`from_u16` stayed:\n{text}");
        assert_eq!(run(text, scratch.path(), "after"), "7\n");
    }

    /// num-traits' `FloatCore::round` in small: a default method, kept (every impl defines
    /// its own, which is reached), writes `Self::from(0.5)` for the supertrait's `from`,
    /// which nothing reaches.
    const SELF_PATHS: &str = r#"use lib::{Cast, Num, Round};
fn main() {
    println!("{}", Num::half().value());
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub trait Cast: Sized {
        fn value(&self) -> u64;
        fn from(n: f64) -> Option<Self>;
    }
    pub trait Round: Cast + Copy {
        fn half() -> Self {
            Self::from(0.5).expect("half")
        }
    }
    #[derive(Clone, Copy)]
    pub struct Num(pub u64);
    impl Cast for Num {
        fn value(&self) -> u64 {
            self.0
        }
        fn from(n: f64) -> Option<Num> {
            Some(Num(n as u64 + 2))
        }
    }
    impl Round for Num {
        fn half() -> Num {
            Num(5)
        }
    }
    pub fn spare(n: u64) -> u64 {
        n * 3 + 1
    }
}
"#;

    #[test]
    fn a_trait_method_a_kept_self_path_may_name_stays_and_the_pass_goes_on() {
        let scratch = tempfile::tempdir().unwrap();
        let text = &mono_cut(SELF_PATHS, scratch.path());
        // Cut at once, `Self::from(0.5)` was `From::from` ("expected type parameter `Self`,
        // found `{float}`": no name quoted) and the pass gave up, `spare` with it.
        assert!(!text.contains("fn spare"), "`spare` stayed:\n{text}");
        assert!(text.contains("fn from(n: f64)"), "{text}");
        assert_eq!(run(text, scratch.path(), "after"), "5\n");
    }

    #[test]
    fn a_path_whose_first_segment_may_be_a_parameter() {
        for first in ["Self", "T", "F2"] {
            assert!(may_be_a_parameter(first), "{first}");
        }
        for first in ["NumCast", "Tx", "t", "self", ""] {
            assert!(!may_be_a_parameter(first), "{first}");
        }
    }

    /// `<G as Size>::size` is kept with its impl (`name` of it is reached) but is never
    /// reached itself; so is the inherent `G::size` it calls. Cut, `G::size(self)` is the
    /// trait method calling itself: no error, a new warning.
    const RECURSION: &str = r#"fn main() {
    println!("{} {}", lib::Size::size(&lib::H), lib::Size::name(&lib::G(3)));
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub trait Size {
        fn size(&self) -> u64;
        fn name(&self) -> &'static str;
    }
    pub struct G(pub u64);
    pub struct H;
    impl G {
        pub fn size(&self) -> u64 {
            self.0
        }
    }
    impl Size for G {
        fn size(&self) -> u64 {
            G::size(self)
        }
        fn name(&self) -> &'static str {
            "g"
        }
    }
    impl Size for H {
        fn size(&self) -> u64 {
            7
        }
        fn name(&self) -> &'static str {
            "h"
        }
    }
    pub fn unused(g: G) -> u64 {
        g.0 * 2
    }
}
"#;

    #[test]
    fn a_call_a_cut_makes_recursive_brings_back_what_the_new_warning_points_at() {
        let scratch = tempfile::tempdir().unwrap();
        let text = mono_cut(RECURSION, scratch.path());
        // Before, the warning ("function cannot return without recursing") was read as no
        // error naming nothing: the pass gave up and `unused` stayed.
        assert!(!text.contains("fn unused"), "`unused` stayed:\n{text}");
        assert!(
            text.contains("self.0\n"),
            "the inherent `size` went:\n{text}"
        );
        assert_eq!(run(&text, scratch.path(), "after"), "7 g\n");
    }

    /// [`RECURSION`]'s library as the second of two pasted crates: its warnings count too
    /// (review12's finding 3: they were allowed, as every pasted crate's are, so the cut of
    /// the inherent `size` was taken with a call that recurses).
    #[test]
    fn a_call_a_cut_makes_recursive_in_a_later_crate_is_seen_too() {
        let lints = crate::bundle::DEPENDENCY_LINTS;
        let (main, library) = RECURSION
            .split_once("#[allow(dead_code, unused_imports, unused_macros)]\n")
            .unwrap();
        let main = main.replace(
            "fn main() {\n",
            "fn main() {\n    println!(\"{}\", first::one());\n",
        );
        let text = format!(
            "{main}{lints}\nmod first {{\n    pub fn one() -> u64 {{\n        1\n    }}\n}}\n{lints}\n{library}"
        );
        let scratch = tempfile::tempdir().unwrap();
        let cut = mono_cut(&text, scratch.path());
        assert!(cut.contains("self.0\n"), "the inherent `size` went:\n{cut}");
        assert_eq!(run(&cut, scratch.path(), "after"), "1\n7 g\n");
    }

    /// `<Stack as Sum>::first` is kept with its impl (`total` of it is reached) but never
    /// reached, nor the inherent `as_mut_slice` it calls. Cut, `self.as_mut_slice()` goes
    /// through `DerefMut` to the slice's `as_mut_slice`, unstable in rustc 1.95 (E0658, "use
    /// of unstable library feature `str_as_str`": the feature, not the method).
    const UNSTABLE: &str = r#"fn main() {
    let mut v = lib::Stack(vec![3u64, 4]);
    println!("{} {}", lib::Sum::total(&v), lib::Sum::first(&mut lib::Zero));
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    use std::ops::{Deref, DerefMut};
    pub trait Sum {
        fn total(&self) -> u64;
        fn first(&mut self) -> u64;
    }
    pub struct Stack(pub Vec<u64>);
    pub struct Zero;
    impl Deref for Stack {
        type Target = [u64];
        fn deref(&self) -> &[u64] {
            &self.0
        }
    }
    impl DerefMut for Stack {
        fn deref_mut(&mut self) -> &mut [u64] {
            &mut self.0
        }
    }
    impl Stack {
        pub fn as_mut_slice(&mut self) -> &mut [u64] {
            &mut self.0
        }
    }
    impl Sum for Stack {
        fn total(&self) -> u64 {
            self.0.iter().sum()
        }
        fn first(&mut self) -> u64 {
            let all: &mut [u64] = self.as_mut_slice();
            all[0]
        }
    }
    impl Sum for Zero {
        fn total(&self) -> u64 {
            0
        }
        fn first(&mut self) -> u64 {
            5
        }
    }
    pub fn unused(s: &Stack) -> usize {
        s.0.len() * 2
    }
}
"#;

    #[test]
    fn a_cut_method_whose_call_goes_to_an_unstable_std_one_comes_back() {
        let scratch = tempfile::tempdir().unwrap();
        let text = mono_cut(UNSTABLE, scratch.path());
        // Before, the error named only the feature: the pass gave up and `unused` stayed.
        assert!(!text.contains("fn unused"), "`unused` stayed:\n{text}");
        assert!(
            text.contains("fn as_mut_slice"),
            "`as_mut_slice` went:\n{text}"
        );
        assert_eq!(run(&text, scratch.path(), "after"), "7 5\n");
    }

    /// std's `HashMap::insert` and `len` are reached, made in this crate for `u64`; the
    /// bundle's own `Table` has methods of those names that nothing calls, and `Jar` a
    /// `count` like the reached `Bag::count`.
    const LIKE_STD: &str = r#"fn main() {
    let mut m = std::collections::HashMap::new();
    m.insert(1u64, 2u64);
    let b = lib::Bag(vec![1, 2]);
    println!("{} {}", m.len(), b.count());
}
#[allow(dead_code, unused_imports, unused_macros)]
mod lib {
    pub struct Table(pub Vec<u64>);
    impl Table {
        pub fn insert(&mut self, x: u64) {
            self.0.push(x);
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
    }
    pub struct Bag(pub Vec<u64>);
    impl Bag {
        pub fn count(&self) -> usize {
            self.0.len()
        }
    }
    pub struct Jar(pub Vec<u64>);
    impl Jar {
        pub fn count(&self) -> usize {
            self.0.len() + 10
        }
    }
}
"#;

    #[test]
    fn methods_named_like_std_ones_or_another_types_go_when_not_reached_on_their_type() {
        let scratch = tempfile::tempdir().unwrap();
        let text = mono_cut(LIKE_STD, scratch.path());
        // Before, a method matched any symbol with its name: std's `<HashMap<u64, u64>>::insert`
        // and `::len` kept `Table`'s, and the reached `<Bag>::count` kept `Jar::count`.
        for gone in ["fn insert", "fn len", "+ 10"] {
            assert!(!text.contains(gone), "`{gone}` stayed:\n{text}");
        }
        assert!(text.contains("fn count(&self)"), "{text}");
        assert_eq!(run(&text, scratch.path(), "after"), "1 2\n");
    }

    #[test]
    fn a_symbol_is_local_when_its_path_type_or_trait_is_the_crates() {
        for (symbol, local) in [
            ("k::a::f::<u8>", true),
            ("k::a::f::{closure#0}", true),
            ("<k::a::B<u8>>::m", true),
            ("<&mut k::a::B>::m::{closure#0}", true),
            ("<dyn k::a::T>::m", true),
            ("<u64 as core::ops::Add<k::a::B>>::add", true),
            ("<k::a::B as core::fmt::Debug>::fmt", true),
            (
                "<hashbrown::raw::RawTable<(String, k::a::B)>>::insert",
                false,
            ),
            ("<[k::a::B]>::get::<usize>", false),
            ("core::ptr::drop_in_place::<k::a::B>", false),
            ("<alloc::vec::Vec<u8> as core::clone::Clone>::clone", false),
        ] {
            assert_eq!(is_local(symbol, "k"), local, "{symbol}");
        }
    }

    #[test]
    fn paths_pair_the_identifiers_around_each_double_colon() {
        let pairs = path_pairs("a.and_then(FromPrimitive :: from_u64); <X as T>::m; é::ü");
        for pair in [("FromPrimitive", "from_u64"), ("é", "ü")] {
            assert!(pairs.contains(&pair), "{pairs:?}");
        }
        assert!(!pairs.iter().any(|&(_, m)| m == "m"), "{pairs:?}");
    }

    /// A bundle of `types` impls of `Shape`, of which `main` reaches one: about 250 B each.
    fn wide_bundle(types: usize) -> String {
        let mut text = String::from(
            "fn main() {\n    println!(\"{}\", lib::Shape::area(&lib::S0(3)));\n}\n\
             #[allow(dead_code, unused_imports, unused_macros)]\nmod lib {\n\
             \tpub trait Shape {\n\t\tfn area(&self) -> u64;\n\t}\n",
        );
        for i in 0..types {
            text.push_str(&format!(
                "\tpub struct S{i}(pub u64);\n\
                 \timpl Shape for S{i} {{\n\t\tfn area(&self) -> u64 {{\n\
                 \t\t\tlet side = self.0.wrapping_mul({i}).wrapping_add(1);\n\
                 \t\t\tlet other = side.rotate_left({i} % 64) ^ 0x9e37_79b9_7f4a_7c15;\n\
                 \t\t\tside.wrapping_mul(other).wrapping_add(self.0 * self.0)\n\t\t}}\n\t}}\n"
            ));
        }
        text.push_str("}\n");
        text
    }

    #[test]
    fn a_bundle_over_twice_the_limit_comes_under_it_within_the_budget() {
        let text = wide_bundle(700);
        assert!(text.len() > 2 * crate::bundle::SIZE_LIMIT, "{}", text.len());
        let scratch = tempfile::tempdir().unwrap();
        let cut = mono_cut(&text, scratch.path());
        assert!(cut.len() < crate::bundle::SIZE_LIMIT, "{}", cut.len());
        assert!(!cut.contains("impl Shape for S1 "));
        let before = run(&text, scratch.path(), "before");
        assert_eq!(run(&cut, scratch.path(), "after"), before);
    }

    #[test]
    fn a_bundle_whose_first_runs_do_not_fit_the_budget_is_left_as_it_is() {
        let scratch = tempfile::tempdir().unwrap();
        let tight = (2 + RUNS_PER_ROUND) * METHODS.len() - 1;
        assert_eq!(
            mono_cut_within(METHODS, scratch.path(), tight, crate::bundle::SIZE_LIMIT),
            METHODS
        );
        // Nothing ran: no rustc output in the scratch directory but the cache.
        let files: Vec<_> = std::fs::read_dir(scratch.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(files, ["mono.cache"]);
        // With room for its rounds it runs and cuts (`corners`).
        let enough = 20 * METHODS.len();
        let cut = mono_cut_within(METHODS, scratch.path(), enough, crate::bundle::SIZE_LIMIT);
        assert!(!cut.contains("corners"), "{cut}");
    }

    /// Against a limit of half its size, METHODS' first candidate (all but `corners`, about
    /// 85 % of it) is over 1.5 times the limit: no round can bring it under, so nothing is
    /// cut. Against its own size the same pass cuts `corners`.
    #[test]
    fn a_bundle_whose_first_candidate_is_over_one_and_a_half_times_the_limit_is_left_as_it_is() {
        let scratch = tempfile::tempdir().unwrap();
        let half = METHODS.len() / 2;
        assert_eq!(
            mono_cut_within(METHODS, scratch.path(), BUDGET_BYTES, half),
            METHODS
        );
        let cut = mono_cut_within(METHODS, scratch.path(), BUDGET_BYTES, METHODS.len());
        assert!(!cut.contains("corners"), "{cut}");
        assert!(
            cut.len() * 10 > half * LARGEST_CANDIDATE_TENTHS,
            "{}",
            cut.len()
        );
    }

    #[test]
    fn errors_name_the_traits_of_their_operators_and_their_quoted_words() {
        let traits = |message: &str| -> BTreeSet<String> {
            named_by(message)
                .missing
                .into_iter()
                .map(|(_, t)| t)
                .collect()
        };
        let named = traits("cannot multiply `BigInt` by `BigInt`");
        assert!(
            named.contains("Mul") && named.contains("MulAssign"),
            "{named:?}"
        );
        assert!(
            !named.contains("Add") && !named.contains("BigInt"),
            "{named:?}"
        );
        let named = traits("binary assignment operation `+=` cannot be applied to type `X`");
        assert!(named.contains("AddAssign"), "{named:?}");
        let named = traits("binary operation `<=` cannot be applied to type `X`");
        assert!(
            named.contains("PartialOrd") && !named.contains("Shl"),
            "{named:?}"
        );
        assert!(traits("no implementation for `X << u32`").contains("Shl"));
        let named = named_by("method `to_i8` is not a member of trait `ToPrimitive`");
        let member = Some(("to_i8".to_string(), "ToPrimitive".to_string()));
        assert_eq!(named.member, member);
        assert!(named.words.is_empty() && named.missing.is_empty());
        let named = named_by("no method named `sqrt` found for type `i64` in the current scope");
        assert!(
            named.words.contains("sqrt") && named.missing.is_empty(),
            "{named:?}"
        );
        for message in [
            "the trait bound `lib::Meters: lib::Unit` is not satisfied",
            "the trait `lib::Unit` is not implemented for `lib::Meters`",
            "the following trait bounds were not satisfied:\n`lib::Meters: lib::Unit`\n",
            "`lib::Meters` doesn't implement `lib::Unit`",
            "`lib::Meters` does not implement `lib::Unit`, so `&lib::Meters` was cloned instead",
        ] {
            let missing = named_by(message).missing;
            let expected = (Some("Meters".to_string()), "Unit".to_string());
            assert_eq!(missing, BTreeSet::from([expected]), "{message}");
        }
    }

    /// num-integer's `impl_integer_for_usize!(u64, …)` and `(i8, …)`: one macro, whose body
    /// writes `u64` too.
    fn integer_calls() -> Vec<Unit> {
        let call = |ty: &str| Unit {
            range: 0..0,
            imports: Vec::new(),
            kind: Kind::Call {
                words: BTreeSet::from([ty.to_string()]),
                body: ["impl", "Integer", "for", "u64", "lcm"]
                    .map(String::from)
                    .into(),
                traits: BTreeSet::from(["Integer".to_string()]),
                fns: BTreeSet::from(["lcm".to_string()]),
            },
            owner: None,
        };
        vec![call("u64"), call("i8")]
    }

    #[test]
    fn an_error_naming_an_impl_exactly_brings_back_that_impl_and_its_notes_no_more() {
        let units = integer_calls();
        let errors = [vec![
            "the trait bound `u64: Integer` is not satisfied".to_string(),
            "required by a bound in `Integer::lcm`".to_string(),
            "`Integer` defines an item `lcm`, perhaps you need to implement it".to_string(),
        ]];
        assert_eq!(named_back(&units, &[0, 1], &errors), [0]);
        // Still there with `u64`'s impl back: every impl it may mean.
        assert_eq!(named_back(&units, &[1], &errors), [1]);
    }

    #[test]
    fn traits_a_note_says_must_be_implemented_bring_back_their_impls() {
        let error = [
            "binary assignment operation `+=` cannot be applied to type `Ratio<BigInt>`",
            "the traits `DivAssign`, `MulAssign`,  and `RemAssign` must be implemented",
        ];
        let impl_unit = |trait_name: &str| Unit {
            range: 0..0,
            imports: Vec::new(),
            kind: Kind::Impl {
                trait_name: trait_name.to_string(),
                self_name: Some("BigInt".to_string()),
                fns: BTreeSet::from([format!("{}_assign", trait_name.to_lowercase())]),
            },
            owner: None,
        };
        let mut for_u8 = impl_unit("DivAssign");
        if let Kind::Impl { self_name, .. } = &mut for_u8.kind {
            *self_name = Some("u8".to_string());
        }
        let units = [impl_unit("DivAssign"), impl_unit("ShlAssign"), for_u8];
        let errors = [error.map(String::from).to_vec()];
        // `BigInt`'s: the type the error names.
        assert_eq!(named_back(&units, &[0, 1, 2], &errors), [0]);
        // Still there: any type's.
        assert_eq!(named_back(&units, &[1, 2], &errors), [2]);
    }

    #[test]
    fn a_bound_only_a_blanket_impl_could_answer_puts_back_the_impls_for_its_type() {
        let named = [named_by(
            "the following trait bounds were not satisfied:\n\
             `ChunkIndex: FnMut<(&'a <I as Iterator>::Item,)>`\n\
             `ChunkIndex: FnOnce<(&'a <I as Iterator>::Item,)>`",
        )];
        let impl_unit = |trait_name: &str, self_name: &str| Unit {
            range: 0..0,
            imports: Vec::new(),
            kind: Kind::Impl {
                trait_name: trait_name.to_string(),
                self_name: Some(self_name.to_string()),
                fns: BTreeSet::from(["call_mut".to_string()]),
            },
            owner: None,
        };
        let units = [
            impl_unit("KeyFunction", "ChunkIndex"),
            impl_unit("KeyFunction", "Other"),
            impl_unit("Debug", "ChunkIndex"),
        ];
        assert!(!units.iter().any(|u| named.iter().any(|n| u.is_named_by(n))));
        assert_eq!(impls_for_named_types(&units, &[0, 1], &named), vec![0]);
    }

    #[test]
    fn a_macro_body_implements_the_words_between_impl_and_for() {
        let body: TokenStream =
            "($t:ty) => { impl Mul<$t> for X { fn mul() {} } impl<T: Copy> Sum for Y<T> {} }"
                .parse()
                .unwrap();
        let mut traits = BTreeSet::new();
        implemented(body, &mut None, &mut traits);
        for name in ["Mul", "Sum"] {
            assert!(traits.contains(name), "{traits:?}");
        }
        assert!(
            !traits.contains("X") && !traits.contains("mul"),
            "{traits:?}"
        );
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

    /// review12's fallback, through this pass: `<i64 as Marker>::m` is reached, no function of
    /// the i32 impl is; cut, `W(1)` became `W<i64>` and the same functions printed 2147483648.
    #[test]
    fn an_impl_a_literals_fallback_chose_stays_though_none_of_its_functions_is_reached() {
        let text = "use crate::small::{Marker, W};\nfn main() {\n    let w = W(1);\n    println!(\"{}\", (w.0 << 31) as i64);\n    println!(\"{}\", 5i64.m());\n}\n#[allow(dead_code)]\nmod small {\n    pub trait Marker {\n        fn m(&self) -> u8;\n    }\n    impl Marker for i64 {\n        fn m(&self) -> u8 {\n            1\n        }\n    }\n    impl Marker for i32 {\n        fn m(&self) -> u8 {\n            2\n        }\n    }\n    pub struct W<T: Marker>(pub T);\n}\n";
        let dir = tempfile::tempdir().unwrap();
        let cut = mono_cut(text, dir.path());
        assert!(cut.contains("impl Marker for i32"), "{cut}");
        assert_eq!(run(&cut, dir.path(), "cut"), "-2147483648\n1\n");
    }
}
