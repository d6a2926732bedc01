//! `build_solution`: the one step from a problem to a program to run, shared by judge, run,
//! stress and the benchmark. From the bundle (bundled, then compiled with plain rustc like
//! the judge), from the bundle as it is on disk, or from the cargo release build.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use crate::bundle;
use crate::check;
use crate::helpers::{self, Bin};
use crate::judge_project;
use crate::judges::{self, Judge};
use crate::rustc;
use crate::settings::Edition;
use crate::workspace::{Problem, Workspace};

/// Where the program comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolutionSource {
    /// Bundle `main.rs` into `bundled/<ID>.rs`, then compile that file with rustc.
    Bundle {
        keep_docs: bool,
        /// `--judge NAME`: bundle for this judge instead of the problem's `judge` setting.
        judge: Option<&'static judges::Judge>,
    },
    /// Compile `bundled/<ID>.rs` as it is.
    ExistingBundle,
    /// `cargo build --release -p ID --bin ID`.
    CargoBuild,
}

pub struct Solution {
    pub program: PathBuf,
    /// What was built, for the report: `bundled/x.rs (rustc --edition 2021 -O)`.
    pub label: String,
    /// rustc's warnings (a judge may count them against you).
    pub warnings: String,
    pub bundle_bytes: Option<u64>,
    /// What bundling wrote (`bundled/x.rs  1.2 KiB  (…)`), when it bundled.
    pub bundle_note: Option<String>,
    /// Rewrites the bundle's `file:line` in panics to the original sources.
    pub lines: bundle::LineMap,
}

pub enum Built {
    Ready(Solution),
    /// The source does not compile: the command and rustc's messages.
    CompileError {
        command: String,
        messages: String,
        bundle_note: Option<String>,
    },
}

pub fn build_solution(
    workspace: &Workspace,
    problem: &Problem,
    source: SolutionSource,
) -> Result<Built> {
    if let SolutionSource::CargoBuild = source {
        return cargo_build(workspace, problem).map(Built::Ready);
    }
    rustc::use_kept_toolchain(&crate::workspace::shared_store(
        crate::workspace::TOOLCHAIN_STORE,
    ));
    let written = match source {
        SolutionSource::Bundle { keep_docs, judge } => {
            let options = bundle::Options {
                keep_docs,
                judge,
                ..Default::default()
            };
            match write_bundle(
                workspace,
                problem,
                &options,
                check::Check::Compiled,
                &Output::Bundled,
            ) {
                Ok(written) => Some(written),
                // The solution does not parse: a compile error, as a judge would say.
                Err(err) => match bundle::parse_problem(workspace, problem) {
                    Err(parse_error) => {
                        let (command, messages) =
                            syntax_errors(workspace, problem).unwrap_or_else(|| {
                                let command = format!("ojgames bundle {}", problem.id);
                                (command, format!("{parse_error:#}"))
                            });
                        return Ok(Built::CompileError {
                            command,
                            messages,
                            bundle_note: None,
                        });
                    }
                    Ok(()) => return Err(err),
                },
            }
        }
        _ => None,
    };
    let path = workspace.bundle_path(&problem.id);
    let bundle_bytes = std::fs::metadata(&path)
        .with_context(|| {
            format!(
                "{} not found; run `{} bundle {}` first",
                workspace.display(&path),
                crate::console::invocation(workspace),
                problem.id
            )
        })?
        .len();
    if source == SolutionSource::ExistingBundle {
        if let Some(warning) = stale_warning(workspace, problem) {
            crate::warn!("{warning}");
        }
    }
    if let Some((built, built_judge)) = judge_build(workspace, problem, &path)? {
        let lines = bundle::LineMap::of_bundle(workspace, &problem.id);
        let bundle_note = written.as_ref().map(|w| w.note.clone());
        let mut messages = lines.render(&built.compiled);
        if !built.compiled.success {
            let edition = compile_edition(problem, Some(&built_judge));
            messages = with_edition_note(messages, workspace, problem, edition, &built_judge);
            return Ok(Built::CompileError {
                command: built.command,
                messages,
                bundle_note,
            });
        }
        return Ok(Built::Ready(Solution {
            program: built.program,
            label: format!("{} ({})", workspace.display(&path), built.command),
            warnings: messages,
            bundle_bytes: Some(bundle_bytes),
            bundle_note,
            // Its panics name the project's copy, `src/main.rs`.
            lines: lines.compiled_as("main.rs"),
        }));
    }
    // `--judge NAME`: its edition (scripts/judges.toml), else the problem's; and its rustc
    // version, whose APIs the bundle is held to.
    let judge = match source {
        SolutionSource::Bundle {
            judge: Some(judge), ..
        } => judge.clone(),
        _ => judges::named(&problem.meta.judge),
    };
    let edition = compile_edition(problem, Some(&judge));
    let msrv = judge.rustc.as_deref();
    let cache = workspace.work_dir(&problem.id).join("bin");
    let incremental = workspace.work_dir(&problem.id).join(check::INCREMENTAL);
    // The check of a bundle that pastes crates keeps them at one line across edits.
    let crates_at = || bundle::first_crate_line_of(&path);
    let (mut compiled, mut program) =
        rustc::compile_cached(&path, edition, msrv, &cache, &incremental, crates_at())?;
    let mut bundle_note = written.as_ref().map(|w| w.note.clone());
    if let (
        false,
        Some(Written {
            speculative: true, ..
        }),
        SolutionSource::Bundle { keep_docs, judge },
    ) = (compiled.success, &written, source)
    {
        // Built on a shake learned on another bundle; this one gets a shake of its own.
        let options = bundle::Options {
            keep_docs,
            judge,
            reshake: true,
            ..Default::default()
        };
        let rewritten = write_bundle(
            workspace,
            problem,
            &options,
            check::Check::Compiled,
            &Output::Bundled,
        )?;
        (compiled, program) =
            rustc::compile_cached(&path, edition, msrv, &cache, &incremental, crates_at())?;
        bundle_note = Some(rewritten.note);
    }
    let command = format!("rustc --edition {edition} -O {}", workspace.display(&path));
    let lines = bundle::LineMap::of_bundle(workspace, &problem.id);
    if !compiled.success {
        let messages =
            with_edition_note(lines.render(&compiled), workspace, problem, edition, &judge);
        return Ok(Built::CompileError {
            command,
            messages,
            bundle_note,
        });
    }
    Ok(Built::Ready(Solution {
        program,
        label: format!("{} ({command})", workspace.display(&path)),
        warnings: lines.render(&compiled),
        bundle_bytes: Some(bundle_bytes),
        bundle_note,
        lines,
    }))
}

/// The warning for `bundled/<ID>.rs` made before the last change of a file it was made from
/// (`main.rs`, the library files it pasted: its line map knows them), naming the newest.
pub fn stale_warning(workspace: &Workspace, problem: &Problem) -> Option<String> {
    let lines = bundle::LineMap::of_bundle(workspace, &problem.id);
    let made = bundle::made_at(workspace, &problem.id, &lines)?;
    let mut sources = lines.sources();
    if !sources.contains(&problem.main_file()) {
        sources.push(problem.main_file());
    }
    let (_, newest) = sources
        .into_iter()
        .filter_map(|file| Some((std::fs::metadata(&file).ok()?.modified().ok()?, file)))
        .filter(|(changed, _)| *changed > made)
        .max_by_key(|(changed, _)| *changed)?;
    Some(format!(
        "warning: {} is older than {}, changed since it was bundled; --no-bundle uses the \
         bundle as it is (`{} bundle {}` makes it again)",
        workspace.display(&workspace.bundle_path(&problem.id)),
        workspace.display(&newest),
        crate::console::invocation(workspace),
        problem.id
    ))
}

/// rustc's own message for a solution that does not parse, and the command that gives it
/// (the parser of the bundler says less, and for an unclosed delimiter at the wrong line);
/// `None` when rustc finds no syntax error (or cannot run).
fn syntax_errors(workspace: &Workspace, problem: &Problem) -> Option<(String, String)> {
    let main = problem.main_file();
    let relative = main.strip_prefix(&workspace.root).unwrap_or(&main);
    let scratch = workspace.work_dir(&problem.id);
    std::fs::create_dir_all(&scratch).ok()?;
    let output = scratch.join(format!("parse-{}.rmeta", std::process::id()));
    let edition = problem.meta.edition;
    let messages = rustc::syntax_errors(&workspace.root, relative, edition, &output).ok()?;
    let command = format!("rustc --edition {edition} {}", relative.display());
    (!messages.is_empty()).then_some((command, messages))
}

/// The judge's own build of the bundle at `path` when its header says it uses crates of its
/// judge (AtCoder): a cargo project with the judge's pins. `None` for a std-only bundle.
fn judge_build(
    workspace: &Workspace,
    problem: &Problem,
    path: &std::path::Path,
) -> Result<Option<(judge_project::JudgeBuild, Judge)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", workspace.display(path)))?;
    let packages = bundle::provided_in_header(&text);
    if packages.is_empty() {
        return Ok(None);
    }
    let judge = bundle::judge_in_header(&text).map_or_else(
        || judges::named(&problem.meta.judge),
        |name| judges::named(&name),
    );
    let mode = judge_project::Mode::Release;
    let edition = compile_edition(problem, Some(&judge));
    judge_project::build(
        workspace,
        &problem.id,
        path,
        &judge,
        edition,
        &packages,
        mode,
    )
    .map(|built| Some((built, judge)))
}

/// Where `bundle` puts the file a user pastes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// `bundled/<ID>.rs` (the workspace's bundle path).
    Bundled,
    /// `-o -`: standard output, and no file.
    Stdout,
    /// `-o FILE`: `bundled/<ID>.rs` as always, and a copy at FILE once it passes its check.
    File(std::path::PathBuf),
}

/// What [`write_bundle`] wrote.
pub struct Written {
    /// What to tell the user: the bundle's path, size and modules.
    pub note: String,
    /// Built on a shake learned on another bundle (`Bundle::speculative`): when it does not
    /// compile, write it again with `reshake`.
    pub speculative: bool,
}

/// The edition a bundle is compiled with: that of `--judge NAME` (scripts/judges.toml) when one
/// is given, else that of the problem's judge (the problem's own when the judge offers it too:
/// Codeforces' Rust 2024; [`Judge::compiles_at`]). The bundle's check and the judged program
/// use this one rule, so that a bundle the check passes is the one the judge's edition
/// compiles.
pub fn compile_edition(problem: &Problem, chosen: Option<&Judge>) -> Edition {
    // Without `--judge`, the problem's own judge: AtCoder compiles a 2021 package at 2024
    // (its only edition), and so must the check and `judge` (i20probe6's F3).
    let own;
    let judge = match chosen {
        Some(judge) => judge,
        None => {
            own = judges::named(&problem.meta.judge);
            &own
        }
    };
    judge.compiles_at(problem.meta.edition)
}

/// What to add to a compile error at `edition` when the problem's own edition is another:
/// the judge's edition decides, and code whose meaning changed there (2024's `impl Trait`
/// capture, `gen`, `static mut` references, …) is an error the cargo build never shows.
pub fn edition_note(problem: &Problem, edition: Edition, judge: &Judge) -> Option<String> {
    let own = problem.meta.edition;
    (own != edition).then(|| {
        let since_2024 = if edition == Edition::E2024 {
            " (since 2024 an `-> impl Trait` return type captures every lifetime in scope: \
             `fn f(v: &Vec<u64>) -> impl Iterator<Item = usize> + use<>` keeps the 2021 \
             meaning of one that borrows nothing; `gen` is a keyword; `&STATIC_MUT` is an error)"
        } else {
            ""
        };
        format!(
            "note: the problem is edition {own} (cargo builds it so), but {} compiles it at \
             edition {edition}: the errors above are at {edition}{since_2024}. Set `edition = \
             \"{edition}\"` in its Cargo.toml to see them in the cargo build too",
            judge.name
        )
    })
}

/// A compiler's `messages` with [`note_for`] them after them, when there is one.
fn with_edition_note(
    messages: String,
    workspace: &Workspace,
    problem: &Problem,
    edition: Edition,
    judge: &Judge,
) -> String {
    match note_for(&messages, workspace, problem, edition, judge) {
        Some(note) => format!("{}\n{note}\n", messages.trim_end()),
        None => messages,
    }
}

/// A check's `error` with [`note_for`] it after it, when there is one.
fn error_with_edition_note(
    error: anyhow::Error,
    workspace: &Workspace,
    problem: &Problem,
    edition: Edition,
    judge: &Judge,
) -> anyhow::Error {
    let text = format!("{error:#}");
    match note_for(&text, workspace, problem, edition, judge) {
        Some(note) => anyhow::anyhow!("{text}\n{note}"),
        None => error,
    }
}

/// [`edition_note`] after the compiler's `messages`; but when every error they locate is
/// outside the problem's own code (its package folder, the workspace's library), in crates
/// pasted into the bundle (libc's `extern "C" {}` at 2024), the problem's edition has
/// nothing to do with them: cargo compiles each crate at its own edition.
fn note_for(
    messages: &str,
    workspace: &Workspace,
    problem: &Problem,
    edition: Edition,
    judge: &Judge,
) -> Option<String> {
    let note = edition_note(problem, edition, judge)?;
    let files = files_outside(messages, &own_folders(workspace, problem));
    if files.is_empty() {
        return Some(note);
    }
    let shown = if files.len() > 3 {
        format!("{}, …", files[..3].join(", "))
    } else {
        files.join(", ")
    };
    Some(format!(
        "note: the errors above are all in crates pasted into the bundle ({shown}), not in the \
         problem's code: {} compiles the one bundled file at edition {edition}, and cargo \
         compiles those crates at their own older editions, whatever the problem's `edition`",
        judge.name
    ))
}

/// The problem's own folders as messages show them: its package's, the workspace library's.
fn own_folders(workspace: &Workspace, problem: &Problem) -> Vec<String> {
    let mut own = vec![workspace.display(&problem.dir)];
    if let Some(lib) = workspace.lib_entry().parent() {
        own.push(workspace.display(lib));
    }
    own
}

/// The files of `messages`' error locations (`--> file:line:column`), each once, when none
/// is under one of `own` (a folder as shown: `problems/a`; `.` or empty takes every relative
/// path); empty when one is, or there are none.
fn files_outside(messages: &str, own: &[String]) -> Vec<String> {
    let is_own = |file: &str| {
        own.iter().any(|folder| {
            let folder = folder.trim_end_matches('/');
            if folder.is_empty() || folder == "." {
                return !file.starts_with('/');
            }
            file.strip_prefix(folder)
                .is_some_and(|rest| rest.starts_with('/'))
        })
    };
    let mut files: Vec<String> = Vec::new();
    for line in messages.lines() {
        let Some(at) = line.trim_start().strip_prefix("--> ") else {
            continue;
        };
        // `file:line:column`: the file is what comes before the last two colons.
        let mut parts = at.trim().rsplitn(3, ':');
        let (Some(_), Some(_), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if is_own(file) {
            return Vec::new();
        }
        if !files.iter().any(|f| f == file) {
            files.push(file.to_string());
        }
    }
    files
}

/// After a wrong answer of a program compiled at `edition`, another than
/// the package's: what cargo's build runs is not what the judge runs, and 2024 changed some
/// programs' output with no error (drop order). `None` at the package's own edition.
pub fn output_edition_note(problem: &Problem, edition: Edition, judge: &Judge) -> Option<String> {
    let own = problem.meta.edition;
    (own != edition).then(|| {
        let why = if edition == Edition::E2024 {
            ": 2024 drops an `if let`'s temporaries before its `else` runs and a block's last \
             expression's before its locals (`cargo fix --edition` keeps 2021's order for the \
             `if let`)"
        } else {
            ""
        };
        format!(
            "note: {} compiles this edition {own} package at edition {edition}{why}; where \
             cargo's build prints otherwise, that may be why (`edition = \"{edition}\"` in \
             its Cargo.toml runs the same)",
            judge.name
        )
    })
}

/// Writes `bundled/<ID>.rs` (or where `output` says) and checks it as `check`
/// says. Warns on stderr when it is over the size judges accept. A bundle built on a shake
/// learned on another bundle (`Bundle::speculative`) that fails its check is built again with
/// a shake of its own.
pub fn write_bundle(
    workspace: &Workspace,
    problem: &Problem,
    options: &bundle::Options,
    check: check::Check,
    output: &Output,
) -> Result<Written> {
    // The check's rustc (or the compile's, after it) without rustup's proxy, when its answer is kept.
    rustc::use_kept_toolchain(&crate::workspace::shared_store(
        crate::workspace::TOOLCHAIN_STORE,
    ));
    let to_stdout = *output == Output::Stdout;
    let mut once = write_bundle_once(workspace, problem, options, check, to_stdout)?;
    if once.1.is_err() && once.0.speculative && !options.reshake {
        let options = bundle::Options {
            reshake: true,
            ..*options
        };
        once = write_bundle_once(workspace, problem, &options, check, to_stdout)?;
    }
    let (mut written, checked, text) = once;
    checked?;
    match output {
        Output::Bundled => {}
        Output::Stdout => print!("{text}"),
        Output::File(path) => {
            let same = |a: &std::path::Path, b: &std::path::Path| {
                std::fs::canonicalize(a)
                    .ok()
                    .is_some_and(|a| std::fs::canonicalize(b).ok() == Some(a))
            };
            if same(path, &problem.main_file()) {
                bail!(
                    "-o {} is the solution's own source: the bundle would replace it",
                    path.display()
                );
            }
            std::fs::write(path, &text)
                .with_context(|| format!("cannot write the bundle to {}", path.display()))?;
            written
                .note
                .push_str(&format!("\n  copied to {}", path.display()));
        }
    }
    Ok(written)
}

/// The bundle written, how its check went, and its text.
fn write_bundle_once(
    workspace: &Workspace,
    problem: &Problem,
    options: &bundle::Options,
    check: check::Check,
    to_stdout: bool,
) -> Result<(Written, Result<()>, String)> {
    let built = bundle::build(workspace, problem, options).map_err(|error| {
        let is_2015 = problem.meta.package_edition == Some(Edition::E2015);
        if is_2015 && format!("{error:#}").contains("parse error") {
            error.context(
                "the package is edition 2015, and the bundler reads code as edition 2018 or \
                 later (where `async`, `await`, `dyn` and `try` are keywords)",
            )
        } else {
            error
        }
    })?;
    let scratch = workspace.work_dir(&problem.id);
    let (path, changed) = if to_stdout {
        std::fs::create_dir_all(&scratch)?;
        let path = scratch.join(format!("{}.rs", problem.id));
        std::fs::write(&path, &built.text)?;
        (path, true)
    } else {
        let changed = bundle::write(workspace, problem, &built)?;
        (workspace.bundle_path(&problem.id), changed)
    };
    let size = built.text.len();
    // A package or a lone file has no library of this workspace: name none that is not there.
    let modules = if built.modules.is_empty() {
        String::new()
    } else {
        format!(
            "  ({} modules: {})",
            workspace.lib_name,
            built.modules.join(", ")
        )
    };
    let mut note = format!(
        "{}  {:.1} KiB{}{modules}",
        workspace.display(&path),
        size as f64 / 1024.0,
        if changed { "" } else { ", unchanged" },
    );
    if let Some(limit) = bundle::source_limit(&built.judge.name).filter(|&l| size > l) {
        let described = match &built.over_limit {
            Some(over) => over.describe(limit),
            None => format!(
                "its largest parts: {}",
                bundle::largest_parts(&built.lines, 5)
            ),
        };
        bail!(
            "{} is {size} bytes, over the source limit of {} ({limit} bytes, {} KiB); \
             {described}",
            workspace.display(&path),
            built.judge.name,
            limit / 1024,
        );
    }
    if size > bundle::SIZE_LIMIT && bundle::source_limit(&built.judge.name).is_none() {
        crate::warn!(
            "warning: {} is {size} bytes, over the {} bytes judges accept (Codeforces: 64 KiB)",
            workspace.display(&path),
            bundle::SIZE_LIMIT
        );
    }
    let packages = bundle::provided_packages(&built.provided);
    let check = match check {
        check::Check::Skip if built.speculative => check::Check::Types,
        check => check,
    };
    let checked = match check {
        check::Check::Skip | check::Check::Compiled => Ok(()),
        // Kept `use`s of the judge's crates: only the judge's own project can check it, by a
        // type check (`--check`: the release build).
        _ if !packages.is_empty() => {
            let mode = match check {
                check::Check::Types => judge_project::Mode::Check,
                _ => judge_project::Mode::Release,
            };
            let judge = &built.judge;
            let edition = compile_edition(problem, Some(judge));
            let judged = judge_project::build(
                workspace,
                &problem.id,
                &path,
                judge,
                edition,
                &packages,
                mode,
            )?;
            check::judge_build_verdict(&judged, judge, &built.lines)
                .map(|()| {
                    note.push_str(&format!("\n  compiles as {} builds it", judge.name));
                })
                .map_err(|error| error_with_edition_note(error, workspace, problem, edition, judge))
        }
        check::Check::Types => {
            let meta = &problem.meta;
            let edition = compile_edition(problem, options.judge);
            check::type_check(&path, edition, &built.judge, &scratch, &built.lines).map_err(|error| {
                match meta.package_edition.filter(|&own| own != meta.edition) {
                    Some(own) => anyhow::anyhow!(
                        "{error:#}\nnote: the package is edition {own} (cargo builds it so), but \
                         [package.metadata.judge] says edition = \"{}\": the judge compiles with that",
                        meta.edition
                    ),
                    None => {
                        error_with_edition_note(error, workspace, problem, edition, &built.judge)
                    }
                }
            })
        }
        check::Check::Editions => check::check_bundle(&path, &built.judge, &scratch, &built.lines)
            .map(|()| {
                let editions: Vec<&str> = check::EDITIONS.iter().map(|e| e.as_str()).collect();
                note.push_str(&format!(
                    "\n  compiles warning-free with rustc --edition {}",
                    editions.join(", ")
                ));
            }),
    };
    let written = Written {
        note,
        speculative: built.speculative,
    };
    Ok((written, checked, built.text))
}

fn cargo_build(workspace: &Workspace, problem: &Problem) -> Result<Solution> {
    helpers::build(workspace, &[(problem, Bin::Solution)])?;
    let program = Bin::Solution.path(workspace, &problem.id);
    if !program.is_file() {
        bail!("cargo built no {}", program.display());
    }
    Ok(Solution {
        label: format!("the cargo build ({})", workspace.display(&program)),
        program,
        warnings: String::new(),
        bundle_bytes: None,
        bundle_note: None,
        lines: bundle::LineMap::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::files_outside;

    #[test]
    fn the_files_of_errors_outside_the_problems_folders_are_listed_unless_one_is_inside() {
        let own = vec!["problems/a".to_string(), "src".to_string()];
        let crates = "error: extern blocks must be unsafe\n --> /r/libc-0.2/src/unix/mod.rs:10:1\n  |\nerror[E0716]: x\n   --> /r/zerocopy/src/ptr.rs:5:9\n --> /r/libc-0.2/src/unix/mod.rs:20:1\n";
        assert_eq!(
            files_outside(crates, &own),
            vec!["/r/libc-0.2/src/unix/mod.rs", "/r/zerocopy/src/ptr.rs"]
        );
        let mixed = format!("{crates}error: y\n --> problems/a/main.rs:3:5\n");
        assert!(files_outside(&mixed, &own).is_empty());
        // `problems/ab` is not under `problems/a`; the library's `src/lib.rs` is own.
        assert_eq!(
            files_outside(" --> problems/ab/main.rs:1:1\n", &own),
            vec!["problems/ab/main.rs"]
        );
        assert!(files_outside(" --> src/lib.rs:1:1\n", &own).is_empty());
        assert!(files_outside("error: no location\n", &own).is_empty());
        // A package at the root (`.`): every relative path is its own.
        let root = vec![".".to_string()];
        assert!(files_outside(" --> src/bin/a.rs:2:1\n", &root).is_empty());
    }
}
