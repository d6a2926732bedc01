//! `oj`: bundle a problem into one self-contained `.rs` file and judge that file like an
//! online judge does.

mod bundle;
mod check;
mod judge;
mod metadata;
mod new;
mod rustc;
mod stress;
mod workspace;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use lexopt::prelude::*;

use workspace::Workspace;

const USAGE: &str = "\
usage: oj [--root DIR] bundle [--all | ID...] [--keep-docs] [--check]
       oj [--root DIR] judge  [--all | ID...] [--no-bundle] [--keep-docs]
       oj [--root DIR] stress [--all | ID...] [-n N] [--seed S]
       oj [--root DIR] new    ID

bundle   write bundled/<ID>.rs: the problem's main.rs and the library modules it uses
         --keep-docs  keep doc comments    --check  compile with rustc 2021 and 2024, no warnings
judge    bundle, compile bundled/<ID>.rs with rustc and run it on testdata/<ID>/*.in
         --no-bundle  judge bundled/<ID>.rs as it is
stress   bundle and compile the problem like judge, build its gen.rs and brute.rs, then for
         i in 0..N run gen(S + i), the bundle and the brute force, and stop at the first
         disagreement       -n N  cases (default 300)    --seed S  first seed (default 1)
new      create problems/ID (Cargo.toml with the judge settings, main.rs, gen.rs, brute.rs)
         and testdata/ID with an empty sample pair
--root   the workspace (default: the nearest Cargo.toml with [workspace] above the current directory)";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Command {
    Bundle,
    Judge,
    Stress,
    New,
}

struct Args {
    command: Command,
    root: Option<PathBuf>,
    all: bool,
    ids: Vec<String>,
    keep_docs: bool,
    check: bool,
    no_bundle: bool,
    cases: u64,
    seed: u64,
}

fn parse_command(name: &str) -> Result<Command> {
    Ok(match name {
        "bundle" => Command::Bundle,
        "judge" => Command::Judge,
        "stress" => Command::Stress,
        "new" => Command::New,
        other => bail!("unknown command `{other}`\n\n{USAGE}"),
    })
}

fn parse_args(raw: Vec<std::ffi::OsString>) -> Result<Args> {
    let mut command = None;
    let mut args = Args {
        command: Command::Bundle,
        root: None,
        all: false,
        ids: Vec::new(),
        keep_docs: false,
        check: false,
        no_bundle: false,
        cases: stress::DEFAULT_CASES,
        seed: 1,
    };
    let mut parser = lexopt::Parser::from_args(raw);
    while let Some(arg) = parser.next()? {
        use Command::*;
        match (arg, command) {
            (Long("root"), _) => args.root = Some(parser.value()?.into()),
            (Long("all"), Some(Bundle | Judge | Stress)) => args.all = true,
            (Long("keep-docs"), Some(Bundle | Judge)) => args.keep_docs = true,
            (Long("check"), Some(Bundle)) => args.check = true,
            (Long("no-bundle"), Some(Judge)) => args.no_bundle = true,
            (Short('n'), Some(Stress)) => args.cases = parser.value()?.parse()?,
            (Long("seed"), Some(Stress)) => args.seed = parser.value()?.parse()?,
            (Short('h') | Long("help"), _) => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            (Value(value), None) => command = Some(parse_command(&value.string()?)?),
            (Value(value), Some(_)) => args.ids.push(value.string()?),
            (arg, _) => return Err(arg.unexpected().into()),
        }
    }
    args.command = command.ok_or_else(|| anyhow::anyhow!("no command\n\n{USAGE}"))?;
    if args.command == Command::New {
        if args.ids.len() != 1 {
            bail!("give one problem id\n\n{USAGE}");
        }
    } else if args.all != args.ids.is_empty() {
        bail!("give problem ids or --all (not both)\n\n{USAGE}");
    }
    Ok(args)
}

fn main() -> ExitCode {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if raw.first().is_some_and(|a| a == judge::LAUNCHER_COMMAND) {
        return match judge::launcher_main(&raw[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("oj {}: {err:#}", judge::LAUNCHER_COMMAND);
                ExitCode::from(3)
            }
        };
    }
    let result = parse_args(raw).and_then(|args| {
        let workspace = Workspace::locate(args.root.clone(), &std::env::current_dir()?)?;
        let ids = if args.all {
            workspace.problem_ids()?
        } else {
            args.ids.clone()
        };
        match args.command {
            Command::Bundle => run_bundle(&workspace, &ids, &args),
            Command::Judge => run_judge(&workspace, &ids, &args),
            Command::Stress => stress::stress(&workspace, &ids, args.cases, args.seed),
            Command::New => new::create(&workspace, &ids[0]).map(|()| true),
        }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Bundles each problem; reports every failure, then fails if any did.
fn run_bundle(workspace: &Workspace, ids: &[String], args: &Args) -> Result<bool> {
    let mut ok = true;
    for id in ids {
        if let Err(err) = bundle_one(workspace, id, args.keep_docs, args.check) {
            eprintln!("error: {id}: {err:#}");
            ok = false;
        }
    }
    Ok(ok)
}

fn bundle_one(workspace: &Workspace, id: &str, keep_docs: bool, check: bool) -> Result<()> {
    let problem = workspace.problem(id)?;
    let options = bundle::Options { keep_docs };
    let built = bundle::build(workspace, &problem, &options)?;
    let changed = bundle::write(workspace, &problem, &built)?;
    let path = workspace.bundle_path(id);
    let size = built.text.len();
    let modules = if built.modules.is_empty() {
        "none".to_string()
    } else {
        built.modules.join(", ")
    };
    println!(
        "{}  {:.1} KiB{}  ({} modules: {modules})",
        workspace.display(&path),
        size as f64 / 1024.0,
        if changed { "" } else { ", unchanged" },
        workspace.lib_name
    );
    if size > bundle::SIZE_LIMIT {
        eprintln!(
            "warning: {} is {size} bytes, over the {} bytes judges accept (Codeforces: 64 KiB)",
            workspace.display(&path),
            bundle::SIZE_LIMIT
        );
    }
    if check {
        check::check_bundle(&path, &workspace.work_dir(id))?;
        println!(
            "  compiles warning-free with rustc --edition {}",
            check::EDITIONS.join(" and ")
        );
    }
    Ok(())
}

fn run_judge(workspace: &Workspace, ids: &[String], args: &Args) -> Result<bool> {
    let mut results = Vec::new();
    for id in ids {
        if !args.no_bundle {
            if let Err(err) = bundle_one(workspace, id, args.keep_docs, false) {
                eprintln!("error: {id}: {err:#}");
                results.push(judge::unjudged(id, "bundle failed"));
                continue;
            }
        }
        let problem = workspace.problem(id)?;
        match judge::judge(workspace, &problem) {
            Ok(result) => results.push(result),
            Err(err) => {
                eprintln!("error: {id}: {err:#}");
                results.push(judge::unjudged(id, "judge failed"));
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
