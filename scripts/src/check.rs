//! `ojgames bundle --check`: the bundle must compile with plain rustc under editions 2018, 2021
//! and 2024 (Luogu uses 2024; a judge that passes no edition means 2015/2018) with no warning.

use std::path::Path;

use anyhow::{bail, Result};

use crate::bundle::LineMap;
use crate::judges::Judge;
use crate::rustc;
use crate::settings::Edition;

/// What `ojgames bundle` checks in the file it wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// No check; but a bundle built on a shake learned on another bundle is type-checked
    /// (and shaken again when that fails).
    Skip,
    /// The caller compiles the bundle next (judge, run, stress): no check here.
    Compiled,
    /// `rustc --emit=metadata` under the problem's edition: a broken bundle is an error.
    Types,
    /// Compiles under every edition in [`EDITIONS`]; any warning is an error.
    Editions,
}

/// The folder of a problem's scratch where its bundle's type checks (this one and the
/// judge's, [`rustc::compile_cached`]) keep rustc's incremental state.
pub const INCREMENTAL: &str = "incremental";

pub const EDITIONS: [Edition; 3] = [Edition::E2018, Edition::E2021, Edition::E2024];

/// Also holds the bundle to the APIs of `judge`'s rustc, when known.
pub fn check_bundle(bundle: &Path, judge: &Judge, scratch: &Path, lines: &LineMap) -> Result<()> {
    std::fs::create_dir_all(scratch)?;
    for edition in EDITIONS {
        // A directory of its own: rustc writes object files named after the crate beside
        // its output.
        let private = scratch.join(format!("check-{edition}-{}", std::process::id()));
        std::fs::create_dir_all(&private)?;
        let msrv = judge.rustc.as_deref();
        let compiled = rustc::compile_for_version(bundle, edition, msrv, &private.join("check"));
        let _ = std::fs::remove_dir_all(&private);
        let compiled = compiled?;
        too_new_error(&compiled, judge, lines)?;
        if !compiled.success || !compiled.messages.trim().is_empty() {
            let what = if compiled.success {
                "warns"
            } else {
                "does not compile"
            };
            bail!(
                "{} {what} with rustc --edition {edition} -O:\n{}",
                bundle.display(),
                lines.render(&compiled).trim_end()
            );
        }
    }
    Ok(())
}

/// `rustc --emit=metadata` on the bundle; its errors (at the original files and lines) are the
/// error. Warnings are left to `--check`. For a judge whose rustc version is known, the same
/// check also refuses an API stabilised after it, naming the API and both versions.
pub fn type_check(
    bundle: &Path,
    edition: Edition,
    judge: &Judge,
    scratch: &Path,
    lines: &LineMap,
) -> Result<()> {
    let private = scratch.join(format!("type-check-{}", std::process::id()));
    std::fs::create_dir_all(&private)?;
    let output = private.join("check.rmeta");
    let incremental = scratch.join(INCREMENTAL);
    let msrv = judge.rustc.as_deref();
    let crates_at = crate::bundle::first_crate_line_of(bundle);
    let checked =
        rustc::type_check_incremental(bundle, edition, msrv, &output, &incremental, crates_at);
    let _ = std::fs::remove_dir_all(&private);
    let checked = checked?;
    too_new_error(&checked, judge, lines)?;
    if !checked.success {
        bail!(
            "the bundle does not compile (rustc --edition {edition} --emit=metadata {}):\n{}",
            bundle.display(),
            lines.render(&checked).trim_end()
        );
    }
    Ok(())
}

/// The verdict on a bundle its judge's own project checked or built (`judge_project`): an
/// API the judge's rustc lacks, or any error, is the error, at the original files and lines.
pub fn judge_build_verdict(
    judged: &crate::judge_project::JudgeBuild,
    judge: &Judge,
    lines: &LineMap,
) -> Result<()> {
    too_new_error(&judged.compiled, judge, lines)?;
    if !judged.compiled.success {
        bail!(
            "the bundle does not compile ({}):\n{}",
            judged.command,
            lines.render(&judged.compiled).trim_end()
        );
    }
    Ok(())
}

/// The error naming each API `compiled` used that `judge`'s rustc lacks, if any.
fn too_new_error(compiled: &rustc::Compiled, judge: &Judge, lines: &LineMap) -> Result<()> {
    let too_new = too_new_apis(compiled, lines);
    if let (false, Some(version)) = (too_new.is_empty(), &judge.rustc) {
        bail!(
            "{} runs rustc {version}; the bundle uses APIs or syntax stabilised after it, so the judge would not compile it:\n{}",
            judge.name,
            too_new.join("\n")
        );
    }
    Ok(())
}

/// Each use of an API (clippy's `incompatible_msrv`) or of a language feature
/// ([`rustc::syntax`]) newer than the version the check held the code to, as
/// "`checked_sub_signed` at main.rs:3:15 is stable since Rust 1.90.0".
fn too_new_apis(checked: &rustc::Compiled, lines: &LineMap) -> Vec<String> {
    checked
        .diagnostics
        .iter()
        .filter(|d| {
            matches!(
                d.code(),
                Some(rustc::INCOMPATIBLE_MSRV | rustc::TOO_NEW_SYNTAX)
            )
        })
        .filter_map(|diagnostic| {
            let span = diagnostic.primary()?;
            let at = match lines.original(span.line_start, span.column_start) {
                Some((file, line, column)) => format!("{file}:{line}:{column}"),
                None => format!(
                    "{}:{}:{}",
                    span.file_name, span.line_start, span.column_start
                ),
            };
            if diagnostic.code() == Some(rustc::TOO_NEW_SYNTAX) {
                // "`if let` guards on match arms: stable since Rust 1.95.0, newer than …"
                let (feature, rest) = diagnostic.message.split_once(": stable since Rust ")?;
                let since = rest.split(',').next().unwrap_or(rest);
                return Some(format!("{feature} at {at} is stable since Rust {since}"));
            }
            let text = span.text.first().map_or("", |line| line.text.as_str());
            let from = span.column_start.saturating_sub(1) as usize;
            let to = if span.line_start == span.line_end {
                span.column_end.saturating_sub(1) as usize
            } else {
                usize::MAX
            };
            let called: String = text.chars().skip(from).take(to - from).collect();
            // A method call's span runs to its closing parenthesis: the name is the API.
            let api = called.split('(').next().unwrap_or("").trim();
            let since = diagnostic
                .message
                .rsplit("stable since `")
                .next()
                .and_then(|rest| rest.split('`').next())
                .unwrap_or("?");
            Some(format!("`{api}` at {at} is stable since Rust {since}"))
        })
        .collect()
}
