//! `ojgames`: bundle a problem into one self-contained `.rs` file and judge that file like an
//! online judge does. The binary is a thin `main` over [`main`]; the pieces (bundling, building,
//! the process runner, judging, reporting) are modules other tools (the benchmark, the tests)
//! use directly.

pub mod bundle;
pub mod check;
pub mod cli;
pub mod id;
pub mod judge;
pub mod new;
pub mod rustc;
pub mod settings;
pub mod stress;
pub mod workspace;

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Result;

use cli::{BundleArgs, Command, JudgeArgs, Selection};
use id::ProblemId;
use workspace::Workspace;

/// The whole command line (without the program name); the exit code: 0 all passed, 1 some
/// case or problem failed, 2 the tool could not do what was asked.
pub fn main(args: Vec<OsString>) -> ExitCode {
    if args.first().is_some_and(|a| a == judge::LAUNCHER_COMMAND) {
        return judge::launcher_exit(&args[1..]);
    }
    match cli::parse(args).and_then(dispatch) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(cli: cli::Cli) -> Result<bool> {
    if let Command::Help(text) = cli.command {
        println!("{text}");
        return Ok(true);
    }
    let workspace = Workspace::locate(cli.root, &std::env::current_dir()?)?;
    match cli.command {
        Command::Bundle(args) => run_bundle(&workspace, &args),
        Command::Judge(args) => run_judge(&workspace, &args),
        Command::Run(_) => anyhow::bail!("`run` is not implemented yet"),
        Command::Stress(args) => {
            let ids = select(&workspace, &args.problems)?;
            stress::stress(&workspace, &ids, args.cases, args.seed)
        }
        Command::New(args) => new::create(&workspace, &args.id).map(|()| true),
        Command::Help(_) => unreachable!("handled above"),
    }
}

fn select(workspace: &Workspace, selection: &Selection) -> Result<Vec<ProblemId>> {
    match selection {
        Selection::All => workspace.problem_ids(),
        Selection::Ids(ids) => Ok(ids.clone()),
    }
}

/// Bundles each problem; reports every failure, then fails if any did.
fn run_bundle(workspace: &Workspace, args: &BundleArgs) -> Result<bool> {
    let mut ok = true;
    for id in select(workspace, &args.problems)? {
        let check = match (args.check, args.no_check) {
            (true, _) => check::Check::Editions,
            (false, true) => check::Check::Skip,
            (false, false) => check::Check::Types,
        };
        if let Err(err) = bundle_one(workspace, &id, args.keep_docs, check, args.to_stdout) {
            eprintln!("error: {id}: {err:#}");
            ok = false;
        }
    }
    Ok(ok)
}

fn bundle_one(
    workspace: &Workspace,
    id: &ProblemId,
    keep_docs: bool,
    check: check::Check,
    to_stdout: bool,
) -> Result<()> {
    let problem = workspace.problem(id)?;
    let options = bundle::Options { keep_docs };
    let built = bundle::build(workspace, &problem, &options)?;
    let (path, changed) = if to_stdout {
        let scratch = workspace.work_dir(id);
        std::fs::create_dir_all(&scratch)?;
        let path = scratch.join(format!("{id}.rs"));
        std::fs::write(&path, &built.text)?;
        (path, true)
    } else {
        let changed = bundle::write(workspace, &problem, &built)?;
        (workspace.bundle_path(id), changed)
    };
    let size = built.text.len();
    let modules = if built.modules.is_empty() {
        "none".to_string()
    } else {
        built.modules.join(", ")
    };
    let summary = format!(
        "{}  {:.1} KiB{}  ({} modules: {modules})",
        workspace.display(&path),
        size as f64 / 1024.0,
        if changed { "" } else { ", unchanged" },
        workspace.lib_name
    );
    if to_stdout {
        eprintln!("{summary}");
    } else {
        println!("{summary}");
    }
    if size > bundle::SIZE_LIMIT {
        eprintln!(
            "warning: {} is {size} bytes, over the {} bytes judges accept (Codeforces: 64 KiB)",
            workspace.display(&path),
            bundle::SIZE_LIMIT
        );
    }
    let scratch = workspace.work_dir(id);
    match check {
        check::Check::Skip => {}
        check::Check::Types => {
            check::type_check(&path, problem.meta.edition.as_str(), &scratch, &built.lines)?
        }
        check::Check::Editions => {
            check::check_bundle(&path, &scratch)?;
            println!(
                "  compiles warning-free with rustc --edition {}",
                check::EDITIONS.join(", ")
            );
        }
    }
    if to_stdout {
        print!("{}", built.text);
    }
    Ok(())
}

fn run_judge(workspace: &Workspace, args: &JudgeArgs) -> Result<bool> {
    if args.cargo_build || !args.cases.is_empty() || args.jobs != 1 || args.json {
        anyhow::bail!("--cargo-build, --case, -j and --json are not implemented yet");
    }
    let mut results = Vec::new();
    for id in select(workspace, &args.problems)? {
        if !args.no_bundle {
            if let Err(err) = bundle_one(workspace, &id, args.keep_docs, check::Check::Skip, false)
            {
                eprintln!("error: {id}: {err:#}");
                results.push(judge::unjudged(&id, "bundle failed"));
                continue;
            }
        }
        let judged = workspace
            .problem(&id)
            .and_then(|problem| judge::judge(workspace, &problem));
        match judged {
            Ok(result) => results.push(result),
            Err(err) => {
                eprintln!("error: {id}: {err:#}");
                results.push(judge::unjudged(&id, "judge failed"));
            }
        }
    }
    if results.len() > 1 {
        judge::print_table(&results);
    }
    let passed: usize = results.iter().map(|r| r.passed()).sum();
    let failed: usize = results.iter().map(|r| r.failed()).sum();
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}
