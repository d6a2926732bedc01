//! Item-level shaking with the compiler as the judge of what is dead: the bundle is
//! type-checked with `dead_code` and `unused_macros` warning inside the library module, and
//! the functions, methods, constants, statics, type aliases, traits and macros rustc reports
//! unused are cut out (whole lines, so the line map stays true). rustc's analysis is
//! transitive: what only dead items use is reported too, so one pass is enough.
//!
//! Code behind a `#[cfg]` that is false here is not type-checked, so what it names is never
//! cut: a judge on another target may compile it.

mod fallback;
mod groups;
mod impls;
mod names;
pub mod reuse;

pub use groups::{Gated, Pasted};

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::Result;
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

use super::mapped::Mapped;
use crate::rustc;
use crate::settings::Edition;

/// An item rustc may report: where its name is and what to delete.
struct Candidate {
    name: String,
    name_start: usize,
    range: Range<usize>,
}

/// When the running tool was built: a new build may shake differently, so its time is part of
/// every cache key.
pub fn tool_stamp() -> u128 {
    std::env::current_exe()
        .and_then(std::fs::metadata)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// What a shake's, a cut's or a fix's kept answer depends on besides the bundle: the tool's
/// build ([`tool_stamp`]) and the compiler whose checks decided it (`rustup update` or another
/// toolchain may accept or refuse other cuts; review12's finding 4: only the compiled
/// program's key had it).
pub fn answers_stamp() -> String {
    format!(
        "tool {} rustc {}",
        tool_stamp(),
        rustc::compiler_identity().trim_end()
    )
}

/// A shaken bundle, and whether its shake was learned on another bundle (see [`reuse`]).
pub struct Shaken {
    pub bundle: Mapped,
    /// The shaken part came from a bundle that reaches the same names, not this one: it may
    /// lack an impl this one needs.
    pub speculative: bool,
}

/// `bundle` without the library items rustc finds dead, then without the trait impls and
/// types it compiles without (see [`impls`]), then without what those alone used.
/// `lints_line` is the line (0-based) of the library module's `#[allow(dead_code, …)]`; only
/// lines after it are cut. `shared` is the workspace's store of shakes ([`reuse`]); with
/// `reuse` false it is only written.
pub fn shake(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
    shared: &Path,
    reuse: bool,
) -> Result<Shaken> {
    let unchanged = |bundle: &Mapped| Shaken {
        bundle: bundle.clone(),
        speculative: false,
    };
    std::fs::create_dir_all(scratch)?;
    // Shaking takes tens of rustc runs: the same bundle is shaken once.
    let cache = scratch.join("shake.cache");
    let stamp = answers_stamp();
    let key = format!(
        "shake {} line {lints_line} edition {edition} {stamp}",
        super::linemap::text_key(&bundle.text),
    );
    if let Some(shaken) = Mapped::load(&key, &cache) {
        return Ok(unchanged(&shaken));
    }
    // What another bundle with the same tail that writes the same of its names learned.
    let (head, tail) = bundle.split_at_line(lints_line);
    let store = reuse::Store::new(shared.to_path_buf());
    let salt = format!(
        "edition {edition} {stamp} files {}",
        reuse::origins_key(&tail)
    );
    let reach_key = store.key(&head.text, &tail.text, &salt);
    if reuse {
        let reused = store.reused_tail(&reach_key, &head, &tail, lints_line, edition, scratch)?;
        if let Some(shaken_tail) = reused {
            return Ok(Shaken {
                bundle: head.joined(&shaken_tail),
                speculative: true,
            });
        }
    }
    if syn::parse_file(&bundle.text).is_err() {
        return Ok(unchanged(bundle));
    }
    remove_abandoned_state(scratch);
    let shaken = shake_uncached(bundle, lints_line, edition, scratch);
    let _ = std::fs::remove_dir_all(incremental_base(scratch));
    let shaken = shaken?;
    // A cache that cannot be written only costs time next time.
    let _ = shaken.save(&key, &cache);
    let (shaken_head, shaken_tail) = shaken.split_at_line(lints_line);
    if shaken_head.text == head.text {
        store.save(&reach_key, &shaken_tail);
    }
    Ok(unchanged(&shaken))
}

/// `bundle` without the library code (after line `lints_line`) its codegen never reaches:
/// for a bundle over its judge's source `limit` (see [`impls::mono`]).
pub fn cut_unreached(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
    limit: usize,
) -> Result<Mapped> {
    let budget = impls::mono::BUDGET_BYTES;
    let cut = impls::mono::cut_unreached(bundle, lints_line, edition, scratch, budget, limit);
    let _ = std::fs::remove_dir_all(incremental_base(scratch));
    cut
}

/// `bundle` without the feature groups and pasted crates it builds without (after line
/// `lints_line`): for a bundle over its judge's source limit (see [`groups`]).
pub fn cut_feature_groups(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
    gated: &[Gated],
    pasted: &[Pasted],
) -> Result<Mapped> {
    let cut = groups::cut_feature_groups(bundle, lints_line, edition, scratch, gated, pasted);
    let _ = std::fs::remove_dir_all(incremental_base(scratch));
    cut
}

/// The most [`cut_feature_groups`] could cut from `bundle`, with no rustc run (see
/// [`groups::most_cut`]).
pub fn feature_groups_most(
    bundle: &Mapped,
    lints_line: usize,
    gated: &[Gated],
    pasted: &[Pasted],
) -> usize {
    groups::most_cut(bundle, lints_line, gated, pasted)
}

/// Where this process's shake keeps rustc's incremental state, a directory for each name its
/// checks run under (each slot of [`Judge::check_all`]): its trials differ by a few items, so
/// each checks again only what changed. Removed when the shake ends.
fn incremental_base(scratch: &Path) -> PathBuf {
    scratch.join(format!("{ABANDONED_PREFIX}{}", std::process::id()))
}

const ABANDONED_PREFIX: &str = "shake-incremental-";

/// Removes from `scratch` the incremental state of shakes whose process is gone (stopped
/// mid-shake, by Ctrl-C): nothing else would. Only where `/proc` says which processes run; a
/// process that runs, or a number reused by another, keeps its folder.
fn remove_abandoned_state(scratch: &Path) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(scratch) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name.to_str().and_then(|n| n.strip_prefix(ABANDONED_PREFIX));
        if let Some(pid) = pid.filter(|pid| pid.parse::<u32>().is_ok()) {
            if !proc.join(pid).exists() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

fn shake_uncached(
    bundle: &Mapped,
    lints_line: usize,
    edition: Edition,
    scratch: &Path,
) -> Result<Mapped> {
    let dependency = is_dependency(&bundle.text, lints_line);
    let judge = Judge {
        lints_line,
        edition,
        scratch,
        jobs: jobs(),
        with_later_crates: dependency,
    };
    // Known by the time cut_unnamed ends (it takes longer than rustc's answer).
    rustc::find_toolchain_in_background();
    let lib_start = lib_start(&bundle.text, lints_line);
    let pruned = names::cut_unnamed(bundle, lib_start);
    let mut baseline = judge.check(&pruned.text)?;
    let bundle = if baseline.success {
        &pruned
    } else {
        // Cutting by name is meant never to break a bundle; if it did, shake without it.
        baseline = judge.check(&bundle.text)?;
        bundle
    };
    if !baseline.success {
        // The caller's type check reports the error against the readable bundle.
        return Ok(bundle.clone());
    }
    let dead = lint_dead(bundle, &baseline).unwrap_or_default();
    let (reduced, checked) = impls::reduce(
        bundle,
        &baseline,
        &dead,
        &judge,
        impls::run_budget(bundle.text.len()),
        if dependency {
            impls::Retry::Loose
        } else {
            impls::Retry::PutBack
        },
    )?;
    // What rustc cut may have been the last to write a name. The pruning of `reduced` is
    // checked beside the lint pass's first check: it is the one to check when that fails.
    let pruned_reduced = names::cut_unnamed(&reduced, lib_start);
    let beside = (pruned_reduced.text != reduced.text).then_some(&pruned_reduced);
    let (cut, beside_checked) = cut_dead_beside(&reduced, &checked, &judge, beside)?;
    let shaken = match cut {
        Some((shaken, _)) => shaken,
        None => reduced.clone(),
    };
    let (pruned, known) = if shaken.text == reduced.text {
        (pruned_reduced, beside_checked)
    } else {
        (names::cut_unnamed(&shaken, lib_start), None)
    };
    if pruned.text != shaken.text {
        let success = match known {
            Some(checked) => checked.success,
            None => judge.check(&pruned.text)?.success,
        };
        if success {
            return Ok(pruned);
        }
    }
    Ok(shaken)
}

/// A message quoting what an error about an unstable library item points at (E0658), so
/// that its names are read as named by the error: `as_mut_slice`, or `Vec::as_mut_slice`.
fn unstable_use_named(at: &str) -> String {
    format!("the unstable item is used as `{}`", at.replace('`', ""))
}

/// Whether the module after line `lints_line` (0-based) is a dependency (a crate cargo lists:
/// from crates.io or a path, its lints capped), not this workspace's library.
fn is_dependency(text: &str, lints_line: usize) -> bool {
    text.lines()
        .nth(lints_line)
        .is_some_and(|line| line == super::DEPENDENCY_LINTS)
}

/// The byte where the shaken library starts: after the lints line (0-based `lints_line`).
pub(super) fn lib_start(text: &str, lints_line: usize) -> usize {
    text.split_inclusive('\n')
        .take(lints_line + 1)
        .map(str::len)
        .sum()
}

/// How many rustc runs the shake keeps going at once: `OJGAMES_SHAKE_JOBS` if set (1 runs
/// them one after another), else one per core that no other process is running on now: on a
/// busy machine the runs made in vain only slow the others down. Only the time depends on it,
/// never the bundle.
fn jobs() -> usize {
    if let Some(jobs) = std::env::var("OJGAMES_SHAKE_JOBS")
        .ok()
        .and_then(|jobs| jobs.trim().parse().ok())
        .filter(|&jobs: &usize| jobs > 0)
    {
        return jobs;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs_for(cores, others_running())
}

/// How many tasks besides this one the kernel runs now: the fewest of three readings of
/// `/proc/stat`'s `procs_running` (a process that only flashes by is not a load), less this
/// process; `None` off Linux. Not the load average: it lags a minute behind, so right after a
/// build (the contestant's or a benchmark's) it still reads busy and the checks ran one at a
/// time on an idle machine (hdu1536's first bundle 0.91x a clean cargo build at load 0.6,
/// 1.24x at load 1.6 with nothing else running).
fn others_running() -> Option<usize> {
    let mut fewest: Option<usize> = None;
    for reading in 0..3 {
        if reading > 0 {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let running = procs_running(&std::fs::read_to_string("/proc/stat").ok()?)?;
        fewest = Some(fewest.map_or(running, |fewest| fewest.min(running)));
    }
    Some(fewest?.saturating_sub(1))
}

/// The `procs_running` count of a `/proc/stat` text.
fn procs_running(stat: &str) -> Option<usize> {
    stat.lines()
        .find_map(|line| line.strip_prefix("procs_running"))?
        .trim()
        .parse()
        .ok()
}

/// [`jobs`] on `cores` cores with `others` tasks running beside this process (unknown: every
/// core).
fn jobs_for(cores: usize, others: Option<usize>) -> usize {
    let cores = cores.max(1);
    match others {
        None => cores,
        Some(others) => cores.saturating_sub(others).max(1),
    }
}

/// Runs rustc on candidate bundles with the library's dead-code lints on.
struct Judge<'a> {
    lints_line: usize,
    edition: Edition,
    scratch: &'a Path,
    /// rustc runs [`Judge::check_all`] keeps going at once.
    jobs: usize,
    /// The shaken module is the first dependency: those after it (the rest of the bundle) are
    /// shaken with it, their lints on too.
    with_later_crates: bool,
}

/// A candidate bundle type-checked with dead-code lints on in the library.
#[derive(Clone)]
struct Checked {
    success: bool,
    /// Where the names of the library items rustc reports dead (and [`cut_dead`] cuts) start.
    dead: Vec<usize>,
    /// Every other warning's message, without its location.
    others: Vec<String>,
    /// Structs, enums, unions and traits in the library rustc calls never constructed or used.
    dead_types: Vec<String>,
    /// The byte ranges of `use` leaves rustc could not resolve (E0432).
    unresolved_imports: Vec<Range<usize>>,
    /// Each error: its message, then its notes' (children's) messages.
    errors: Vec<Vec<String>>,
    /// Each warning of [`Checked::others`]: its message, then what each of its spans points
    /// at, quoted (`(*self).edge_references()` at "recursive call site").
    warned: Vec<(String, Vec<String>)>,
    /// For each error about an unstable library item (E0658), a message quoting what it
    /// points at (see [`unstable_use_named`]); read by the mono pass only.
    unstable_uses: Vec<String>,
}

impl Judge<'_> {
    fn check(&self, text: &str) -> Result<Checked> {
        self.check_as(text, "shake")
    }

    /// Each of `texts` checked, at most [`Judge::jobs`] at once; the results in order.
    fn check_all(&self, texts: &[String]) -> Result<Vec<Checked>> {
        if self.jobs <= 1 || texts.len() <= 1 {
            return texts.iter().map(|text| self.check(text)).collect();
        }
        let mut results = Vec::with_capacity(texts.len());
        for chunk in texts.chunks(self.jobs) {
            let checked: Vec<Result<Checked>> = std::thread::scope(|scope| {
                let runs: Vec<_> = chunk
                    .iter()
                    .enumerate()
                    .map(|(slot, text)| {
                        // The same name for the same slot: its incremental state serves
                        // the slot's next check.
                        let name = format!("shake-{slot}");
                        scope.spawn(move || self.check_as(text, &name))
                    })
                    .collect();
                runs.into_iter()
                    .map(|run| {
                        run.join()
                            .unwrap_or_else(|_| Err(anyhow::anyhow!("a rustc run panicked")))
                    })
                    .collect()
            });
            for result in checked {
                results.push(result?);
            }
        }
        Ok(results)
    }

    /// [`Judge::check`] with the file named after `name` (runs at once need their own).
    fn check_as(&self, text: &str, name: &str) -> Result<Checked> {
        let mut analysis: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
        let analysis_lints = "#[warn(dead_code, unused_macros)] #[allow(unused_imports)]\n";
        analysis[self.lints_line] = analysis_lints.to_string();
        // The library's own `allow(dead_code)` (items it keeps for its users) would hide them.
        for line in &mut analysis[self.lints_line + 1..] {
            if self.with_later_crates && line.trim_end() == super::DEPENDENCY_LINTS {
                // The dependencies after the first one are shaken with it.
                *line = analysis_lints.to_string();
            } else if line.contains("allow(dead_code)") {
                *line = line.replace("allow(dead_code)", "allow(unused_mut)");
            }
        }
        let incremental = incremental_base(self.scratch).join(name);
        let analysis = analysis.concat();
        let compiled = rustc::type_check_text_incremental(
            &analysis,
            self.edition,
            self.scratch,
            name,
            &incremental,
        )?;
        stopped_early(&compiled)?;
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let offset = |line: u32, column: u32| -> Option<usize> {
            let start = *line_starts.get(usize::try_from(line).ok()?.checked_sub(1)?)?;
            let skip = usize::try_from(column).ok()?.checked_sub(1)?;
            let within = text[start..].char_indices().nth(skip).map_or(0, |(i, _)| i);
            Some(start + within)
        };
        let mut checked = Checked {
            success: compiled.success,
            dead: Vec::new(),
            others: Vec::new(),
            dead_types: Vec::new(),
            unresolved_imports: Vec::new(),
            errors: Vec::new(),
            warned: Vec::new(),
            unstable_uses: Vec::new(),
        };
        for diagnostic in &compiled.diagnostics {
            let Some(primary) = diagnostic.primary() else {
                continue;
            };
            let in_library = primary.line_start as usize > self.lints_line + 1;
            let lint = diagnostic.code().unwrap_or("");
            if diagnostic.level == "error" && lint == "E0432" {
                for span in diagnostic.spans.iter().filter(|s| s.is_primary) {
                    if let (Some(start), Some(end)) = (
                        offset(span.line_start, span.column_start),
                        offset(span.line_end, span.column_end),
                    ) {
                        checked.unresolved_imports.push(start..end);
                    }
                }
            }
            if diagnostic.level == "error" {
                // With its notes: `the following trait bounds were not satisfied: `X: T``.
                let mut notes = vec![diagnostic];
                let mut messages = Vec::new();
                while let Some(note) = notes.pop() {
                    messages.push(note.message.clone());
                    notes.extend(&note.children);
                }
                checked.errors.push(messages);
                if lint == "E0658" {
                    // "use of unstable library feature `str_as_str`" names the feature, not
                    // the call: a cut inherent method, and resolution went on to std's
                    // unstable one of that name (`self.as_mut_slice()` on a type that
                    // derefs to a slice). What the error points at names it.
                    let at = (offset(primary.line_start, primary.column_start))
                        .zip(offset(primary.line_end, primary.column_end));
                    if let Some(at) = at.and_then(|(start, end)| text.get(start..end)) {
                        checked.unstable_uses.push(unstable_use_named(at));
                    }
                }
            }
            if diagnostic.level != "warning" {
                continue;
            }
            let is_dead_lint = lint == "dead_code" || lint == "unused_macros";
            if !(in_library && is_dead_lint) {
                checked.others.push(diagnostic.message.clone());
                let mut named = vec![diagnostic.message.clone()];
                for span in &diagnostic.spans {
                    let at = (offset(span.line_start, span.column_start))
                        .zip(offset(span.line_end, span.column_end));
                    if let Some(at) = at.and_then(|(start, end)| text.get(start..end)) {
                        named.push(format!("the warning points at `{}`", at.replace('`', "")));
                    }
                }
                checked.warned.push((diagnostic.message.clone(), named));
                continue;
            }
            if let Some(name) = dead_type(&diagnostic.message) {
                checked.dead_types.push(name);
            } else if is_cut_by_lint_pass(&diagnostic.message) {
                // Each primary span is the name of one dead item.
                let names = diagnostic.spans.iter().filter(|s| s.is_primary);
                checked
                    .dead
                    .extend(names.filter_map(|span| offset(span.line_start, span.column_start)));
            }
        }
        checked.others.sort();
        Ok(checked)
    }

    /// `candidate` compiled and warned about nothing new but dead code in the library.
    fn accepts(&self, candidate: &Checked, baseline: &Checked) -> bool {
        candidate.success && is_sub_multiset(&candidate.others, &baseline.others)
    }
}

/// The warnings of `candidate` that `baseline` has not (as many times), each as
/// [`Checked::warned`] has it: a cut can make a call resolve elsewhere with no error, only a
/// new warning (`(*self).edge_references()` calling itself once the impl for the type it
/// meant is gone: "function cannot return without recursing").
fn new_warnings(candidate: &Checked, baseline: &Checked) -> Vec<Vec<String>> {
    let mut known: Vec<&String> = baseline.others.iter().collect();
    let mut new = Vec::new();
    for (message, named) in &candidate.warned {
        match known.iter().position(|k| *k == message) {
            Some(at) => {
                known.swap_remove(at);
            }
            None => new.push(named.clone()),
        }
    }
    new
}

fn is_sub_multiset(small: &[String], big: &[String]) -> bool {
    let mut big = big.iter().peekable();
    small.iter().all(|item| loop {
        match big.next() {
            Some(next) if next == item => break true,
            Some(next) if next < item => continue,
            _ => break false,
        }
    })
}

/// The names and ranges of the items `checked` reports dead, but those a type or code behind
/// a false `#[cfg]` names.
fn lint_dead(bundle: &Mapped, checked: &Checked) -> Option<Vec<(String, Range<usize>)>> {
    let file = syn::parse_file(&bundle.text).ok()?;
    let mut collector = Collector::default();
    collector.visit_file(&file);
    // Types are never cut here (a struct rustc calls never constructed may still be named),
    // so what their definitions name stays too.
    let mut protected = cfg_gated_names(&bundle.text);
    for range in &collector.type_definitions {
        if let Ok(tokens) = bundle.text[range.clone()].parse::<TokenStream>() {
            tokens
                .into_iter()
                .for_each(|t| idents_of(&t, &mut protected));
        }
    }
    let dead: Vec<&Candidate> = collector
        .items
        .iter()
        .filter(|c| checked.dead.contains(&c.name_start))
        .collect();
    Some(without_protected(&bundle.text, dead, protected))
}

/// The lint pass: `bundle` without the items `checked` reports dead, with its check, or
/// `None` when that did not compile.
fn cut_dead(
    bundle: &Mapped,
    checked: &Checked,
    judge: &Judge,
) -> Result<Option<(Mapped, Checked)>> {
    Ok(cut_dead_beside(bundle, checked, judge, None)?.0)
}

/// [`cut_dead`], and the check of `beside`, made at the same time as its first check when the
/// judge runs more than one at once (else, or when there is nothing to cut, not made: `None`).
#[allow(clippy::type_complexity)]
fn cut_dead_beside(
    bundle: &Mapped,
    checked: &Checked,
    judge: &Judge,
    beside: Option<&Mapped>,
) -> Result<(Option<(Mapped, Checked)>, Option<Checked>)> {
    let Some(dead) = lint_dead(bundle, checked) else {
        return Ok((None, None));
    };
    if dead.is_empty() {
        return Ok((Some((bundle.clone(), checked.clone())), None));
    }
    let ranges: Vec<Range<usize>> = dead.iter().map(|(_, range)| range.clone()).collect();
    let shaken = without_ranges(bundle, &ranges);
    // Never trade a compiling bundle for a smaller broken one.
    let (verified, beside_checked) = match beside.filter(|_| judge.jobs > 1) {
        Some(beside) => {
            let mut both = judge.check_all(&[shaken.text.clone(), beside.text.clone()])?;
            let beside_checked = both.pop();
            (both.remove(0), beside_checked)
        }
        None => (judge.check(&shaken.text)?, None),
    };
    let not_found = impls::not_found_names(&verified.errors);
    if let Some(cut) = repaired(shaken, verified, checked, judge)? {
        return Ok((Some(cut), beside_checked));
    }
    // The cut took what an item that stays names: an item rustc calls dead but this pass
    // does not cut (a trait, an impl, a macro call, a protected item) may use it. Without
    // what such items name, transitively; tried only when rustc could not find a name cut
    // (else the bundle and its runs are those of before).
    let cut_names: BTreeSet<&str> = dead.iter().map(|(name, _)| name.as_str()).collect();
    if !not_found
        .iter()
        .any(|name| cut_names.contains(name.as_str()))
    {
        return Ok((None, beside_checked));
    }
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return Ok((None, beside_checked));
    };
    let closed = without_named_by_staying(&bundle.text, &file, dead);
    if closed.is_empty() || closed.len() == ranges.len() {
        return Ok((None, beside_checked));
    }
    let ranges: Vec<Range<usize>> = closed.into_iter().map(|(_, range)| range).collect();
    let shaken = without_ranges(bundle, &ranges);
    let verified = judge.check(&shaken.text)?;
    Ok((repaired(shaken, verified, checked, judge)?, beside_checked))
}

/// `shaken` with its check `verified` when the judge accepts it against `checked`; else
/// without the `use` leaves its errors say cannot be resolved (the one kind of error cutting
/// makes on its own), when that is accepted; else `None`.
fn repaired(
    shaken: Mapped,
    verified: Checked,
    checked: &Checked,
    judge: &Judge,
) -> Result<Option<(Mapped, Checked)>> {
    if judge.accepts(&verified, checked) {
        return Ok(Some((shaken, verified)));
    }
    if verified.unresolved_imports.is_empty() {
        return Ok(None);
    }
    let Ok(file) = syn::parse_file(&shaken.text) else {
        return Ok(None);
    };
    let leaves = unresolved_leaves(&shaken.text, &file, &verified.unresolved_imports);
    let repaired = without_ranges(&shaken, &leaves);
    let verified = judge.check(&repaired.text)?;
    Ok(judge
        .accepts(&verified, checked)
        .then_some((repaired, verified)))
}

/// `dead` less the items named by code that stays, transitively: by code that is neither in
/// `dead` nor a `use` (a leaf naming a cut item is repaired by [`repaired`]), then by the
/// items this keeps. Names are compared as words, whatever they resolve to, and the name an
/// item defines (`mod floor`, `fn floor`) names nothing.
fn without_named_by_staying(
    text: &str,
    file: &syn::File,
    dead: Vec<(String, Range<usize>)>,
) -> Vec<(String, Range<usize>)> {
    let mut staying = text.to_string();
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    let blanked = uses
        .iter()
        .map(|u| u.span().byte_range())
        .chain(dead.iter().map(|(_, range)| range.clone()));
    for range in blanked {
        staying.replace_range(range.clone(), &" ".repeat(range.len()));
    }
    let mut definitions = Definitions::default();
    definitions.visit_file(file);
    let defined = definitions.0;
    let mut named = BTreeSet::new();
    if let Ok(tokens) = staying.parse::<TokenStream>() {
        used_names(tokens, 0, &defined, &mut named);
    } else {
        // Not read: every item stays.
        return Vec::new();
    }
    without_named(dead, named, |range, names| {
        if let Ok(tokens) = text[range.clone()].parse::<TokenStream>() {
            used_names(tokens, range.start, &defined, names);
        }
    })
}

/// The identifiers of `tokens` (read from `text` from byte `base` on) but those at `defined`.
fn used_names(
    tokens: TokenStream,
    base: usize,
    defined: &BTreeSet<usize>,
    names: &mut BTreeSet<String>,
) {
    for token in tokens {
        match &token {
            TokenTree::Ident(ident)
                if !defined.contains(&(base + ident.span().byte_range().start)) =>
            {
                names.insert(ident.to_string());
            }
            TokenTree::Group(group) => used_names(group.stream(), base, defined, names),
            _ => {}
        }
    }
}

/// Where the names that items define start (`floor` in `mod floor` and in `fn floor`), in
/// modules, blocks, impls and traits; not in macro calls.
#[derive(Default)]
struct Definitions(BTreeSet<usize>);

impl Definitions {
    fn add(&mut self, ident: &syn::Ident) {
        self.0.insert(ident.span().byte_range().start);
    }
}

impl<'ast> Visit<'ast> for Definitions {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        match item {
            syn::Item::Fn(i) => self.add(&i.sig.ident),
            syn::Item::Mod(i) => self.add(&i.ident),
            syn::Item::Struct(i) => self.add(&i.ident),
            syn::Item::Enum(i) => self.add(&i.ident),
            syn::Item::Union(i) => self.add(&i.ident),
            syn::Item::Trait(i) => self.add(&i.ident),
            syn::Item::Type(i) => self.add(&i.ident),
            syn::Item::Const(i) => self.add(&i.ident),
            syn::Item::Static(i) => self.add(&i.ident),
            syn::Item::Macro(syn::ItemMacro { ident: Some(i), .. }) => self.add(i),
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        match item {
            syn::ImplItem::Fn(i) => self.add(&i.sig.ident),
            syn::ImplItem::Const(i) => self.add(&i.ident),
            syn::ImplItem::Type(i) => self.add(&i.ident),
            _ => {}
        }
        visit::visit_impl_item(self, item);
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        match item {
            syn::TraitItem::Fn(i) => self.add(&i.sig.ident),
            syn::TraitItem::Const(i) => self.add(&i.ident),
            syn::TraitItem::Type(i) => self.add(&i.ident),
            _ => {}
        }
        visit::visit_trait_item(self, item);
    }
}

/// What to delete for the unresolved `use` leaves at `spans`: a `use` item whose leaves are
/// all unresolved goes whole; else each leaf goes with a comma beside it.
fn unresolved_leaves(text: &str, file: &syn::File, spans: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    let mut ranges = Vec::new();
    for item in uses {
        let whole = item.span().byte_range();
        let inside: Vec<&Range<usize>> = spans
            .iter()
            .filter(|s| whole.start <= s.start && s.end <= whole.end)
            .collect();
        if inside.is_empty() {
            continue;
        }
        if inside.len() == leaf_count(&item.tree) {
            ranges.push(whole);
            continue;
        }
        ranges.extend(
            inside
                .into_iter()
                .map(|span| with_comma(text, span.clone())),
        );
    }
    ranges
}

/// Each `use` leaf in the library (after byte `lib_start`): the name it imports and what to
/// delete to drop it (the whole `use` item for a lone path, else the leaf and a comma).
fn use_leaves(text: &str, file: &syn::File, lib_start: usize) -> Vec<(String, Range<usize>)> {
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    let mut leaves = Vec::new();
    for item in uses {
        let whole = item.span().byte_range();
        if whole.start < lib_start {
            continue;
        }
        match lone_leaf(&item.tree) {
            Some(name) => leaves.push((name, whole)),
            None => group_leaves(text, &item.tree, &mut leaves),
        }
    }
    leaves
}

/// The library's `use` items that import nothing (`use a::{};`, `pub use crate::{};`): what
/// cuts of every leaf of a group leave; whole.
fn empty_uses(file: &syn::File, lib_start: usize) -> Vec<Range<usize>> {
    let mut uses = Vec::new();
    collect_uses(&file.items, &mut uses);
    uses.into_iter()
        .filter(|item| leaf_count(&item.tree) == 0)
        .map(|item| item.span().byte_range())
        .filter(|whole| whole.start >= lib_start)
        .collect()
}

/// The name a path without groups imports (`a::b::C` → `C`).
fn lone_leaf(tree: &syn::UseTree) -> Option<String> {
    match tree {
        syn::UseTree::Path(p) => lone_leaf(&p.tree),
        syn::UseTree::Name(n) => Some(n.ident.to_string()),
        syn::UseTree::Rename(r) => Some(r.ident.to_string()),
        _ => None,
    }
}

fn group_leaves(text: &str, tree: &syn::UseTree, leaves: &mut Vec<(String, Range<usize>)>) {
    match tree {
        syn::UseTree::Path(p) => group_leaves(text, &p.tree, leaves),
        syn::UseTree::Group(g) => {
            for element in &g.items {
                match lone_leaf(element) {
                    Some(name) => {
                        let span = element.span().byte_range();
                        leaves.push((name, with_comma(text, span)));
                    }
                    None => group_leaves(text, element, leaves),
                }
            }
        }
        _ => {}
    }
}

/// `span` with the comma after it (and blanks up to the next token on its line), else the
/// comma before it.
fn with_comma(text: &str, span: Range<usize>) -> Range<usize> {
    let blank = |t: &str| t.len() - t.trim_start_matches([' ', '\t']).len();
    let after = &text[span.end..];
    let spaces_after = blank(after);
    if after[spaces_after..].starts_with(',') {
        let rest = &after[spaces_after + 1..];
        return span.start..span.end + spaces_after + 1 + blank(rest);
    }
    let before = text[..span.start].trim_end();
    if before.ends_with(',') {
        before.len() - 1..span.end
    } else {
        span
    }
}

fn collect_uses<'a>(items: &'a [syn::Item], uses: &mut Vec<&'a syn::ItemUse>) {
    for item in items {
        match item {
            syn::Item::Use(u) => uses.push(u),
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect_uses(inner, uses);
                }
            }
            _ => {}
        }
    }
}

fn leaf_count(tree: &syn::UseTree) -> usize {
    match tree {
        syn::UseTree::Path(p) => leaf_count(&p.tree),
        syn::UseTree::Group(g) => g.items.iter().map(leaf_count).sum(),
        _ => 1,
    }
}

/// The ranges of dead items not protected; an item kept because it is protected keeps
/// everything it names too (transitively), since rustc counted those as used by it.
fn without_protected(
    text: &str,
    dead: Vec<&Candidate>,
    protected: BTreeSet<String>,
) -> Vec<(String, Range<usize>)> {
    let dead = dead
        .into_iter()
        .map(|item| (item.name.clone(), item.range.clone()))
        .collect();
    without_named(dead, protected, |range, names| {
        if let Ok(tokens) = text[range.clone()].parse::<TokenStream>() {
            tokens.into_iter().for_each(|t| idents_of(&t, names));
        }
    })
}

/// `dead` less each item whose name is in `named`, transitively: a kept item adds to `named`
/// what `names_in` reads in its range.
fn without_named(
    dead: Vec<(String, Range<usize>)>,
    mut named: BTreeSet<String>,
    mut names_in: impl FnMut(&Range<usize>, &mut BTreeSet<String>),
) -> Vec<(String, Range<usize>)> {
    let mut kept = vec![false; dead.len()];
    loop {
        let mut changed = false;
        for (index, (name, range)) in dead.iter().enumerate() {
            if !kept[index] && named.contains(name) {
                kept[index] = true;
                changed = true;
                names_in(range, &mut named);
            }
        }
        if !changed {
            break;
        }
    }
    dead.into_iter()
        .zip(kept)
        .filter(|(_, kept)| !kept)
        .map(|(item, _)| item)
        .collect()
}

/// rustc that failed without an error message was stopped (Ctrl-C, a kill): bundling must
/// stop too, not go on as if the bundle did not compile.
fn stopped_early(compiled: &rustc::Compiled) -> Result<()> {
    if !compiled.success && !compiled.messages.contains("error") {
        anyhow::bail!(
            "rustc stopped before it finished ({}){}",
            compiled.command,
            if compiled.messages.trim().is_empty() {
                String::new()
            } else {
                format!(":\n{}", compiled.messages.trim_end())
            }
        );
    }
    Ok(())
}

/// Whether a `dead_code` or `unused_macros` message is about items this pass cuts
/// (`function `f` is never used`, `multiple methods are never used`). Types and traits are
/// left to [`impls`], which deletes them with their impls.
fn is_cut_by_lint_pass(message: &str) -> bool {
    let removable = [
        "function",
        "associated function",
        "associated constant",
        "associated item",
        "method",
        "multiple",
        "constant",
        "static",
        "type alias",
    ]
    .iter()
    .any(|kind| message.starts_with(kind));
    let is_dead =
        removable && (message.contains(" is never used") || message.contains(" are never used"));
    is_dead || message.starts_with("unused macro definition")
}

/// `struct `X` is never constructed`, `trait `T` is never used` and the like: the name.
fn dead_type(message: &str) -> Option<String> {
    let is_type = ["struct `", "enum `", "union `", "trait `"]
        .iter()
        .any(|kind| message.starts_with(kind));
    let is_dead = message.ends_with(" is never constructed") || message.ends_with(" is never used");
    if !is_type || !is_dead {
        return None;
    }
    Some(message.split('`').nth(1)?.to_string())
}

/// Deletes each range: with its lines when it covers whole lines, else from its line when it
/// lies within one (the line map stays true either way); other ranges are left.
fn without_ranges(bundle: &Mapped, ranges: &[Range<usize>]) -> Mapped {
    let text = bundle.text.as_str();
    let mut cut_lines = BTreeSet::new();
    let mut cut_within: BTreeSet<(usize, usize)> = BTreeSet::new();
    let breaks: Vec<usize> = text.match_indices('\n').map(|(at, _)| at).collect();
    // The 0-based line of byte `offset`: the line breaks before it.
    let line_of = |offset: usize| breaks.partition_point(|&at| at < offset);
    for range in ranges {
        let start_line = line_of(range.start);
        let end_line = line_of(range.end);
        if super::linemap::on_lines_of_its_own(text, range) {
            cut_lines.extend(start_line..=end_line);
        } else if start_line == end_line {
            cut_within.extend(range.clone().map(|at| (start_line, at)));
        }
    }
    let mut out = Mapped::new();
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        if cut_lines.contains(&index) {
            continue;
        }
        let origin = |_| bundle.lines.get(index).cloned().flatten();
        if cut_within
            .range((index, start)..(index, offset))
            .next()
            .is_none()
        {
            out.push(line, origin);
            continue;
        }
        let kept: String = line
            .char_indices()
            .filter(|(at, _)| !cut_within.contains(&(index, start + at)))
            .map(|(_, c)| c)
            .collect();
        out.push(&kept, origin);
    }
    out
}

/// Identifiers inside items, statements and expressions behind a `#[cfg(…)]` (other than
/// `cfg(test)`): they may be compiled where this machine's cfg is false.
fn cfg_gated_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        gated_in(tokens, &mut names);
    }
    names
}

/// Whether an attribute (its text inside `#[…]`) is a `cfg` that may be true or false on some
/// judge: not `cfg(test)`, and not one the bundler decided ([`is_decided`]).
fn is_gating(attribute: &str) -> bool {
    attribute.starts_with("cfg")
        && attribute != "cfg (test)"
        && !is_decided(attribute)
        && decides_existence(attribute)
}

/// Whether an attribute (its text inside `#[…]`) may make its item exist on one judge and not
/// on another: a `cfg`, or a `cfg_attr` that applies one or a `path` (which picks a module's
/// file), itself or through a `cfg_attr` it applies. A `cfg_attr` that applies only other
/// attributes (libm's `cfg_attr(all(test, assert_no_panic), no_panic::no_panic)` on every
/// function) leaves its item there and type-checked everywhere: what rustc calls dead in it
/// is dead on every judge. What cannot be read is taken to decide.
fn decides_existence(attribute: &str) -> bool {
    let Ok(meta) = syn::parse_str::<syn::Meta>(attribute) else {
        return true;
    };
    meta_decides_existence(&meta)
}

fn meta_decides_existence(meta: &syn::Meta) -> bool {
    let path = meta.path();
    if path.is_ident("cfg") || path.is_ident("path") {
        return true;
    }
    if !path.is_ident("cfg_attr") {
        return false;
    }
    let syn::Meta::List(list) = meta else {
        return true;
    };
    let parser = syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated;
    let Ok(parts) = list.parse_args_with(parser) else {
        return true;
    };
    // The first part is the predicate; the others are what it applies.
    parts.len() < 2 || parts.iter().skip(1).any(meta_decides_existence)
}

/// A `cfg(…)` or `cfg_attr(…, …)` (the text inside `#[…]`) whose predicate is only `all`,
/// `any` and `not`: what the bundler makes of a test of a crate feature (`all()` where it is
/// on, `any()` where off, `cfg_attr(feature = "serde", derive(…))` becoming `cfg_attr(any(),
/// …)`). It is the same on every judge, so it gates nothing.
fn is_decided(attribute: &str) -> bool {
    let compact: String = attribute.split_whitespace().collect();
    let predicate = if let Some(rest) = compact.strip_prefix("cfg_attr(") {
        let mut depth = 0;
        let end = rest.char_indices().find(|&(_, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            c == ',' && depth == 0
        });
        match end {
            // What a decided `cfg_attr` applies may be a cfg of its own (`cfg_attr(all(),
            // cfg(unix))`): that one still gates.
            Some((end, _)) if !rest[end + 1..].starts_with("cfg") => &rest[..end],
            _ => return false,
        }
    } else if let Some(rest) = compact.strip_prefix("cfg(") {
        rest
    } else {
        return false;
    };
    let words_removed = predicate
        .replace("all", "")
        .replace("any", "")
        .replace("not", "");
    words_removed.chars().all(|c| matches!(c, '(' | ')' | ','))
}

/// Whether `attribute` is a `cfg`, or a `cfg_attr` applying one (or a `path`), that may
/// apply on some judge ([`decides_existence`]).
fn is_cfg(attribute: &syn::Attribute) -> bool {
    (attribute.path().is_ident("cfg") || attribute.path().is_ident("cfg_attr"))
        && !is_decided(&attribute.meta.to_token_stream().to_string())
        && meta_decides_existence(&attribute.meta)
}

fn gated_in(tokens: TokenStream, names: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        let is_cfg_attr = matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == '#')
            && matches!(tokens.get(i + 1), Some(TokenTree::Group(g))
                if is_gating(&g.stream().to_string()));
        let applies_other = |g: &proc_macro2::Group| {
            let attribute = g.stream().to_string();
            attribute.starts_with("cfg_attr") && !is_decided(&attribute)
        };
        if let (TokenTree::Punct(p), Some(TokenTree::Group(g))) = (&tokens[i], tokens.get(i + 1)) {
            if p.as_char() == '#' && !is_cfg_attr && applies_other(g) {
                // What such an attribute applies may name an item on some judge (a derive's
                // trait): its own names stay, not its subject's.
                idents_of(&tokens[i + 1], names);
            }
        }
        if is_cfg_attr {
            // The attribute's subject: up to a `;` or through the first `{ … }` at this level.
            let mut j = i + 2;
            while j < tokens.len() {
                idents_of(&tokens[j], names);
                match &tokens[j] {
                    TokenTree::Punct(p) if p.as_char() == ';' => break,
                    TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Brace => break,
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        if let TokenTree::Group(group) = &tokens[i] {
            gated_in(group.stream(), names);
        }
        i += 1;
    }
}

/// The names of the `type` aliases in `items` and their modules.
fn alias_names(items: &[syn::Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            syn::Item::Type(alias) => {
                names.insert(alias.ident.to_string());
            }
            syn::Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    names.extend(alias_names(inner));
                }
            }
            _ => {}
        }
    }
    names
}

/// Whether the type `ty` is headed by (`Quick`, `Quick<T>`, `&Quick`, `self::Quick`) is surely
/// the type of that name its module defines (`types`, [`type_names`]): a module's own item
/// shadows any import of its name, but a longer path (`super::Quick`) may name an alias
/// elsewhere.
fn is_module_type(ty: &syn::Type, types: &BTreeSet<String>) -> bool {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.leading_colon.is_none() => {
            let segments: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
            let name = match segments.as_slice() {
                [name] => name,
                [first, name] if first.ident == "self" => name,
                _ => return false,
            };
            types.contains(&name.ident.to_string())
        }
        syn::Type::Reference(r) => is_module_type(&r.elem, types),
        syn::Type::Paren(p) => is_module_type(&p.elem, types),
        syn::Type::Group(g) => is_module_type(&g.elem, types),
        _ => false,
    }
}

/// The names of the structs, enums, unions and traits `items` define (not their modules'). A
/// name of an alias too means the type there: a module's own item shadows any import of that
/// name, so only there does an impl written with the name surely belong to the type.
fn type_names(items: &[syn::Item]) -> BTreeSet<String> {
    let ident = |item: &syn::Item| match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Union(u) => Some(u.ident.to_string()),
        syn::Item::Trait(t) => Some(t.ident.to_string()),
        _ => None,
    };
    items.iter().filter_map(ident).collect()
}

pub(super) fn idents_of(token: &TokenTree, names: &mut BTreeSet<String>) {
    match token {
        TokenTree::Ident(ident) => {
            names.insert(ident.to_string());
        }
        TokenTree::Group(group) => group
            .stream()
            .into_iter()
            .for_each(|t| idents_of(&t, names)),
        _ => {}
    }
}

#[derive(Default)]
struct Collector {
    items: Vec<Candidate>,
    /// Structs, enums and unions.
    type_definitions: Vec<Range<usize>>,
}

impl Collector {
    fn add(&mut self, ident: &syn::Ident, range: Range<usize>) {
        self.items.push(Candidate {
            name: ident.to_string(),
            name_start: ident.span().byte_range().start,
            range,
        });
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let range = item.span().byte_range();
        match item {
            syn::Item::Fn(i) => self.add(&i.sig.ident, range),
            syn::Item::Const(i) => self.add(&i.ident, range),
            syn::Item::Static(i) => self.add(&i.ident, range),
            syn::Item::Type(i) => self.add(&i.ident, range),
            syn::Item::Trait(i) => self.add(&i.ident, range),
            syn::Item::Enum(i) => {
                self.type_definitions.push(range.clone());
                self.add(&i.ident, range);
            }
            syn::Item::Struct(_) | syn::Item::Union(_) => self.type_definitions.push(range),
            syn::Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.add(ident, range);
                }
            }
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let range = item.span().byte_range();
        match item {
            syn::ImplItem::Fn(i) => self.add(&i.sig.ident, range),
            syn::ImplItem::Const(i) => self.add(&i.ident, range),
            _ => {}
        }
        visit::visit_impl_item(self, item);
    }

    fn visit_block(&mut self, _: &'ast syn::Block) {
        // Items inside function bodies are left alone.
    }
}

#[cfg(test)]
mod tests {
    /// Tests of the passes: `text` compiled with `rustc --edition 2021` as `dir/name`, and what it
    /// prints.
    pub(super) fn run(text: &str, dir: &Path, name: &str) -> String {
        let source = dir.join(format!("{name}.rs"));
        let binary = dir.join(name);
        std::fs::write(&source, text).unwrap();
        let built = std::process::Command::new("rustc")
            .args(["--edition", "2021", "-o"])
            .arg(&binary)
            .arg(&source)
            .output()
            .unwrap();
        assert!(built.status.success(), "{text}");
        let output = std::process::Command::new(&binary).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    }

    use super::*;

    #[test]
    fn the_state_of_a_shake_whose_process_is_gone_goes_and_a_running_ones_stays() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join(format!("{ABANDONED_PREFIX}{}", u32::MAX));
        let running = incremental_base(dir.path());
        let other = dir.path().join(format!("{ABANDONED_PREFIX}x"));
        for folder in [&gone, &running, &other] {
            std::fs::create_dir_all(folder.join("shake")).unwrap();
        }
        remove_abandoned_state(dir.path());
        assert!(!gone.exists());
        assert!(running.join("shake").is_dir());
        assert!(other.join("shake").is_dir());
    }

    #[test]
    fn a_check_after_others_under_the_same_name_finds_what_a_fresh_one_finds() {
        let text = |called: &str| {
            format!(
                "fn main() {{ lib::{called}(); }}\n#[allow(dead_code)]\nmod lib {{\n\
                 pub fn a() -> u32 {{ 1 }}\npub fn b() -> u32 {{ a() + 1 }}\n\
                 pub fn c() -> u32 {{ 3 }}\n}}\n"
            )
        };
        let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
        let [kept, fresh] = dirs.each_ref().map(|dir| Judge {
            lints_line: 1,
            edition: Edition::E2021,
            scratch: dir.path(),
            jobs: 1,
            with_later_crates: false,
        });
        for called in ["b", "c", "b", "a", "c"] {
            let again = kept.check(&text(called)).unwrap();
            let _ = std::fs::remove_dir_all(incremental_base(fresh.scratch));
            let first = fresh.check(&text(called)).unwrap();
            assert!(again.success && first.success, "{called}");
            assert_eq!(again.dead, first.dead, "{called}");
            assert_eq!(again.others, first.others, "{called}");
            // b() calls a(): calling b leaves c dead; calling c leaves a and b.
            let dead = if called == "c" {
                2
            } else {
                1 + usize::from(called == "a")
            };
            assert_eq!(again.dead.len(), dead, "{called}");
        }
        assert!(incremental_base(kept.scratch).join("shake").is_dir());
    }

    #[test]
    fn the_lint_pass_keeps_what_an_item_that_stays_names_and_cuts_the_rest() {
        // libm's shape: rustc calls `f64_from_bits` and `MASK` dead (only an impl of the
        // unused trait `Float`, written by a macro call, uses them) and `OtherSign` (only the
        // unused trait `Int` names it), but this pass cuts neither traits nor impls: cutting
        // everything rustc calls dead does not compile. Then what stays names stays, and
        // `cbrt`, `CBRT` and both `floor`s (one beside a module of its name) go.
        let text = "fn main() { println!(\"{}\", lib::sqrt(2.0)); }\n\
            #[allow(dead_code)]\nmod lib {\n\
            pub trait Float: Copy { fn from_bits_of(b: u64) -> Self; }\n\
            macro_rules! float_impl { ($t:ty, $from:path) => {\n\
            impl Float for $t { fn from_bits_of(b: u64) -> Self { $from(b) } } }; }\n\
            float_impl!(f64, f64_from_bits);\n\
            pub const fn f64_from_bits(b: u64) -> f64 { f64::from_bits(b & MASK) }\n\
            const MASK: u64 = u64::MAX;\n\
            pub type OtherSign = i64;\n\
            pub trait Int { fn signed(self) -> OtherSign; }\n\
            pub mod generic {\n\
            pub mod floor {\npub fn floor(x: f64) -> f64 { x.floor() }\n}\n\
            pub use self::floor::floor;\n}\n\
            pub fn floor(x: f64) -> f64 { generic::floor(x) }\n\
            pub fn sqrt(x: f64) -> f64 { x.sqrt() }\n\
            pub fn cbrt(x: f64) -> f64 { x.cbrt() * CBRT }\n\
            const CBRT: f64 = 1.0;\n}\n";
        let mut bundle = Mapped::new();
        bundle.push(text, |_| None);
        let dir = tempfile::tempdir().unwrap();
        let judge = Judge {
            lints_line: 1,
            edition: Edition::E2021,
            scratch: dir.path(),
            jobs: 1,
            with_later_crates: false,
        };
        let checked = judge.check(text).unwrap();
        assert!(checked.success && checked.dead.len() == 7, "{text}");
        let (cut, verified) = cut_dead(&bundle, &checked, &judge).unwrap().expect(text);
        assert!(verified.success);
        for gone in ["fn cbrt", "CBRT", "fn floor", "use self::floor::floor"] {
            assert!(!cut.text.contains(gone), "{gone}:\n{}", cut.text);
        }
        for kept in [
            "fn f64_from_bits",
            "const MASK",
            "type OtherSign",
            "fn sqrt",
        ] {
            assert!(cut.text.contains(kept), "{kept}:\n{}", cut.text);
        }
        assert_eq!(run(&cut.text, dir.path(), "cut"), "1.4142135623730951\n");
    }

    #[test]
    fn the_lint_pass_cuts_functions_methods_and_macros_and_leaves_types_and_traits() {
        assert!(is_cut_by_lint_pass(
            "methods `put` and `flush` are never used"
        ));
        assert!(is_cut_by_lint_pass("multiple methods are never used"));
        assert!(is_cut_by_lint_pass("unused macro definition: `m`"));
        assert!(!is_cut_by_lint_pass("struct `S` is never constructed"));
        assert!(!is_cut_by_lint_pass("trait `T` is never used"));
        assert!(!is_cut_by_lint_pass("field `a` is never read"));
        assert_eq!(
            dead_type("struct `S` is never constructed").as_deref(),
            Some("S")
        );
        assert_eq!(dead_type("trait `T` is never used").as_deref(), Some("T"));
        assert_eq!(dead_type("function `f` is never used"), None);
    }

    #[test]
    fn a_use_leaf_goes_with_a_comma_beside_it_and_a_lone_path_goes_whole() {
        let text = "use a::{B, C};\nuse a::D;\nuse a::{E as F};\n";
        let file = syn::parse_file(text).unwrap();
        let leaves = use_leaves(text, &file, 0);
        let cut = |name: &str| {
            let (_, range) = leaves.iter().find(|(n, _)| n == name).unwrap();
            let mut rest = text.to_string();
            rest.replace_range(range.clone(), "");
            rest
        };
        assert_eq!(cut("B"), "use a::{C};\nuse a::D;\nuse a::{E as F};\n");
        assert_eq!(cut("C"), "use a::{B};\nuse a::D;\nuse a::{E as F};\n");
        assert_eq!(cut("D"), "use a::{B, C};\n\nuse a::{E as F};\n");
        assert_eq!(cut("E"), "use a::{B, C};\nuse a::D;\nuse a::{};\n");
    }

    #[test]
    fn ranges_within_a_line_keep_the_line_and_its_origin() {
        let mut mapped = Mapped::new();
        mapped.push("keep(a, b);\ngone();\nlast();\n", |k| {
            Some(super::super::mapped::Origin {
                file: "f.rs".into(),
                line: 10 + k as u32,
                indent: 0,
            })
        });
        let cut = without_ranges(&mapped, &[5..8, 12..19]);
        assert_eq!(cut.text, "keep(b);\nlast();\n");
        assert_eq!(cut.lines[1].as_ref().unwrap().line, 12);
    }

    #[test]
    fn bigger_bundles_get_fewer_rustc_runs_and_the_biggest_none() {
        assert_eq!(impls::run_budget(46_000), impls::MAX_RUNS);
        assert_eq!(impls::run_budget(128 * 1024), impls::MAX_RUNS / 2);
        assert_eq!(impls::run_budget(300_000), 0);
    }

    #[test]
    fn rustc_stopped_by_a_signal_stops_bundling_but_a_compile_error_does_not() {
        let compiled = |success: bool, messages: &str| rustc::Compiled {
            success,
            messages: messages.to_string(),
            diagnostics: Vec::new(),
            command: "rustc x.rs".to_string(),
        };
        assert!(stopped_early(&compiled(false, "")).is_err());
        assert!(stopped_early(&compiled(false, "error[E0308]: mismatched types")).is_ok());
        assert!(stopped_early(&compiled(true, "")).is_ok());
    }

    #[test]
    fn checks_run_at_once_on_the_cores_no_other_task_runs_on_now() {
        assert_eq!(jobs_for(2, Some(0)), 2);
        assert_eq!(jobs_for(2, Some(1)), 1);
        assert_eq!(jobs_for(2, Some(7)), 1);
        assert_eq!(jobs_for(8, Some(5)), 3);
        assert_eq!(jobs_for(4, None), 4);
        assert_eq!(jobs_for(1, Some(0)), 1);
        assert_eq!(jobs_for(0, Some(0)), 1);
    }

    #[test]
    fn the_running_tasks_are_read_from_proc_stat() {
        let stat = "cpu  1 2 3\nctxt 99\nprocs_running 3\nprocs_blocked 0\n";
        assert_eq!(procs_running(stat), Some(3));
        assert_eq!(procs_running("cpu 1 2 3\n"), None);
        assert_eq!(procs_running("procs_running x\n"), None);
        if std::path::Path::new("/proc/stat").exists() {
            // This test's own thread is running while it reads.
            let stat = std::fs::read_to_string("/proc/stat").unwrap();
            assert!(procs_running(&stat).unwrap() >= 1);
        }
    }

    #[test]
    fn a_cfg_attr_on_a_crate_feature_that_is_off_gates_nothing() {
        let names = cfg_gated_names(
            "#[cfg_attr(any(), derive(Serialize))]\npub enum Either { Left }\n#[cfg_attr(unix, derive(Debug))]\npub struct Kept;",
        );
        assert!(
            !names.contains("Either") && !names.contains("Left"),
            "{names:?}"
        );
        // On unix `Kept` gets a derive, elsewhere not: it is there on every judge; only the
        // derive's trait may be named on one.
        assert!(
            names.contains("Debug") && !names.contains("Kept"),
            "{names:?}"
        );
        let item: syn::ItemEnum =
            syn::parse_str("#[cfg_attr(any(), derive(Serialize))] enum E { A }").unwrap();
        assert!(!is_cfg(&item.attrs[0]));
        let item: syn::ItemEnum = syn::parse_str(
            "#[cfg_attr(any(feature = \"x\", unix), cfg_attr(windows, cfg(test)))] enum E { A }",
        )
        .unwrap();
        assert!(is_cfg(&item.attrs[0]));
    }

    #[test]
    fn a_cfg_attr_that_applies_no_cfg_gates_nothing_but_its_own_names() {
        // libm writes this on every function: which names its bodies use is the same on every
        // judge, so rustc's word that they are dead holds everywhere.
        let names = cfg_gated_names(
            "#[cfg_attr(all(test, assert_no_panic), no_panic::no_panic)]\n\
             pub fn floor(x: f64) -> f64 { floor_impl(x) }\n\
             #[cfg_attr(unix, cfg(feature = \"f\"))] fn gated() { gated_use(); }\n\
             #[cfg_attr(unix, path = \"other.rs\")] mod m { fn inner() { path_use(); } }\n\
             #[cfg_attr(unix, inline, cfg_attr(windows, cfg(all())))] fn nested() { nested_use(); }",
        );
        for dead_everywhere in ["floor", "floor_impl", "x"] {
            assert!(
                !names.contains(dead_everywhere),
                "{dead_everywhere}: {names:?}"
            );
        }
        for gated in ["no_panic", "gated_use", "path_use", "nested_use"] {
            assert!(names.contains(gated), "{gated}: {names:?}");
        }
        let attribute = |text: &str| syn::parse_str::<syn::ItemFn>(text).unwrap().attrs.remove(0);
        assert!(!is_cfg(&attribute(
            "#[cfg_attr(all(test, a), no_panic::no_panic)] fn f() {}"
        )));
        assert!(!is_cfg(&attribute(
            "#[cfg_attr(unix, inline, doc = \"x\")] fn f() {}"
        )));
        assert!(is_cfg(&attribute(
            "#[cfg_attr(unix, inline, cfg(test))] fn f() {}"
        )));
        assert!(is_cfg(&attribute("#[cfg(unix)] fn f() {}")));
    }

    #[test]
    fn a_cfg_the_bundler_decided_gates_nothing() {
        // What render.rs makes of feature tests: `all()` where on, `any()` where off. Such a
        // cfg is the same on every judge (num-complex's `#[cfg(any(all(), any()))] impl …
        // Pow<$F> for &'a Complex<T>` kept `Complex` in every num bundle).
        let names = cfg_gated_names(
            "#[cfg(any(all(), any()))] impl Pow for Complex {}\n#[cfg(not(all()))] fn gone() { never(); }\n#[cfg_attr(all(), derive(Debug))] struct Shown;\n#[cfg(any(all(), unix))] fn kept() { maybe(); }",
        );
        for decided in ["Complex", "Pow", "never", "Shown"] {
            assert!(!names.contains(decided), "{decided}: {names:?}");
        }
        assert!(names.contains("maybe"), "{names:?}");
        let item: syn::ItemFn = syn::parse_str("#[cfg(not(any()))] fn f() {}").unwrap();
        assert!(!is_cfg(&item.attrs[0]));
        let item: syn::ItemFn = syn::parse_str("#[cfg(not(unix))] fn f() {}").unwrap();
        assert!(is_cfg(&item.attrs[0]));
        let item: syn::ItemFn = syn::parse_str("#[cfg_attr(all(), cfg(unix))] fn f() {}").unwrap();
        assert!(is_cfg(&item.attrs[0]));
    }

    #[test]
    fn names_behind_a_cfg_are_protected() {
        let names = cfg_gated_names(
            "#[cfg(not(unix))] fn other() { helper(); }\n#[cfg(test)] fn t() { tested(); }\nfn plain() { free(); }",
        );
        assert!(names.contains("helper") && names.contains("other"));
        assert!(!names.contains("tested") && !names.contains("free"));
    }
}
