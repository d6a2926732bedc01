//! `ojgames bundle --check`: the bundle must compile with plain rustc under editions 2018, 2021
//! and 2024 (Luogu uses 2024; a judge that passes no edition means 2015/2018) with no warning.

use std::path::Path;

use anyhow::{bail, Result};

use crate::rustc;

pub const EDITIONS: [&str; 3] = ["2018", "2021", "2024"];

pub fn check_bundle(bundle: &Path, scratch: &Path) -> Result<()> {
    std::fs::create_dir_all(scratch)?;
    for edition in EDITIONS {
        let compiled = rustc::compile(bundle, edition, &scratch.join(format!("check-{edition}")))?;
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
