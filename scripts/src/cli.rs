//! The command line, parsed once into typed arguments: each subcommand has its own flags and
//! its own `--help`. To add a subcommand: a struct with `USAGE` and `parse`, a variant of
//! [`Command`], a line in [`USAGE`] and an arm in `lib.rs`'s dispatch.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{bail, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use crate::id::ProblemId;

pub const USAGE: &str = "\
usage: ojgames [--root DIR] COMMAND [ARGS]

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

`ojgames COMMAND --help` describes a command's arguments.";

/// What to work on: every problem, or the ones named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    All,
    Ids(Vec<ProblemId>),
}

#[derive(Debug)]
pub struct Cli {
    pub root: Option<PathBuf>,
    pub command: Command,
}

#[derive(Debug)]
pub enum Command {
    Bundle(BundleArgs),
    Judge(JudgeArgs),
    Run(RunArgs),
    Stress(StressArgs),
    Fill(FillArgs),
    New(NewArgs),
    Table(crate::table::TableArgs),
    /// `--help` anywhere: the text to print.
    Help(&'static str),
}

#[derive(Debug)]
pub struct BundleArgs {
    pub problems: Selection,
    pub keep_docs: bool,
    pub check: bool,
    /// Skip the type check of the written bundle.
    pub no_check: bool,
    /// `-o -`: print the bundle instead of writing bundled/<ID>.rs.
    pub to_stdout: bool,
    pub layout: crate::bundle::Layout,
    pub whole_modules: bool,
}

impl BundleArgs {
    pub const USAGE: &'static str = "\
usage: ojgames bundle (--all | ID...) [--keep-docs] [--strip-comments | --minify]
                      [--whole-modules] [--check | --no-check] [-o -]

Writes bundled/<ID>.rs: the problem's main.rs and the library items it uses, one file, and
type-checks it with rustc (errors shown at the original file and line).
  --all        every problem under problems/
  --keep-docs  keep doc comments
  --strip-comments  drop comments (lines still map to the sources)
  --minify     one line of tokens after the header (for tight size limits)
  --no-check   do not type-check the bundle
  --whole-modules  keep the modules the problem reaches whole (no item shaking)
  -o -         print the bundle to standard output instead (one problem)
  --check      compile the bundle with rustc under editions 2018, 2021 and 2024; fail on any warning";
}

#[derive(Debug)]
pub struct JudgeArgs {
    pub problems: Selection,
    pub keep_docs: bool,
    /// Judge `bundled/<ID>.rs` as it is.
    pub no_bundle: bool,
    /// Judge the cargo release build instead of the bundle.
    pub cargo_build: bool,
    /// Only these cases (names without `.in`); every case when empty.
    pub cases: Vec<String>,
    pub jobs: usize,
    pub json: bool,
}

impl JudgeArgs {
    pub const USAGE: &'static str = "\
usage: ojgames judge (--all | ID...) [--case NAME]... [-j N] [--json]
                     [--no-bundle | --cargo-build] [--keep-docs]

Bundles each problem, compiles bundled/<ID>.rs with rustc as its judge does, runs it on every
testdata/<ID>/*.in under the problem's limits and compares with the .out: AC, WA, PE, RE, TLE,
MLE, OLE, CE, with the evidence (where the output differs, CPU time, peak memory, stderr).
  --all          every problem under problems/
  --case NAME    only testdata/<ID>/NAME.in (repeatable)
  -j N           judge N cases at once (verdicts are decided on CPU time, so they do not change)
  --json         one JSON record per case on stdout instead of the table
  --no-bundle    judge bundled/<ID>.rs as it is
  --cargo-build  judge the cargo release build (`cargo build --release -p ID`) instead
  --keep-docs    keep doc comments in the bundle";
}

#[derive(Debug)]
pub struct RunArgs {
    pub problem: ProblemId,
    /// Standard input when `None`.
    pub input: Option<PathBuf>,
    pub no_bundle: bool,
    pub cargo_build: bool,
}

impl RunArgs {
    pub const USAGE: &'static str = "\
usage: ojgames run ID [--input FILE] [--no-bundle | --cargo-build]

Bundles and compiles the problem like judge, runs it once on FILE (default: standard input)
under the problem's limits, passes its output through, and reports CPU time, peak memory and
how it ended on stderr. Nothing is compared.
  --input FILE   the input (default: standard input)
  --no-bundle    run bundled/<ID>.rs as it is
  --cargo-build  run the cargo release build instead";
}

#[derive(Debug)]
pub struct StressArgs {
    pub problems: Selection,
    pub cases: u64,
    pub seed: u64,
    /// Save a failing input, with the brute force's answer, into testdata/<ID>/.
    pub save: bool,
    /// Stress this bin of the problem (its cargo build) instead of the bundle.
    pub bin: Option<String>,
}

pub const DEFAULT_STRESS_CASES: u64 = 300;

impl StressArgs {
    pub const USAGE: &'static str = "\
usage: ojgames stress (--all | ID...) [-n N] [--seed S] [--save] [--bin NAME]

Bundles and compiles each problem like judge, builds its gen.rs and brute.rs, then for i in
0..N runs gen(S + i), the bundle and the brute force, and compares them (with the problem's
checker if it has one). An interactive problem (a bin `<ID>-interactor`) needs no brute force:
gen(S + i) writes the hidden input and the interactor plays it against the bundle. Stops at
the first failure and prints the command that reproduces it (with the game's transcript).
  --all       every problem under problems/
  -n N        cases (default 300)
  --seed S    the first seed (default 1)
  --save      save a failing input and the brute force's answer as testdata/<ID>/stress-seed-S.*
              (an interactive problem's: the input alone)
  --bin NAME  stress the cargo build of the problem's bin NAME instead of the bundle (a planted
              wrong solution such as `<ID>-wrong`, which stress must catch)";
}

#[derive(Debug)]
pub struct FillArgs {
    pub problems: Selection,
}

impl FillArgs {
    pub const USAGE: &'static str = "\
usage: ojgames fill (--all | ID...)

For every testdata/<ID>/NAME.in that has no NAME.out, runs the problem's brute force
(problems/<ID>/brute.rs) on it and writes its answer as NAME.out. Existing .out files are
never touched. Check what it wrote: the brute force is only as right as its rules.
  --all      every problem under problems/";
}

#[derive(Debug)]
pub struct NewArgs {
    pub id: String,
}

impl NewArgs {
    pub const USAGE: &'static str = "\
usage: ojgames new ID

Creates problems/ID (Cargo.toml with the judge settings, main.rs, gen.rs, brute.rs) and
testdata/ID with an empty sample pair to fill in.";
}

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli> {
    let mut parser = Parser::from_iter(std::iter::once(OsString::from("ojgames")).chain(args));
    let mut root = None;
    loop {
        match parser.next()? {
            Some(Long("root")) => root = Some(PathBuf::from(parser.value()?)),
            Some(Short('h') | Long("help")) => {
                return Ok(Cli {
                    root,
                    command: Command::Help(USAGE),
                })
            }
            Some(Value(name)) => {
                let name = name.string()?;
                let mut sub = SubParser {
                    parser: &mut parser,
                    root: &mut root,
                };
                let command = match name.as_str() {
                    "bundle" => sub.bundle()?,
                    "judge" => sub.judge()?,
                    "run" => sub.run()?,
                    "stress" => sub.stress()?,
                    "fill" => sub.fill()?,
                    "new" => sub.new_problem()?,
                    "table" => crate::table::TableArgs::parse(sub.parser, sub.root)?,
                    other => bail!("unknown command `{other}`\n\n{USAGE}"),
                };
                return Ok(Cli { root, command });
            }
            Some(other) => return Err(other.unexpected().into()),
            None => bail!("no command given\n\n{USAGE}"),
        }
    }
}

/// Parses one subcommand's flags; `--root` and `--help` are accepted after every command.
struct SubParser<'a> {
    parser: &'a mut Parser,
    root: &'a mut Option<PathBuf>,
}

/// Collects `--all` and ids into a [`Selection`].
#[derive(Default)]
struct SelectionBuilder {
    all: bool,
    ids: Vec<ProblemId>,
}

impl SelectionBuilder {
    fn finish(self, usage: &str) -> Result<Selection> {
        match (self.all, self.ids.is_empty()) {
            (true, true) => Ok(Selection::All),
            (false, false) => Ok(Selection::Ids(self.ids)),
            (true, false) => bail!("give problem ids or --all, not both\n\n{usage}"),
            (false, true) => bail!("no problem given: name problem ids or pass --all\n\n{usage}"),
        }
    }
}

impl SubParser<'_> {
    fn bundle(&mut self) -> Result<Command> {
        let usage = BundleArgs::USAGE;
        let (mut selection, mut keep_docs, mut check) = (SelectionBuilder::default(), false, false);
        let (mut no_check, mut to_stdout) = (false, false);
        let mut layout = crate::bundle::Layout::Readable;
        let mut whole_modules = false;
        while let Some(arg) = self.parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Long("keep-docs") => keep_docs = true,
                Long("check") => check = true,
                Long("no-check") => no_check = true,
                Long("strip-comments") => layout = crate::bundle::Layout::StripComments,
                Long("minify") => layout = crate::bundle::Layout::Minify,
                Long("whole-modules") => whole_modules = true,
                Short('o') | Long("output") => match self.parser.value()?.to_str() {
                    Some("-") => to_stdout = true,
                    _ => bail!("-o takes `-` (standard output); bundles are written to bundled/<ID>.rs\n\n{usage}"),
                },
                Value(id) => selection.ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        if check && no_check {
            bail!("--check and --no-check exclude each other\n\n{usage}");
        }
        let problems = selection.finish(usage)?;
        if to_stdout && !matches!(&problems, Selection::Ids(ids) if ids.len() == 1) {
            bail!("-o - prints one bundle: name exactly one problem\n\n{usage}");
        }
        Ok(Command::Bundle(BundleArgs {
            problems,
            keep_docs,
            check,
            no_check,
            to_stdout,
            layout,
            whole_modules,
        }))
    }

    fn judge(&mut self) -> Result<Command> {
        let usage = JudgeArgs::USAGE;
        let mut selection = SelectionBuilder::default();
        let mut args = JudgeArgs {
            problems: Selection::All,
            keep_docs: false,
            no_bundle: false,
            cargo_build: false,
            cases: Vec::new(),
            jobs: 1,
            json: false,
        };
        while let Some(arg) = self.parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Long("keep-docs") => args.keep_docs = true,
                Long("no-bundle") => args.no_bundle = true,
                Long("cargo-build") => args.cargo_build = true,
                Long("json") => args.json = true,
                Long("case") => args.cases.push(case_name(self.parser.value()?)?),
                Short('j') | Long("jobs") => {
                    args.jobs = number(self.parser.value()?, "-j", 1..=256)? as usize;
                }
                Value(id) => selection.ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        if args.no_bundle && args.cargo_build {
            bail!("--no-bundle and --cargo-build exclude each other\n\n{usage}");
        }
        args.problems = selection.finish(usage)?;
        Ok(Command::Judge(args))
    }

    fn run(&mut self) -> Result<Command> {
        let usage = RunArgs::USAGE;
        let (mut ids, mut input, mut no_bundle, mut cargo_build) = (Vec::new(), None, false, false);
        while let Some(arg) = self.parser.next()? {
            match arg {
                Long("input") | Short('i') => input = Some(PathBuf::from(self.parser.value()?)),
                Long("no-bundle") => no_bundle = true,
                Long("cargo-build") => cargo_build = true,
                Value(id) => ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        if no_bundle && cargo_build {
            bail!("--no-bundle and --cargo-build exclude each other\n\n{usage}");
        }
        let [problem]: [ProblemId; 1] = ids
            .try_into()
            .map_err(|_| anyhow::anyhow!("give exactly one problem id\n\n{usage}"))?;
        Ok(Command::Run(RunArgs {
            problem,
            input,
            no_bundle,
            cargo_build,
        }))
    }

    fn stress(&mut self) -> Result<Command> {
        let usage = StressArgs::USAGE;
        let mut selection = SelectionBuilder::default();
        let (mut cases, mut seed, mut save, mut bin) = (DEFAULT_STRESS_CASES, 1, false, None);
        while let Some(arg) = self.parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Short('n') => cases = number(self.parser.value()?, "-n", 1..=u64::MAX)?,
                Long("seed") => seed = number(self.parser.value()?, "--seed", 0..=u64::MAX)?,
                Long("save") => save = true,
                Long("bin") => bin = Some(self.parser.value()?.string()?),
                Value(id) => selection.ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        Ok(Command::Stress(StressArgs {
            problems: selection.finish(usage)?,
            cases,
            seed,
            save,
            bin,
        }))
    }

    fn fill(&mut self) -> Result<Command> {
        let usage = FillArgs::USAGE;
        let mut selection = SelectionBuilder::default();
        while let Some(arg) = self.parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Value(id) => selection.ids.push(ProblemId::parse_os(&id)?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        Ok(Command::Fill(FillArgs {
            problems: selection.finish(usage)?,
        }))
    }

    fn new_problem(&mut self) -> Result<Command> {
        let usage = NewArgs::USAGE;
        let mut ids = Vec::new();
        while let Some(arg) = self.parser.next()? {
            match arg {
                // Checked as a crate name by `new::create`, which says why one is refused.
                Value(id) => ids.push(id.string()?),
                Long("root") => *self.root = Some(PathBuf::from(self.parser.value()?)),
                Short('h') | Long("help") => return Ok(Command::Help(usage)),
                other => return Err(other.unexpected().into()),
            }
        }
        let [id]: [String; 1] = ids
            .try_into()
            .map_err(|_| anyhow::anyhow!("give exactly one problem id\n\n{usage}"))?;
        Ok(Command::New(NewArgs { id }))
    }
}

/// A decimal number in `range`, or one error naming the flag and what it got.
fn number(value: OsString, flag: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64> {
    let text = value.to_string_lossy();
    match text.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => bail!(
            "{flag} expects a whole number from {} to {}, found `{text}`",
            range.start(),
            range.end()
        ),
    }
}

/// A case name: a file stem under testdata/<ID>/, so no path separators.
fn case_name(value: OsString) -> Result<String> {
    let name = value.to_string_lossy().into_owned();
    let name = name.strip_suffix(".in").unwrap_or(&name).to_string();
    if name.is_empty() || name.contains('/') || name == "." || name == ".." {
        bail!("--case expects a case name (NAME for testdata/<ID>/NAME.in), found `{name}`");
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Selection::Ids(ids) => ids.iter().map(|id| id.as_str()).collect(),
            Selection::All => panic!("ids expected"),
        };
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(args.cases, ["x"]);
        assert_eq!(args.jobs, 2);
        assert!(args.json);
        assert!(error(&["judge", "--all", "--seed", "1"]).contains("--seed"));
    }
}
