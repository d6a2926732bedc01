//! `ojgames`: bundle a problem into one self-contained `.rs` file and judge that file like an
//! online judge does. The binary is a thin `main` over [`main`]; the layers (docs/architecture.md)
//! run down: the commands (`cli`, `commands/`), judging (`judge`, `report`), building
//! (`solution`, `helpers`, `check`, `judge_project`: a judge's own cargo build), bundling
//! (`bundle`), rustc (`rustc`), and the base (`runner`, `console`, `workspace`, `settings`,
//! `spelling`, `judges`: what each judge compiles with and provides, `files`, `id`). Other tools (the benchmark,
//! the tests) use the modules directly.

pub mod bundle;
pub mod check;
pub mod cli;
pub mod commands;
pub mod console;
pub mod files;
pub mod helpers;
pub mod id;
pub mod judge;
pub mod judge_project;
pub mod judges;
pub mod package;
pub mod report;
pub mod runner;
pub mod rustc;
pub mod settings;
pub mod solution;
pub mod spelling;
pub mod suite;
pub mod workspace;

use std::ffi::OsString;
use std::process::ExitCode;

/// The whole command line (without the program name); the exit code: 0 all passed, 1 some
/// case or problem failed, 2 the tool could not do what was asked.
pub fn main(args: Vec<OsString>) -> ExitCode {
    if args.first().is_some_and(|a| a == runner::LAUNCHER_COMMAND) {
        return runner::launcher_exit(&args[1..]);
    }
    if args
        .first()
        .is_some_and(|a| a == runner::pair::LAUNCHER_COMMAND)
    {
        return runner::pair::launcher_exit(&args[1..]);
    }
    match cli::parse(args).and_then(cli::dispatch) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            crate::warn!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
