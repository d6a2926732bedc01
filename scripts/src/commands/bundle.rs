//! `ojgames bundle`: write bundled/<ID>.rs, one self-contained file, and type-check it.

use std::path::PathBuf;

use anyhow::{bail, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use super::args::{Parsed, Problems, ProblemsBuilder};
use crate::bundle;
use crate::check::Check;
use crate::solution;
use crate::workspace::Workspace;

#[derive(Debug)]
pub struct BundleArgs {
    pub problems: Problems,
    pub keep_docs: bool,
    pub check: bool,
    /// Skip the type check of the written bundle.
    pub no_check: bool,
    /// `-o -` or `-o FILE`.
    pub output: solution::Output,
    pub layout: crate::bundle::Layout,
    pub whole_modules: bool,
    /// `--judge NAME`: bundle for this judge instead of the problem's `judge` setting.
    pub judge: Option<&'static crate::judges::Judge>,
}

impl BundleArgs {
    pub const USAGE: &'static str = "\
usage: ojgames bundle (--all | ID...) [--keep-docs] [--strip-comments | --minify]
                      [--whole-modules] [--check | --no-check] [-o - | -o FILE]
                      [--judge NAME]

Writes bundled/<ID>.rs: the problem's main.rs and the library items it uses, one file, and
type-checks it with rustc (errors shown at the original file and line).
  --all        every problem under problems/
  --keep-docs  keep doc comments
  --strip-comments  drop comments (lines still map to the sources)
  --minify     one line of tokens after the header (for tight size limits)
  --no-check   do not type-check the bundle
  --whole-modules  keep the modules the problem reaches whole (no item shaking)
  -o -         print the bundle to standard output instead (one problem)
  -o FILE      also copy the bundle to FILE once it passes its check (one problem;
               with --no-check, unchecked)
  --check      compile the bundle with rustc under editions 2018, 2021 and 2024; fail on any warning
  --judge NAME bundle for judge NAME (scripts/judges.toml) instead of the problem's `judge`:
               for AtCoder the crates it provides stay `use`s, for the others all is pasted";

    /// Parses the arguments after `bundle` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<BundleArgs>> {
        let usage = BundleArgs::USAGE;
        let (mut selection, mut keep_docs, mut check) = (ProblemsBuilder::default(), false, false);
        let mut no_check = false;
        let mut output = solution::Output::Bundled;
        let mut layout = crate::bundle::Layout::Readable;
        let mut whole_modules = false;
        let mut judge = None;
        while let Some(arg) = parser.next()? {
            match arg {
                Long("all") => selection.all = true,
                Long("keep-docs") => keep_docs = true,
                Long("check") => check = true,
                Long("no-check") => no_check = true,
                Long("strip-comments") => layout = crate::bundle::Layout::StripComments,
                Long("minify") => layout = crate::bundle::Layout::Minify,
                Long("whole-modules") => whole_modules = true,
                Long("judge") => {
                    let name = parser.value()?;
                    judge = Some(crate::judges::listed(&name.to_string_lossy())?);
                }
                Short('o') | Long("output") => {
                    let value = parser.value()?;
                    output = if value == "-" {
                        solution::Output::Stdout
                    } else {
                        solution::Output::File(PathBuf::from(value))
                    };
                }
                Value(id) => selection.push(id)?,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if check && no_check {
            bail!("--check and --no-check exclude each other\n\n{usage}");
        }
        let problems = selection.finish(usage)?;
        let one = matches!(&problems, Problems::Ids(ids) if ids.len() == 1);
        match &output {
            solution::Output::Stdout if !one => {
                bail!("-o - prints one bundle: name exactly one problem\n\n{usage}")
            }
            solution::Output::File(path) if !one => bail!(
                "-o {} takes one bundle: name exactly one problem\n\n{usage}",
                path.display()
            ),
            _ => {}
        }
        Ok(Parsed::Args(BundleArgs {
            problems,
            keep_docs,
            check,
            no_check,
            output,
            layout,
            whole_modules,
            judge,
        }))
    }
}

/// Bundles each problem; reports every failure, then fails if any did.
pub fn run(workspace: &Workspace, args: &BundleArgs) -> Result<bool> {
    let mut ok = true;
    for id in args.problems.ids(workspace)? {
        let options = bundle::Options {
            keep_docs: args.keep_docs,
            layout: args.layout,
            whole_modules: args.whole_modules,
            judge: args.judge,
            reshake: false,
        };
        let check = match (args.check, args.no_check) {
            (true, _) => Check::Editions,
            (false, true) => Check::Skip,
            (false, false) => Check::Types,
        };
        let written = workspace.problem(&id).and_then(|problem| {
            solution::write_bundle(workspace, &problem, &options, check, &args.output)
        });
        match written {
            Ok(written) if args.output == solution::Output::Stdout => {
                crate::warn!("{}", written.note)
            }
            Ok(written) => crate::sayln!("{}", written.note),
            Err(err) => {
                crate::warn!("error: {id}: {err:#}");
                ok = false;
            }
        }
    }
    Ok(ok)
}
