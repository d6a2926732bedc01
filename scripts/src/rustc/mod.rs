//! Plain `rustc`, the way judges call it: one file, no crates. The one place that calls rustc.

pub mod diagnostics;
pub mod syntax;

use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{Context, Result};

use crate::settings::Edition;
use diagnostics::{Code, Diagnostic, DiagnosticSpan, SpanLine};

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
    /// The diagnostics as rustc's JSON lines: what [`Compiled::from_output`] reads back when a
    /// compile is kept and its messages are shown again.
    pub(crate) fn diagnostics_json(&self) -> String {
        let lines: Vec<String> = self
            .diagnostics
            .iter()
            .filter_map(|d| serde_json::to_string(d).ok())
            .collect();
        lines.join("\n")
    }

    /// The same, its spans in file `from` (as rustc named it) named `to`: the judge's project
    /// compiles a copy of the bundle as `src/main.rs`, and the line map knows the bundle.
    pub fn with_file_renamed(mut self, from: &str, to: &str) -> Compiled {
        fn rename(diagnostic: &mut Diagnostic, from: &str, to: &str) {
            for span in &mut diagnostic.spans {
                if span.file_name == from {
                    span.file_name = to.to_string();
                }
            }
            for child in &mut diagnostic.children {
                rename(child, from, to);
            }
        }
        for diagnostic in &mut self.diagnostics {
            rename(diagnostic, from, to);
        }
        self
    }

    /// From rustc's exit status and its JSON output (lines that are not JSON, such as a
    /// linker's, are kept as they are).
    pub(crate) fn from_output(success: bool, output: &str, command: String) -> Compiled {
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

/// [`compile`], held to the APIs of rustc `msrv` when given ([`type_check_incremental`]).
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

/// The code of the diagnostic for a language feature newer than the version the check holds
/// the code to ([`syntax`]): clippy's lint sees library APIs only.
pub const TOO_NEW_SYNTAX: &str = "ojgames::too_new_syntax";

/// An error for each use in `text` (the file rustc names `file_name`) of a language feature
/// that rustc `version` lacks, as rustc would draw it.
fn too_new_syntax(text: &str, file_name: &str, version: &str) -> Vec<Diagnostic> {
    let lines: Vec<&str> = text.lines().collect();
    syntax::too_new(text, version)
        .into_iter()
        .map(|found| {
            let message = format!(
                "{}: stable since Rust {}, newer than the judge's rustc {version}",
                found.feature.name, found.feature.since
            );
            let covered = (found.line..=found.end_line)
                .filter_map(|n| lines.get(n as usize - 1))
                .map(|line| SpanLine {
                    text: line.to_string(),
                })
                .collect();
            let label = format!("needs Rust {}", found.feature.since);
            let rendered = format!(
                "error: {message}\n --> {file_name}:{}:{}\n",
                found.line, found.column
            );
            Diagnostic {
                message,
                code: Some(Code {
                    code: TOO_NEW_SYNTAX.to_string(),
                }),
                level: "error".to_string(),
                spans: vec![DiagnosticSpan {
                    file_name: file_name.to_string(),
                    line_start: found.line,
                    line_end: found.end_line,
                    column_start: found.column,
                    column_end: found.end_column,
                    is_primary: true,
                    label: Some(label),
                    suggested_replacement: None,
                    text: covered,
                }],
                children: Vec::new(),
                rendered: Some(rendered),
            }
        })
        .collect()
}

/// The uses in the file at `path` (named `file_name` as rustc names it) of language features
/// newer than rustc `version`, as errors ([`too_new_syntax`]).
fn syntax_check(path: &Path, file_name: &str, version: &str) -> Result<Vec<Diagnostic>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(too_new_syntax(&text, file_name, version))
}

/// `command`'s output and, with `syntax` (the file's path, its name as rustc names it, the
/// judge's version), [`syntax_check`] of that file beside it on another thread: syn's parse
/// of a whole bundle waits on no rustc and no rustc waits on it.
fn output_beside_syntax(
    command: &mut Command,
    syntax: Option<(&Path, &str, &str)>,
) -> (
    std::io::Result<std::process::Output>,
    Result<Vec<Diagnostic>>,
) {
    let Some((path, file_name, version)) = syntax else {
        return (command.output(), Ok(Vec::new()));
    };
    std::thread::scope(|scope| {
        let checking = scope.spawn(|| syntax_check(path, file_name, version));
        let output = command.output();
        let found = checking.join().expect("the syntax check panicked");
        (output, found)
    })
}

/// `compiled` held to the language of the judge's rustc as well: each use in the source of a
/// newer feature (`found`, [`syntax_check`]) is an error before clippy's.
fn hold_syntax(mut compiled: Compiled, found: Vec<Diagnostic>) -> Compiled {
    if !found.is_empty() {
        let rendered: String = found.iter().filter_map(|d| d.rendered.clone()).collect();
        compiled.success = false;
        compiled.messages.insert_str(0, &rendered);
        compiled.diagnostics.splice(0..0, found);
    }
    compiled
}

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

/// Type-checks `source` without generating code (`--emit=metadata` into `output`); with
/// `msrv` (a judge's rustc version), clippy-driver (rustc with clippy's lints) runs it with only
/// [`INCOMPATIBLE_MSRV`] on, denied, at that version (`CARGO_PKG_RUST_VERSION`, as cargo passes
/// a package's `rust-version`), holding the code to that version's APIs. Keeps rustc's incremental
/// state (`-C incremental`) in a directory of `under` for this program, version and edition
/// ([`incremental_dir`]): after an edit of a few lines only the items that changed are
/// checked again, and rustc replays the diagnostics of the rest. A type check emits no code,
/// so the state cannot change what a judge runs. Two runs at once are safe (rustc locks each
/// session; one that cannot reuse a locked one starts afresh), and rustc keeps only the last
/// finished session of each crate.
///
/// A bundle's solution comes first and its pasted crates after it, so an edit that adds or
/// removes a line of the solution moves every crate's line, and rustc's state keyed on lines
/// is then worth less than none (the check of the std-only ALPC G after a one-line edit:
/// 356-472 ms with the state against 242-338 ms without). So the check reads a copy of the
/// bundle with blank lines before its first crate (line `crates_at`, 0-based, which the
/// caller knows to lie between two items of the root: `bundle::first_crate_line`), as many as
/// keep that crate at the line where the last check of this state saw it ([`padded_check`]);
/// its diagnostics are given back at the bundle's own lines.
pub fn type_check_incremental(
    source: &Path,
    edition: Edition,
    msrv: Option<&str>,
    output: &Path,
    under: &Path,
    crates_at: Option<usize>,
) -> Result<Compiled> {
    let dir = incremental_dir(under, edition, msrv);
    if let Some(at) = crates_at {
        return padded_check(source, at, edition, msrv, output, &dir);
    }
    let flag = incremental_flag(&dir);
    let checked = run(
        None,
        source,
        edition,
        "--emit=metadata",
        &flag,
        msrv,
        output,
    )?;
    again_without_state_on_panic(checked, Some(&dir), || {
        run(None, source, edition, "--emit=metadata", &[], msrv, output)
    })
}

/// Blank lines a padded copy gets beyond the solution's own when its crates must move down
/// ([`padded_check`]): room for the solution to grow by that many lines before they move again.
const PAD_SLACK: usize = 64;

/// [`type_check_incremental`] of a bundle that pastes crates, through a copy of it whose first
/// crate (line `at` of `source`) stays at one line across edits of the solution.
///
/// The copy is `DIR.src/<the bundle's file name>` beside the state `dir` (one path, so the
/// state knows it), with `crates-at` there recording the line its first crate was put at;
/// a solution that outgrows it moves the crates [`PAD_SLACK`] lines further. The blank lines go
/// between two items of the bundle's root, so the check sees the same code. Two checks of one
/// state at once do not share the copy: the second (the lock held) checks the bundle itself,
/// without the state.
fn padded_check(
    source: &Path,
    at: usize,
    edition: Edition,
    msrv: Option<&str>,
    output: &Path,
    dir: &Path,
) -> Result<Compiled> {
    let plain = || run(None, source, edition, "--emit=metadata", &[], msrv, output);
    let (Ok(text), Some(name), Some(state)) = (
        fs::read_to_string(source),
        source.file_name(),
        dir.file_name(),
    ) else {
        return plain();
    };
    let mut copies = state.to_os_string();
    copies.push(".src");
    let copies = dir.with_file_name(copies);
    // The padding only saves time: a place it cannot be made, or a check of the same state
    // running (its lock held), gets the plain check.
    let Some((copy, at, pad, _lock)) = padded_copy(&copies, name, &text, at) else {
        return plain();
    };
    let flag = incremental_flag(dir);
    let checked = run(None, &copy, edition, "--emit=metadata", &flag, msrv, output)?;
    let checked = unpadded(checked, &copy, source, at, pad);
    again_without_state_on_panic(checked, Some(dir), plain)
}

/// `text` written to `copies/name` with blank lines before its line `at` (see
/// [`padded_check`]), the lock on it held: the copy, `at`, the number of blank lines and the
/// lock. `None` when another process holds the lock or a file cannot be written.
fn padded_copy(
    copies: &Path,
    name: &std::ffi::OsStr,
    text: &str,
    at: usize,
) -> Option<(PathBuf, usize, usize, fs::File)> {
    fs::create_dir_all(copies).ok()?;
    let lock = fs::File::create(copies.join("lock")).ok()?;
    lock.try_lock().ok()?;
    let record = copies.join("crates-at");
    let kept: Option<usize> = fs::read_to_string(&record)
        .ok()
        .and_then(|t| t.trim().parse().ok());
    let crates_at = match kept {
        Some(line) if line >= at => line,
        _ => {
            let line = at + PAD_SLACK;
            fs::write(&record, format!("{line}\n")).ok()?;
            line
        }
    };
    let pad = crates_at - at;
    let offset: usize = text.split_inclusive('\n').take(at).map(str::len).sum();
    let mut padded = String::with_capacity(text.len() + pad);
    padded.push_str(&text[..offset]);
    padded.push_str(&"\n".repeat(pad));
    padded.push_str(&text[offset..]);
    let copy = copies.join(name);
    fs::write(&copy, &padded).ok()?;
    Some((copy, at, pad, lock))
}

/// The diagnostics of a check of a padded copy ([`padded_check`]) at the lines and the name of
/// the bundle it was made from: lines after the `pad` blank lines put after line `at` move up
/// by `pad`.
fn unpadded(checked: Compiled, copy: &Path, source: &Path, at: usize, pad: usize) -> Compiled {
    fn shift(diagnostic: &mut Diagnostic, copy: &str, at: u32, pad: u32) {
        let back = |line: u32| match line {
            l if l > at + pad => l - pad,
            l if l > at => at + 1,
            l => l,
        };
        for span in diagnostic.spans.iter_mut().filter(|s| s.file_name == copy) {
            span.line_start = back(span.line_start);
            span.line_end = back(span.line_end);
        }
        for child in &mut diagnostic.children {
            shift(child, copy, at, pad);
        }
    }
    let (copy_name, source_name) = (copy.display().to_string(), source.display().to_string());
    let (Ok(at), Ok(pad)) = (u32::try_from(at), u32::try_from(pad)) else {
        return checked;
    };
    let mut checked = checked;
    for diagnostic in &mut checked.diagnostics {
        shift(diagnostic, &copy_name, at, pad);
    }
    checked.messages = checked.messages.replace(&copy_name, &source_name);
    checked.command = checked.command.replace(&copy_name, &source_name);
    checked.with_file_renamed(&copy_name, &source_name)
}

/// `checked`, or when rustc panicked (an internal compiler error, not the code's) with its
/// incremental state in `state`, `again()` after the state is removed: that state is where its
/// panics come from most ("unstable fingerprints"), and the judge's rustc has none.
fn again_without_state_on_panic(
    checked: Compiled,
    state: Option<&Path>,
    again: impl FnOnce() -> Result<Compiled>,
) -> Result<Compiled> {
    match state {
        Some(dir) if !checked.success && is_internal_error(&checked.messages) => {
            let _ = std::fs::remove_dir_all(dir);
            again()
        }
        _ => Ok(checked),
    }
}

/// Whether rustc's `messages` say it panicked (an internal compiler error), not the code.
fn is_internal_error(messages: &str) -> bool {
    messages.contains("internal compiler error")
}

/// The directory of `under` for the incremental state of one kind of type check: one per
/// program (rustc or clippy-driver), judge's version (clippy reads it from the environment,
/// which rustc's state does not record) and edition.
fn incremental_dir(under: &Path, edition: Edition, msrv: Option<&str>) -> PathBuf {
    under.join(format!("{}-{edition}", checker_name(msrv)))
}

/// The program of a type check, as its incremental state is named: `rustc`, or
/// `clippy-VERSION` holding the code to rustc `VERSION`'s APIs.
fn checker_name(msrv: Option<&str>) -> String {
    msrv.map_or_else(|| "rustc".to_string(), |v| format!("clippy-{v}"))
}

/// The folder of a judge's project where [`run_recorded`]'s type checks keep rustc's
/// incremental state.
const INCREMENTAL_FOLDER: &str = "ojgames-incremental";

/// `-C incremental=DIR`.
fn incremental_flag(dir: &Path) -> [OsString; 2] {
    let mut value = OsString::from("incremental=");
    value.push(dir);
    ["-C".into(), value]
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
    type_check_text_in(text, edition, scratch, name, None)
}

/// [`type_check_text`] keeping rustc's incremental state in `incremental` (created when
/// missing): checks of texts that differ by a few items, one after another under the same
/// `name`, check again only what changed. `name` must be the same from one to the next (it
/// names the crate and its file, which the state is keyed by), and two checks at once need
/// two directories. The caller removes it.
pub fn type_check_text_incremental(
    text: &str,
    edition: Edition,
    scratch: &Path,
    name: &str,
    incremental: &Path,
) -> Result<Compiled> {
    type_check_text_in(text, edition, scratch, name, Some(incremental))
}

fn type_check_text_in(
    text: &str,
    edition: Edition,
    scratch: &Path,
    name: &str,
    incremental: Option<&Path>,
) -> Result<Compiled> {
    let source = scratch.join(format!("{name}-{}.rs", std::process::id()));
    let metadata = source.with_extension("rmeta");
    std::fs::write(&source, text)?;
    let flag = incremental.map(incremental_flag);
    let extra = flag.as_ref().map_or(&[][..], |flag| &flag[..]);
    let compiled = run(
        None,
        &source,
        edition,
        "--emit=metadata",
        extra,
        None,
        &metadata,
    );
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
    let mut command = Command::new(program_path(program, dir));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command
        .args(["--edition", edition.as_str()])
        .args(mode.split(' '))
        .args(&FLAGS[1..])
        .args(extra);
    let lints = hold_to_version(&mut command, msrv);
    command.arg("-o").arg(output).arg(source);
    let path = dir.map_or_else(|| source.to_path_buf(), |dir| dir.join(source));
    let file_name = source.display().to_string();
    let syntax = msrv.map(|version| (path.as_path(), file_name.as_str(), version));
    let (result, found) = output_beside_syntax(&mut command, syntax);
    let result = result.with_context(|| match msrv {
            Some(_) => "cannot run clippy-driver, which holds a bundle to its judge's rustc version; install it with `rustup component add clippy`".to_string(),
            None => "cannot run rustc; is it on PATH?".to_string(),
        })?;
    let compiled = Compiled::from_output(
        result.status.success(),
        &String::from_utf8_lossy(&result.stderr),
        format!(
            "{program} --edition {edition} {mode}{lints} {}",
            source.display()
        ),
    );
    Ok(hold_syntax(compiled, found?))
}

/// The `bin` folder of the toolchain that `rustc` here (on PATH, in this process's folder)
/// runs, once [`find_toolchain_in_background`] has asked it; `None` inside when it could not
/// tell.
static TOOLCHAIN_BIN: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Asks, on a thread of its own, which toolchain `rustc` runs, so that the runs after the
/// answer call its `rustc` and `clippy-driver` directly: rustup's proxy, which `rustc` on
/// PATH usually is, costs 15-20 ms a run, and a shake makes tens of runs. The runs before the
/// answer go through PATH as before; nothing waits for it.
pub fn find_toolchain_in_background() {
    if TOOLCHAIN_BIN.get().is_none() {
        std::thread::spawn(|| TOOLCHAIN_BIN.get_or_init(toolchain_bin));
    }
}

/// [`find_toolchain_in_background`] with its answer kept in `store` (the user's store,
/// `workspace::shared_store`): when rustup would choose the same toolchain as when the answer
/// was kept ([`toolchain_stamp`]: the same PATH, rustup's variables, its settings and proxy,
/// the same `rust-toolchain` files from this folder up) and that toolchain's `rustc` is still
/// there, every run of this process calls it directly from the start, and no `rustc --print
/// sysroot` runs; else the question is asked on a thread as before (the runs before its
/// answer go through PATH) and its answer kept. So a `judge` after an edit starts its `rustc
/// -O` and its check without rustup's proxy (7-40 ms a run) and without asking.
/// Once a process: a `judge` of a bundle calls it, then its bundling again.
pub fn use_kept_toolchain(store: &Path) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| use_kept_toolchain_now(store));
}

fn use_kept_toolchain_now(store: &Path) {
    if TOOLCHAIN_BIN.get().is_some() {
        return;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let Some(proxy) = rustups_proxy_on(&path) else {
        // Not rustup's proxy on PATH: the name, always (as `toolchain_bin` says).
        let _ = TOOLCHAIN_BIN.set(None);
        return;
    };
    let Some(stamp) = toolchain_stamp(&path, &proxy) else {
        // Where rustup keeps its settings is unknown (no HOME): asked, not kept.
        find_toolchain_in_background();
        return;
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    stamp.hash(&mut hasher);
    let slot = store.join(format!("{:016x}.bin", hasher.finish()));
    if let Some(bin) = kept_toolchain(&slot, &stamp) {
        crate::workspace::keep_alive(&slot);
        let _ = TOOLCHAIN_BIN.set(Some(bin));
        return;
    }
    let store = store.to_path_buf();
    std::thread::spawn(move || {
        if let Some(bin) = TOOLCHAIN_BIN.get_or_init(toolchain_bin) {
            if fs::create_dir_all(&store).is_ok() {
                let kept = format!("{stamp}\n{}", bin.display());
                let _ = crate::files::write_atomically(&slot, kept);
            }
        }
    });
}

/// The `bin` folder kept in `slot` under `stamp`, when its `rustc` is there.
fn kept_toolchain(slot: &Path, stamp: &str) -> Option<PathBuf> {
    let kept = fs::read_to_string(slot).ok()?;
    let bin = PathBuf::from(kept.strip_prefix(stamp)?.strip_prefix('\n')?);
    bin.join(executable("rustc")).is_file().then_some(bin)
}

/// What decides which toolchain rustup's proxy runs here, when the `rustc` on PATH is that
/// proxy (`None` otherwise): PATH, rustup's and cargo's variables, the proxy's and rustup's
/// `settings.toml`'s size and date (`rustup default`, `rustup override`, a new rustup), and
/// each `rust-toolchain`/`rust-toolchain.toml` from the current folder up (present or not, size
/// and date). A toolchain updated in place keeps its folder, so its answer stays right.
fn toolchain_stamp(path: &std::ffi::OsStr, proxy: &Path) -> Option<String> {
    let mut stamp = format!("toolchain 1\nPATH {path:?}\n");
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    for name in ["RUSTUP_TOOLCHAIN", "RUSTUP_HOME", "CARGO_HOME", "HOME"] {
        stamp.push_str(&format!("{name} {:?}\n", var(name)));
    }
    stamp.push_str(&file_stamp(proxy));
    let rustup_home = var("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|home| Path::new(&home).join(".rustup")))?;
    stamp.push_str(&file_stamp(&rustup_home.join("settings.toml")));
    // `rustup toolchain link NAME DIR` re-pointing a name replaces its link there.
    stamp.push_str(&file_stamp(&rustup_home.join("toolchains")));
    let here = std::path::absolute(".").ok()?;
    for dir in here.ancestors() {
        for name in ["rust-toolchain", "rust-toolchain.toml"] {
            stamp.push_str(&file_stamp(&dir.join(name)));
        }
    }
    Some(stamp)
}

/// A line naming the file at `path`, its size and its date (`none` when it is missing).
fn file_stamp(path: &Path) -> String {
    match fs::metadata(path) {
        Ok(meta) => {
            let modified = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {} {modified}\n", path.display(), meta.len())
        }
        Err(_) => format!("{} none\n", path.display()),
    }
}

/// Which `rustc` this process compiles with, as a key for what it compiled: the file that
/// runs (the toolchain's own once known, waiting for rustup's answer when it is pending;
/// else the first `rustc` on PATH), its size and its date. `rustup update` rewrites the
/// toolchain's `rustc` in place and `rustup default` makes the proxy choose another folder,
/// so a program the previous compiler built is not judged as this one's.
pub fn compiler_identity() -> String {
    let rustc = match TOOLCHAIN_BIN.get_or_init(toolchain_bin) {
        Some(bin) => bin.join(executable("rustc")),
        None => rustc_on(&std::env::var_os("PATH").unwrap_or_default())
            .unwrap_or_else(|| PathBuf::from("rustc")),
    };
    file_stamp(&rustc)
}

/// `SYSROOT/bin` of `rustc --print sysroot`, when a `rustc` is there and the `rustc` on PATH
/// is rustup's proxy: another program there (a wrapper of the user's, or of a test counting
/// runs) is what runs, always.
fn toolchain_bin() -> Option<PathBuf> {
    if !rustc_on_path_is_rustups_proxy(&std::env::var_os("PATH")?) {
        return None;
    }
    let output = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = String::from_utf8(output.stdout).ok()?;
    let bin = Path::new(sysroot.trim()).join("bin");
    let found = output.status.success() && bin.join(executable("rustc")).is_file();
    found.then_some(bin)
}

/// Whether the first `rustc` on `path` (a `PATH` value) is one file with the `rustup` beside it.
fn rustc_on_path_is_rustups_proxy(path: &std::ffi::OsStr) -> bool {
    rustups_proxy_on(path).is_some()
}

/// The first `rustc` on `path` when it is rustup's proxy ([`rustc_on_path_is_rustups_proxy`]).
fn rustups_proxy_on(path: &std::ffi::OsStr) -> Option<PathBuf> {
    rustc_on(path).filter(|rustc| is_same_file(rustc, &rustc.with_file_name(executable("rustup"))))
}

/// The first `rustc` on `path` (a `PATH` value).
fn rustc_on(path: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|dir| dir.join(executable("rustc")))
        .find(|rustc| rustc.is_file())
}

/// Whether `a` and `b` are one file (rustup's proxies are links to `rustup`, hard or
/// symbolic).
fn is_same_file(a: &Path, b: &Path) -> bool {
    let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len()
    }
}

fn executable(program: &str) -> String {
    format!("{program}{}", std::env::consts::EXE_SUFFIX)
}

/// What to run for `program` (`rustc`, `clippy-driver`) in `dir` (`None`: this process's
/// folder): the toolchain's own binary once known ([`find_toolchain_in_background`]), else
/// the name, found on PATH. In another folder the name (a `rust-toolchain.toml` there may
/// choose another toolchain).
fn program_path(program: &str, dir: Option<&Path>) -> PathBuf {
    let known = TOOLCHAIN_BIN.get().and_then(Option::as_ref);
    match known.filter(|_| dir.is_none()) {
        Some(bin) if bin.join(executable(program)).is_file() => bin.join(executable(program)),
        _ => PathBuf::from(program),
    }
}

/// With `msrv`, the arguments and environment that make clippy-driver deny only
/// [`INCOMPATIBLE_MSRV`] at that Rust version; the words to show after the command.
fn hold_to_version(command: &mut Command, msrv: Option<&str>) -> String {
    let Some(version) = msrv else {
        return String::new();
    };
    let deny = ["-A", "clippy::all", "-D", INCOMPATIBLE_MSRV];
    command.args(deny).env("CARGO_PKG_RUST_VERSION", version);
    format!(" {} (CARGO_PKG_RUST_VERSION={version})", deny.join(" "))
}

/// [`compile`] into `cache/<key>/solution`, where the key is a hash of the source, the edition,
/// the flags and the compiler ([`compiler_identity`]): compiled once however many judges, runs and stresses ask, and two
/// invocations at once never write the same file (each compiles into a file of its own and
/// renames it into place).
///
/// With `msrv` (the judge's rustc version), clippy-driver type-checks it at the same time (on
/// another core), holding the code to that version's APIs ([`type_check_incremental`]): an
/// API the judge lacks is the compile error the judge would give. The program itself is
/// always plain rustc's: clippy-driver turns MIR optimisations off, so its binary is not the
/// judge's.
///
/// The check keeps its incremental state under `incremental` ([`type_check_incremental`]);
/// the program never has any.
pub fn compile_cached(
    source: &Path,
    edition: Edition,
    msrv: Option<&str>,
    cache: &Path,
    incremental: &Path,
    crates_at: Option<usize>,
) -> Result<(Compiled, PathBuf)> {
    let text = fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    // "rustc": programs cached before were clippy-driver's when `msrv` was given.
    // "syntax": programs cached before were not held to the judge's language.
    let compiler = compiler_identity();
    (
        "rustc",
        "syntax",
        edition.as_str(),
        FLAGS,
        msrv,
        &text,
        compiler,
    )
        .hash(&mut hasher);
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
    let compiled = beside_check(
        || {
            run(
                None,
                source,
                edition,
                FLAGS[0],
                &[],
                None,
                &private.join("solution"),
            )
        },
        msrv.map(|version| {
            let check = private.join("check.rmeta");
            move || {
                let held = Some(version);
                type_check_incremental(source, edition, held, &check, incremental, crates_at)
            }
        }),
    );
    if let Ok(compiled) = &compiled {
        if compiled.success {
            fs::write(private.join("messages"), compiled.diagnostics_json())?;
            fs::rename(private.join("solution"), &program)?;
            fs::rename(private.join("messages"), &messages_file)?;
        }
    }
    let _ = fs::remove_dir_all(&private);
    let compiled = compiled?;
    Ok((compiled, program))
}

/// A rustc command as cargo ran it (read from `cargo -vv`'s `Running` line): the directory,
/// the environment cargo set, the program and its arguments. Run again with [`run_recorded`],
/// it compiles the crate exactly as cargo would, without cargo's fingerprinting of every
/// dependency.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Invocation {
    pub dir: PathBuf,
    pub env: Vec<(String, String)>,
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl Invocation {
    /// The command of crate `crate_name` among cargo's `-vv` lines (`Running `ENV… rustc …``),
    /// run in `dir` (cargo's workspace root).
    pub fn from_cargo_output(output: &str, crate_name: &str, dir: &Path) -> Option<Invocation> {
        output.lines().find_map(|line| {
            let command = line.trim_start().strip_prefix("Running `")?;
            let words = shell_words(command.strip_suffix('`')?)?;
            let at = words.iter().position(|w| !is_assignment(w))?;
            let (env, rest) = words.split_at(at);
            let (program, args) = rest.split_first()?;
            let named = args
                .windows(2)
                .any(|pair| pair[0] == "--crate-name" && pair[1] == crate_name);
            named.then(|| Invocation {
                dir: dir.to_path_buf(),
                env: env
                    .iter()
                    .filter_map(|w| w.split_once('='))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                program: PathBuf::from(program),
                args: args.to_vec(),
            })
        })
    }

    /// The value of `-C name=…` or `--name …`/`--name=…`.
    fn value(&self, flag: &str) -> Option<&str> {
        let mut words = self.args.iter();
        while let Some(word) = words.next() {
            if let Some(codegen) = flag.strip_prefix("-C ") {
                if word == "-C" {
                    if let Some(v) = words.next().and_then(|w| w.strip_prefix(codegen)) {
                        if let Some(v) = v.strip_prefix('=') {
                            return Some(v);
                        }
                    }
                }
            } else if word == flag {
                return words.next().map(String::as_str);
            } else if let Some(v) = word.strip_prefix(flag).and_then(|v| v.strip_prefix('=')) {
                return Some(v);
            }
        }
        None
    }

    /// The files given with `--extern name=path`: the dependencies' rlib or rmeta files.
    pub fn extern_files(&self) -> Vec<PathBuf> {
        let mut files = Vec::new();
        let mut words = self.args.iter();
        while let Some(word) = words.next() {
            if word == "--extern" {
                if let Some((_, path)) = words.next().and_then(|w| w.split_once('=')) {
                    files.push(PathBuf::from(path));
                }
            }
        }
        files
    }

    /// The executable it writes: `--out-dir` / crate name + `-C extra-filename`.
    pub fn executable(&self) -> Option<PathBuf> {
        let name = self.value("--crate-name")?;
        let extra = self.value("-C extra-filename").unwrap_or("");
        Some(Path::new(self.value("--out-dir")?).join(format!("{name}{extra}")))
    }

    /// The same command emitting only metadata into `dir` (a type check that writes nothing
    /// beside cargo's outputs).
    pub fn metadata_into(&self, dir: &Path) -> Invocation {
        let mut args = Vec::new();
        let mut words = self.args.iter();
        while let Some(word) = words.next() {
            if word == "--out-dir" {
                words.next();
                args.push(word.clone());
                args.push(dir.display().to_string());
            } else if word.starts_with("--emit") {
                if word == "--emit" {
                    words.next();
                }
                args.push("--emit=metadata".to_string());
            } else {
                args.push(word.clone());
            }
        }
        Invocation {
            args,
            ..self.clone()
        }
    }

    /// As a user would type it, for messages.
    pub fn display(&self) -> String {
        let program = self.program.file_name().unwrap_or_default();
        format!("{} {}", program.to_string_lossy(), self.args.join(" "))
    }
}

/// `NAME=value`, an environment variable before a command.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

/// A POSIX shell's words of `line` (cargo quotes with `'…'`; `"…"` and `\` are read too);
/// `None` for an unclosed quote.
fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => w.push(chars.next()?),
                        c => w.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// `compile`, and `check` beside it on another thread when given: `compile`'s result when it
/// fails or the check passes, else the check's (its errors are the ones to show).
pub fn beside_check(
    compile: impl FnOnce() -> Result<Compiled> + Send,
    check: Option<impl FnOnce() -> Result<Compiled> + Send>,
) -> Result<Compiled> {
    let Some(check) = check else {
        return compile();
    };
    let (compiled, checked) = std::thread::scope(|scope| {
        let checking = scope.spawn(check);
        let compiled = compile();
        let checked = checking.join().expect("the check panicked");
        (compiled, checked)
    });
    let compiled = compiled?;
    let checked = checked?;
    Ok(if !compiled.success || checked.success {
        compiled
    } else {
        checked
    })
}

/// Runs `invocation` again, its diagnostics as JSON (cargo's `--json=…` artifact notices
/// dropped). With `msrv`, clippy-driver of the same toolchain runs it instead, with only
/// [`INCOMPATIBLE_MSRV`] on, denied, at that version: for a type check (clippy-driver turns MIR
/// optimisations off, so a program the judge runs is never compiled by it).
pub fn run_recorded(invocation: &Invocation, msrv: Option<&str>) -> Result<Compiled> {
    // clippy-driver's runs are type checks: their incremental state in the project serves the
    // next check of an edited bundle (one folder a version: clippy reads it from the
    // environment, which the state does not record; rustc itself starts afresh when the
    // arguments change).
    let recorded_state = invocation
        .args
        .iter()
        .any(|a| a.starts_with("incremental="));
    let state = msrv.filter(|_| !recorded_state).map(|version| {
        let under = invocation.dir.join(INCREMENTAL_FOLDER);
        under.join(checker_name(Some(version)))
    });
    let compiled = run_recorded_with(invocation, msrv, state.as_deref())?;
    again_without_state_on_panic(compiled, state.as_deref(), || {
        run_recorded_with(invocation, msrv, None)
    })
}

/// [`run_recorded`], keeping rustc's incremental state in `state` if given.
fn run_recorded_with(
    invocation: &Invocation,
    msrv: Option<&str>,
    state: Option<&Path>,
) -> Result<Compiled> {
    let program = match msrv {
        Some(_) => {
            let sibling = invocation.program.with_file_name("clippy-driver");
            if sibling.is_file() {
                sibling
            } else {
                PathBuf::from("clippy-driver")
            }
        }
        None => invocation.program.clone(),
    };
    let mut command = Command::new(&program);
    command
        .current_dir(&invocation.dir)
        .envs(invocation.env.iter().map(|(k, v)| (k, v)))
        .args(invocation.args.iter().filter(|a| !a.starts_with("--json")));
    let lints = hold_to_version(&mut command, msrv);
    if let Some(state) = state {
        command.args(incremental_flag(state));
    }
    let source = invocation
        .args
        .iter()
        .find(|a| a.ends_with(".rs") && invocation.dir.join(a).is_file());
    let path = source.map(|source| invocation.dir.join(source));
    let syntax = msrv
        .zip(source.zip(path.as_deref()))
        .map(|(version, (source, path))| (path, source.as_str(), version));
    let (result, found) = output_beside_syntax(&mut command, syntax);
    let result = result.with_context(|| {
        format!(
            "cannot run {} (recorded from cargo's build)",
            program.display()
        )
    })?;
    let compiled = Compiled::from_output(
        result.status.success(),
        &String::from_utf8_lossy(&result.stderr),
        format!("{}{lints}", invocation.display()),
    );
    Ok(hold_syntax(compiled, found?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn once_the_toolchain_is_known_its_rustc_runs_directly() {
        assert_eq!(
            super::program_path("rustc", Some(std::path::Path::new("/"))),
            std::path::Path::new("rustc")
        );
        super::find_toolchain_in_background();
        let known = loop {
            if let Some(known) = super::TOOLCHAIN_BIN.get() {
                break known.clone();
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        let Some(bin) = known else {
            // Not rustup's proxy on PATH (a wrapper, a system rustc): the name, always.
            assert_eq!(
                super::program_path("rustc", None),
                std::path::Path::new("rustc")
            );
            return;
        };
        let direct = super::program_path("rustc", None);
        assert_eq!(direct, bin.join(super::executable("rustc")));
        let version = |program: &std::path::Path| {
            let out = std::process::Command::new(program)
                .arg("-vV")
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(version(&direct), version(std::path::Path::new("rustc")));
        // In another folder, the name: its own toolchain file may choose another toolchain.
        assert_eq!(
            super::program_path("rustc", Some(std::path::Path::new("/"))),
            std::path::Path::new("rustc")
        );
    }

    #[test]
    fn only_rustups_proxy_is_passed_by() {
        let dir = std::env::temp_dir().join(format!("ojgames-proxy-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (proxy, wrapped) = (dir.join("proxy"), dir.join("wrapped"));
        for bin in [&proxy, &wrapped] {
            fs::create_dir_all(bin).unwrap();
            fs::write(bin.join("rustup"), "proxy").unwrap();
            let _ = fs::remove_file(bin.join("rustc"));
        }
        fs::hard_link(proxy.join("rustup"), proxy.join("rustc")).unwrap();
        // A wrapper of the user's (or a test's counting one): the same size, another file.
        fs::write(wrapped.join("rustc"), "prox2").unwrap();
        let path = |dirs: &[&Path]| std::env::join_paths(dirs).unwrap();
        assert!(rustc_on_path_is_rustups_proxy(&path(&[&proxy])));
        assert!(!rustc_on_path_is_rustups_proxy(&path(&[&wrapped])));
        // The first `rustc` on PATH decides: a wrapper before the proxy is what runs.
        assert!(!rustc_on_path_is_rustups_proxy(&path(&[&wrapped, &proxy])));
        assert!(rustc_on_path_is_rustups_proxy(&path(&[&dir, &proxy])));
        assert!(!rustc_on_path_is_rustups_proxy(&path(&[&dir])));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_internal_compiler_error_is_told_from_an_error_of_the_code() {
        assert!(is_internal_error(
            "error: internal compiler error: found unstable fingerprints for evaluate_obligation"
        ));
        assert!(!is_internal_error("error[E0308]: mismatched types"));
    }

    use super::*;

    const RUNNING: &str = "   Compiling abc1_a v0.1.0 (/p)\n     Running `CARGO=/t/bin/cargo CARGO_PKG_AUTHORS='' CARGO_PKG_NAME=abc1_a LD_LIBRARY_PATH='/p/target/release/deps:/t/lib' /t/bin/rustc --crate-name abc1_a --edition=2024 src/main.rs --error-format=json --json=diagnostic-rendered-ansi,artifacts,future-incompat --crate-type bin --emit=dep-info,link -C opt-level=3 --check-cfg 'cfg(docsrs,test)' --check-cfg 'cfg(feature, values())' -C metadata=47c2 -C extra-filename=-f1a5 --out-dir /p/target/release/deps -L dependency=/p/target/release/deps --extern ac_library=/p/target/release/deps/libac_library-4376.rlib --extern 'it=/p/with space/libit.rlib'`\n    Finished `release` profile";

    #[test]
    fn cargos_running_line_gives_the_command_its_environment_and_its_crates() {
        let dir = Path::new("/p");
        let invocation = Invocation::from_cargo_output(RUNNING, "abc1_a", dir).unwrap();
        assert_eq!(invocation.program, Path::new("/t/bin/rustc"));
        assert_eq!(invocation.dir, dir);
        assert!(invocation
            .env
            .contains(&("CARGO_PKG_AUTHORS".to_string(), String::new())));
        assert!(invocation.env.contains(&(
            "LD_LIBRARY_PATH".to_string(),
            "/p/target/release/deps:/t/lib".to_string()
        )));
        assert_eq!(invocation.args[..2], ["--crate-name", "abc1_a"]);
        assert!(invocation
            .args
            .contains(&"cfg(feature, values())".to_string()));
        assert_eq!(
            invocation.extern_files(),
            [
                PathBuf::from("/p/target/release/deps/libac_library-4376.rlib"),
                PathBuf::from("/p/with space/libit.rlib")
            ]
        );
        assert_eq!(
            invocation.executable(),
            Some(PathBuf::from("/p/target/release/deps/abc1_a-f1a5"))
        );
        let check = invocation.metadata_into(Path::new("/s"));
        assert!(check.args.contains(&"--emit=metadata".to_string()));
        assert!(!check.args.iter().any(|a| a.contains("link")));
        assert_eq!(check.value("--out-dir"), Some("/s"));
        assert_eq!(check.value("-C extra-filename"), Some("-f1a5"));
        // Another crate's line is not this one's; an unclosed quote is no command.
        assert_eq!(Invocation::from_cargo_output(RUNNING, "abc1", dir), None);
        let unclosed = "     Running `/t/bin/rustc --crate-name abc1_a 'src`";
        assert_eq!(Invocation::from_cargo_output(unclosed, "abc1_a", dir), None);
    }

    #[test]
    fn a_bundles_crates_stay_at_one_line_of_the_checked_copy_and_errors_come_back_at_its_lines() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = dir.path().join("b.rs");
        // The line the caller names as the first crate's (`bundle::first_crate_line`).
        let lints = "#[allow(dead_code)]";
        let crates =
            format!("{lints}\nmod lib {{\n    pub fn f() -> u32 {{\n        \"x\"\n    }}\n}}\n");
        // The solution, then the same solution two lines longer (an edit).
        let mains = [
            "fn main() {\n    lib::f();\n}\n",
            "// two more\n// lines\nfn main() {\n    lib::f();\n}\n",
        ];
        let mut crates_at = Vec::new();
        for main in mains {
            let text = format!("{main}\n{crates}");
            fs::write(&bundle, &text).unwrap();
            let error_line = text.lines().position(|l| l.contains("\"x\"")).unwrap() + 1;
            let at = text.lines().position(|l| l == lints);
            let checked = type_check_incremental(
                &bundle,
                Edition::E2021,
                Some("1.89.0"),
                &dir.path().join("check.rmeta"),
                &dir.path().join("incremental"),
                at,
            )
            .unwrap();
            assert!(!checked.success);
            let span = checked.diagnostics.iter().find_map(Diagnostic::primary);
            let span = span.expect("an error at a place");
            assert_eq!(span.file_name, bundle.display().to_string());
            assert_eq!(span.line_start as usize, error_line);
            assert_eq!(span.text[0].text, "        \"x\"");
            // The copy rustc checked has the crates at the line they had the first time.
            let copy = dir.path().join("incremental/clippy-1.89.0-2021.src/b.rs");
            let copy = fs::read_to_string(copy).expect("a padded copy was checked");
            crates_at.push(copy.lines().position(|l| l == lints).unwrap());
            assert_eq!(copy.replace('\n', ""), text.replace('\n', ""));
        }
        assert_eq!(crates_at[0], crates_at[1]);
    }

    /// The padded copy only saves time: where it cannot be written, the bundle is checked as
    /// it is (the review's finding 4: the check failed with "cannot create").
    #[test]
    fn a_padded_copy_that_cannot_be_written_leaves_the_plain_check() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = dir.path().join("b.rs");
        let lints = "#[allow(dead_code)]";
        let text = format!("fn main() {{\n    lib::f();\n}}\n\n{lints}\nmod lib {{\n    pub fn f() -> u32 {{\n        \"x\"\n    }}\n}}\n");
        fs::write(&bundle, &text).unwrap();
        let state = dir.path().join("incremental");
        fs::create_dir_all(&state).unwrap();
        fs::write(
            state.join("clippy-1.89.0-2021.src"),
            "a file where the copies go",
        )
        .unwrap();
        let checked = type_check_incremental(
            &bundle,
            Edition::E2021,
            Some("1.89.0"),
            &dir.path().join("check.rmeta"),
            &state,
            Some(4),
        )
        .unwrap();
        assert!(!checked.success);
        let span = checked.diagnostics.iter().find_map(Diagnostic::primary);
        let span = span.expect("an error at a place");
        assert_eq!(span.file_name, bundle.display().to_string());
        assert_eq!(span.line_start, 8);
    }

    #[test]
    fn a_program_held_to_a_judges_version_is_plain_rustcs_and_an_api_it_lacks_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("a.rs");
        let program = "fn main() {\n    let n = std::env::args().count() as u64;\n    let v: Vec<u64> = (0..n * 9).map(|x| x * x).collect();\n    println!(\"{}\", v.iter().sum::<u64>());\n}\n";
        fs::write(&source, program).unwrap();
        let (compiled, held) = compile_cached(
            &source,
            Edition::E2021,
            Some("1.89.0"),
            &dir.path().join("c"),
            &dir.path().join("i"),
            None,
        )
        .unwrap();
        assert!(compiled.success, "{}", compiled.messages);
        let plain = dir.path().join("plain");
        assert!(compile(&source, Edition::E2021, &plain).unwrap().success);
        // clippy-driver turns MIR optimisations off: its binary would differ.
        assert!(fs::read(&held).unwrap() == fs::read(&plain).unwrap());
        let newer = program.replace(
            "fn main() {",
            "fn main() {\n    let _ = 1u32.checked_sub_signed(1);",
        );
        fs::write(&source, newer).unwrap();
        let (refused, _) = compile_cached(
            &source,
            Edition::E2021,
            Some("1.89.0"),
            &dir.path().join("c"),
            &dir.path().join("i"),
            None,
        )
        .unwrap();
        assert!(!refused.success);
        assert!(refused
            .diagnostics
            .iter()
            .any(|d| d.code() == Some(INCOMPATIBLE_MSRV)));
    }
}
