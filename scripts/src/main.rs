//! `oj`: bundle a problem into one self-contained `.rs` file and judge that file like an
//! online judge does.

mod bundle;
mod check;
mod judge;
mod metadata;
mod new;
mod practice;
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

bundle   write bundled/<ID>.rs: the problem's main.rs and the library modules it uses
         --keep-docs  keep doc comments    --check  compile with rustc 2021 and 2024, no warnings
judge    bundle, compile bundled/<ID>.rs with rustc and run it on testdata/<ID>/*.in
         --no-bundle  judge bundled/<ID>.rs as it is
stress   random small inputs, the bundle against gen.rs/brute.rs   (oj stress --help)
new      start a new problem                                       (oj new --help)
--root   the workspace (default: the nearest Cargo.toml with [workspace] above the current directory)";

#[derive(Default)]
struct Args {
    command: String,
    root: Option<PathBuf>,
    all: bool,
    ids: Vec<String>,
    keep_docs: bool,
    check: bool,
    no_bundle: bool,
}

fn parse_args() -> Result<Args> {
    let mut args = Args::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => args.root = Some(parser.value()?.into()),
            Long("all") => args.all = true,
            Long("keep-docs") => args.keep_docs = true,
            Long("check") => args.check = true,
            Long("no-bundle") => args.no_bundle = true,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Value(value) if args.command.is_empty() => args.command = value.string()?,
            Value(value) => args.ids.push(value.string()?),
            _ => return Err(arg.unexpected().into()),
        }
    }
    match args.command.as_str() {
        "bundle" | "judge" => {}
        "" => bail!("no command\n\n{USAGE}"),
        other => bail!("unknown command `{other}`\n\n{USAGE}"),
    }
    if args.all != args.ids.is_empty() {
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
    if let Some(code) = practice::dispatch(&raw) {
        return code;
    }
    let result = parse_args().and_then(|args| {
        let workspace = Workspace::locate(args.root.clone(), &std::env::current_dir()?)?;
        let ids = if args.all {
            workspace.problem_ids()?
        } else {
            args.ids.clone()
        };
        match args.command.as_str() {
            "bundle" => run_bundle(&workspace, &ids, &args),
            _ => run_judge(&workspace, &ids, &args),
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
