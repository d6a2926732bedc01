//! Plain `rustc`, the way judges call it: one file, no crates.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};

pub struct Compiled {
    pub success: bool,
    /// rustc's messages (errors and warnings), empty when it had nothing to say.
    pub messages: String,
}

pub fn compile(source: &Path, edition: &str, output: &Path) -> Result<Compiled> {
    let result = Command::new("rustc")
        .args([
            "--edition",
            edition,
            "-O",
            "--crate-type",
            "bin",
            "--color",
            "never",
            "-o",
        ])
        .arg(output)
        .arg(source)
        .output()
        .context("cannot run rustc; is it on PATH?")?;
    Ok(Compiled {
        success: result.status.success(),
        messages: String::from_utf8_lossy(&result.stderr).into_owned(),
    })
}
