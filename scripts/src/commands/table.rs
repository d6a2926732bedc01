//! `ojgames table`: the Grundy values (or wins and losses) of a game over small positions,
//! printed as a table and drawn as an SVG heat map, to see the pattern before proving it.
//!
//! The cells come from the rules, never from a closed form: a game of the library is searched
//! with the library's brute force (`sg::Grundy` over the game's move function, or the generic
//! take-and-split table of `octal` and `subtraction`), and a problem's brute force (`brute.rs`)
//! is run once a cell on an input made from a template.

mod svg;

use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use ojlib::games::{
    bash, corner, euclid, multi_sg, nim, octal::Octal, pair_split, sg::Grundy, subtraction, wythoff,
};

use super::args::Parsed;
use crate::id::ProblemId;
use crate::workspace::Workspace;

/// Most cells a library game's table may have (each is a search over its small positions:
/// Wythoff's 200 x 200 takes about a second).
const MOST_CELLS: u64 = 40_000;
/// Most cells of a problem's brute-force table: each is one run of the brute force.
const MOST_BRUTE_CELLS: u64 = 2_500;
/// Largest heap of a one-heap game (its table takes O(heap²) time).
const LARGEST_HEAP: u64 = 20_000;

pub const USAGE: &str = "\
usage: ojgames table GAME [-x A..B] [-y A..B] [--wrap W] [--outcome] [--minus-heap] [--svg FILE]
       ojgames table --brute ID --input TEMPLATE -x A..B [-y A..B] [--svg FILE]

Prints the Grundy values of a game over small positions (from its rules, by brute-force
search) and with --svg draws them as a heat map (0, the losing positions, in black).
GAME, with two parameters (x across, y down):
  wythoff        two piles; take from one, or the same from both     (x, y = the piles)
  euclid         two piles; take a multiple of the smaller from the larger
  nim            two Nim piles
  ed             E&D's pair: remove one pile, split the other         (Luogu P2148)
  corner         a coin's distances to the corner (kiki's game)     (HDU 2147)
  cutting        a W x H sheet cut in two; cutting out 1 x 1 wins     (POJ 2311)
  bash           n stones, take 1 to m                                (x = n, y = m)
GAME, with one heap n (laid out in rows of W = --wrap, so a period W shows as equal rows):
  lasker         take any number, or split a heap in two              (HDU 3032)
  kayles         knock down one pin or two adjacent ones
  dawson         knock down two adjacent pins
  octal:CODE     an octal game, e.g. octal:0.77 (Kayles); `...` repeats the last digit:
                 octal:4.3... is Lasker's Nim
  subtraction:S  take a number in the set S, e.g. subtraction:1,3,4    (HDU 1536)
  -x A..B        the range of x (or of n); inclusive; default per game
  -y A..B        the range of y
  --wrap W       one-heap games: W heaps a row (default per game)
  --outcome      L (the player to move loses) and W (wins) instead of values
  --minus-heap   one-heap games: the value minus the heap (Lasker's Nim: -1, 0, 0, +1)
  --svg FILE     also write the heat map to FILE (relative to the current directory)
  --brute ID     run problems/ID/brute.rs once a cell instead: TEMPLATE is its input, with
                 {x} and {y} replaced by the cell's position and \\n by a newline; a cell
                 shows the brute force's answer (the first cell's answer in black), e.g.
                 ojgames table --brute p2148 --input '1\\n2\\n{x} {y}' -x 1..20 -y 1..20";

/// An inclusive range of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub from: u64,
    pub to: u64,
}

impl Span {
    fn parse(text: &str, flag: &str) -> Result<Span> {
        let bounds = text
            .split_once("..=")
            .or_else(|| text.split_once(".."))
            .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
        match bounds {
            Some((from, to)) if from <= to => Ok(Span { from, to }),
            _ => bail!("{flag} expects a range A..B of whole numbers with A <= B, found `{text}`"),
        }
    }

    fn len(self) -> u64 {
        self.to - self.from + 1
    }

    fn iter(self) -> std::ops::RangeInclusive<u64> {
        self.from..=self.to
    }
}

type PairMoves = fn(&(u64, u64)) -> Vec<(u64, u64)>;

/// A game of the library the table can search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Game {
    Wythoff,
    Euclid,
    Nim,
    PairSplit,
    Corner,
    Cutting,
    Bash,
    /// A one-heap take-and-split game: its name as given, and its rule.
    Octal(String, Octal),
    Subtraction(Vec<u64>),
}

impl Game {
    fn parse(name: &str) -> Result<Game> {
        Ok(match name {
            "wythoff" => Game::Wythoff,
            "euclid" => Game::Euclid,
            "nim" => Game::Nim,
            "ed" => Game::PairSplit,
            "corner" => Game::Corner,
            "cutting" => Game::Cutting,
            "bash" => Game::Bash,
            "lasker" => Game::Octal(name.into(), Octal::lasker()),
            "kayles" => Game::Octal(name.into(), Octal::kayles()),
            "dawson" => Game::Octal(name.into(), Octal::dawson_kayles()),
            _ => {
                if let Some(code) = name.strip_prefix("octal:") {
                    Game::Octal(name.into(), parse_octal(code)?)
                } else if let Some(set) = name.strip_prefix("subtraction:") {
                    Game::Subtraction(parse_set(set)?)
                } else {
                    bail!("unknown game `{name}`\n\n{USAGE}")
                }
            }
        })
    }

    fn one_heap(&self) -> bool {
        matches!(self, Game::Octal(..) | Game::Subtraction(_))
    }

    /// The default ranges (and rows of `wrap` heaps, for one-heap games).
    fn defaults(&self) -> (Span, Option<Span>, u64) {
        let span = |from, to| Span { from, to };
        match self {
            Game::Wythoff | Game::Nim => (span(0, 40), Some(span(0, 40)), 0),
            Game::Euclid | Game::PairSplit | Game::Bash => (span(1, 60), Some(span(1, 60)), 0),
            Game::Corner => (span(0, 20), Some(span(0, 20)), 0),
            Game::Cutting => (span(2, 30), Some(span(2, 30)), 0),
            Game::Octal(name, _) => match name.as_str() {
                "lasker" => (span(0, 63), None, 4),
                "kayles" => (span(0, 143), None, 12),
                "dawson" => (span(0, 169), None, 34),
                _ => (span(0, 99), None, 10),
            },
            Game::Subtraction(_) => (span(0, 99), None, 10),
        }
    }

    fn name(&self) -> String {
        match self {
            Game::Wythoff => "Wythoff's game (x, y piles)".into(),
            Game::Euclid => "Euclid's game (x, y piles)".into(),
            Game::Nim => "Nim with two piles (x, y)".into(),
            Game::PairSplit => "E&D's pair (x, y piles)".into(),
            Game::Corner => "the coin's distances (x, y) to the corner".into(),
            Game::Cutting => "the cutting game (an x by y sheet)".into(),
            Game::Bash => "Bash's game (x stones, take 1 to y)".into(),
            Game::Octal(name, _) => format!("{name} (a heap of n)"),
            Game::Subtraction(set) => format!("the subtraction game {set:?} (a heap of n)"),
        }
    }

    /// The Grundy value of every position `(x, y)` (rows of `y`), by search from the rules.
    fn values_2d(&self, xs: Span, ys: Span) -> Vec<Vec<Option<i64>>> {
        let grid = |value: &mut dyn FnMut(u64, u64) -> Option<u32>| -> Vec<Vec<Option<i64>>> {
            ys.iter()
                .map(|y| xs.iter().map(|x| value(x, y).map(i64::from)).collect())
                .collect()
        };
        if let Some(moves) = self.pair_moves() {
            let mut g = Grundy::new(moves);
            return grid(&mut |x, y| Some(g.value(&(x, y))));
        }
        match self {
            Game::Nim => {
                let mut g = Grundy::new(|p: &Vec<u64>| nim::moves(p));
                grid(&mut |x, y| Some(g.value(&vec![x, y])))
            }
            Game::Cutting => {
                let mut g = multi_sg::MultiGrundy::new(multi_sg::cutting_moves);
                grid(&mut |x, y| {
                    let piece = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
                    (piece.0 >= 2 && piece.1 >= 2).then(|| g.value(&piece))
                })
            }
            _ => unreachable!("a one-heap game or a pair game"),
        }
    }

    /// The move function of a game whose position is a pair `(x, y)`.
    fn pair_moves(&self) -> Option<PairMoves> {
        match self {
            Game::Wythoff => Some(wythoff::moves),
            Game::Euclid => Some(euclid::moves),
            Game::PairSplit => Some(pair_split::moves),
            Game::Corner => Some(corner::moves),
            Game::Bash => Some(bash::moves),
            _ => None,
        }
    }

    /// The Grundy values of heaps `0..=largest`.
    fn values_1d(&self, largest: u64) -> Vec<u32> {
        let len = largest as usize + 1;
        match self {
            Game::Octal(_, game) => game.values(len - 1),
            Game::Subtraction(set) => subtraction::table(set, len),
            _ => unreachable!("a two-parameter game"),
        }
    }
}

/// An octal code `D0.D1D2…`, with `...` at the end repeating the last digit.
fn parse_octal(code: &str) -> Result<Octal> {
    let bad = || anyhow::anyhow!("`{code}` is not an octal code like 0.77 or 4.3...");
    let (body, repeats) = match code.strip_suffix("...") {
        Some(body) => (body, true),
        None => (code, false),
    };
    let (first, rest) = body.split_once('.').ok_or_else(bad)?;
    let mut digits = Vec::new();
    for c in first.chars().chain(rest.chars()) {
        match c.to_digit(8) {
            Some(d) => digits.push(d as u8),
            None => return Err(bad()),
        }
    }
    if first.len() != 1 || digits[0] & 3 != 0 {
        bail!("`{code}`: the digit before the point is 0 or 4 (split a heap without taking)");
    }
    let then = if repeats {
        *digits.last().expect("one digit at least")
    } else {
        0
    };
    Ok(Octal::new(&digits, then))
}

/// A move set `1,3,4` for a subtraction game: positive, at most 20 000.
fn parse_set(text: &str) -> Result<Vec<u64>> {
    let set: Option<Vec<u64>> = text
        .split(',')
        .map(|s| s.trim().parse().ok().filter(|&m| (1..=20_000).contains(&m)))
        .collect();
    match set {
        Some(set) if !set.is_empty() => Ok(set),
        _ => bail!("`{text}` is not a move set like 1,3,4 (numbers from 1 to 20000)"),
    }
}

/// Where the cells come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Game(Game),
    /// `problems/<id>/brute.rs` run on `input` with `{x}` and `{y}` filled in.
    Brute {
        id: ProblemId,
        input: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableArgs {
    pub source: Source,
    pub x: Span,
    pub y: Option<Span>,
    /// One-heap games: heaps a row.
    pub wrap: u64,
    pub outcome: bool,
    pub minus_heap: bool,
    pub svg: Option<PathBuf>,
}

/// Stores a flag's value, refusing a second one (which would silently replace the first).
fn set_once<T>(slot: &mut Option<T>, flag: &str, value: T) -> Result<()> {
    if slot.is_some() {
        bail!("{flag} is given twice");
    }
    *slot = Some(value);
    Ok(())
}

/// A brute-force template names the cell's position: `{x}` always, `{y}` exactly when there
/// is a `-y` range (without one it would read a silent 0; with one and no `{y}` every row is
/// the same).
fn check_template(template: &str, y: Option<Span>) -> Result<()> {
    if !template.contains("{x}") {
        bail!("the template {template:?} has no {{x}}: every cell would be the same input");
    }
    match (template.contains("{y}"), y) {
        (true, None) => {
            bail!("the template {template:?} has {{y}}, but no -y A..B gives its range")
        }
        (false, Some(y)) => bail!(
            "-y {}..{}, but the template {template:?} has no {{y}}: every row would be the same",
            y.from,
            y.to
        ),
        _ => Ok(()),
    }
}

impl TableArgs {
    /// Parses the arguments after `table` (`--root` and `--help` as every command does).
    pub fn parse(parser: &mut Parser, root: &mut Option<PathBuf>) -> Result<Parsed<TableArgs>> {
        let (mut game, mut brute, mut input) = (None, None, None);
        let (mut x, mut y, mut wrap, mut svg) = (None, None, None, None);
        let (mut outcome, mut minus_heap) = (false, false);
        while let Some(arg) = parser.next()? {
            match arg {
                Value(name) if game.is_none() => game = Some(Game::parse(&name.string()?)?),
                Long("brute") => brute = Some(ProblemId::parse_os(&parser.value()?)?),
                Long("input") => input = Some(parser.value()?.string()?.replace("\\n", "\n")),
                Short('x') => set_once(&mut x, "-x", Span::parse(&string(parser.value()?), "-x")?)?,
                Short('y') => set_once(&mut y, "-y", Span::parse(&string(parser.value()?), "-y")?)?,
                Long("wrap") => {
                    set_once(&mut wrap, "--wrap", wrap_width(&string(parser.value()?))?)?
                }
                Long("outcome") => outcome = true,
                Long("minus-heap") => minus_heap = true,
                Long("svg") => svg = Some(PathBuf::from(parser.value()?)),
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        let args = match (game, brute, input) {
            (Some(game), None, None) => {
                let (default_x, default_y, default_wrap) = game.defaults();
                if game.one_heap() {
                    if y.is_some() {
                        bail!("-y: `{}` has one parameter, the heap (-x)", game.name());
                    }
                } else if wrap.is_some() || minus_heap {
                    bail!("--wrap and --minus-heap are for one-heap games\n\n{USAGE}");
                }
                if outcome && minus_heap {
                    bail!("--outcome and --minus-heap exclude each other\n\n{USAGE}");
                }
                TableArgs {
                    x: x.unwrap_or(default_x),
                    y: if game.one_heap() {
                        None
                    } else {
                        y.or(default_y)
                    },
                    wrap: wrap.unwrap_or(default_wrap),
                    source: Source::Game(game),
                    outcome,
                    minus_heap,
                    svg,
                }
            }
            (None, Some(id), Some(input)) => {
                if wrap.is_some() || minus_heap || outcome {
                    bail!("--wrap, --minus-heap and --outcome are for library games\n\n{USAGE}");
                }
                let x = x.ok_or_else(|| anyhow::anyhow!("--brute needs -x A..B\n\n{USAGE}"))?;
                check_template(&input, y)?;
                TableArgs {
                    source: Source::Brute { id, input },
                    x,
                    y,
                    wrap: 0,
                    outcome,
                    minus_heap,
                    svg,
                }
            }
            (Some(_), Some(_), _) => bail!("give a GAME or --brute ID, not both\n\n{USAGE}"),
            (None, Some(_), None) => bail!("--brute needs --input TEMPLATE\n\n{USAGE}"),
            _ => bail!("no game given: name a GAME or --brute ID --input TEMPLATE\n\n{USAGE}"),
        };
        args.check_size()?;
        Ok(Parsed::Args(args))
    }

    fn check_size(&self) -> Result<()> {
        let cells = self.x.len().saturating_mul(self.y.map_or(1, Span::len));
        let (most, what) = match self.source {
            Source::Brute { .. } => (MOST_BRUTE_CELLS, "runs of the brute force"),
            Source::Game(_) => (MOST_CELLS, "cells"),
        };
        if cells > most {
            bail!("the table would have {cells} {what}; at most {most}: narrow -x or -y");
        }
        if self.y.is_none() && matches!(self.source, Source::Game(_)) && self.x.to > LARGEST_HEAP {
            bail!("-x: heaps up to {LARGEST_HEAP} (the table takes O(n²) time)");
        }
        Ok(())
    }
}

fn string(value: OsString) -> String {
    value.to_string_lossy().into_owned()
}

fn wrap_width(text: &str) -> Result<u64> {
    match text.parse() {
        Ok(w) if (1..=1000).contains(&w) => Ok(w),
        _ => bail!("--wrap expects a row width from 1 to 1000, found `{text}`"),
    }
}

/// What the table shows: rows and columns with their labels, and a cell for each (none where
/// the position is outside the range or the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub title: String,
    /// Names of the column and row parameters, e.g. `x` and `y`, or `+` and `n`.
    pub axes: (String, String),
    pub columns: Vec<String>,
    pub rows: Vec<String>,
    pub cells: Vec<Vec<Option<i64>>>,
    /// Cells are indices into these names (wins and losses, a brute force's answers) rather
    /// than values.
    pub legend: Option<Vec<String>>,
}

/// Runs `ojgames table`: prints the table, and writes the picture if asked.
pub fn run(workspace: &Workspace, args: &TableArgs) -> Result<bool> {
    let grid = grid(workspace, args)?;
    print!("{}", render_text(&grid));
    if let Some(path) = &args.svg {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(path, svg::render(&grid))
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(true)
}

/// The table the arguments ask for.
pub fn grid(workspace: &Workspace, args: &TableArgs) -> Result<Grid> {
    match &args.source {
        Source::Game(game) if game.one_heap() => Ok(heap_grid(game, args)),
        Source::Game(game) => {
            let ys = args.y.expect("two-parameter games have a y range");
            let cells = game.values_2d(args.x, ys);
            Ok(finish(
                format!("{}: Grundy values", game.name()),
                ("x", "y"),
                args.x.iter().map(|x| x.to_string()).collect(),
                ys.iter().map(|y| y.to_string()).collect(),
                cells,
                args.outcome,
            ))
        }
        Source::Brute { id, input } => brute_grid(workspace, id, input, args.x, args.y),
    }
}

fn heap_grid(game: &Game, args: &TableArgs) -> Grid {
    let values = game.values_1d(args.x.to);
    let (from, wrap) = (args.x.from, args.wrap.max(1));
    let rows = args.x.len().div_ceil(wrap);
    let cells = (0..rows)
        .map(|r| {
            (0..wrap)
                .map(|c| {
                    let n = from + r * wrap + c;
                    let value = i64::from(*values.get(n as usize)?);
                    (n <= args.x.to).then(|| {
                        if args.minus_heap {
                            value - n as i64
                        } else {
                            value
                        }
                    })
                })
                .collect()
        })
        .collect();
    let what = if args.minus_heap {
        "Grundy value minus the heap"
    } else {
        "Grundy values"
    };
    finish(
        format!("{}: {what}, {wrap} heaps a row", game.name()),
        ("+", "n"),
        (0..wrap).map(|c| format!("+{c}")).collect(),
        (0..rows).map(|r| (from + r * wrap).to_string()).collect(),
        cells,
        args.outcome,
    )
}

/// Values as they are, or as L (0: the player to move loses) and W.
fn finish(
    title: String,
    axes: (&str, &str),
    columns: Vec<String>,
    rows: Vec<String>,
    cells: Vec<Vec<Option<i64>>>,
    outcome: bool,
) -> Grid {
    let (title, cells, legend) = if outcome {
        let marks = cells
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|c| c.map(|v| i64::from(v != 0)))
                    .collect()
            })
            .collect();
        let title = title.replace("Grundy values", "L loses, W wins");
        (title, marks, Some(vec!["L".into(), "W".into()]))
    } else {
        (title, cells, None)
    };
    Grid {
        title,
        axes: (axes.0.to_string(), axes.1.to_string()),
        columns,
        rows,
        cells,
        legend,
    }
}

fn brute_grid(
    workspace: &Workspace,
    id: &ProblemId,
    template: &str,
    xs: Span,
    ys: Option<Span>,
) -> Result<Grid> {
    let problem = workspace.problem(id)?;
    let ys_or_one = ys.unwrap_or(Span { from: 0, to: 0 });
    let mut inputs = Vec::new();
    for y in ys_or_one.iter() {
        for x in xs.iter() {
            let mut input = template
                .replace("{x}", &x.to_string())
                .replace("{y}", &y.to_string());
            if !input.ends_with('\n') {
                input.push('\n');
            }
            inputs.push(input);
        }
    }
    let outputs = crate::helpers::run_brute(workspace, &problem, &inputs)?;
    let mut names: Vec<String> = Vec::new();
    let mut codes: HashMap<String, i64> = HashMap::new();
    let mut answers = outputs.into_iter().map(|out| {
        let answer = out.trim().to_string();
        *codes.entry(answer.clone()).or_insert_with(|| {
            names.push(answer);
            names.len() as i64 - 1
        })
    });
    let cells: Vec<Vec<Option<i64>>> = ys_or_one
        .iter()
        .map(|_| xs.iter().map(|_| answers.next()).collect())
        .collect();
    drop(answers);
    let rows = match ys {
        Some(ys) => ys.iter().map(|y| y.to_string()).collect(),
        None => vec![String::new()],
    };
    Ok(Grid {
        title: format!("{id}'s brute force on {template:?}"),
        axes: ("x".into(), if ys.is_some() { "y" } else { "" }.into()),
        columns: xs.iter().map(|x| x.to_string()).collect(),
        rows,
        cells,
        legend: Some(names),
    })
}

/// The table as text: a title, the column labels, then a labelled line a row; a legend when
/// the cells stand for longer answers.
pub fn render_text(grid: &Grid) -> String {
    let short_names = grid.legend.as_ref().is_none_or(|names| {
        names
            .iter()
            .all(|n| n.chars().count() <= 3 && !n.is_empty())
    });
    let cell_text = |cell: &Option<i64>| match (cell, &grid.legend) {
        (None, _) => String::new(),
        (Some(v), Some(names)) if short_names => names[*v as usize].clone(),
        (Some(v), _) => v.to_string(),
    };
    let texts: Vec<Vec<String>> = grid
        .cells
        .iter()
        .map(|row| row.iter().map(cell_text).collect())
        .collect();
    let width = texts
        .iter()
        .flatten()
        .chain(&grid.columns)
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1);
    let corner = format!("{}\\{}", grid.axes.1, grid.axes.0);
    let label_width = grid
        .rows
        .iter()
        .map(|r| r.chars().count())
        .chain([corner.chars().count()])
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    let _ = writeln!(out, "{}", grid.title);
    let _ = write!(out, "{corner:>label_width$} |");
    for column in &grid.columns {
        let _ = write!(out, " {column:>width$}");
    }
    out.push('\n');
    for (label, row) in grid.rows.iter().zip(&texts) {
        let _ = write!(out, "{label:>label_width$} |");
        for text in row {
            let _ = write!(out, " {text:>width$}");
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    if let Some(names) = grid.legend.as_ref().filter(|_| !short_names) {
        let legend: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{i} = {n:?}"))
            .collect();
        let _ = writeln!(out, "legend: {}", legend.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Result<TableArgs> {
        let mut parser = Parser::from_iter(words.iter().map(OsString::from));
        match TableArgs::parse(&mut parser, &mut None)? {
            Parsed::Args(args) => Ok(args),
            Parsed::Help => bail!("not a table"),
        }
    }

    fn error(words: &[&str]) -> String {
        format!("{:#}", args(words).unwrap_err())
    }

    #[test]
    fn games_and_ranges_are_parsed() {
        let a = args(&["t", "kayles", "-x", "0..=47", "--wrap", "12"]).unwrap();
        assert_eq!(a.x, Span { from: 0, to: 47 });
        assert_eq!((a.y, a.wrap), (None, 12));
        let a = args(&["t", "octal:4.3...", "--minus-heap"]).unwrap();
        let Source::Game(Game::Octal(_, game)) = a.source else {
            panic!("an octal game")
        };
        assert_eq!(game.values(50), Octal::lasker().values(50));
        let a = args(&["t", "wythoff", "-y", "3..5", "--outcome"]).unwrap();
        assert_eq!(a.y, Some(Span { from: 3, to: 5 }));
        assert!(a.outcome);
    }

    #[test]
    fn bad_arguments_get_one_clear_message() {
        assert!(error(&["t", "chess"]).starts_with("unknown game `chess`"));
        assert!(error(&["t", "wythoff", "-x", "9..3"]).contains("found `9..3`"));
        assert!(error(&["t", "kayles", "-y", "1..2"]).contains("one parameter"));
        assert!(error(&["t", "octal:0.8"]).contains("not an octal code"));
        assert!(error(&["t", "octal:1.7"]).contains("before the point"));
        assert!(error(&["t", "subtraction:1,0"]).contains("not a move set"));
        assert!(error(&["t", "wythoff", "-x", "0..1000", "-y", "0..1000"]).contains("at most"));
        assert!(error(&["t", "--brute", "p2148", "-x", "1..3"]).contains("--input"));
        assert!(error(&["t"]).starts_with("no game given"));
        assert!(error(&["t", "lasker", "--outcome", "--minus-heap"]).contains("exclude"));
    }

    #[test]
    fn one_heap_tables_wrap_into_rows() {
        let a = args(&["t", "lasker", "-x", "1..10", "--wrap", "4", "--minus-heap"]).unwrap();
        let grid = heap_grid(&Game::parse("lasker").unwrap(), &a);
        assert_eq!(grid.rows, ["1", "5", "9"]);
        // Heaps 1 2 3 4 | 5 6 7 8 | 9 10: values n, n, n + 1, n - 1.
        let row = |v: [Option<i64>; 4]| v.to_vec();
        assert_eq!(
            grid.cells,
            [
                row([Some(0), Some(0), Some(1), Some(-1)]),
                row([Some(0), Some(0), Some(1), Some(-1)]),
                row([Some(0), Some(0), None, None]),
            ]
        );
    }

    #[test]
    fn text_marks_each_cell_under_its_column() {
        let grid = Grid {
            title: "t".into(),
            axes: ("x".into(), "y".into()),
            columns: vec!["0".into(), "10".into()],
            rows: vec!["7".into()],
            cells: vec![vec![Some(1), Some(0)]],
            legend: Some(vec!["L".into(), "W".into()]),
        };
        assert_eq!(render_text(&grid), "t\ny\\x |  0 10\n  7 |  W  L\n");
    }
}
