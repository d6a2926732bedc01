//! Plain `rustc`, the way judges call it: one file, no crates.

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};

pub struct Compiled {
    pub success: bool,
    /// rustc's messages (errors and warnings), empty when it had nothing to say.
    pub messages: String,
}

pub fn compile(source: &Path, edition: &str, output: &Path) -> Result<Compiled> {
    run(source, edition, "-O", output)
}

/// Type-checks `source` without generating code (`--emit=metadata` into `output`).
pub fn type_check(source: &Path, edition: &str, output: &Path) -> Result<Compiled> {
    run(source, edition, "--emit=metadata", output)
}

fn run(source: &Path, edition: &str, mode: &str, output: &Path) -> Result<Compiled> {
    let result = Command::new("rustc")
        .args([
            "--edition",
            edition,
            mode,
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

/// [`compile`], skipped when `output` was built from the same source and edition: `oj judge`
/// and `oj stress` compile each bundle once between them. The key is kept beside `output`.
pub fn compile_cached(source: &Path, edition: &str, output: &Path) -> Result<Compiled> {
    let stamp = output.with_extension("stamp");
    let messages_file = output.with_extension("messages");
    let mut key = format!("edition {edition}\n").into_bytes();
    key.extend_from_slice(&fs::read(source)?);
    if output.is_file() && fs::read(&stamp).ok().as_deref() == Some(key.as_slice()) {
        let messages = fs::read_to_string(&messages_file).unwrap_or_default();
        return Ok(Compiled {
            success: true,
            messages,
        });
    }
    let _ = fs::remove_file(&stamp);
    let compiled = compile(source, edition, output)?;
    if compiled.success {
        fs::write(&messages_file, &compiled.messages)?;
        fs::write(&stamp, key)?;
    }
    Ok(compiled)
}
