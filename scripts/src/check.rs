//! `ojgames bundle --check`: the bundle must compile with plain rustc under edition 2021 and 2024
//! (Luogu uses 2024) with no warning at all.

use std::path::Path;

use anyhow::{bail, Result};

use crate::rustc;
use crate::settings::Edition;

pub const EDITIONS: [Edition; 2] = [Edition::E2021, Edition::E2024];

pub fn check_bundle(bundle: &Path, scratch: &Path) -> Result<()> {
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
                compiled.messages.trim_end()
            );
        }
    }
    Ok(())
}
