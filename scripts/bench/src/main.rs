//! `make bench`: generates the benchmark inputs (seeded, into `target/bench/`), builds every
//! competitor, runs them in interleaved rounds with `wait4`, and prints a markdown table of
//! medians, ratios against the bundled solution, and peak RSS.
//!
//! Usage: `bench [--rounds N] [--problems hdu2176,pku1067,...] [--no-bundle]`

mod gen;
mod measure;

use measure::Measured;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const ALL_PROBLEMS: [&str; 4] = ["hdu2176", "pku1067", "p1290", "hdu3595"];

struct Options {
    rounds: usize,
    /// Timed runs write their output to a file (as a judge does) instead of /dev/null.
    stdout_file: bool,
    problems: Vec<String>,
    bundle: bool,
}

fn parse_args() -> Options {
    let mut options = Options {
        rounds: 15,
        stdout_file: false,
        problems: ALL_PROBLEMS.iter().map(|p| p.to_string()).collect(),
        bundle: true,
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
            "--stdout-file" => options.stdout_file = true,
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
        "usage: bench [--rounds N] [--problems hdu2176,pku1067,p1290,hdu3595] [--no-bundle] \
         [--stdout-file]"
    );
    std::process::exit(2);
}

/// One competitor: a command and how to label it.
struct Program {
    label: String,
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
    /// Whether to check issue 4's targets on this one.
    targets: bool,
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
    build(env, &options.problems)?;
    let mut benches = Vec::new();
    for problem in &options.problems {
        let solution = solution(env, problem, options.bundle)?;
        benches.extend(benches_for(env, problem, solution)?);
    }
    let load_before = load_average();
    let mut report = header(options);
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

/// The competitors and the problems' cargo release builds.
fn build(env: &Env, problems: &[String]) -> io::Result<()> {
    eprintln!("bench: building the competitors");
    let mut command = cargo_command(env);
    command.args(["build", "--release", "-q", "-p", "bench", "--bins"]);
    for p in problems {
        command.args(["-p", p]);
    }
    check_status("cargo build", command.status())
}

/// The solution under test: the bundle compiled the way `oj judge` compiles it, or the cargo
/// build if the bundler is not available.
fn solution(env: &Env, problem: &str, want_bundle: bool) -> io::Result<Program> {
    let cargo_build = Program {
        label: format!("{problem} (cargo build; bundle unavailable)"),
        path: env.release(problem),
        args: vec![],
        floor: false,
    };
    if !want_bundle {
        return Ok(Program {
            label: format!("{problem} (cargo build)"),
            ..cargo_build
        });
    }
    eprintln!("bench: bundling {problem}");
    let bundled = cargo_command(env)
        .args([
            "run",
            "--release",
            "-q",
            "-p",
            "ojgames",
            "--",
            "bundle",
            problem,
        ])
        .stdout(std::process::Stdio::null())
        .status();
    let source = env.root.join("bundled").join(format!("{problem}.rs"));
    if check_status("oj bundle", bundled).is_err() || !source.exists() {
        eprintln!("bench: `oj bundle {problem}` failed: measuring the cargo build instead");
        return Ok(cargo_build);
    }
    let edition = judge_edition(env, problem);
    let binary = env.dir.join("bin").join(format!("{problem}-bundled"));
    let status = Command::new("rustc")
        .args(["--edition", &edition, "-O"])
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .status();
    check_status(&format!("rustc {}", source.display()), status)?;
    Ok(Program {
        label: format!("**{problem} bundled** (rustc --edition {edition} -O)"),
        path: binary,
        args: vec![],
        floor: false,
    })
}

/// The edition `oj judge` compiles the problem with: `edition` in its `[package.metadata.judge]`.
fn judge_edition(env: &Env, problem: &str) -> String {
    let manifest = fs::read_to_string(env.root.join("problems").join(problem).join("Cargo.toml"))
        .unwrap_or_default();
    let mut in_judge = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_judge = line == "[package.metadata.judge]";
        } else if in_judge && line.starts_with("edition") {
            if let Some(value) = line.split('"').nth(1) {
                return value.to_string();
            }
        }
    }
    "2021".to_string()
}

fn floors(env: &Env) -> Vec<Program> {
    vec![
        Program {
            label: "floor: read stdin in 64 KiB chunks, discard".into(),
            path: env.release("read-floor"),
            args: vec![],
            floor: true,
        },
        Program {
            label: "floor: read stdin in 64 KiB chunks, sum the bytes".into(),
            path: env.release("read-floor"),
            args: vec!["--sum".into()],
            floor: true,
        },
        Program {
            label: "floor: `cat input > /dev/null`".into(),
            path: "cat".into(),
            args: vec![],
            floor: true,
        },
    ]
}

fn benches_for(env: &Env, problem: &str, solution: Program) -> io::Result<Vec<Bench>> {
    let with_cargo_build = |solution: Program| {
        let mut programs = vec![];
        let bundled = !solution.path.starts_with(env.root.join("target/release"));
        programs.push(solution);
        if bundled {
            programs.push(Program {
                label: format!("{problem} (cargo build --release)"),
                path: env.release(problem),
                args: vec![],
                floor: false,
            });
        }
        programs
    };
    let mut benches = Vec::new();
    match problem {
        "hdu2176" => {
            for (name, all_win) in [("half wins", false), ("all wins", true)] {
                let file = if all_win {
                    "hdu2176-allwins"
                } else {
                    "hdu2176-half"
                };
                let input = generate(env, file)?;
                let mut programs = with_cargo_build(Program {
                    label: solution.label.clone(),
                    path: solution.path.clone(),
                    args: vec![],
                    floor: false,
                });
                for (label, bin) in [
                    ("proconio `input!` + BufWriter", "hdu2176-proconio"),
                    (
                        "proconio `input_once!` + BufWriter",
                        "hdu2176-proconio-once",
                    ),
                    (
                        "naive std: read_line, split_whitespace, parse, println!",
                        "hdu2176-naive",
                    ),
                ] {
                    programs.push(Program {
                        label: label.into(),
                        path: env.release(bin),
                        args: vec![],
                        floor: false,
                    });
                }
                programs.extend(floors(env));
                programs.push(Program {
                    label: "floor: read_to_end into one Vec, discard".into(),
                    path: env.release("read-floor"),
                    args: vec!["--slurp".into()],
                    floor: true,
                });
                benches.push(Bench {
                    title: format!("hdu2176, {name}: 50 cases of m = 200000"),
                    input,
                    programs,
                    reference: 0,
                    targets: !all_win,
                });
            }
            return Ok(benches);
        }
        "pku1067" => benches.push(Bench {
            title: "pku1067: 1 000 000 lines `a b` ≤ 10^9, half losing".into(),
            input: generate(env, "pku1067")?,
            programs: vec![],
            reference: 0,
            targets: false,
        }),
        "p1290" => benches.push(Bench {
            title: "p1290: 1 000 000 lines `M N` < 2^31".into(),
            input: generate(env, "p1290")?,
            programs: vec![],
            reference: 0,
            targets: false,
        }),
        "hdu3595" => benches.push(Bench {
            title: "hdu3595: 1000 cases of N = 1000 lines `p q` ≤ 10^18".into(),
            input: generate(env, "hdu3595")?,
            programs: vec![],
            reference: 0,
            targets: false,
        }),
        _ => unreachable!("checked in parse_args"),
    }
    for bench in &mut benches {
        bench.programs = with_cargo_build(Program {
            label: solution.label.clone(),
            path: solution.path.clone(),
            args: vec![],
            floor: false,
        });
        bench.programs.extend(floors(env));
    }
    Ok(benches)
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
        || options.stdout_file
    {
        command = format!(
            "cargo run --release -q -p bench -- --rounds {} --problems {}{}{}",
            options.rounds,
            options.problems.join(","),
            if options.bundle { "" } else { " --no-bundle" },
            if options.stdout_file {
                " --stdout-file"
            } else {
                ""
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
         peak RSS is the largest `ru_maxrss` over the rounds (wait4).\n\n",
        options.rounds
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
    if bench.targets {
        out.push_str(&targets(bench, results, &walls));
    }
    out
}

/// Issue 4's targets, checked on this table's figures.
fn targets(bench: &Bench, results: &[Vec<Measured>], walls: &[Duration]) -> String {
    let find = |needle: &str| bench.programs.iter().position(|p| p.label.contains(needle));
    let solution = ms(walls[bench.reference]);
    let mut out = String::from("Targets (issue 4):\n\n");
    let mut info = String::new();
    if let Some(i) = find("sum the bytes") {
        let ratio = solution / ms(walls[i]);
        let _ = writeln!(
            info,
            "- (info, not a target) {ratio:.1}× the sum-the-bytes floor's time: the floor that \
             measured 37 ms in the prior-art notes, closest to the issue's \"about 35 ms\""
        );
    }

    let mut check = |ok: bool, text: String| {
        let _ = writeln!(out, "- {} {text}", if ok { "PASS" } else { "FAIL" });
    };
    for (needle, at_least) in [("`input!`", 3.0), ("`input_once!`", 3.0), ("naive", 10.0)] {
        if let Some(i) = find(needle) {
            let ratio = ms(walls[i]) / solution;
            let label = &bench.programs[i].label;
            check(
                ratio >= at_least,
                format!("{ratio:.1}× faster than {label} (target ≥ {at_least}×)"),
            );
        }
    }
    if let Some(i) = find("64 KiB chunks, discard") {
        let ratio = solution / ms(walls[i]);
        check(
            ratio <= 6.0,
            format!("{ratio:.1}× the read-to-end floor's time (target ≤ 6×)"),
        );
    }
    let rss = results[bench.reference]
        .iter()
        .map(|m| m.max_rss_kib)
        .max()
        .unwrap_or(0) as f64
        / 1024.0;
    check(
        rss <= 8.0,
        format!("peak RSS {rss:.1} MiB (target ≤ 8 MiB)"),
    );
    out.push_str(&info);
    out.push('\n');
    out
}
