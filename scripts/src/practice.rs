//! The practice commands, `oj stress` and `oj new`, with their own argument parsing so that
//! `main.rs` only hands them the command line.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use lexopt::prelude::*;

use crate::workspace::Workspace;
use crate::{new, stress};

pub const USAGE: &str = "\
usage: oj [--root DIR] stress [--all | ID...] [-n N] [--seed S]
       oj [--root DIR] new ID

stress   bundle and compile the problem like judge, build its gen.rs and brute.rs, then for
         i in 0..N run gen(S + i), the bundle and the brute force, and stop at the first
         disagreement       -n N  cases (default 300)    --seed S  first seed (default 1)
new      create problems/ID (Cargo.toml with the judge settings, main.rs, gen.rs, brute.rs)
         and testdata/ID with an empty sample pair";

/// Handles the command line if its command is `stress` or `new`; `None` for anything else.
pub fn dispatch(raw: &[OsString]) -> Option<ExitCode> {
    let command = command_of(raw)?;
    if command != "stress" && command != "new" {
        return None;
    }
    let result = parse(raw).and_then(|args| {
        let workspace = Workspace::locate(args.root.clone(), &std::env::current_dir()?)?;
        if args.command == "new" {
            let [id] = args.ids.as_slice() else {
                bail!("give one problem id\n\n{USAGE}");
            };
            new::create(&workspace, id)?;
            return Ok(true);
        }
        let ids = if args.all {
            workspace.problem_ids()?
        } else {
            args.ids.clone()
        };
        stress::stress(&workspace, &ids, args.cases, args.seed)
    });
    Some(match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    })
}

/// The first argument that is neither an option nor `--root`'s value.
fn command_of(raw: &[OsString]) -> Option<String> {
    let mut args = raw.iter();
    while let Some(arg) = args.next() {
        let arg = arg.to_str()?;
        if arg == "--root" {
            args.next();
        } else if !arg.starts_with('-') {
            return Some(arg.to_string());
        }
    }
    None
}

struct Args {
    command: String,
    root: Option<PathBuf>,
    all: bool,
    ids: Vec<String>,
    cases: u64,
    seed: u64,
}

fn parse(raw: &[OsString]) -> Result<Args> {
    let mut args = Args {
        command: String::new(),
        root: None,
        all: false,
        ids: Vec::new(),
        cases: stress::DEFAULT_CASES,
        seed: 1,
    };
    let mut parser = lexopt::Parser::from_args(raw.iter().cloned());
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => args.root = Some(parser.value()?.into()),
            Long("all") if args.command == "stress" => args.all = true,
            Short('n') if args.command == "stress" => args.cases = parser.value()?.parse()?,
            Long("seed") if args.command == "stress" => args.seed = parser.value()?.parse()?,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Value(value) if args.command.is_empty() => args.command = value.string()?,
            Value(value) => args.ids.push(value.string()?),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if args.command == "stress" && args.all != args.ids.is_empty() {
        bail!("give problem ids or --all (not both)\n\n{USAGE}");
    }
    Ok(args)
}
