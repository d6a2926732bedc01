//! `ojgames bundle --check`: the bundle must compile with plain rustc under editions 2018, 2021
//! and 2024 (Luogu uses 2024; a judge that passes no edition means 2015/2018) with no warning.

use std::path::Path;

use anyhow::{bail, Result};

use crate::bundle::LineMap;
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

pub const EDITIONS: [Edition; 3] = [Edition::E2018, Edition::E2021, Edition::E2024];

pub fn check_bundle(bundle: &Path, scratch: &Path, lines: &LineMap) -> Result<()> {
    std::fs::create_dir_all(scratch)?;
    for edition in EDITIONS {
        // A directory of its own: rustc writes object files named after the crate beside
        // its output.
        let private = scratch.join(format!("check-{edition}-{}", std::process::id()));
        std::fs::create_dir_all(&private)?;
        let compiled = rustc::compile(bundle, edition, &private.join("check"));
        let _ = std::fs::remove_dir_all(&private);
        let compiled = compiled?;
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
/// error. Warnings are left to `--check`.
pub fn type_check(bundle: &Path, edition: Edition, scratch: &Path, lines: &LineMap) -> Result<()> {
    let private = scratch.join(format!("type-check-{}", std::process::id()));
    std::fs::create_dir_all(&private)?;
    let checked = rustc::type_check(bundle, edition, &private.join("check.rmeta"));
    let _ = std::fs::remove_dir_all(&private);
    let checked = checked?;
    if !checked.success {
        bail!(
            "the bundle does not compile (rustc --edition {edition} --emit=metadata {}):\n{}",
            bundle.display(),
            lines.render(&checked).trim_end()
        );
    }
    Ok(())
}
