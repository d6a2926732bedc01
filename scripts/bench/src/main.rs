//! `make bench`: generates the benchmark inputs (seeded, into `target/bench/`), builds every
//! competitor, runs them in interleaved rounds with `wait4`, and prints a markdown table of
//! medians, ratios against the bundled solution, and peak RSS.
//!
//! Usage: `bench [--rounds N] [--problems hdu2176,tokens,interactive,pku1067,...] [--no-bundle]
//! [--stdout-null]`

mod gen;
mod measure;

use measure::Measured;
use ojgames::id::ProblemId;
use ojgames::settings::{Edition, JudgeMeta};
use ojgames::solution::{build_solution, Built, SolutionSource};
use ojgames::workspace::{Problem, Tests, Workspace};
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The problems, `tokens`: the per-token benchmark (10 M integers read and written back), and
/// `interactive`: the cost of a round trip of one move with a jury over two pipes.
const ALL_PROBLEMS: [&str; 6] = [
    "hdu2176",
    "tokens",
    "interactive",
    "pku1067",
    "p1290",
    "hdu3595",
];

/// The moves of one run of the round-trip benchmark.
const ROUND_TRIPS: &str = "20000";

struct Options {
    rounds: usize,
    /// Timed runs write their output to a file (as a judge does), not to /dev/null.
    stdout_file: bool,
    problems: Vec<String>,
    bundle: bool,
    /// Only the bytes of the I/O in each bundle (`--sizes`), no timing.
    sizes_only: bool,
}

fn parse_args() -> Options {
    let mut options = Options {
        rounds: 15,
        stdout_file: true,
        problems: ALL_PROBLEMS.iter().map(|p| p.to_string()).collect(),
        bundle: true,
        sizes_only: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                options.rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage("--rounds needs a positive number"));
            }
            "--problems" => {
                let list = args
                    .next()
                    .unwrap_or_else(|| usage("--problems needs a list"));
                options.problems = list.split(',').map(str::to_string).collect();
                for p in &options.problems {
                    if !ALL_PROBLEMS.contains(&p.as_str()) {
                        usage(&format!("unknown problem `{p}`"));
                    }
                }
            }
            "--no-bundle" => options.bundle = false,
            "--sizes" => options.sizes_only = true,
            "--stdout-null" => options.stdout_file = false,
            "-h" | "--help" => usage(""),
            other => usage(&format!("unknown argument `{other}`")),
        }
    }
    options
}

fn usage(message: &str) -> ! {
    if !message.is_empty() {
        eprintln!("bench: {message}");
    }
    eprintln!(
        "usage: bench [--rounds N] [--problems hdu2176,tokens,interactive,pku1067,p1290,hdu3595] \
         [--no-bundle] [--stdout-null] | bench --sizes"
    );
    std::process::exit(2);
}

/// One competitor: a command and how to label it.
#[derive(Clone)]
struct Program {
    label: String,
    /// What the targets find it by (empty: no target names it).
    key: &'static str,
    path: PathBuf,
    args: Vec<String>,
    /// Floors produce no answer; their output is not compared.
    floor: bool,
}

/// One benchmark input and the programs run on it.
struct Bench {
    title: String,
    input: PathBuf,
    programs: Vec<Program>,
    /// Index of the program the ratios are relative to.
    reference: usize,
    /// Which of the targets (issues 11 and 26) to check on this one.
    targets: Targets,
}

#[derive(Clone, Copy, PartialEq)]
enum Targets {
    None,
    /// HDU 2176 against the safe yardstick, proconio, C++ fread and C scanf; peak RSS.
    Judge,
    /// One token at a time against `read_vec` and proconio's `input!` in a loop.
    PerToken,
    /// A round trip of one move against a plain `BufRead` line loop.
    RoundTrip,
}

struct Env {
    root: PathBuf,
    dir: PathBuf,
    cargo: String,
}

impl Env {
    fn release(&self, name: &str) -> PathBuf {
        self.root.join("target/release").join(name)
    }

    /// A competitor `make bench` compiled into `target/bench/bin`.
    fn bin(&self, name: &str) -> PathBuf {
        self.dir.join("bin").join(name)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 4 && args[1] == "--generate" {
        if let Err(e) = generate_here(&args[2], Path::new(&args[3])) {
            eprintln!("bench: generating {}: {e}", args[2]);
            std::process::exit(1);
        }
        return;
    }
    let options = parse_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let env = Env {
        dir: root.join("target/bench"),
        root,
        cargo: std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()),
    };
    for sub in ["in", "bin", "out"] {
        fs::create_dir_all(env.dir.join(sub)).expect("creating target/bench");
    }
    if let Err(e) = real_main(&options, &env) {
        eprintln!("bench: {e}");
        std::process::exit(1);
    }
}

fn real_main(options: &Options, env: &Env) -> io::Result<()> {
    if options.sizes_only {
        let (table, over) = bundle_sizes(env)?;
        print!("{table}");
        return match over {
            0 => Ok(()),
            _ => Err(io::Error::other(format!(
                "{over} bundles carry more I/O than their target ({IO_BUDGET} bytes; {INTERACTIVE_IO_BUDGET} interactive)"
            ))),
        };
    }
    build(env, &options.problems)?;
    let mut benches = Vec::new();
    for problem in &options.problems {
        if problem == "tokens" {
            benches.extend(token_benches(env)?);
        } else if problem == "interactive" {
            benches.push(round_trip_bench(env));
        } else {
            let solution = solution(env, problem, options.bundle)?;
            benches.extend(benches_for(env, problem, solution)?);
        }
    }
    let load_before = load_average();
    let mut report = header(options);
    if options.bundle {
        report.push_str(&bundle_sizes(env)?.0);
    }
    for bench in &benches {
        eprintln!("bench: {}", bench.title);
        check_outputs(env, bench)?;
        let sink = if options.stdout_file {
            env.dir.join("out/timed.out")
        } else {
            PathBuf::from("/dev/null")
        };
        let results = run_rounds(bench, options.rounds, &sink)?;
        report.push_str(&table(bench, &results, options.rounds));
    }
    let _ = writeln!(
        report,
        "Load average (1 min) before / after the runs: {} / {}.",
        load_before,
        load_average()
    );
    print!("{report}");
    let latest = env.dir.join("latest.md");
    fs::write(&latest, &report)?;
    eprintln!("bench: table written to {}", latest.display());
    Ok(())
}

fn cargo_command(env: &Env) -> Command {
    let mut command = Command::new(&env.cargo);
    command.current_dir(&env.root);
    command
}

fn check_status(what: &str, status: io::Result<std::process::ExitStatus>) -> io::Result<()> {
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(io::Error::other(format!("{what} failed: {s}"))),
        Err(e) => Err(io::Error::other(format!("{what}: {e}"))),
    }
}

/// The edition the competitors are compiled with: the judge's edition of every benchmarked
/// problem (`edition = "2021"` in their manifests).
const JUDGE_EDITION: Edition = Edition::E2021;

/// The Rust competitors in `scripts/bench/rustc/`, each one file compiled as the judge compiles
/// a bundle, and whether it links proconio.
const RUST_COMPETITORS: [(&str, bool); 8] = [
    ("hdu2176-yardstick", false),
    ("interactive-jury", false),
    ("interactive-bufread", false),
    ("hdu2176-naive", false),
    ("hdu2176-proconio", true),
    ("hdu2176-proconio-once", true),
    ("tokens-proconio", true),
    ("read-floor", false),
];

/// Builds every competitor the way the judge builds a bundle, `rustc --edition 2021 -O` (the
/// proconio competitors link cargo's build of the proconio crate with `--extern`), into
/// `target/bench/bin`: the Rust files of `scripts/bench/rustc/`, the per-token program bundled
/// with the library first, and the C and C++ competitors with gcc and g++ -O2. Cargo builds
/// the process runner (`ojgames`), the problems' release builds (measured when there is no
/// bundle) and the proconio crate.
fn build(env: &Env, problems: &[String]) -> io::Result<()> {
    eprintln!("bench: building the competitors");
    let mut command = cargo_command(env);
    command.args([
        "build",
        "--release",
        "-q",
        "--message-format=json-render-diagnostics",
        "-p",
        "bench",
        "-p",
        "ojgames",
        "--bins",
    ]);
    for p in problems
        .iter()
        .filter(|p| *p != "tokens" && *p != "interactive")
    {
        command.args(["-p", p]);
    }
    let output = command.stderr(std::process::Stdio::inherit()).output();
    let output = output.map_err(|e| io::Error::other(format!("cargo build: {e}")))?;
    check_status("cargo build", Ok(output.status))?;
    let proconio = proconio_rlib(&String::from_utf8_lossy(&output.stdout))
        .ok_or_else(|| io::Error::other("cargo build did not report proconio's rlib"))?;
    let extern_args: Vec<std::ffi::OsString> = vec![
        "--extern".into(),
        format!("proconio={}", proconio.display()).into(),
        "-L".into(),
        format!("dependency={}", env.release("deps").display()).into(),
    ];
    let sources = env.root.join("scripts/bench/rustc");
    for (name, links_proconio) in RUST_COMPETITORS {
        let extra = if links_proconio {
            &extern_args[..]
        } else {
            &[]
        };
        judge_build(&sources.join(format!("{name}.rs")), extra, &env.bin(name))?;
    }
    for name in ["tokens", "interactive"] {
        let bundled = bundle_file(env, name, &sources.join(format!("{name}.rs")))?;
        judge_build(&bundled, &[], &env.bin(name))?;
    }
    let sources = env.root.join("scripts/bench/c");
    for (compiler, source, binary) in [
        ("g++", "hdu2176-fread.cpp", "hdu2176-fread"),
        ("gcc", "hdu2176-scanf.c", "hdu2176-scanf"),
    ] {
        let status = Command::new(compiler)
            .arg("-O2")
            .arg(sources.join(source))
            .arg("-o")
            .arg(env.bin(binary))
            .status();
        check_status(&format!("{compiler} -O2 {source}"), status)?;
    }
    Ok(())
}

/// `rustc --edition 2021 -O SOURCE EXTRA -o OUTPUT`, through the tool's one rustc call.
fn judge_build(source: &Path, extra: &[std::ffi::OsString], output: &Path) -> io::Result<()> {
    let compiled = ojgames::rustc::compile_with(source, JUDGE_EDITION, extra, output)
        .map_err(|e| io::Error::other(format!("{e:#}")))?;
    match compiled.success {
        true => Ok(()),
        false => Err(io::Error::other(format!(
            "{} failed:\n{}",
            compiled.command, compiled.messages
        ))),
    }
}

/// The rlib of proconio in cargo's JSON messages (`--message-format=json`).
fn proconio_rlib(messages: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter(|line| line.contains("\"reason\":\"compiler-artifact\""))
        .flat_map(|line| line.split('"'))
        .find(|word| word.ends_with(".rlib") && word.contains("/libproconio-"))
        .map(PathBuf::from)
}

/// `source`, a program over the library, bundled as `ojgames bundle` bundles a solution into
/// `target/bench/bin/NAME.rs`.
fn bundle_file(env: &Env, name: &str, source: &Path) -> io::Result<PathBuf> {
    let bundled = Workspace::locate(Some(env.root.clone()), &env.root).and_then(|workspace| {
        let problem = Problem {
            id: ProblemId::parse(name)?,
            dir: env.root.join("scripts/bench"),
            main: source.to_path_buf(),
            meta: JudgeMeta::default(),
            dependencies: [workspace.lib_name.clone()].into(),
            package: "bench".to_string(),
            tests: Tests::Dir(env.root.join("target/bench")),
            suite: None,
        };
        ojgames::bundle::build(&workspace, &problem, &Default::default())
    });
    let bundled = bundled.map_err(|e| io::Error::other(format!("bundling {name}: {e:#}")))?;
    let path = env.bin(&format!("{name}.rs"));
    fs::write(&path, bundled.text)?;
    Ok(path)
}

/// Runs `ojgames bundle` with `args`.
fn bundle(env: &Env, args: &[&str]) -> io::Result<()> {
    let status = cargo_command(env)
        .args(["run", "--release", "-q", "-p", "ojgames", "--", "bundle"])
        .args(args)
        .stdout(std::process::Stdio::null())
        .status();
    check_status(&format!("ojgames bundle {}", args.join(" ")), status)
}

/// The solution under test: the bundle compiled the way `ojgames judge` compiles it, or the
/// cargo build if the bundler is not available.
fn solution(env: &Env, problem: &str, want_bundle: bool) -> io::Result<Program> {
    let cargo_build = program(
        &format!("{problem} (cargo build; bundle unavailable)"),
        "solution",
        env.release(problem),
        &[],
    );
    if !want_bundle {
        return Ok(Program {
            label: format!("{problem} (cargo build)"),
            ..cargo_build
        });
    }
    eprintln!("bench: bundling {problem}");
    // The judge's own build step: bundled, then compiled with rustc as `ojgames judge` does.
    let built = Workspace::locate(Some(env.root.clone()), &env.root).and_then(|workspace| {
        let problem = workspace.problem(problem)?;
        let built = build_solution(
            &workspace,
            &problem,
            SolutionSource::Bundle {
                keep_docs: false,
                judge: None,
            },
        )?;
        Ok((built, problem.meta.edition))
    });
    match built {
        Ok((Built::Ready(solution), edition)) => Ok(program(
            &format!("**{problem} bundled** (rustc --edition {edition} -O)"),
            "solution",
            solution.program,
            &[],
        )),
        Ok((
            Built::CompileError {
                command, messages, ..
            },
            _,
        )) => Err(io::Error::other(format!("{command} failed:\n{messages}"))),
        Err(e) => {
            eprintln!("bench: {e:#}: measuring the cargo build instead");
            Ok(cargo_build)
        }
    }
}

/// Issue 11's target for the bytes of `mod io` in a bundle.
const IO_BUDGET: usize = 12 * 1024;

/// The target for an interactive problem's bundle (one with `interactor.rs`): its I/O also
/// carries `Scanner::interactive`'s tied reader, which flushes the moves before it waits
/// (12.3-12.9 KiB measured); issue 26's 12 KiB was set for batch problems.
const INTERACTIVE_IO_BUDGET: usize = 14 * 1024;

/// The I/O target of problem `name`'s bundle.
fn io_budget(env: &Env, name: &str) -> usize {
    let interactor = env.root.join("problems").join(name).join("interactor.rs");
    if interactor.is_file() {
        INTERACTIVE_IO_BUDGET
    } else {
        IO_BUDGET
    }
}

/// The bytes of the library's I/O (`mod io` with its children) in every problem's bundle, as
/// a markdown table: as bundled, and without the indentation (most of it added by the bundler's
/// nesting of modules); and how many bundles are over the target.
fn bundle_sizes(env: &Env) -> io::Result<(String, usize)> {
    bundle(env, &["--all"])?;
    let mut rows = Vec::new();
    for entry in fs::read_dir(env.root.join("bundled"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path)?;
            let name = path.file_stem().unwrap_or_default().to_string_lossy();
            let (io, unindented) = io_bytes(&text);
            let budget = io_budget(env, &name);
            rows.push((name.into_owned(), io, unindented, text.len(), budget));
        }
    }
    rows.sort();
    let mut out = String::from(
        "## The I/O each bundle carries\n\n`ojgames bundle --all` (doc comments stripped): the \
         bytes of `mod io`, target ≤ 12 KiB (12288 bytes), 14 KiB for an interactive problem \
         (`Scanner::interactive`).\n\n\
         | bundle | I/O bytes | I/O bytes without indentation | bundle bytes | target |\n\
         |---|---:|---:|---:|---|\n",
    );
    let over = rows.iter().filter(|row| row.1 > row.4).count();
    for (name, io, unindented, total, budget) in rows {
        let verdict = if io <= budget { "PASS" } else { "FAIL" };
        let _ = writeln!(
            out,
            "| {name} | {io} | {unindented} | {total} | {verdict} |"
        );
    }
    out.push('\n');
    Ok((out, over))
}

/// The bytes of `pub mod io { … }` in a bundle, from the start of its line to the brace that
/// closes it, and the same without each line's indentation; (0, 0) if there is none.
fn io_bytes(bundle: &str) -> (usize, usize) {
    let open = match bundle.find("pub mod io {") {
        Some(open) => open,
        None => return (0, 0),
    };
    let start = bundle[..open].rfind('\n').map_or(0, |i| i + 1);
    let end = closing_brace(bundle, open + "pub mod io ".len());
    let text = &bundle[start..end];
    let unindented: usize = text.lines().map(|l| l.trim_start().len() + 1).sum();
    (text.len(), unindented - 1)
}

/// The index after the `}` that closes the `{` at `open` (or the text's end), skipping
/// comments and string and character literals (no raw strings occur in the library's I/O).
fn closing_brace(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let skip_to = |from: usize, pat: &str| text[from..].find(pat).map_or(text.len(), |i| from + i);
    let (mut depth, mut i) = (0, open);
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_to(i, "\n"),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_to(i, "*/") + 1,
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A character literal (`'{'`, `'\''`); a lifetime has no closing quote.
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => i = skip_to(i + 3, "'"),
            b'\'' => {
                let width = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                if bytes.get(i + 1 + width) == Some(&b'\'') {
                    i += 1 + width;
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    text.len()
}

fn program(label: &str, key: &'static str, path: PathBuf, args: &[&str]) -> Program {
    Program {
        label: label.into(),
        key,
        path,
        args: args.iter().map(|a| a.to_string()).collect(),
        floor: key == "floor",
    }
}

fn floors(env: &Env) -> Vec<Program> {
    let floor = env.bin("read-floor");
    vec![
        program(
            "floor: read stdin in 64 KiB chunks, discard",
            "floor",
            floor.clone(),
            &[],
        ),
        program(
            "floor: read stdin in 64 KiB chunks, sum the bytes",
            "floor",
            floor,
            &["--sum"],
        ),
        program("floor: `cat input > /dev/null`", "floor", "cat".into(), &[]),
    ]
}

fn benches_for(env: &Env, problem: &str, solution: Program) -> io::Result<Vec<Bench>> {
    let mut programs = vec![solution.clone()];
    if !solution.path.starts_with(env.root.join("target/release")) {
        programs.push(program(
            &format!("{problem} (cargo build --release)"),
            "",
            env.release(problem),
            &[],
        ));
    }
    let (title, file, targets) = match problem {
        "hdu2176" => {
            if let Some(variant) = sse2_variant(env)? {
                programs.push(variant);
            }
            programs.extend([
                program(
                    "safe streaming yardstick (64 KiB reader, 8-digit SWAR parse and format, \
                     64 KiB array writer to fd 1, no checks)",
                    "yardstick",
                    env.bin("hdu2176-yardstick"),
                    &[],
                ),
                program(
                    "proconio `input!` + BufWriter",
                    "proconio",
                    env.bin("hdu2176-proconio"),
                    &[],
                ),
                program(
                    "proconio `input_once!` + BufWriter",
                    "",
                    env.bin("hdu2176-proconio-once"),
                    &[],
                ),
                program(
                    "C++ fread/fwrite buffers (g++ -O2)",
                    "fread",
                    env.bin("hdu2176-fread"),
                    &[],
                ),
                program(
                    "C scanf/printf (gcc -O2)",
                    "scanf",
                    env.bin("hdu2176-scanf"),
                    &[],
                ),
                program(
                    "naive std: read_line, split_whitespace, parse, println!",
                    "",
                    env.bin("hdu2176-naive"),
                    &[],
                ),
            ]);
            programs.extend(floors(env));
            programs.push(program(
                "floor: read_to_end into one Vec, discard",
                "floor",
                env.bin("read-floor"),
                &["--slurp"],
            ));
            (
                "hdu2176, half wins: 50 cases of m = 200000",
                "hdu2176-half",
                Targets::Judge,
            )
        }
        "pku1067" => (
            "pku1067: 1 000 000 lines `a b` ≤ 10^9, half losing",
            "pku1067",
            Targets::None,
        ),
        "p1290" => (
            "p1290: 1 000 000 lines `M N` < 2^31",
            "p1290",
            Targets::None,
        ),
        "hdu3595" => (
            "hdu3595: 1000 cases of N = 1000 lines `p q` ≤ 10^18",
            "hdu3595",
            Targets::None,
        ),
        _ => unreachable!("checked in parse_args"),
    };
    if problem != "hdu2176" {
        programs.extend(floors(env));
    }
    Ok(vec![Bench {
        title: title.into(),
        input: generate(env, file)?,
        programs,
        reference: 0,
        targets,
    }])
}

/// The bundled hdu2176 with its `mod io` replaced by the library's I/O before issue 11
/// (`scripts/bench/variants/io_sse2.rs`: SSE2 bulk reads and digit formatting, with `unsafe`),
/// compiled the same way: the side-by-side measure of whether that `unsafe` pays. `None` when
/// there is no bundle.
fn sse2_variant(env: &Env) -> io::Result<Option<Program>> {
    let Ok(bundle) = fs::read_to_string(env.root.join("bundled/hdu2176.rs")) else {
        return Ok(None);
    };
    let variant = env.root.join("scripts/bench/variants/io_sse2.rs");
    let Some(open) = bundle.find("pub mod io {") else {
        return Ok(None);
    };
    let end = closing_brace(&bundle, open + "pub mod io ".len());
    let module = format!("#[path = {:?}]\npub mod io;", variant.display());
    let source = format!("{}{module}{}", &bundle[..open], &bundle[end..]);
    let path = env.dir.join("bin/hdu2176-sse2.rs");
    fs::write(&path, source)?;
    let binary = env.bin("hdu2176-sse2");
    judge_build(&path, &[], &binary)?;
    Ok(Some(program(
        "hdu2176 bundled with the previous I/O (SSE2, `unsafe`)",
        "sse2",
        binary,
        &[],
    )))
}

/// 10 M integers read one at a time and written back, u32 and u64: the library's `read` (the
/// program bundled and compiled as the judge compiles a bundle), its `read_vec`, and
/// proconio's `input!` in a loop.
fn token_benches(env: &Env) -> io::Result<Vec<Bench>> {
    let mut benches = Vec::new();
    for (ty, file, title) in [
        ("u32", "tokens-u32", "tokens, u32: 10 M uniform values"),
        (
            "u64",
            "tokens-u64",
            "tokens, u64: 10 M values of 11 to 20 digits",
        ),
    ] {
        let tokens = env.bin("tokens");
        let mut programs = vec![
            program(
                &format!("**`Scanner::read::<{ty}>` one at a time**, `Writer::line`"),
                "solution",
                tokens.clone(),
                &[ty, "next"],
            ),
            program(
                &format!("`Scanner::read_vec::<{ty}>`, `Writer::line`"),
                "read_vec",
                tokens,
                &[ty, "vec"],
            ),
            program(
                &format!("proconio `input! {{ v: {ty} }}` in a loop + BufWriter"),
                "proconio",
                env.bin("tokens-proconio"),
                &[ty],
            ),
        ];
        programs.extend(floors(env));
        benches.push(Bench {
            title: title.into(),
            input: generate(env, file)?,
            programs,
            reference: 0,
            targets: Targets::PerToken,
        });
    }
    Ok(benches)
}

/// The cost of a round trip of one move: the jury (`interactive-jury`) plays 20 000 moves
/// against each solution over two pipes, waiting for each answer before its next move; the
/// time is the jury's, start to end. The library's `Scanner::interactive` against a plain
/// `BufRead` line loop with an explicit flush after each move.
fn round_trip_bench(env: &Env) -> Bench {
    let jury = env.bin("interactive-jury");
    let ours = env.bin("interactive").display().to_string();
    let plain = env.bin("interactive-bufread").display().to_string();
    Bench {
        title: format!("interactive: {ROUND_TRIPS} round trips of one move with a jury over two pipes"),
        input: PathBuf::from("/dev/null"),
        programs: vec![
            program(
                "**`Scanner::interactive`**: `read`, `out().line`, flushed before each read (bundled)",
                "solution",
                jury.clone(),
                &[&ours, ROUND_TRIPS],
            ),
            program(
                "`BufRead::read_line`, `str::parse`, `writeln!` to a `BufWriter`, `flush` each move",
                "bufread",
                jury,
                &[&plain, ROUND_TRIPS],
            ),
        ],
        reference: 0,
        targets: Targets::RoundTrip,
    }
}

/// Generates `target/bench/in/<name>.v<VERSION>.in` unless it is already there (bump the version
/// when a generator changes). Generation runs in a child process (`bench --generate`): Linux
/// counts the parent's peak RSS at `exec` into each child's `ru_maxrss`, so the runner itself
/// stays small.
fn generate(env: &Env, name: &str) -> io::Result<PathBuf> {
    const VERSION: u32 = 1;
    let path = env.dir.join("in").join(format!("{name}.v{VERSION}.in"));
    if path.exists() {
        return Ok(path);
    }
    eprintln!("bench: generating {}", path.display());
    let partial = path.with_extension("partial");
    let status = Command::new(std::env::current_exe()?)
        .arg("--generate")
        .arg(name)
        .arg(&partial)
        .status();
    check_status(&format!("generating {name}"), status)?;
    fs::rename(&partial, &path)?;
    Ok(path)
}

/// `bench --generate <name> <path>`.
fn generate_here(name: &str, path: &Path) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, File::create(path)?);
    match name {
        "hdu2176-half" => gen::hdu2176(&mut out, 2176, 50, 200_000, false),
        "hdu2176-allwins" => gen::hdu2176(&mut out, 2176, 50, 200_000, true),
        "pku1067" => gen::pku1067(&mut out, 1067, 1_000_000),
        "p1290" => gen::p1290(&mut out, 1290, 1_000_000),
        "hdu3595" => gen::hdu3595(&mut out, 3595, 1000, 1000),
        "tokens-u32" => gen::tokens(&mut out, 32, 10_000_000, false),
        "tokens-u64" => gen::tokens(&mut out, 64, 10_000_000, true),
        _ => return Err(io::Error::other(format!("no input `{name}`"))),
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

fn run_one(program: &Program, input: &Path, output: &Path) -> io::Result<Measured> {
    let mut args = program.args.clone();
    let stdin = if program.path == Path::new("cat") {
        // `cat input > /dev/null`: the file is an argument, not stdin.
        args.push(input.display().to_string());
        Path::new("/dev/null")
    } else {
        input
    };
    measure::run(&program.path, &args, stdin, output)
}

/// One untimed run of every solution with its output kept; they must all agree byte for byte.
/// This also warms the page cache and the binaries.
fn check_outputs(env: &Env, bench: &Bench) -> io::Result<()> {
    let reference = env.dir.join("out/reference.out");
    let candidate = env.dir.join("out/candidate.out");
    run_one(&bench.programs[bench.reference], &bench.input, &reference)?;
    for (i, program) in bench.programs.iter().enumerate() {
        if i == bench.reference {
            continue;
        }
        if program.floor {
            run_one(program, &bench.input, Path::new("/dev/null"))?;
            continue;
        }
        run_one(program, &bench.input, &candidate)?;
        if !same_bytes(&reference, &candidate)? {
            return Err(io::Error::other(format!(
                "{}: output differs from the reference",
                program.label
            )));
        }
    }
    let size = fs::metadata(&reference)?.len();
    let _ = fs::remove_file(&candidate);
    eprintln!("bench:   outputs agree ({:.1} MB)", size as f64 / 1e6);
    Ok(())
}

fn same_bytes(a: &Path, b: &Path) -> io::Result<bool> {
    let (mut a, mut b) = (File::open(a)?, File::open(b)?);
    let (mut x, mut y) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let n = read_full(&mut a, &mut x)?;
        let m = read_full(&mut b, &mut y)?;
        if x[..n] != y[..m] {
            return Ok(false);
        }
        if n == 0 {
            return Ok(true);
        }
    }
}

fn read_full(file: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

/// Interleaved rounds: every round runs every program once, starting from a different one each
/// round, so background load falls on all of them alike.
fn run_rounds(bench: &Bench, rounds: usize, sink: &Path) -> io::Result<Vec<Vec<Measured>>> {
    let n = bench.programs.len();
    let mut results = vec![Vec::with_capacity(rounds); n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            // The floors write nothing of their own (and `cat input > /dev/null` is the floor).
            let program = &bench.programs[i];
            let out = if program.floor {
                Path::new("/dev/null")
            } else {
                sink
            };
            let m = run_one(program, &bench.input, out)?;
            results[i].push(m);
        }
        eprint!("\rbench:   round {}/{rounds}", round + 1);
    }
    eprintln!();
    Ok(results)
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn header(options: &Options) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let date = command_output("date", &["-u", "+%Y-%m-%d %H:%M UTC"]);
    let rustc = command_output("rustc", &["--version"]);
    let mut command = String::from("make bench");
    if options.rounds != 15
        || options.problems.len() != ALL_PROBLEMS.len()
        || !options.bundle
        || !options.stdout_file
    {
        command = format!(
            "cargo run --release -q -p bench -- --rounds {} --problems {}{}{}",
            options.rounds,
            options.problems.join(","),
            if options.bundle { "" } else { " --no-bundle" },
            if options.stdout_file {
                ""
            } else {
                " --stdout-null"
            }
        );
    }
    let sink = if options.stdout_file {
        "stdout to a file (target/bench/out), as a judge runs it"
    } else {
        "stdout to /dev/null"
    };
    format!(
        "# Benchmark\n\n{date}; {cores} cores ({cpu}); {rustc}.\nCommand: `{command}`. \
         Medians of {} interleaved rounds; stdin from a file, {sink}; \
         peak RSS is the largest `ru_maxrss` over the rounds (wait4).\n\n\
         Every Rust program is compiled as the judge compiles a bundle: `rustc --edition {} -O` \
         (the solutions bundled first; the proconio programs link cargo's build of the \
         proconio crate with `--extern`); C and C++ with `gcc -O2` and `g++ -O2`. The only \
         cargo builds are rows that say so.\n\n",
        options.rounds,
        JUDGE_EDITION.as_str()
    )
}

fn command_output(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn table(bench: &Bench, results: &[Vec<Measured>], rounds: usize) -> String {
    let input_mb = fs::metadata(&bench.input).map_or(0.0, |m| m.len() as f64 / 1e6);
    let walls: Vec<Duration> = results
        .iter()
        .map(|r| median(r.iter().map(|m| m.wall).collect()))
        .collect();
    let reference = ms(walls[bench.reference]);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## {} ({input_mb:.1} MB in, {rounds} rounds)\n",
        bench.title
    );
    let _ = writeln!(
        out,
        "| program | median ms | min–max ms | CPU ms | peak RSS MiB | time / solution |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|");
    for (i, (program, runs)) in bench.programs.iter().zip(results).enumerate() {
        let min = runs.iter().map(|m| m.wall).min().unwrap_or_default();
        let max = runs.iter().map(|m| m.wall).max().unwrap_or_default();
        let cpu = median(runs.iter().map(|m| m.cpu).collect());
        let rss = runs.iter().map(|m| m.max_rss_kib).max().unwrap_or(0);
        let _ = writeln!(
            out,
            "| {} | {:.0} | {:.0}–{:.0} | {:.0} | {:.1} | {:.2}× |",
            program.label,
            ms(walls[i]),
            ms(min),
            ms(max),
            ms(cpu),
            rss as f64 / 1024.0,
            ms(walls[i]) / reference
        );
    }
    out.push('\n');
    if bench.targets != Targets::None {
        out.push_str(&targets(bench, results, &walls));
    }
    out
}

/// The targets of issues 11 and 26, checked on this table's figures.
fn targets(bench: &Bench, results: &[Vec<Measured>], walls: &[Duration]) -> String {
    let cpu = |i: usize| ms(median(results[i].iter().map(|m| m.cpu).collect()));
    let time = |key: &str| {
        let i = bench.programs.iter().position(|p| p.key == key)?;
        Some((ms(walls[i]), cpu(i), bench.programs[i].label.as_str()))
    };
    let (solution, solution_cpu) = (ms(walls[bench.reference]), cpu(bench.reference));
    let mut out = String::from(
        "Targets (issues 11 and 26), on the median wall times (the CPU-time ratio in brackets: it \
         moves less with the machine's load):\n\n",
    );
    let mut check = |ok: bool, text: String| {
        let _ = writeln!(out, "- {} {text}", if ok { "PASS" } else { "FAIL" });
    };
    let faster = [("proconio", 3.0), ("fread", 1.6), ("scanf", 5.0)];
    for (key, at_least) in faster {
        if let Some((theirs, theirs_cpu, label)) = time(key) {
            let (ratio, by_cpu) = (theirs / solution, theirs_cpu / solution_cpu);
            check(
                ratio >= at_least,
                format!("{ratio:.2}× ({by_cpu:.2}×) faster than {label} (target ≥ {at_least}×)"),
            );
        }
    }
    for (key, at_most) in [("yardstick", 1.0), ("read_vec", 1.2), ("bufread", 1.0)] {
        if let Some((theirs, theirs_cpu, label)) = time(key) {
            let (ratio, by_cpu) = (solution / theirs, solution_cpu / theirs_cpu);
            check(
                ratio <= at_most,
                format!("{ratio:.2}× ({by_cpu:.2}×) the time of {label} (target ≤ {at_most}×)"),
            );
        }
    }
    if bench.targets == Targets::Judge {
        let rss = results[bench.reference]
            .iter()
            .map(|m| m.max_rss_kib)
            .max()
            .unwrap_or(0) as f64
            / 1024.0;
        check(
            rss <= 4.0,
            format!("peak RSS {rss:.1} MiB (target ≤ 4 MiB)"),
        );
    }
    if let Some((theirs, theirs_cpu, label)) = time("sse2") {
        let (gain, by_cpu) = (solution / theirs - 1.0, solution_cpu / theirs_cpu - 1.0);
        let _ = writeln!(
            out,
            "- (the `unsafe` rule) {label}: {:.0} % ({:.0} %) faster than the safe library \
             (`unsafe` only if ≥ 15 %)",
            gain * 100.0,
            by_cpu * 100.0
        );
    }
    out.push('\n');
    out
}
