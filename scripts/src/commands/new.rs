//! `ojgames new <id>`: a new problem in one command. Writes `problems/<id>/` (Cargo.toml with every
//! judge setting, a `main.rs` that uses the library's scanner and writer, and the `gen.rs` and
//! `brute.rs` that `ojgames stress` runs) and `testdata/<id>/` with an empty sample pair. The
//! workspace's `problems/*` glob picks the crate up; nothing else needs editing.

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

mod interactive;

use super::args::Parsed;
use crate::settings::{self, JudgeMeta};
use crate::workspace::{Layout, Workspace};

#[derive(Debug)]
pub struct NewArgs {
    pub id: String,
    /// An interactive problem: an interactor instead of a brute force.
    pub interactive: bool,
}

impl NewArgs {
    pub const USAGE: &'static str = "\
usage: ojgames new ID [--interactive]

Creates problems/ID (Cargo.toml with the judge settings, main.rs, gen.rs, brute.rs) and
testdata/ID with an empty sample pair to fill in.
  --interactive  an interactive problem: main.rs, interactor.rs (the bin `ID-interactor`, a
                 perfect jury on ojlib::jury), gen.rs (hidden tests) and a sample hidden test,
                 a one-pile game that agrees and passes judge and stress from the first minute";

    /// Parses the arguments after `new` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<NewArgs>> {
        let usage = NewArgs::USAGE;
        let (mut ids, mut interactive) = (Vec::new(), false);
        while let Some(arg) = parser.next()? {
            match arg {
                // Checked as a crate name by `new::create`, which says why one is refused.
                Value(id) => ids.push(id.string()?),
                Long("interactive") => interactive = true,
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        let [id]: [String; 1] = ids
            .try_into()
            .map_err(|_| anyhow::anyhow!("give exactly one problem id\n\n{usage}"))?;
        Ok(Parsed::Args(NewArgs { id, interactive }))
    }
}

/// Runs `ojgames new`.
pub fn run(workspace: &Workspace, args: &NewArgs) -> Result<bool> {
    // The templates use this repository's library and layout (problems/, testdata/).
    if !matches!(workspace.layout, Layout::Repository) {
        anyhow::bail!(
            "`ojgames new` writes problems/{id}/ and testdata/{id}/ for this toolkit's own \
             workspace, with templates that use its library; {} is not one. In a cargo package \
             add a bin (`cargo compete add`, or `[[bin]] name = \"{id}\"` with src/bin/{id}.rs) \
             and its test suite; a lone file needs nothing: `ojgames judge {id}.rs`",
            workspace.root.display(),
            id = args.id
        );
    }
    if args.interactive {
        return create_interactive(workspace, &args.id).map(|()| true);
    }
    create(workspace, &args.id).map(|()| true)
}

/// Keywords (a bin named like one cannot be a crate) and names cargo or this workspace
/// keeps for itself.
const RESERVED: &[&str] = &[
    "abstract",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "crate",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
    "alloc",
    "build",
    "core",
    "deps",
    "examples",
    "incremental",
    "proc_macro",
    "std",
    "test",
    "oj",
    "ojgames",
    "ojlib",
];

/// Why `id` cannot name a problem crate, if it cannot.
pub fn invalid_id(id: &str) -> Option<String> {
    let first = id.chars().next()?;
    if !first.is_ascii_alphabetic() {
        return Some(format!("`{id}` must start with an ASCII letter"));
    }
    if let Some(bad) = id
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Some(format!(
            "`{id}` contains {bad:?}: use ASCII letters, digits, `_` and `-`"
        ));
    }
    if RESERVED.contains(&id.to_ascii_lowercase().replace('-', "_").as_str()) {
        return Some(format!("`{id}` is a Rust keyword or a name cargo reserves"));
    }
    None
}

pub fn create(workspace: &Workspace, id: &str) -> Result<()> {
    let (dir, testdata) = new_dirs(workspace, id)?;
    let guess = Guess::from_id(id);
    let lib = workspace.lib_name.as_str();
    let files = [
        (
            "Cargo.toml",
            manifest(id, &guess, &workspace.lib_package, false),
        ),
        ("main.rs", main_template(id, lib)),
        ("gen.rs", gen_template(id, lib)),
        ("brute.rs", brute_template(id, lib)),
    ];
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, text) in &files {
        fs::write(dir.join(name), text)?;
    }
    fs::create_dir_all(&testdata)?;
    for name in ["sample-1.in", "sample-1.out"] {
        fs::write(testdata.join(name), "")?;
    }
    crate::sayln!("created problems/{id}/ (Cargo.toml, main.rs, gen.rs, brute.rs) and testdata/{id}/sample-1.in/.out");
    crate::sayln!("next: paste the sample into testdata/{id}/sample-1.in and .out, set the limits in problems/{id}/Cargo.toml,");
    crate::sayln!("      write main.rs, then `make judge P={id}`, write gen.rs and brute.rs, `make stress P={id}`,");
    crate::sayln!("      and paste bundled/{id}.rs into the judge");
    Ok(())
}

/// `ojgames new ID --interactive`: a solution, an interactor, a generator and a sample
/// hidden test that agree (a one-pile take-away game) and pass judge and stress at once.
pub fn create_interactive(workspace: &Workspace, id: &str) -> Result<()> {
    let (dir, testdata) = new_dirs(workspace, id)?;
    let guess = Guess::from_id(id);
    let lib = workspace.lib_name.as_str();
    let files = [
        (
            "Cargo.toml",
            manifest(id, &guess, &workspace.lib_package, true),
        ),
        ("main.rs", interactive::main(id, lib)),
        ("interactor.rs", interactive::interactor(id, lib)),
        ("gen.rs", interactive::gen(id, lib)),
    ];
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, text) in &files {
        fs::write(dir.join(name), text)?;
    }
    fs::create_dir_all(&testdata)?;
    fs::write(testdata.join("sample-1.in"), interactive::SAMPLE)?;
    crate::sayln!("created problems/{id}/ (Cargo.toml, main.rs, interactor.rs, gen.rs) and testdata/{id}/sample-1.in, an interactive problem");
    crate::sayln!("next: `make judge P={id}` and `make stress P={id}` pass as they are; write the problem's protocol into");
    crate::sayln!("      interactor.rs (the jury) and main.rs, the statement's sample interaction's hidden test into");
    crate::sayln!("      testdata/{id}/sample-1.in (no .out needed), play it yourself with `ojgames run {id}`");
    Ok(())
}

/// `problems/ID` and `testdata/ID` of a new problem: the id checked, neither there yet.
fn new_dirs(workspace: &Workspace, id: &str) -> Result<(PathBuf, PathBuf)> {
    if id.is_empty() {
        bail!("the problem id is empty");
    }
    if let Some(reason) = invalid_id(id) {
        bail!("not a valid crate name: {reason}");
    }
    let dir = workspace.root.join("problems").join(id);
    let testdata = workspace.testdata_dir(id);
    for path in [&dir, &testdata] {
        if path.exists() {
            bail!(
                "problem `{id}` exists: {} is already there",
                workspace.display(path)
            );
        }
    }
    Ok((dir, testdata))
}

/// Judge settings guessed from the id's prefix; the user checks them.
struct Guess {
    judge: &'static str,
    url: String,
    time_limit_ms: u64,
    memory_limit_kb: u64,
    compare: &'static str,
    edition: &'static str,
}

impl Guess {
    fn from_id(id: &str) -> Guess {
        let mut guess = Guess {
            judge: "unknown judge",
            url: String::new(),
            time_limit_ms: settings::DEFAULT_TIME_LIMIT_MS,
            memory_limit_kb: settings::DEFAULT_MEMORY_LIMIT_KIB,
            compare: "lines",
            edition: "2021",
        };
        let digits = |prefix: &str| {
            id.strip_prefix(prefix)
                .filter(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
                .map(str::to_string)
        };
        if let Some(n) = digits("hdu") {
            guess.judge = "HDU";
            guess.url = format!("https://acm.hdu.edu.cn/showproblem.php?pid={n}");
            guess.memory_limit_kb = 32768;
            guess.compare = "exact";
        } else if let Some(n) = digits("poj").or_else(|| digits("pku")) {
            guess.judge = "POJ";
            guess.url = format!("http://poj.org/problem?id={n}");
            guess.compare = "exact";
        } else if let Some(n) = digits("p") {
            guess.judge = "Luogu";
            guess.url = format!("https://www.luogu.com.cn/problem/P{n}");
            guess.edition = "2024";
        }
        guess
    }
}

fn manifest(id: &str, guess: &Guess, lib_package: &str, interactive: bool) -> String {
    let defaults = JudgeMeta::default();
    let helpers = if interactive {
        interactive::manifest_bins(id)
    } else {
        format!(
            r#"# For `ojgames stress`: a seeded generator of small inputs and a brute-force solver.
[[bin]]
name = "{id}-gen"
path = "gen.rs"

[[bin]]
name = "{id}-brute"
path = "brute.rs"
"#
        )
    };
    format!(
        r#"[package]
name = "{id}"
version = "0.1.0"
default-run = "{id}"
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

# The solution: `ojgames bundle` bundles this one (the bin named like the problem) into bundled/{id}.rs.
[[bin]]
name = "{id}"
path = "main.rs"

{helpers}
[dependencies]
{lib_package} = {{ path = "../.." }}

# Read by `ojgames judge`; every field has a default in code. Check the limits on the judge's page.
[package.metadata.judge]
title = ""
judge = "{judge}"
url = "{url}"
time-limit-ms = {time}
memory-limit-kb = {memory}
output-limit-kb = {output}
# The stack; by default the judge's convention (Codeforces: 256 MiB; others: the memory limit).
# stack-limit-kb = 8192
# "exact" (byte for byte, PE when only whitespace differs: POJ, HDU), "exact-crlf" (the same
# once CR LF is LF), "lines" (trailing whitespace ignored), "words" (each line's words),
# "tokens", "float" or "float-lines" ("float:rel={tolerance:e},abs={tolerance:e}", or
# float-tolerance = {tolerance:e} for both).
compare = "{compare}"
# A checker for problems with several right answers: a .rs file here or a command, called as
# `checker INPUT OUTPUT ANSWER` (exit 0 AC, 1 WA, 2 PE).
# checker = "checker.rs"
# The edition the judge compiles with (Luogu: 2024).
edition = "{edition}"
"#,
        judge = guess.judge,
        url = guess.url,
        time = guess.time_limit_ms,
        memory = guess.memory_limit_kb,
        output = defaults.output_limit_kib,
        tolerance = settings::DEFAULT_FLOAT_TOLERANCE,
        compare = guess.compare,
        edition = guess.edition,
    )
}

fn main_template(id: &str, lib: &str) -> String {
    format!(
        r#"//! {id}: TODO the problem in a line or two (input format, what to print).
use {lib}::io::{{InputError, Scanner, Writer}};

fn main() -> Result<(), InputError> {{
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // Cases until the end of input. For `T` cases first: `for _ in 0..input.read::<u64>()? {{`;
    // for a sentinel: `if n == 0 {{ break; }}`.
    while let Some(n) = input.next::<u64>()? {{
        let piles: Vec<u64> = input.read_vec(n as usize)?;
        out.line(&piles);
    }}
    Ok(())
}}
"#
    )
}

fn gen_template(id: &str, lib: &str) -> String {
    format!(
        r#"//! Stress-test generator for {id}: TODO what it prints. Keep inputs small enough for the
//! brute force. The seed is the first argument; the same seed prints the same input.
use {lib}::rng::Rng;
use std::fmt::Write;

fn main() {{
    let mut rng = Rng::from_seed_arg();
    let mut input = String::new();
    for _ in 0..rng.range(1, 4) {{
        let n = rng.range(1, 4);
        let piles: Vec<String> = (0..n).map(|_| rng.range(0, 9).to_string()).collect();
        writeln!(input, "{{n}}\n{{}}", piles.join(" ")).unwrap();
    }}
    print!("{{input}}");
}}
"#
    )
}

fn brute_template(id: &str, lib: &str) -> String {
    format!(
        r#"//! Brute force for {id}: TODO solve it the slow, obviously right way, for example with
//! `{lib}::games::sg::Grundy` over the game's move function, never with the closed form that
//! main.rs uses.
use {lib}::io::{{InputError, Scanner, Writer}};

fn main() -> Result<(), InputError> {{
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(n) = input.next::<u64>()? {{
        let piles: Vec<u64> = input.read_vec(n as usize)?;
        out.line(&piles);
    }}
    Ok(())
}}
"#
    )
}

#[cfg(test)]
mod tests {
    use super::invalid_id;

    #[test]
    fn crate_names() {
        for good in ["hdu1846", "p1247", "abc_123", "cf-1000a", "gen2"] {
            assert_eq!(invalid_id(good), None, "{good}");
        }
        for bad in [
            "1846", "_x", "-x", "a b", "a.b", "ü", "fn", "gen", "test", "ojlib", "Self",
        ] {
            assert!(invalid_id(bad).is_some(), "{bad}");
        }
        assert!(
            invalid_id("").is_none(),
            "the empty id is refused by `create`"
        );
    }
}
