//! Plain `rustc`, the way judges call it: one file, no crates. The one place that calls rustc.

pub mod diagnostics;

use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};

use crate::settings::Edition;
use diagnostics::Diagnostic;

pub struct Compiled {
    pub success: bool,
    /// rustc's messages (errors and warnings) as it prints them, empty when it had nothing to
    /// say.
    pub messages: String,
    /// The same messages as data (`--error-format=json`), to show at the original lines.
    pub diagnostics: Vec<Diagnostic>,
    /// The command as a user would type it, for messages.
    pub command: String,
}

impl Compiled {
    /// From rustc's exit status and its JSON output (lines that are not JSON, such as a
    /// linker's, are kept as they are).
    fn from_output(success: bool, output: &str, command: String) -> Compiled {
        let diagnostics = diagnostics::parse(output);
        let mut messages = String::new();
        for line in output.lines() {
            match serde_json::from_str::<Diagnostic>(line) {
                Ok(diagnostic) => messages.push_str(diagnostic.rendered.as_deref().unwrap_or("")),
                Err(_) => {
                    messages.push_str(line);
                    messages.push('\n');
                }
            }
        }
        Compiled {
            success,
            messages,
            diagnostics,
            command,
        }
    }
}

const FLAGS: [&str; 7] = [
    "-O",
    "--crate-type",
    "bin",
    "--color",
    "never",
    "--error-format",
    "json",
];

pub fn compile(source: &Path, edition: Edition, output: &Path) -> Result<Compiled> {
    run(None, source, edition, FLAGS[0], &[], None, output)
}

/// [`compile`], held to the APIs of rustc `msrv` when given ([`type_check_for_version`]).
pub fn compile_for_version(
    source: &Path,
    edition: Edition,
    msrv: Option<&str>,
    output: &Path,
) -> Result<Compiled> {
    run(None, source, edition, FLAGS[0], &[], msrv, output)
}

/// clippy's lint that holds code to the APIs of a Rust version: an item stabilised later is
/// this lint's diagnostic.
pub const INCOMPATIBLE_MSRV: &str = "clippy::incompatible_msrv";

/// [`compile`] with more arguments after the flags: the benchmark links its proconio
/// competitors with `--extern`, compiled otherwise as a judge compiles a bundle.
pub fn compile_with(
    source: &Path,
    edition: Edition,
    extra: &[OsString],
    output: &Path,
) -> Result<Compiled> {
    run(None, source, edition, FLAGS[0], extra, None, output)
}

/// Type-checks `source` without generating code (`--emit=metadata` into `output`).
pub fn type_check(source: &Path, edition: Edition, output: &Path) -> Result<Compiled> {
    run(None, source, edition, "--emit=metadata", &[], None, output)
}

/// [`type_check`] that also holds the code to the APIs of rustc `version` (a judge's): run by
/// clippy-driver (rustc with clippy's lints) with only [`INCOMPATIBLE_MSRV`] on, denied, at
/// that version (`CARGO_PKG_RUST_VERSION`, as cargo passes a package's `rust-version`). The
/// same one type check: clippy's other lints are off.
pub fn type_check_for_version(
    source: &Path,
    edition: Edition,
    version: &str,
    output: &Path,
) -> Result<Compiled> {
    run(
        None,
        source,
        edition,
        "--emit=metadata",
        &[],
        Some(version),
        output,
    )
}

/// The codes rustc gives to errors of its lexer (an unterminated string, comment or
/// character); its parser's errors have none.
const LEXER_CODES: [&str; 7] = [
    "E0748", "E0758", "E0762", "E0763", "E0765", "E0766", "E0767",
];

/// rustc's own syntax errors in `source`, a file that does not parse, named as the user
/// names it: rustc runs in `dir` on `source` relative to it, checking only (into `output`).
/// Only the errors of its lexer and parser are kept, not those of later passes (an unresolved
/// import of a library rustc is not given). Empty when rustc finds no syntax error.
pub fn syntax_errors(dir: &Path, source: &Path, edition: Edition, output: &Path) -> Result<String> {
    let compiled = run(
        Some(dir),
        source,
        edition,
        "--emit=metadata",
        &[],
        None,
        output,
    )?;
    let _ = fs::remove_file(output);
    Ok(compiled
        .diagnostics
        .iter()
        .filter(|d| d.level == "error" && !d.spans.is_empty())
        .filter(|d| d.code().is_none_or(|code| LEXER_CODES.contains(&code)))
        .filter_map(|d| d.rendered.as_deref())
        .collect())
}

/// Type-checks `text` as `scratch/NAME-PID.rs`, a file of this process's own (two bundles of
/// one problem may run at once), removed afterwards with its metadata.
pub fn type_check_text(
    text: &str,
    edition: Edition,
    scratch: &Path,
    name: &str,
) -> Result<Compiled> {
    let source = scratch.join(format!("{name}-{}.rs", std::process::id()));
    let metadata = source.with_extension("rmeta");
    std::fs::write(&source, text)?;
    let compiled = type_check(&source, edition, &metadata);
    let _ = (
        std::fs::remove_file(&source),
        std::fs::remove_file(&metadata),
    );
    compiled
}

/// The LLVM IR of `text`, built unoptimised as one codegen unit with v0 symbol names and no
/// LLVM pass (not even the always-inliner, which deletes `#[inline(always)]` bodies): its
/// `define`s are the functions codegen reached from `main`. Built as `scratch/NAME-PID.rs`,
/// removed afterwards with its IR; the IR is `None` when rustc failed.
pub fn llvm_ir_text(
    text: &str,
    edition: Edition,
    scratch: &Path,
    name: &str,
) -> Result<(Compiled, Option<String>)> {
    let source = scratch.join(format!("{name}-{}.rs", std::process::id()));
    let ir = source.with_extension("ll");
    fs::write(&source, text)?;
    let mode = "-C opt-level=0 -C codegen-units=1 -C symbol-mangling-version=v0 \
                -C no-prepopulate-passes --emit=llvm-ir";
    let compiled = run(None, &source, edition, mode, &[], None, &ir);
    let read = fs::read_to_string(&ir).ok();
    let _ = (fs::remove_file(&source), fs::remove_file(&ir));
    let compiled = compiled?;
    let read = read.filter(|_| compiled.success);
    Ok((compiled, read))
}

/// rustc (in `dir`, else here) with [`FLAGS`], `mode` (one or more words) in place of `-O`,
/// then `extra`; with `msrv`, clippy-driver holding the code to that Rust version's APIs.
fn run(
    dir: Option<&Path>,
    source: &Path,
    edition: Edition,
    mode: &str,
    extra: &[OsString],
    msrv: Option<&str>,
    output: &Path,
) -> Result<Compiled> {
    let program = if msrv.is_some() {
        "clippy-driver"
    } else {
        "rustc"
    };
    let mut command = Command::new(program);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command
        .args(["--edition", edition.as_str()])
        .args(mode.split(' '))
        .args(&FLAGS[1..])
        .args(extra);
    let mut lints = String::new();
    if let Some(version) = msrv {
        let deny = ["-A", "clippy::all", "-D", INCOMPATIBLE_MSRV];
        command.args(deny).env("CARGO_PKG_RUST_VERSION", version);
        lints = format!(" {} (CARGO_PKG_RUST_VERSION={version})", deny.join(" "));
    }
    let result = command
        .arg("-o")
        .arg(output)
        .arg(source)
        .output()
        .with_context(|| match msrv {
            Some(_) => "cannot run clippy-driver, which holds a bundle to its judge's rustc version; install it with `rustup component add clippy`".to_string(),
            None => "cannot run rustc; is it on PATH?".to_string(),
        })?;
    Ok(Compiled::from_output(
        result.status.success(),
        &String::from_utf8_lossy(&result.stderr),
        format!(
            "{program} --edition {edition} {mode}{lints} {}",
            source.display()
        ),
    ))
}

/// [`compile`] into `cache/<key>/solution`, where the key is a hash of the source, the edition
/// and the flags: compiled once however many judges, runs and stresses ask, and two
/// invocations at once never write the same file (each compiles into a file of its own and
/// renames it into place).
///
/// With `msrv` (the judge's rustc version), clippy-driver compiles it instead, holding the
/// code to that version's APIs ([`type_check_for_version`]): the same program, and an API
/// the judge lacks is the compile error the judge would give.
pub fn compile_cached(
    source: &Path,
    edition: Edition,
    msrv: Option<&str>,
    cache: &Path,
) -> Result<(Compiled, PathBuf)> {
    let text = fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (edition.as_str(), FLAGS, msrv, &text).hash(&mut hasher);
    let dir = cache.join(format!("{:016x}", hasher.finish()));
    let program = dir.join("solution");
    let messages_file = dir.join("messages");
    let command = format!("rustc --edition {edition} -O {}", source.display());
    if program.is_file() {
        if let Ok(output) = fs::read_to_string(&messages_file) {
            return Ok((Compiled::from_output(true, &output, command), program));
        }
    }
    // rustc writes its object files beside its output, named after the crate: each
    // invocation compiles in a directory of its own, then renames the result into place.
    let private = dir.join(format!("build-{}", std::process::id()));
    fs::create_dir_all(&private).with_context(|| format!("cannot create {}", private.display()))?;
    let compiled = run(
        None,
        source,
        edition,
        FLAGS[0],
        &[],
        msrv,
        &private.join("solution"),
    );
    if let Ok(compiled) = &compiled {
        if compiled.success {
            let json: Vec<String> = compiled
                .diagnostics
                .iter()
                .filter_map(|d| serde_json::to_string(d).ok())
                .collect();
            fs::write(private.join("messages"), json.join("\n"))?;
            fs::rename(private.join("solution"), &program)?;
            fs::rename(private.join("messages"), &messages_file)?;
        }
    }
    let _ = fs::remove_dir_all(&private);
    let compiled = compiled?;
    Ok((compiled, program))
}
