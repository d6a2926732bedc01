//! The command line, parsed once into typed arguments, and the dispatch to the command that
//! runs them. Each command (in `commands/`) owns its flags, its `--help` and its run; here are
//! only the top-level flags and the table of commands.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{bail, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use crate::commands::args::{Parsed, Problems};
use crate::commands::{bundle, fill, judge, new, run, stress, table};
use crate::console::{self, ColourChoice};
use crate::runner::Runner;
use crate::spelling;
use crate::workspace::{Overrides, Workspace};

pub const USAGE: &str = "\
usage: ojgames [--root DIR] [--color WHEN] COMMAND [ARGS]
       ojgames --version

commands:
  bundle   write bundled/<ID>.rs: the problem's main.rs and the library modules it uses
  judge    bundle, compile with rustc like the judge, run on testdata/<ID>/*.in, give verdicts
  run      bundle, compile and run the solution on your own input: time and memory, no compare
  stress   the bundle against the problem's brute force on random small inputs
  fill     write the missing testdata/<ID>/*.out from the problem's brute force
  new      create problems/ID and testdata/ID
  table    a game's Grundy values over small positions, as a table and an SVG heat map

  --root DIR  the workspace (default: the nearest Cargo.toml with [workspace] above the
              current directory)
  --color WHEN  auto (colour on a terminal unless NO_COLOR is set), always or never

`ojgames COMMAND --help` describes a command's arguments.";

#[derive(Debug)]
pub struct Cli {
    pub root: Option<PathBuf>,
    pub colour: ColourChoice,
    pub command: Command,
}

#[derive(Debug)]
pub enum Command {
    /// `--version`: the text to print.
    Version,
    Bundle(bundle::BundleArgs),
    Judge(judge::JudgeArgs),
    Run(run::RunArgs),
    Stress(stress::StressArgs),
    Fill(fill::FillArgs),
    New(new::NewArgs),
    Table(table::TableArgs),
    /// `--help` anywhere: the text to print.
    Help(&'static str),
}

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli> {
    let mut parser = Parser::from_iter(std::iter::once(OsString::from("ojgames")).chain(args));
    let mut root = None;
    let mut colour = ColourChoice::Auto;
    loop {
        match parser.next()? {
            Some(Long("root")) => root = Some(PathBuf::from(parser.value()?)),
            Some(Long("color") | Long("colour")) => {
                let word = parser.value()?.string()?;
                colour = ColourChoice::parse(&word).ok_or_else(|| {
                    anyhow::anyhow!("--color expects auto, always or never, found `{word}`")
                })?;
            }
            Some(Short('h') | Long("help")) => {
                return Ok(Cli {
                    root,
                    colour,
                    command: Command::Help(USAGE),
                })
            }
            Some(Short('V') | Long("version")) => {
                return Ok(Cli {
                    root,
                    colour,
                    command: Command::Version,
                })
            }
            Some(Value(name)) => {
                let (p, r) = (&mut parser, &mut root);
                let name = name.string()?;
                let command = match name.as_str() {
                    "bundle" => command(
                        hint_flag(bundle::BundleArgs::parse(p, r), bundle::BundleArgs::USAGE)?,
                        Command::Bundle,
                        bundle::BundleArgs::USAGE,
                    ),
                    "judge" => command(
                        hint_flag(judge::JudgeArgs::parse(p, r), judge::JudgeArgs::USAGE)?,
                        Command::Judge,
                        judge::JudgeArgs::USAGE,
                    ),
                    "run" => command(
                        hint_flag(run::RunArgs::parse(p, r), run::RunArgs::USAGE)?,
                        Command::Run,
                        run::RunArgs::USAGE,
                    ),
                    "stress" => command(
                        hint_flag(stress::StressArgs::parse(p, r), stress::StressArgs::USAGE)?,
                        Command::Stress,
                        stress::StressArgs::USAGE,
                    ),
                    "fill" => command(
                        hint_flag(fill::FillArgs::parse(p, r), fill::FillArgs::USAGE)?,
                        Command::Fill,
                        fill::FillArgs::USAGE,
                    ),
                    "new" => command(
                        hint_flag(new::NewArgs::parse(p, r), new::NewArgs::USAGE)?,
                        Command::New,
                        new::NewArgs::USAGE,
                    ),
                    "table" => command(
                        hint_flag(table::TableArgs::parse(p, r), table::USAGE)?,
                        Command::Table,
                        table::USAGE,
                    ),
                    other => bail!(
                        "unknown command `{other}`{}\n\n{USAGE}",
                        spelling::suggestion(other, &COMMANDS)
                    ),
                };
                return Ok(Cli {
                    root,
                    colour,
                    command,
                });
            }
            Some(other) => return Err(other.unexpected().into()),
            None => bail!("no command given\n\n{USAGE}"),
        }
    }
}

/// The subcommands' names, for "did you mean".
const COMMANDS: [&str; 7] = ["bundle", "judge", "run", "stress", "fill", "new", "table"];

/// A command's parse result, with "did you mean" added to an unknown flag from the flags its
/// usage text lists.
fn hint_flag<T>(parsed: Result<Parsed<T>>, usage: &str) -> Result<Parsed<T>> {
    parsed.map_err(|err| match err.downcast_ref::<lexopt::Error>() {
        Some(lexopt::Error::UnexpectedOption(flag)) => {
            let flags = flags_in(usage);
            let hint = spelling::suggestion(flag, &flags);
            anyhow::anyhow!("{err}{hint}")
        }
        _ => err,
    })
}

/// The `--long` flags that a usage text names.
fn flags_in(usage: &str) -> Vec<&str> {
    let mut flags: Vec<&str> = usage
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .collect();
    flags.sort_unstable();
    flags.dedup();
    flags
}

/// The command for `parsed`, or its usage when `--help` was asked.
fn command<T>(parsed: Parsed<T>, wrap: fn(T) -> Command, usage: &'static str) -> Command {
    match parsed {
        Parsed::Args(args) => wrap(args),
        Parsed::Help => Command::Help(usage),
    }
}

impl Command {
    /// The lone `.rs` file the command names, and the limits its flags set.
    fn layout(&self) -> (Option<PathBuf>, Overrides) {
        let file = |problems: &Problems| problems.file().map(PathBuf::from);
        match self {
            Command::Judge(args) => (file(&args.problems), args.limits.clone()),
            Command::Run(args) => (file(&args.problem), args.limits.clone()),
            Command::Bundle(args) => (file(&args.problems), Overrides::default()),
            Command::Stress(args) => (file(&args.problems), Overrides::default()),
            Command::Fill(args) => (file(&args.problems), Overrides::default()),
            _ => (None, Overrides::default()),
        }
    }
}

/// Runs the command: `Ok(false)` when a case or a problem failed.
pub fn dispatch(cli: Cli) -> Result<bool> {
    console::set_colour(cli.colour);
    if let Command::Help(text) = cli.command {
        crate::sayln!("{text}");
        return Ok(true);
    }
    if let Command::Version = cli.command {
        crate::sayln!("ojgames {}", env!("CARGO_PKG_VERSION"));
        return Ok(true);
    }
    let (file, overrides) = cli.command.layout();
    let workspace = match file {
        // A lone file is its own workspace, or its package's bin.
        Some(file) if cli.root.is_none() => Workspace::for_file(&file, overrides)?.0,
        Some(_) => bail!("a .rs file is its own workspace: give it without --root"),
        _ => Workspace::locate_with(cli.root, &std::env::current_dir()?, overrides)?,
    };
    let runner = Runner::current()?;
    match cli.command {
        Command::Bundle(args) => bundle::run(&workspace, &args),
        Command::Judge(args) => judge::run(&workspace, &args, &runner),
        Command::Run(args) => run::run(&workspace, &args, &runner),
        Command::Stress(args) => stress::run(&workspace, &args, &runner),
        Command::Fill(args) => fill::run(&workspace, &args, &runner),
        Command::New(args) => new::run(&workspace, &args),
        Command::Table(args) => table::run(&workspace, &args),
        Command::Help(_) | Command::Version => unreachable!("handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::{bundle::BundleArgs, fill::FillArgs, judge::JudgeArgs};
    use crate::commands::{new::NewArgs, run::RunArgs, stress::StressArgs};

    fn parse_str(args: &[&str]) -> Result<Cli> {
        parse(args.iter().map(OsString::from))
    }

    fn error(args: &[&str]) -> String {
        format!("{:#}", parse_str(args).unwrap_err())
    }

    #[test]
    fn each_subcommand_has_its_own_help() {
        for (command, usage) in [
            ("bundle", BundleArgs::USAGE),
            ("judge", JudgeArgs::USAGE),
            ("run", RunArgs::USAGE),
            ("stress", StressArgs::USAGE),
            ("fill", FillArgs::USAGE),
            ("new", NewArgs::USAGE),
        ] {
            let cli = parse_str(&[command, "--help"]).unwrap();
            assert!(
                matches!(cli.command, Command::Help(text) if text == usage),
                "{command}"
            );
        }
        assert!(matches!(
            parse_str(&["--help"]).unwrap().command,
            Command::Help(USAGE)
        ));
    }

    #[test]
    fn version_and_did_you_mean() {
        assert!(matches!(
            parse_str(&["--version"]).unwrap().command,
            Command::Version
        ));
        assert!(matches!(
            parse_str(&["-V"]).unwrap().command,
            Command::Version
        ));
        let message = error(&["jugde", "x"]);
        assert!(
            message.starts_with("unknown command `jugde`; did you mean `judge`?"),
            "{message}"
        );
        let message = error(&["judge", "x", "--cargo-buld"]);
        assert!(
            message.contains("did you mean `--cargo-build`?"),
            "{message}"
        );
        let message = error(&["stress", "x", "--sead", "3"]);
        assert!(message.contains("did you mean `--seed`?"), "{message}");
        let message = error(&["judge", "x", "--frobnicate"]);
        assert!(!message.contains("did you mean"), "{message}");
    }

    #[test]
    fn colour_is_a_top_level_flag() {
        let cli = parse_str(&["--color", "never", "judge", "x"]).unwrap();
        assert_eq!(cli.colour, ColourChoice::Never);
        assert_eq!(
            parse_str(&["judge", "x"]).unwrap().colour,
            ColourChoice::Auto
        );
        assert!(error(&["--color", "sometimes", "judge", "x"]).contains("found `sometimes`"));
    }

    #[test]
    fn a_bad_number_is_one_message() {
        let message = error(&["stress", "x", "-n", "abc"]);
        assert_eq!(message.matches("abc").count(), 1, "{message}");
        assert!(
            message.starts_with("-n expects a whole number"),
            "{message}"
        );
        assert!(error(&["stress", "x", "-n", "0"]).contains("found `0`"));
    }

    #[test]
    fn ids_or_all_is_explained() {
        assert!(error(&["judge"]).starts_with("no problem given"));
        assert!(error(&["judge", "--all", "x"]).starts_with("give problem ids or --all, not both"));
    }

    #[test]
    fn ids_are_validated_at_the_edge() {
        for bad in ["../problems/p1247", "a/b", "..", ""] {
            let message = error(&["judge", bad]);
            assert!(message.contains("not a problem id"), "{bad}: {message}");
        }
    }

    #[test]
    fn flags_become_typed_arguments() {
        let cli = parse_str(&[
            "--root", "/w", "judge", "a", "b", "--case", "x.in", "-j", "2", "--json",
        ])
        .unwrap();
        assert_eq!(cli.root, Some(PathBuf::from("/w")));
        let Command::Judge(args) = cli.command else {
            panic!("not judge")
        };
        let ids: Vec<&str> = match &args.problems {
            Problems::Ids(ids) => ids.iter().map(|id| id.as_str()).collect(),
            Problems::All | Problems::File(_) => panic!("ids expected"),
        };
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(args.cases, ["x"]);
        assert_eq!(args.jobs, 2);
        assert!(args.json);
        assert!(error(&["judge", "--all", "--seed", "1"]).contains("--seed"));
    }
}
