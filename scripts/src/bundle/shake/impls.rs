//! The second pass of shaking: trait impls, empty inherent impls, the types rustc calls never
//! constructed (with their impls), and the entries of item-level macro calls that generate
//! impls, deleted in groups by delta debugging. A group goes when the bundle still
//! type-checks without it with no new warning but dead code in the library; a group that
//! fails is halved. rustc's dead-code lint never reports these, since an impl is used
//! wherever a trait bound or an operator may pick it.
//!
//! Deleting an impl that compiles can still change meaning where another impl takes over, so
//! these are never candidates: `Drop` (drops run where nothing names the impl), `Deref` and
//! `DerefMut` (auto-deref picks methods), `Index` and `IndexMut` (`x[i]` autoderefs too),
//! impls of traits used as `dyn` or named by code behind a false `#[cfg]`, and impls with a
//! method (written, or inherited from a provided method of the trait) whose name is called
//! with method syntax anywhere in the bundle (`x.m()` tries `x`,
//! `&x`, `&mut x`, then derefs, so without one `m` another one may answer). A
//! never-constructed type goes with all its impls: nothing calls them, since no value of it
//! exists.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use anyhow::Result;
use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::spanned::Spanned;

use super::fallback::{fallback_impls, leads_with_literal_type, Fallback};
use super::{cfg_gated_names, idents_of, without_ranges, Checked, Judge};
use crate::bundle::mapped::Mapped;

#[path = "mono.rs"]
pub(super) mod mono;

use mono::{named_by, Named};

/// At most this many rustc runs for the delta debugging (each ~0.1-0.3 s on 2 cores), after
/// at most [`GUIDED_ROUNDS`] of the guided restoration.
pub const MAX_RUNS: usize = 48;

/// The run budget for a bundle of `bytes`: [`MAX_RUNS`] up to 64 KiB, fewer for larger ones
/// (a rustc run takes about as long as the file is big), none over 256 KiB (itertools: tens
/// of seconds a run on a loaded machine, for 1 % of the file).
pub fn run_budget(bytes: usize) -> usize {
    let runs = (MAX_RUNS * 64 * 1024 / bytes.max(1)).min(MAX_RUNS);
    if runs < MAX_RUNS / 4 {
        0
    } else {
        runs
    }
}

/// Traits whose impls act where nothing names them (`Drop`), or whose lookup autoderefs, so
/// that without one impl another answers: methods through `Deref`, `x[i]` through `Index`.
const NEVER_CUT: [&str; 5] = ["Drop", "Deref", "DerefMut", "Index", "IndexMut"];

/// The units among `removed` to put back: each impl a literal's fallback may choose that is
/// cut while what could answer instead stays (see [`super::fallback`]).
fn fallbacks_to_restore(fallbacks: &[Fallback], units: &[Unit], removed: &[usize]) -> Vec<usize> {
    let gone: BTreeSet<(usize, usize)> = removed
        .iter()
        .flat_map(|&u| &units[u].ranges)
        .map(|r| (r.start, r.end))
        .collect();
    removed
        .iter()
        .copied()
        .filter(|&u| {
            fallbacks.iter().any(|f| {
                units[u].ranges == [f.range.clone()]
                    && f.decided_without(|other| gone.contains(&(other.start, other.end)))
            })
        })
        .collect()
}

/// At most this many rounds of [`guided`] restoration (each one rustc run).
const GUIDED_ROUNDS: usize = 8;

/// What deleting one candidate removes.
#[derive(Debug, Default)]
pub(super) struct Unit {
    pub(super) ranges: Vec<Range<usize>>,
    /// The names it deletes the definitions of: `use` leaves naming them go too.
    pub(super) names: Vec<String>,
    /// What an error missing it may name.
    pub(super) guide: Guide,
}

/// What an error that wants a unit back may name (see [`Unit::is_named_by`]).
#[derive(Debug, Default)]
pub(super) struct Guide {
    /// An impl's trait.
    pub(super) trait_name: Option<String>,
    /// An impl's self type; `None` for a type parameter (a blanket impl) or no impl.
    pub(super) self_name: Option<String>,
    /// The functions and constants it defines (a macro entry: its macro's body's).
    pub(super) fns: BTreeSet<String>,
    /// A macro entry's own words.
    pub(super) entry: BTreeSet<String>,
    /// A macro entry's macro's body's words.
    pub(super) body: BTreeSet<String>,
    /// An item rustc's lint calls dead (its name is in [`Unit::names`]).
    pub(super) item: bool,
    /// An impl for a reference to a type parameter (`impl<T: Put> Put for &T`).
    pub(super) by_reference: bool,
}

impl Unit {
    /// Whether putting this unit back could define `name` again: the name is written in its
    /// text, or (a macro's entry) in its macro's body or among the functions it makes.
    fn may_define(&self, name: &str, text: &str) -> bool {
        self.names.iter().any(|n| n == name)
            || self.guide.fns.contains(name)
            || self.guide.body.contains(name)
            || self.ranges.iter().any(|r| text[r.clone()].contains(name))
    }

    /// Whether an error naming `named` surely wants this unit back: it names the type or
    /// trait the unit defines, or says an impl of the unit's trait for its type is missing.
    fn is_named_by(&self, named: &Named) -> bool {
        let guide = &self.guide;
        if !guide.item && self.names.iter().any(|n| named.words.contains(n)) {
            return true;
        }
        named.missing.iter().any(|(of, missing)| {
            if guide.trait_name.as_ref() == Some(missing) {
                // An impl for `&T` may be what `X: Trait` misses, or not: the error strips `&`.
                let any_self = guide.self_name.is_none() && !guide.by_reference;
                return of.is_none() || any_self || *of == guide.self_name;
            }
            (guide.entry.contains(missing) || guide.body.contains(missing))
                && of
                    .as_ref()
                    .is_none_or(|of| guide.entry.contains(of) || guide.body.contains(of))
        })
    }

    /// Whether an error naming `named` may want this unit: it names a function the unit
    /// defines (a method of that name may be another one's), or a missing impl of the
    /// unit's trait, which is for `&T`.
    fn has_fn_named_by(&self, named: &Named) -> bool {
        let guide = &self.guide;
        let by_reference = guide.by_reference
            && named
                .missing
                .iter()
                .any(|(_, missing)| guide.trait_name.as_ref() == Some(missing));
        by_reference
            || guide.item && self.names.iter().any(|n| named.words.contains(n))
            || guide.fns.iter().any(|f| named.words.contains(f))
    }

    /// Whether an error naming `named` may want this unit back: it names the unit's type or
    /// trait, or a word of its macro entry.
    fn is_loosely_named_by(&self, named: &Named) -> bool {
        let guide = &self.guide;
        [&guide.trait_name, &guide.self_name]
            .into_iter()
            .flatten()
            .any(|name| named.words.contains(name))
            || guide.entry.iter().any(|w| named.words.contains(w))
    }
}

/// Which of `removed` the errors of `checked` want back: those they surely name, and those
/// that may be what they name (a function of the name they name; else, when none is named
/// either way, a unit of a type, trait or word they name).
fn wanted_back(
    units: &[Unit],
    removed: &BTreeSet<usize>,
    checked: &Checked,
) -> (Vec<usize>, Vec<usize>) {
    let named: Vec<Named> = checked
        .errors
        .iter()
        .flatten()
        .map(|e| named_by(e))
        .collect();
    let matching = |test: &dyn Fn(&Unit, &Named) -> bool| -> Vec<usize> {
        removed
            .iter()
            .copied()
            .filter(|&u| named.iter().any(|n| test(&units[u], n)))
            .collect()
    };
    let surely = matching(&|unit, named| unit.is_named_by(named));
    let maybe: Vec<usize> = matching(&|unit, named| unit.has_fn_named_by(named))
        .into_iter()
        .filter(|u| !surely.contains(u))
        .collect();
    if !surely.is_empty() || !maybe.is_empty() {
        return (surely, maybe);
    }
    (
        Vec::new(),
        matching(&|unit, named| unit.is_loosely_named_by(named)),
    )
}

/// Error-guided restoration: every unit cut at once, then the units rustc's errors name put
/// back, round after round (rustc reports every unresolved name of a run at once, so the
/// rounds are the depth of what needs what, not the number of units). The units that stay
/// cut, the units put back only loosely named (for delta debugging), the last trial accepted
/// and the runs taken; `None` when the errors named nothing cut, or the rounds ran out.
#[allow(clippy::type_complexity)]
pub(super) fn guided(
    units: &[Unit],
    check: impl Fn(&BTreeSet<usize>) -> Result<(bool, (Mapped, Checked))>,
    runs: &mut usize,
) -> Result<Option<(BTreeSet<usize>, Vec<usize>, (Mapped, Checked))>> {
    let mut removed: BTreeSet<usize> = (0..units.len()).collect();
    let mut loose = Vec::new();
    for _ in 0..GUIDED_ROUNDS {
        *runs += 1;
        let (accepted, (candidate, result)) = check(&removed)?;
        if accepted {
            return Ok(Some((removed, loose, (candidate, result))));
        }
        if result.success {
            // A new warning, not an error: nothing says which unit.
            return Ok(None);
        }
        let (surely, loosely) = wanted_back(units, &removed, &result);
        if surely.is_empty() && loosely.is_empty() {
            return Ok(None);
        }
        for u in surely.iter().chain(&loosely) {
            removed.remove(u);
        }
        loose.extend(loosely);
    }
    Ok(None)
}

/// Which units the delta debugging after a [`guided`] restoration tries again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Retry {
    /// Those put back only loosely named (the pasted crates: what the errors name surely
    /// stays).
    Loose,
    /// Every unit put back (this project's library: the errors of a trial without every
    /// impl name the trait, which puts back all its impls, `Put` for `String` in hdu2176's
    /// bundle among them, and the delta debugging finds the few that are needed).
    PutBack,
}

/// `bundle` without the candidates it compiles without, and its check; at most `max_runs`
/// rustc runs. `dead_items` (what the lint pass would cut) are candidates too, first: an item
/// only a dead type's impls use is reported dead, and goes with them. The [`guided`]
/// restoration comes first, then the delta debugging over what `retry` says.
pub(super) fn reduce(
    bundle: &Mapped,
    checked: &Checked,
    dead_items: &[(String, Range<usize>)],
    judge: &Judge,
    max_runs: usize,
    retry: Retry,
) -> Result<(Mapped, Checked)> {
    let unchanged = || Ok((bundle.clone(), checked.clone()));
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return unchanged();
    };
    let lib_start = super::lib_start(&bundle.text, judge.lints_line);
    let mut finder = Finder::new(&bundle.text, lib_start, &checked.dead_types);
    finder.provided = provided_methods(&file.items);
    finder.aliases = super::alias_names(&file.items);
    finder.items(&file.items);
    let fallbacks = finder.fallbacks(&file);
    let Finder {
        units: found,
        calls,
        ..
    } = finder;
    let mut units: Vec<Unit> = dead_items
        .iter()
        .map(|(name, range)| Unit {
            ranges: vec![range.clone()],
            names: vec![name.clone()],
            guide: Guide {
                item: true,
                ..Guide::default()
            },
        })
        .collect();
    units.extend(found.into_iter().filter(|u| !u.ranges.is_empty()));
    let leaves = super::use_leaves(&bundle.text, &file, lib_start);
    for unit in &mut units {
        for (name, range) in &leaves {
            if unit.names.contains(name) {
                unit.ranges.push(range.clone());
            }
        }
    }
    if units.is_empty() {
        return unchanged();
    }
    let ranges_of = |indices: &[usize]| -> Vec<Range<usize>> {
        indices
            .iter()
            .flat_map(|&u| units[u].ranges.iter().cloned())
            .collect()
    };
    // A macro call left with no entries goes whole, so its macro can become unused.
    let emptied_by = |gone: &[Range<usize>]| -> Vec<Range<usize>> {
        calls
            .iter()
            .filter(|call| {
                !call.entries.is_empty() && call.entries.iter().all(|e| gone.contains(e))
            })
            .map(|call| call.range.clone())
            .collect()
    };
    // `whole`: each trial takes the macro calls it empties whole (the guided trials: an
    // emptied call is often no longer valid, and its error names none of its entries).
    let trials_with =
        |whole: bool, trials: &[Vec<usize>]| -> Result<Vec<(bool, (Mapped, Checked))>> {
            let candidates: Vec<Mapped> = trials
                .iter()
                .map(|trial| {
                    let mut ranges = ranges_of(trial);
                    if whole {
                        let emptied = emptied_by(&ranges);
                        ranges.extend(emptied);
                    }
                    without_ranges(bundle, &ranges)
                })
                .collect();
            let texts: Vec<String> = candidates.iter().map(|c| c.text.clone()).collect();
            let results = judge.check_all(&texts)?;
            Ok(candidates
                .into_iter()
                .zip(results)
                .map(|(candidate, result)| (judge.accepts(&result, checked), (candidate, result)))
                .collect())
        };
    // Guided first; then delta debugging over what it put back only loosely, with what it
    // cut cut in every trial; over every unit, as without it, when it fails.
    let mut runs = 0;
    let guide = |removed: &BTreeSet<usize>| -> Result<(bool, (Mapped, Checked))> {
        let trial: Vec<usize> = removed.iter().copied().collect();
        Ok(trials_with(true, &[trial])?.remove(0))
    };
    let guided = if max_runs > 0 {
        guided(&units, guide, &mut runs)?
    } else {
        None
    };
    let was_guided = guided.is_some();
    let (base, pool, mut best) = match guided {
        Some((cut, loose, accepted)) => {
            let pool = match retry {
                Retry::Loose => loose,
                Retry::PutBack => (0..units.len()).filter(|u| !cut.contains(u)).collect(),
            };
            (cut.into_iter().collect(), pool, accepted)
        }
        None => {
            // A failed guide costs its few rounds on top of the budget: the delta debugging
            // then runs as it did without the guide, with the whole budget, so the bundle
            // is the same as before the guide existed.
            runs = 0;
            let all = (0..units.len()).collect();
            (Vec::new(), all, (bundle.clone(), checked.clone()))
        }
    };
    // The trials (in the pool) that failed, and the names their errors could not find.
    let failures: RefCell<Vec<Failure>> = RefCell::new(Vec::new());
    let pooled = |trials_in_pool: &[Vec<usize>]| {
        let whole: Vec<Vec<usize>> = trials_in_pool
            .iter()
            .map(|t| {
                base.iter()
                    .copied()
                    .chain(t.iter().map(|&i| pool[i]))
                    .collect()
            })
            .collect();
        let results = trials_with(was_guided, &whole)?;
        for (trial, (_, (_, result))) in trials_in_pool.iter().zip(&results) {
            if !result.success {
                failures.borrow_mut().push(Failure {
                    removed: trial.iter().copied().collect(),
                    not_found: not_found_names(&result.errors),
                });
            }
        }
        Ok(results)
    };
    let known_to_fail = |trial: &[usize]| {
        let units_of = |indices: &mut dyn Iterator<Item = usize>| -> Vec<&Unit> {
            indices.map(|i| &units[pool[i]]).collect()
        };
        failures.borrow().iter().any(|failure| {
            let trial: BTreeSet<usize> = trial.iter().copied().collect();
            if !trial.is_subset(&failure.removed) {
                return false;
            }
            let removed = units_of(&mut trial.iter().copied());
            let restored = units_of(&mut failure.removed.difference(&trial).copied());
            failure.not_found.iter().any(|name| {
                removed.iter().any(|u| u.names.contains(name))
                    && !restored.iter().any(|u| u.may_define(name, &bundle.text))
            })
        })
    };
    let found = delta_debug(
        pool.len(),
        max_runs.saturating_sub(runs),
        judge.jobs,
        pooled,
        known_to_fail,
    )?;
    runs += found.runs;
    let removed: Vec<usize> = base
        .iter()
        .copied()
        .chain(found.removed.iter().map(|&i| pool[i]))
        .collect();
    if let Some(accepted) = found.last_accepted {
        best = accepted;
    }
    let restore = fallbacks_to_restore(&fallbacks, &units, &removed);
    if !restore.is_empty() {
        let kept: Vec<usize> = removed
            .into_iter()
            .filter(|u| !restore.contains(u))
            .collect();
        let mut ranges = ranges_of(&kept);
        ranges.extend(emptied_by(&ranges));
        let candidate = without_ranges(bundle, &ranges);
        let result = judge.check(&candidate.text)?;
        // Putting an impl back cannot break a bundle; if it did, none of the impls is cut.
        if judge.accepts(&result, checked) {
            return Ok((candidate, result));
        }
        return unchanged();
    }
    let emptied = emptied_by(&ranges_of(&removed));
    if !was_guided && !emptied.is_empty() && runs < max_runs {
        let mut ranges = ranges_of(&removed);
        ranges.extend(emptied);
        let candidate = without_ranges(bundle, &ranges);
        let result = judge.check(&candidate.text)?;
        if judge.accepts(&result, checked) {
            best = (candidate, result);
        }
    }
    Ok(best)
}

/// What [`delta_debug`] found: the units that go, the payload of the last trial accepted, and
/// the runs it took (the trials known to fail without a run count too, so the budget ends
/// where it would have ended with them run).
struct Found<T> {
    removed: Vec<usize>,
    last_accepted: Option<T>,
    runs: usize,
}

/// A delta-debugging trial that did not compile.
struct Failure {
    /// Its units (indices in the pool).
    removed: BTreeSet<usize>,
    /// The names its errors say cannot be found ([`not_found_names`]).
    not_found: Vec<String>,
}

/// The names rustc's errors say it cannot find (`cannot find type `SizeHint` in this scope`,
/// `cannot find function `add` in module `size_hint``).
pub(super) fn not_found_names(errors: &[Vec<String>]) -> Vec<String> {
    errors
        .iter()
        .flatten()
        .filter(|e| e.starts_with("cannot find "))
        .filter_map(|e| e.split('`').nth(1))
        .map(|name| name.rsplit("::").next().unwrap_or(name).to_string())
        .collect()
}

/// Delta debugging over units `0..count`, at most `max_runs` trials: a group of units joins
/// `removed` when `check` accepts the trial of `removed` and the group, else it is halved.
/// `check` gets up to `jobs` trials at once and answers each with whether it is accepted and
/// a payload. Most trials fail, so with the first trial go the next `jobs - 1` ones the steps
/// one after another would try if it failed; the answers are taken in that order, and those
/// after a trial accepted are dropped (they assumed it failed). So the decisions, and the
/// bundle, are those of the trials one after another, in fewer rounds.
///
/// A trial `known_to_fail` says cannot compile is not run: it fails as it would have. It
/// knows from the trials that failed before: one that removed these units and more, whose
/// error says a name one of these units defines cannot be found, fails again when what it
/// puts back cannot define that name (its error's place is still there, its name still
/// missing). In ALPC G's std-only bundle 7 of 19 trials were such.
fn delta_debug<T>(
    count: usize,
    max_runs: usize,
    jobs: usize,
    mut check: impl FnMut(&[Vec<usize>]) -> Result<Vec<(bool, T)>>,
    known_to_fail: impl Fn(&[usize]) -> bool,
) -> Result<Found<T>> {
    let mut found = Found {
        removed: Vec::new(),
        last_accepted: None,
        runs: 0,
    };
    let mut groups = vec![(0..count).collect::<Vec<usize>>()];
    while found.runs < max_runs && !groups.is_empty() {
        let trial_of = |group: &[usize]| -> Vec<usize> {
            found.removed.iter().chain(group).copied().collect()
        };
        let planned = if_all_fail(&groups, jobs.max(1), max_runs - found.runs, |group| {
            known_to_fail(&trial_of(group))
        });
        let trials: Vec<Vec<usize>> = planned
            .iter()
            .filter(|(_, known)| !known)
            .map(|(group, _)| trial_of(group))
            .collect();
        let mut answers = if trials.is_empty() {
            Vec::new()
        } else {
            check(&trials)?
        }
        .into_iter();
        for (group, known) in planned {
            groups.pop();
            found.runs += 1;
            let answer = if known { None } else { answers.next() };
            if let Some((true, payload)) = answer {
                found.removed.extend(group);
                found.last_accepted = Some(payload);
                break;
            }
            if group.len() > 1 {
                let (first, second) = group.split_at(group.len() / 2);
                groups.push(second.to_vec());
                groups.push(first.to_vec());
            }
        }
    }
    Ok(found)
}

/// The next groups delta debugging tries from the stack `groups` (the next on top) if every
/// check fails: the top group, then its first half, and so on down to one unit, then the
/// second half of the last split; at most `count` to run and `total` in all, each with
/// whether it is `known` to fail (not to be run).
fn if_all_fail(
    groups: &[Vec<usize>],
    count: usize,
    total: usize,
    known: impl Fn(&[usize]) -> bool,
) -> Vec<(Vec<usize>, bool)> {
    let mut stack = groups.to_vec();
    let mut planned = Vec::new();
    let mut to_run = 0;
    while to_run < count && planned.len() < total {
        let Some(group) = stack.pop() else {
            break;
        };
        if group.len() > 1 {
            let (first, second) = group.split_at(group.len() / 2);
            stack.push(second.to_vec());
            stack.push(first.to_vec());
        }
        let known = known(&group);
        to_run += usize::from(!known);
        planned.push((group, known));
    }
    planned
}

/// An item-level macro call: its whole range and its entries'.
struct Call {
    range: Range<usize>,
    entries: Vec<Range<usize>>,
}

struct Finder<'a> {
    text: &'a str,
    lib_start: usize,
    units: Vec<Unit>,
    calls: Vec<Call>,
    /// Each dead type's or trait's unit.
    types: BTreeMap<String, usize>,
    method_calls: BTreeSet<String>,
    dyn_traits: BTreeSet<String>,
    gated: BTreeSet<String>,
    /// `macro_rules!` bodies by name.
    macros: BTreeMap<String, TokenStream>,
    /// Each trait's provided methods ([`provided_methods`]).
    provided: BTreeMap<String, BTreeSet<String>>,
    /// The bundle's `type` aliases' names ([`super::alias_names`]).
    aliases: BTreeSet<String>,
    /// The types each module being walked defines ([`super::type_names`]), innermost last.
    module_types: Vec<BTreeSet<String>>,
    /// The macro calls' entries a literal's fallback may choose ([`Fallback`]).
    fallbacks: Vec<Fallback>,
}

/// The methods (with a `self` receiver) each trait of `items` defines with a body, by the
/// trait's name: an impl that does not write one still has it, so `x.m()` may call it.
pub(super) fn provided_methods(items: &[syn::Item]) -> BTreeMap<String, BTreeSet<String>> {
    let mut provided: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for item in items {
        match item {
            syn::Item::Mod(module) => {
                for (name, methods) in module
                    .content
                    .as_ref()
                    .map(|(_, inner)| provided_methods(inner))
                    .unwrap_or_default()
                {
                    provided.entry(name).or_default().extend(methods);
                }
            }
            syn::Item::Trait(t) => {
                let methods = t.items.iter().filter_map(|item| match item {
                    syn::TraitItem::Fn(f) if f.default.is_some() && f.sig.receiver().is_some() => {
                        Some(f.sig.ident.to_string())
                    }
                    _ => None,
                });
                provided
                    .entry(t.ident.to_string())
                    .or_default()
                    .extend(methods);
            }
            _ => {}
        }
    }
    provided
}

impl<'a> Finder<'a> {
    fn new(text: &'a str, lib_start: usize, dead_types: &[String]) -> Finder<'a> {
        let mut finder = Finder {
            text,
            lib_start,
            units: Vec::new(),
            calls: Vec::new(),
            types: BTreeMap::new(),
            method_calls: BTreeSet::new(),
            dyn_traits: BTreeSet::new(),
            gated: cfg_gated_names(text),
            macros: BTreeMap::new(),
            provided: BTreeMap::new(),
            aliases: BTreeSet::new(),
            module_types: Vec::new(),
            fallbacks: Vec::new(),
        };
        // A type only code behind a false `#[cfg]` makes is dead here, not on every judge.
        for name in dead_types.iter().filter(|n| !finder.gated.contains(*n)) {
            finder.types.insert(name.clone(), finder.units.len());
            finder.units.push(Unit {
                ranges: Vec::new(),
                names: vec![name.clone()],
                guide: Guide::default(),
            });
        }
        if let Ok(tokens) = text.parse::<TokenStream>() {
            finder.scan(tokens);
        }
        finder
    }

    /// The impls a literal's fallback may choose ([`Fallback`]): the impls of `file` and the
    /// macro calls' entries found.
    fn fallbacks(&self, file: &syn::File) -> Vec<Fallback> {
        let mut fallbacks = fallback_impls(file);
        fallbacks.extend(self.fallbacks.iter().cloned());
        fallbacks
    }

    /// Method-call names, `dyn` traits and `macro_rules!` bodies, anywhere in the bundle.
    fn scan(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Punct(p) if p.as_char() == '.' && p.spacing() == Spacing::Alone => {
                    let follows_dot = i > 0
                        && matches!(&tokens[i - 1], TokenTree::Punct(q) if q.as_char() == '.');
                    if let (Some(TokenTree::Ident(name)), false) = (tokens.get(i + 1), follows_dot)
                    {
                        self.method_calls.insert(name.to_string());
                    }
                }
                TokenTree::Ident(ident) if ident == "dyn" => {
                    tokens[i + 1..]
                        .iter()
                        .take_while(|t| match t {
                            TokenTree::Ident(_) => true,
                            TokenTree::Punct(p) => p.as_char() == ':',
                            _ => false,
                        })
                        .for_each(|t| idents_of(t, &mut self.dyn_traits));
                }
                TokenTree::Ident(ident) if ident == "macro_rules" => {
                    if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(body))) =
                        (tokens.get(i + 2), tokens.get(i + 3))
                    {
                        self.macros.insert(name.to_string(), body.stream());
                    }
                }
                TokenTree::Group(group) => self.scan(group.stream()),
                _ => {}
            }
        }
    }

    fn items(&mut self, items: &[syn::Item]) {
        self.module_types.push(super::type_names(items));
        for item in items {
            if let syn::Item::Mod(module) = item {
                if let Some((_, inner)) = &module.content {
                    self.items(inner);
                }
                continue;
            }
            let range = item.span().byte_range();
            if range.start < self.lib_start || has_cfg(item) {
                continue;
            }
            match item {
                syn::Item::Impl(block) => self.impl_block(block, range),
                syn::Item::Struct(s) => self.type_definition(&s.ident, range),
                syn::Item::Enum(e) => self.type_definition(&e.ident, range),
                syn::Item::Union(u) => self.type_definition(&u.ident, range),
                syn::Item::Trait(t) => self.type_definition(&t.ident, range),
                syn::Item::Macro(call) if call.ident.is_none() => self.macro_call(call, range),
                _ => {}
            }
        }
        self.module_types.pop();
    }

    fn type_definition(&mut self, ident: &syn::Ident, range: Range<usize>) {
        if let Some(&unit) = self.types.get(&ident.to_string()) {
            self.units[unit].ranges.push(range);
        }
    }

    fn impl_block(&mut self, block: &syn::ItemImpl, range: Range<usize>) {
        // A name of an alias too is the dead type's only where the impl's module defines the
        // type and the impl writes it bare (not `super::Quick`): `impl Fast for Quick` with
        // `type Quick = Foo;` is an impl for `Foo`, and went with a never-constructed `struct
        // Quick` of another module (the solution's `f.get()` then called another trait's
        // `get`).
        let local = self
            .module_types
            .last()
            .is_some_and(|types| super::is_module_type(&block.self_ty, types));
        let of_type = |name: &String| !self.aliases.contains(name) || local;
        let dead_type = type_head(&block.self_ty)
            .filter(of_type)
            .and_then(|name| self.types.get(&name));
        if let Some(&unit) = dead_type {
            self.units[unit].ranges.push(range);
            return;
        }
        let Some((_, trait_path, _)) = &block.trait_ else {
            if block.items.is_empty() {
                self.units.push(Unit {
                    ranges: vec![range],
                    names: Vec::new(),
                    guide: Guide::default(),
                });
            }
            return;
        };
        let Some(trait_name) = trait_path.segments.last().map(|s| s.ident.to_string()) else {
            return;
        };
        if let Some(&unit) = self.types.get(&trait_name) {
            self.units[unit].ranges.push(range);
            return;
        }
        let self_name = type_head(&block.self_ty).unwrap_or_default();
        let protected = NEVER_CUT.contains(&trait_name.as_str())
            || self.dyn_traits.contains(&trait_name)
            || self.gated.contains(&trait_name)
            || self.gated.contains(&self_name)
            || block.items.iter().any(|item| match item {
                syn::ImplItem::Fn(f) => self.method_calls.contains(&f.sig.ident.to_string()),
                _ => false,
            })
            // `impl Fast for Foo {}` still has Fast's provided `get` for `foo.get()`.
            || self
                .provided
                .get(&trait_name)
                .is_some_and(|methods| methods.iter().any(|m| self.method_calls.contains(m)));
        if !protected {
            let parameters: BTreeSet<String> = block
                .generics
                .type_params()
                .map(|p| p.ident.to_string())
                .collect();
            let fns = impl_item_names(block, true);
            self.units.push(Unit {
                ranges: vec![range],
                names: Vec::new(),
                guide: Guide {
                    trait_name: Some(trait_name),
                    by_reference: matches!(*block.self_ty, syn::Type::Reference(_))
                        && parameters.contains(&self_name),
                    self_name: Some(self_name).filter(|s| !parameters.contains(s)),
                    fns,
                    ..Guide::default()
                },
            });
        }
    }

    /// Each entry of a call to a `macro_rules!` macro whose body defines no protected impl:
    /// a line of a call over several lines, else a `;`- or `,`-separated part.
    fn macro_call(&mut self, call: &syn::ItemMacro, range: Range<usize>) {
        let Some(name) = call.mac.path.get_ident().map(|i| i.to_string()) else {
            return;
        };
        let Some(body) = self.macros.get(&name) else {
            return;
        };
        let mut names = BTreeSet::new();
        body.clone()
            .into_iter()
            .for_each(|t| idents_of(&t, &mut names));
        let mut defined_fns = BTreeSet::new();
        fn_names(body.clone(), &mut defined_fns);
        let protected = NEVER_CUT.iter().any(|t| names.contains(*t))
            || self.dyn_traits.iter().any(|t| names.contains(t))
            || defined_fns.iter().any(|f| self.method_calls.contains(f))
            || self.gated.contains(&name);
        if protected {
            return;
        }
        let mut entries = self.entries(&call.mac);
        if entries.is_empty() {
            entries.push(range.clone());
        }
        // A macro implementing a dead trait: its entries go with the trait.
        let dead_trait = names.iter().find_map(|n| self.types.get(n)).copied();
        for entry in entries.clone() {
            let mut mentioned = BTreeSet::new();
            if let Ok(tokens) = self.text[entry.clone()].parse::<TokenStream>() {
                tokens
                    .into_iter()
                    .for_each(|t| idents_of(&t, &mut mentioned));
            }
            let dead_type = mentioned.iter().find_map(|n| self.types.get(n)).copied();
            if leads_with_literal_type(&self.text[entry.clone()]) {
                self.fallbacks.push(Fallback {
                    range: entry.clone(),
                    beside: entries.iter().filter(|e| **e != entry).cloned().collect(),
                    std_may_answer: false,
                });
            }
            match dead_type.or(dead_trait) {
                Some(unit) => self.units[unit].ranges.push(entry),
                None => self.units.push(Unit {
                    ranges: vec![entry],
                    names: Vec::new(),
                    guide: Guide {
                        fns: defined_fns.clone(),
                        entry: mentioned,
                        body: names.clone(),
                        ..Guide::default()
                    },
                }),
            }
        }
        self.calls.push(Call { range, entries });
    }

    /// The entries of a macro call's arguments, as byte ranges.
    fn entries(&self, mac: &syn::Macro) -> Vec<Range<usize>> {
        let tokens: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
        let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
            return Vec::new();
        };
        let body = first.span().byte_range().start..last.span().byte_range().end;
        let text = &self.text[body.clone()];
        if text.contains('\n') {
            // Whole lines strictly inside the delimiters.
            let mut entries = Vec::new();
            let mut at = self.text[..body.start].rfind('\n').map_or(0, |i| i + 1);
            let close_line_start = self.text[..body.end].rfind('\n').map_or(0, |i| i + 1);
            while at < close_line_start {
                let end = self.text[at..]
                    .find('\n')
                    .map_or(self.text.len(), |i| at + i + 1);
                let line = &self.text[at..end];
                let inside = at >= body.start || self.text[at..body.start].trim().is_empty();
                let ends_inside = end <= body.end || self.text[body.end..end].trim().is_empty();
                if inside && ends_inside && !line.trim().is_empty() {
                    entries.push(at..end);
                }
                at = end;
            }
            return entries;
        }
        let has = |c: char| {
            tokens
                .iter()
                .any(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == c))
        };
        if !has(';') && !has(',') && tokens.iter().all(|t| matches!(t, TokenTree::Ident(_))) {
            // `m!(u8 u16 u32)`: each word, with the blank after it (the last, before it).
            let spans: Vec<Range<usize>> = tokens.iter().map(|t| t.span().byte_range()).collect();
            return (0..spans.len())
                .map(|i| match (spans.get(i + 1), i.checked_sub(1)) {
                    (Some(next), _) => spans[i].start..next.start,
                    (None, Some(previous)) => spans[previous].end..spans[i].end,
                    (None, None) => spans[i].clone(),
                })
                .filter(|_| spans.len() > 1)
                .collect();
        }
        let separator = if has(';') { ';' } else { ',' };
        let mut entries = Vec::new();
        let mut start = None;
        let mut previous_separator: Option<Range<usize>> = None;
        for token in &tokens {
            let span = token.span().byte_range();
            let is_separator = matches!(token, TokenTree::Punct(p) if p.as_char() == separator);
            if is_separator {
                if let Some(s) = start.take() {
                    entries.push(s..span.end);
                }
                previous_separator = Some(span);
            } else if start.is_none() {
                start = Some(span.start);
            }
        }
        if let Some(s) = start {
            // The last entry takes the separator before it, so no `, ,` is left.
            let from = previous_separator.map_or(s, |sep| sep.start);
            entries.push(from..body.end);
        }
        if entries.len() < 2 {
            return Vec::new();
        }
        entries
    }
}

fn has_cfg(item: &syn::Item) -> bool {
    let attrs = match item {
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        _ => return false,
    };
    attrs.iter().any(super::is_cfg)
}

/// The name of the type an impl is for: `Foo` in `Foo<T>`, `&'a Foo<T>` or `a::Foo`.
/// The names of the functions an impl block writes, and of its constants with `consts`: what
/// a call or a path may name in it.
pub(super) fn impl_item_names(block: &syn::ItemImpl, consts: bool) -> BTreeSet<String> {
    block
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
            syn::ImplItem::Const(c) if consts => Some(c.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// The names called with method syntax (`x.name(`) anywhere in `text`, as the shake's
/// never-cut rule reads them ([`Finder::scan`]).
pub(super) fn method_calls(text: &str) -> BTreeSet<String> {
    Finder::new(text, text.len(), &[]).method_calls
}

pub(super) fn type_head(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(r) => type_head(&r.elem),
        syn::Type::Paren(p) => type_head(&p.elem),
        syn::Type::Group(g) => type_head(&g.elem),
        _ => None,
    }
}

/// The names after `fn` in a token stream (a macro's body).
pub(super) fn fn_names(tokens: TokenStream, names: &mut BTreeSet<String>) {
    let mut after_fn = false;
    for token in tokens {
        match &token {
            TokenTree::Ident(ident) if after_fn => {
                names.insert(ident.to_string());
                after_fn = false;
            }
            TokenTree::Ident(ident) => after_fn = ident == "fn",
            TokenTree::Group(group) => {
                fn_names(group.stream(), names);
                after_fn = false;
            }
            _ => after_fn = false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Oracle = Box<dyn Fn(&[usize]) -> bool>;

    /// Delta debugging with `jobs` trials at once, under an oracle of the trial (the removed
    /// set): what it removes, the runs it counts, and the trials it was asked.
    fn run(
        count: usize,
        max_runs: usize,
        jobs: usize,
        oracle: &dyn Fn(&[usize]) -> bool,
    ) -> (Vec<usize>, usize, usize) {
        let mut asked = 0;
        let found = delta_debug(
            count,
            max_runs,
            jobs,
            |trials| {
                assert!(trials.len() <= jobs.max(1));
                asked += trials.len();
                Ok(trials.iter().map(|t| (oracle(t), t.clone())).collect())
            },
            |_| false,
        )
        .unwrap();
        if let Some(last) = &found.last_accepted {
            assert_eq!(last, &found.removed);
        }
        (found.removed, found.runs, asked)
    }

    #[test]
    fn trials_run_at_once_decide_as_trials_one_after_another() {
        // Oracles: "keep what is needed" (monotone, as most bundles), and one that accepts
        // sets by a hash of their contents (no structure at all).
        let needed =
            |needed: &'static [usize]| move |t: &[usize]| !t.iter().any(|u| needed.contains(u));
        let hashed = |t: &[usize]| {
            let mut sorted = t.to_vec();
            sorted.sort_unstable();
            sorted
                .iter()
                .fold(7u64, |h, &u| h.wrapping_mul(31).wrapping_add(u as u64))
                % 3
                != 0
        };
        let oracles: Vec<Oracle> = vec![
            Box::new(needed(&[])),
            Box::new(needed(&[3])),
            Box::new(needed(&[0, 5, 6, 17, 30])),
            Box::new(|_: &[usize]| false),
            Box::new(hashed),
        ];
        for oracle in &oracles {
            for count in [1, 2, 7, 33] {
                for max_runs in [1, 5, 48] {
                    let one = run(count, max_runs, 1, oracle);
                    assert_eq!(one.1, one.2, "one at a time asks only what it counts");
                    for jobs in [2, 3, 8] {
                        let many = run(count, max_runs, jobs, oracle);
                        assert_eq!(
                            (&many.0, many.1),
                            (&one.0, one.1),
                            "count {count}, max_runs {max_runs}, jobs {jobs}"
                        );
                        assert!(many.2 >= many.1);
                    }
                }
            }
        }
        // With every trial failing, nothing is asked in vain: 2 at once halve the rounds.
        let (removed, runs, asked) = run(33, 48, 2, &|_: &[usize]| false);
        assert!(removed.is_empty());
        assert_eq!((runs, asked), (48, 48));
    }

    #[test]
    fn trials_known_to_fail_are_not_run_and_decide_as_if_run() {
        let needed: &[usize] = &[0, 5, 6, 17];
        let fails = |t: &[usize]| t.iter().any(|u| needed.contains(u));
        for jobs in [1, 2] {
            for max_runs in [5, 48] {
                let run_all = run(33, max_runs, jobs, &|t: &[usize]| !fails(t));
                let mut asked = 0;
                let found = delta_debug(
                    33,
                    max_runs,
                    jobs,
                    |trials| {
                        asked += trials.len();
                        assert!(trials.iter().all(|t| !t.contains(&0)), "0 is known");
                        Ok(trials.iter().map(|t| (!fails(t), ())).collect())
                    },
                    |t| t.contains(&0),
                )
                .unwrap();
                assert_eq!((&found.removed, found.runs), (&run_all.0, run_all.1));
                assert!(asked < run_all.2, "jobs {jobs}, max_runs {max_runs}");
            }
        }
    }

    #[test]
    fn a_name_not_found_is_known_to_fail_while_nothing_put_back_may_define_it() {
        let errors = [
            vec![
                "cannot find type `SizeHint` in this scope".to_string(),
                "a struct with a similar name exists".to_string(),
            ],
            vec!["cannot find function `add` in module `size_hint`".to_string()],
            vec!["cannot find macro `crate::m` in this scope".to_string()],
            vec!["mismatched types".to_string()],
        ];
        assert_eq!(not_found_names(&errors), ["SizeHint", "add", "m"]);
        let text = "fn add() {}\nimpl X for Y { fn sub() {} }\n";
        let unit = |range: Range<usize>| Unit {
            ranges: vec![range],
            ..Unit::default()
        };
        assert!(unit(0..12).may_define("add", text));
        assert!(!unit(12..text.len()).may_define("add", text));
        let entry = Unit {
            guide: Guide {
                body: BTreeSet::from(["add".to_string()]),
                ..Guide::default()
            },
            ..unit(12..text.len())
        };
        assert!(entry.may_define("add", text), "a macro's body may make it");
    }

    /// A check of the bundle without `removed`, where `needs` says which unit each error
    /// message wants back.
    fn fake_check(removed: &BTreeSet<usize>, needs: &[(usize, &str)]) -> (bool, (Mapped, Checked)) {
        let errors: Vec<Vec<String>> = needs
            .iter()
            .filter(|(unit, _)| removed.contains(unit))
            .map(|(_, message)| vec![message.to_string()])
            .collect();
        let checked = Checked {
            success: errors.is_empty(),
            dead: Vec::new(),
            others: Vec::new(),
            dead_types: Vec::new(),
            unresolved_imports: Vec::new(),
            errors,
            warned: Vec::new(),
            unstable_uses: Vec::new(),
        };
        (checked.success, (Mapped::new(), checked))
    }

    fn impl_unit(trait_name: &str, self_name: Option<&str>) -> Unit {
        Unit {
            ranges: std::iter::once(0..1).collect(),
            names: Vec::new(),
            guide: Guide {
                trait_name: Some(trait_name.to_string()),
                self_name: self_name.map(str::to_string),
                ..Guide::default()
            },
        }
    }

    #[test]
    fn guided_restoration_puts_back_what_the_errors_name_round_by_round() {
        let units = vec![
            impl_unit("From", Some("Tokens")),
            impl_unit("From", Some("Other")),
            Unit {
                ranges: std::iter::once(0..1).collect(),
                names: vec!["helper".to_string()],
                guide: Guide {
                    item: true,
                    ..Guide::default()
                },
            },
            impl_unit("Readable", None),
            impl_unit("Display", Some("Tokens")),
        ];
        // `Readable`'s blanket impl is missed only once `helper` (which uses it) is back.
        let mut rounds = 0;
        let check = |removed: &BTreeSet<usize>| {
            let mut needs = vec![
                (0, "the trait bound `Tokens: From<String>` is not satisfied"),
                (2, "cannot find function `helper` in this scope"),
            ];
            if !removed.contains(&2) {
                needs.push((3, "the trait bound `usize: Readable` is not satisfied"));
            }
            Ok(fake_check(removed, &needs))
        };
        let (cut, loose, _) = guided(&units, check, &mut rounds).unwrap().unwrap();
        assert_eq!(cut, BTreeSet::from([1, 4]));
        // A function of a name the error names may be another one's: delta debugging decides.
        assert_eq!(loose, vec![2]);
        assert_eq!(rounds, 3);
        // An error that names nothing cut: guided gives up (delta debugging does it all).
        let mut rounds = 0;
        let unnamed =
            |removed: &BTreeSet<usize>| Ok(fake_check(removed, &[(1, "mismatched types")]));
        assert!(guided(&units, unnamed, &mut rounds).unwrap().is_none());
    }

    #[test]
    fn the_trials_if_all_fail_go_down_the_first_halves_then_back_up() {
        let groups = |planned: Vec<(Vec<usize>, bool)>| -> Vec<Vec<usize>> {
            planned.into_iter().map(|(group, _)| group).collect()
        };
        let planned = if_all_fail(&[vec![9], (0..4).collect()], 5, 48, |_| false);
        assert_eq!(
            groups(planned),
            vec![vec![0, 1, 2, 3], vec![0, 1], vec![0], vec![1], vec![2, 3]]
        );
        assert_eq!(
            groups(if_all_fail(&[vec![1]], 3, 48, |_| false)),
            vec![vec![1]]
        );
        // Those known to fail are planned too, but do not count among those to run.
        let planned = if_all_fail(&[(0..4).collect()], 2, 48, |g| g.contains(&0));
        assert_eq!(
            planned,
            vec![
                (vec![0, 1, 2, 3], true),
                (vec![0, 1], true),
                (vec![0], true),
                (vec![1], false),
                (vec![2, 3], false)
            ]
        );
        // The budget counts them.
        assert_eq!(if_all_fail(&[(0..4).collect()], 2, 2, |_| true).len(), 2);
    }
}
