//! `ojgames table`: the Grundy values (or wins and losses) of a game over small positions,
//! printed as a table and drawn as an SVG heat map, to see the pattern before proving it.
//!
//! The cells come from the rules, never from a closed form: a game of the library is searched
//! with the library's brute force (`sg::Grundy` over the game's move function, or the generic
//! take-and-split table of `octal` and `subtraction`), and a problem's brute force (`brute.rs`)
//! is run once a cell on an input made from a template.

mod pattern;
mod svg;

use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lexopt::prelude::*;
use lexopt::Parser;

use ojlib::games::{
    bash, corner, euclid, multi_sg, nim,
    octal::Octal,
    pair_split,
    sg::{misere, Grundy},
    wythoff,
};

use super::args::Parsed;
use crate::id::ProblemId;
use crate::workspace::Workspace;

/// Most cells a library game's table may have (each is a search over its small positions:
/// Wythoff's 200 x 200 takes about a second).
const MOST_CELLS: u64 = 40_000;
/// Most cells of a problem's brute-force table: each is one run of the brute force.
const MOST_BRUTE_CELLS: u64 = 2_500;
/// Most cases of a brute-force table run in one process (`--batch`).
const MOST_BATCH_CASES: u64 = 400_000;
/// With `{k}` in the template, the values tried for each cell: `0..=MOST_K`.
const MOST_K: u64 = 31;
/// Most heaps `--pattern` computes while looking for a proof.
const MOST_PATTERN_HEAPS: usize = 1 << 14;
/// Largest heap of a misère table when a move may split (its positions are sets of heaps).
const LARGEST_MISERE_SPLIT_HEAP: u64 = 40;
/// Largest heap of a one-heap game (its table takes O(heap²) time).
const LARGEST_HEAP: u64 = 20_000;

pub const USAGE: &str = "\
usage: ojgames table GAME [-x A..B] [-y A..B] [--wrap W] [--outcome] [--minus-heap] [--misere]
                          [--pattern [--json]] [--svg FILE]
       ojgames table --brute ID --input TEMPLATE -x A..B [-y A..B] [--batch HEAD [--end TAIL]]
                          [--lose ANSWER] [--wrap W] [--outcome] [--pattern [--json]] [--svg FILE]

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
                 octal:4.3... is Lasker's Nim; hexadecimal digits 8-f also leave three
                 heaps (octal:0.f)
  subtraction:S  take a number in the set S, e.g. subtraction:1,3,4    (HDU 1536)
  take:P..Q      take from P to Q stones
  split:K        split a heap into K non-empty heaps, taking nothing
  -x A..B        the range of x (or of n); inclusive; default per game
  -y A..B        the range of y
  --wrap W       one-heap games: W heaps a row (default per game)
  --outcome      L (the player to move loses) and W (wins) instead of values
  --minus-heap   one-heap games: the value minus the heap (Lasker's Nim: -1, 0, 0, +1)
  --misere       misere play (whoever moves last loses): a position's misere Grundy value,
                 searched over whole positions (one-heap games and the pair games above)
  --pattern      below the table, what it shows: for one heap, the least period, preperiod
                 and saltus (g(n + p) = g(n) + s for n >= n0), proved by the periodicity
                 theorem for finite octal codes and subtraction sets (the table is grown as
                 far as the proof needs), else how far it was checked; the losing heaps and
                 where the outcome changes; for two parameters, the losing cells and their
                 shape (lines, diagonals, residues, one a row)
  --json         with --pattern: print the pattern as one JSON object instead (preperiod,
                 period, saltus, checked_to, proved, losing, ...)
  --svg FILE     also write the heat map to FILE (relative to the current directory)
  --brute ID     run problems/ID/brute.rs instead: TEMPLATE is its input, with {x} and {y}
                 replaced by the cell's position and \\n by a newline; a cell shows the brute
                 force's answer (the first cell's answer in black), e.g.
                 ojgames table --brute p2148 --input '1\\n2\\n{x} {y}' -x 1..20 -y 1..20
  --batch HEAD   --brute: every cell in ONE run of the brute force: HEAD (with {n}, the
                 number of cases) then each cell's input, then TAIL (--end, e.g. a sentinel
                 0); the brute force must print one line a case, e.g.
                 --brute p2197 --batch '{n}' --input '2\\n{x} {y}' --lose No
  --lose ANSWER  --brute: the answer that says the player to move loses: cells become L / W
                 (and --outcome, --pattern work). With {k} in the template (a Nim heap of
                 k beside the position, --batch needed) a cell is the Grundy value: the
                 least k from 0 to 31 whose case the mover loses";

/// An inclusive range of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamRange {
    pub from: u64,
    pub to: u64,
}

impl ParamRange {
    fn parse(text: &str, flag: &str) -> Result<ParamRange> {
        let bounds = text
            .split_once("..=")
            .or_else(|| text.split_once(".."))
            .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
        match bounds {
            Some((from, to)) if from <= to => Ok(ParamRange { from, to }),
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
    /// A one-heap take-and-split game (octal codes, subtraction sets, take P..Q, splits):
    /// its name as given, and its rule.
    Octal(String, Octal),
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
                    Game::Octal(name.into(), Octal::parse(code)?)
                } else if let Some(set) = name.strip_prefix("subtraction:") {
                    Game::Octal(name.into(), Octal::subtraction(&parse_set(set)?))
                } else if let Some(range) = name.strip_prefix("take:") {
                    let span = ParamRange::parse(range, "take:")?;
                    if span.from == 0 || span.to > 20_000 {
                        bail!("take:{range}: a take is from 1 to 20000 stones");
                    }
                    Game::Octal(name.into(), Octal::take_range(span.from, span.to))
                } else if let Some(k) = name.strip_prefix("split:") {
                    match k.parse::<u32>() {
                        Ok(k) if (2..=31).contains(&k) => Game::Octal(name.into(), Octal::split(k)),
                        _ => bail!("split:{k}: a split makes 2 to 31 heaps"),
                    }
                } else {
                    bail!("unknown game `{name}`\n\n{USAGE}")
                }
            }
        })
    }

    fn one_heap(&self) -> bool {
        matches!(self, Game::Octal(..))
    }

    /// The default ranges (and rows of `wrap` heaps, for one-heap games).
    fn defaults(&self) -> (ParamRange, Option<ParamRange>, u64) {
        let span = |from, to| ParamRange { from, to };
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
        }
    }

    /// The Grundy value of every position `(x, y)` (rows of `y`), by search from the rules;
    /// in misère play the misère Grundy value (`sg::misere`).
    fn values_2d(
        &self,
        xs: ParamRange,
        ys: ParamRange,
        misere_play: bool,
    ) -> Vec<Vec<Option<i64>>> {
        let grid = |value: &mut dyn FnMut(u64, u64) -> Option<u32>| -> Vec<Vec<Option<i64>>> {
            ys.iter()
                .map(|y| xs.iter().map(|x| value(x, y).map(i64::from)).collect())
                .collect()
        };
        if let Some(moves) = self.pair_moves() {
            if misere_play {
                let mut g = Grundy::new(misere(moves));
                return grid(&mut |x, y| Some(g.value(&Some((x, y)))));
            }
            let mut g = Grundy::new(moves);
            return grid(&mut |x, y| Some(g.value(&(x, y))));
        }
        match self {
            Game::Nim if misere_play => {
                let mut g = Grundy::new(misere(|p: &Vec<u64>| nim::moves(p)));
                grid(&mut |x, y| Some(g.value(&Some(vec![x, y]))))
            }
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
pub enum CellSource {
    Game(Game),
    /// `problems/<id>/brute.rs` run on `input` with `{x}` and `{y}` filled in.
    Brute {
        id: ProblemId,
        input: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableArgs {
    pub source: CellSource,
    pub x: ParamRange,
    pub y: Option<ParamRange>,
    /// One-heap games: heaps a row.
    pub wrap: u64,
    pub outcome: bool,
    pub minus_heap: bool,
    pub misere: bool,
    pub pattern: bool,
    pub json: bool,
    /// `--brute`: every cell in one run, the input between this head (with `{n}`) and tail.
    pub batch: Option<(String, String)>,
    /// `--brute`: the answer meaning "the player to move loses".
    pub lose: Option<String>,
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
fn check_template(template: &str, y: Option<ParamRange>, batch: bool, lose: bool) -> Result<()> {
    if template.contains("{k}") && !(batch && lose) {
        bail!(
            "the template {template:?} has {{k}}: give --batch (each cell is {} cases) and \
             --lose ANSWER (the least k whose case loses is the value)",
            MOST_K + 1
        );
    }
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
        let (mut misere, mut pattern, mut json) = (false, false, false);
        let (mut batch, mut end, mut lose) = (None, None, None);
        while let Some(arg) = parser.next()? {
            match arg {
                Value(name) if game.is_none() => game = Some(Game::parse(&name.string()?)?),
                Long("brute") => brute = Some(ProblemId::parse_os(&parser.value()?)?),
                Long("input") => input = Some(parser.value()?.string()?.replace("\\n", "\n")),
                Short('x') => set_once(
                    &mut x,
                    "-x",
                    ParamRange::parse(&string(parser.value()?), "-x")?,
                )?,
                Short('y') => set_once(
                    &mut y,
                    "-y",
                    ParamRange::parse(&string(parser.value()?), "-y")?,
                )?,
                Long("wrap") => {
                    set_once(&mut wrap, "--wrap", wrap_width(&string(parser.value()?))?)?
                }
                Long("outcome") => outcome = true,
                Long("minus-heap") => minus_heap = true,
                Long("misere") => misere = true,
                Long("pattern") => pattern = true,
                Long("json") => json = true,
                Long("batch") => set_once(&mut batch, "--batch", text(parser.value()?))?,
                Long("end") => set_once(&mut end, "--end", text(parser.value()?))?,
                Long("lose") => set_once(&mut lose, "--lose", string(parser.value()?))?,
                Long("svg") => svg = Some(PathBuf::from(parser.value()?)),
                Long("root") => *root = Some(PathBuf::from(parser.value()?)),
                Short('h') | Long("help") => return Ok(Parsed::Help),
                other => return Err(other.unexpected().into()),
            }
        }
        if json && !pattern {
            bail!("--json prints the pattern: give --pattern too\n\n{USAGE}");
        }
        if end.is_some() && batch.is_none() {
            bail!("--end goes with --batch HEAD\n\n{USAGE}");
        }
        let args = match (game, brute, input) {
            (Some(game), None, None) => {
                if batch.is_some() || lose.is_some() {
                    bail!("--batch, --end and --lose are for --brute\n\n{USAGE}");
                }
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
                if misere && matches!(game, Game::Cutting) {
                    bail!("--misere: not for `cutting` (its moves make several games)");
                }
                TableArgs {
                    x: x.unwrap_or(default_x),
                    y: if game.one_heap() {
                        None
                    } else {
                        y.or(default_y)
                    },
                    wrap: wrap.unwrap_or(default_wrap),
                    source: CellSource::Game(game),
                    outcome,
                    minus_heap,
                    misere,
                    pattern,
                    json,
                    batch: None,
                    lose: None,
                    svg,
                }
            }
            (None, Some(id), Some(input)) => {
                if misere {
                    bail!("--misere: a brute force plays by its own rules; write them misère");
                }
                if (outcome || pattern) && lose.is_none() {
                    bail!("--outcome and --pattern on a brute force need --lose ANSWER (the answer that says the player to move loses)\n\n{USAGE}");
                }
                if (wrap.is_some() && y.is_some()) || (minus_heap && !input.contains("{k}")) {
                    bail!("--wrap is for a table of one parameter (no -y), --minus-heap for values ({{k}} in the template)\n\n{USAGE}");
                }
                if outcome && minus_heap {
                    bail!("--outcome and --minus-heap exclude each other\n\n{USAGE}");
                }
                let x = x.ok_or_else(|| anyhow::anyhow!("--brute needs -x A..B\n\n{USAGE}"))?;
                check_template(&input, y, batch.is_some(), lose.is_some())?;
                TableArgs {
                    source: CellSource::Brute { id, input },
                    x,
                    y,
                    wrap: wrap.unwrap_or(0),
                    outcome,
                    minus_heap,
                    misere,
                    pattern,
                    json,
                    batch: batch.map(|head| (head, end.unwrap_or_default())),
                    lose,
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
        let cells = self
            .x
            .len()
            .saturating_mul(self.y.map_or(1, ParamRange::len));
        let (most, what) = match &self.source {
            CellSource::Brute { input, .. } if self.batch.is_some() => {
                let cases = if input.contains("{k}") { MOST_K + 1 } else { 1 };
                (
                    MOST_BATCH_CASES / cases,
                    "cells (cases in one run of the brute force)",
                )
            }
            CellSource::Brute { .. } => (
                MOST_BRUTE_CELLS,
                "runs of the brute force (--batch runs them all in one)",
            ),
            CellSource::Game(_) => (MOST_CELLS, "cells"),
        };
        if cells > most {
            bail!("the table would have {cells} {what}; at most {most}: narrow -x or -y");
        }
        if let CellSource::Game(game) = &self.source {
            if self.y.is_none() && self.x.to > LARGEST_HEAP {
                bail!("-x: heaps up to {LARGEST_HEAP} (the table takes O(n²) time)");
            }
            if let Game::Octal(name, octal) = game {
                let splits = octal.most_heaps_left() >= 2;
                if self.misere && splits && self.x.to > LARGEST_MISERE_SPLIT_HEAP {
                    bail!(
                        "-x: misère `{name}` up to heap {LARGEST_MISERE_SPLIT_HEAP} (its \
                         positions are sets of heaps, searched whole)"
                    );
                }
            }
        }
        Ok(())
    }
}

fn string(value: OsString) -> String {
    value.to_string_lossy().into_owned()
}

/// A flag's text with `\n` read as a newline.
fn text(value: OsString) -> String {
    string(value).replace("\\n", "\n")
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

/// Runs `ojgames table`: prints the table (and its pattern), and writes the picture if asked.
pub fn run(workspace: &Workspace, args: &TableArgs) -> Result<bool> {
    let grid = grid(workspace, args)?;
    if args.pattern {
        let pattern = pattern(args, &grid)?;
        if args.json {
            println!("{}", pattern.json());
        } else {
            print!("{}{}", render_text(&grid), pattern.text());
        }
    } else {
        print!("{}", render_text(&grid));
    }
    if let Some(path) = &args.svg {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(path, svg::render(&grid))
            .with_context(|| format!("cannot write {}", path.display()))?;
        if !args.json {
            println!("wrote {}", path.display());
        }
    }
    Ok(true)
}

/// What `--pattern` found.
enum Pattern {
    Heap(pattern::HeapPattern),
    Grid(pattern::GridPattern),
}

impl Pattern {
    fn text(&self) -> String {
        match self {
            Pattern::Heap(p) => p.text(),
            Pattern::Grid(p) => p.text(),
        }
    }

    fn json(&self) -> String {
        match self {
            Pattern::Heap(p) => serde_json::to_string(p),
            Pattern::Grid(p) => serde_json::to_string(p),
        }
        .expect("a pattern is plain data")
    }
}

/// The pattern of the table the arguments ask for (in its cells 0 is a loss, as values and as
/// L / W).
fn pattern(args: &TableArgs, grid: &Grid) -> Result<Pattern> {
    if let CellSource::Game(Game::Octal(name, game)) = &args.source {
        if !args.misere {
            return Ok(Pattern::Heap(octal_pattern(name, game)));
        }
        let values: Vec<u32> = heap_values(game, args.x.to, true)?;
        let reason = "misère play: no periodicity theorem here".to_string();
        return Ok(Pattern::Heap(pattern::HeapPattern::new(
            &values, 0, None, false, reason,
        )));
    }
    let xs: Vec<u64> = args.x.iter().collect();
    match args.y {
        None => {
            // One row of x (a brute force without -y), maybe wrapped: in x order.
            let values: Vec<u32> = grid
                .cells
                .iter()
                .flatten()
                .take(xs.len())
                .map(|c| c.map_or(u32::MAX, |v| v.clamp(0, i64::from(u32::MAX - 1)) as u32))
                .collect();
            let reason = "a brute force's table: no theorem here".to_string();
            Ok(Pattern::Heap(pattern::HeapPattern::new(
                &values,
                args.x.from,
                None,
                false,
                reason,
            )))
        }
        Some(ys) => {
            let ys: Vec<u64> = ys.iter().collect();
            let losing: Vec<Vec<Option<bool>>> = grid
                .cells
                .iter()
                .map(|row| row.iter().map(|c| c.map(|v| v == 0)).collect())
                .collect();
            Ok(Pattern::Grid(pattern::GridPattern::new(&xs, &ys, &losing)))
        }
    }
}

/// A one-heap game's period, from tables grown until a theorem proves it.
fn octal_pattern(name: &str, game: &Octal) -> pattern::HeapPattern {
    let found = game.find_period(MOST_PATTERN_HEAPS);
    let reason = match (&found.period, found.proved) {
        (Some(p), true) => {
            let needed = game.proof_length(p).expect("proved by a theorem");
            if game.most_heaps_left() == 2 {
                format!(
                    "the Guy–Smith periodicity theorem: the values repeat over \
                     n0 <= n < 2·n0 + p + t, which a table of {needed} heaps shows"
                )
            } else {
                format!(
                    "no move splits a heap, so g(n) depends only on the t values before it: \
                     the values repeat over a whole window, which a table of {needed} heaps shows"
                )
            }
        }
        _ if !game.is_finite() => {
            format!("`{name}` has an infinite code: no periodicity theorem here")
        }
        _ if game.most_heaps_left() > 2 => {
            format!("a move of `{name}` leaves three heaps or more: no periodicity theorem here")
        }
        (Some(p), false) if p.saltus != 0 => "a saltus in a finite code cannot last".to_string(),
        _ => format!("no proof within {MOST_PATTERN_HEAPS} heaps"),
    };
    pattern::HeapPattern::new(&found.values, 0, found.period, found.proved, reason)
}

/// The values of heaps `0..=largest`: normal play from the table, misère play by a search over
/// whole positions (a move leaving no heap goes on to a dead end, `sg::misere`).
fn heap_values(game: &Octal, largest: u64, misere_play: bool) -> Result<Vec<u32>> {
    if !misere_play {
        return Ok(game.values(largest as usize));
    }
    let mut grundy = Grundy::new(misere(|heaps: &Vec<u64>| game.moves(heaps)));
    Ok((0..=largest)
        .map(|n| {
            let heap = if n == 0 { vec![] } else { vec![n] };
            grundy.value(&Some(heap))
        })
        .collect())
}

/// The table the arguments ask for.
pub fn grid(workspace: &Workspace, args: &TableArgs) -> Result<Grid> {
    match &args.source {
        CellSource::Game(game) => game_grid(game, args),
        CellSource::Brute { id, input } => brute_grid(workspace, id, input, args),
    }
}

/// A library game's table, searched from its rules.
fn game_grid(game: &Game, args: &TableArgs) -> Result<Grid> {
    match game {
        Game::Octal(name, game) => {
            let values = heap_values(game, args.x.to, args.misere)?;
            let values: Vec<Option<i64>> = args
                .x
                .iter()
                .map(|n| Some(i64::from(values[n as usize])))
                .collect();
            let play = if args.misere { " (misère play)" } else { "" };
            Ok(wrapped_grid(
                format!("{name} (a heap of n){play}"),
                &values,
                args,
            ))
        }
        game => {
            let ys = args.y.expect("two-parameter games have a y range");
            let cells = game.values_2d(args.x, ys, args.misere);
            let play = if args.misere { " (misère play)" } else { "" };
            Ok(finish(
                format!("{}{play}: Grundy values", game.name()),
                ("x", "y"),
                args.x.iter().map(|x| x.to_string()).collect(),
                ys.iter().map(|y| y.to_string()).collect(),
                cells,
                args.outcome,
            ))
        }
    }
}

/// One value a position `x` (heaps, or a brute force's one parameter), in rows of `--wrap`.
fn wrapped_grid(name: String, values: &[Option<i64>], args: &TableArgs) -> Grid {
    let unit = match args.source {
        CellSource::Game(_) => "heaps",
        CellSource::Brute { .. } => "cells",
    };
    let (from, wrap) = (args.x.from, args.wrap.max(1));
    let rows = args.x.len().div_ceil(wrap);
    let cells = (0..rows)
        .map(|r| {
            (0..wrap)
                .map(|c| {
                    let n = from + r * wrap + c;
                    let value = (*values.get((n - from) as usize)?)?;
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
        format!("{name}: {what}, {wrap} {unit} a row"),
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

/// A problem's brute force over the cells: its answers (a legend), or with `--lose` whether
/// each cell loses, or with `{k}` its Grundy value.
fn brute_grid(
    workspace: &Workspace,
    id: &ProblemId,
    template: &str,
    args: &TableArgs,
) -> Result<Grid> {
    let (xs, ys) = (args.x, args.y);
    let problem = workspace.problem(id)?;
    let ys_or_one = ys.unwrap_or(ParamRange { from: 0, to: 0 });
    let ks = if template.contains("{k}") { MOST_K } else { 0 };
    let mut inputs = Vec::new();
    for y in ys_or_one.iter() {
        for x in xs.iter() {
            for k in 0..=ks {
                let mut input = template
                    .replace("{x}", &x.to_string())
                    .replace("{y}", &y.to_string())
                    .replace("{k}", &k.to_string());
                if !input.ends_with('\n') {
                    input.push('\n');
                }
                inputs.push(input);
            }
        }
    }
    let outputs: Vec<String> = match &args.batch {
        None => crate::helpers::run_brute(workspace, &problem, &inputs)?,
        Some((head, tail)) => {
            let mut input = head.replace("{n}", &inputs.len().to_string());
            if !input.is_empty() && !input.ends_with('\n') {
                input.push('\n');
            }
            input.extend(inputs.iter().map(String::as_str));
            input.push_str(tail);
            if !input.ends_with('\n') {
                input.push('\n');
            }
            let output = crate::helpers::run_brute(workspace, &problem, &[input])?;
            let lines: Vec<String> = output[0]
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect();
            if lines.len() != inputs.len() {
                bail!(
                    "--batch: the brute force printed {} answer lines for {} cases; it must \
                     print one line a case (check --batch HEAD and --end TAIL against the input \
                     format)",
                    lines.len(),
                    inputs.len()
                );
            }
            lines
        }
    };
    let answers: Vec<String> = outputs.iter().map(|o| o.trim().to_string()).collect();
    let mut names: Vec<String> = Vec::new();
    let mut codes: HashMap<String, i64> = HashMap::new();
    let mut code = |answer: &str| -> i64 {
        *codes.entry(answer.to_string()).or_insert_with(|| {
            names.push(answer.to_string());
            names.len() as i64 - 1
        })
    };
    // One number a cell, in row order.
    let per_cell: Vec<i64> = match &args.lose {
        None => answers.iter().map(|a| code(a)).collect(),
        Some(lose) if ks == 0 => answers.iter().map(|a| i64::from(a != lose)).collect(),
        Some(lose) => {
            let mut values = Vec::new();
            for (cell, chunk) in answers.chunks(ks as usize + 1).enumerate() {
                match chunk.iter().position(|a| a == lose) {
                    Some(k) => values.push(k as i64),
                    None => {
                        let (x, y) = (
                            xs.from + cell as u64 % xs.len(),
                            ys_or_one.from + cell as u64 / xs.len(),
                        );
                        bail!(
                            "the cell x = {x}{}: no k from 0 to {ks} makes the answer {lose:?} \
                             (its value is larger, or {{k}} is not a Nim heap beside the \
                             position)",
                            ys.map_or(String::new(), |_| format!(", y = {y}"))
                        );
                    }
                }
            }
            values
        }
    };
    let title = format!("{id}'s brute force on {template:?}");
    if ys.is_none() && (args.lose.is_some() || args.wrap > 0) {
        let values: Vec<Option<i64>> = per_cell.iter().map(|&v| Some(v)).collect();
        let mut grid = wrapped_grid(title, &values, args);
        if args.lose.is_none() {
            grid.legend = Some(names);
        } else if ks == 0 && !args.outcome {
            grid.title = grid.title.replace("Grundy values", "1 wins, 0 loses");
        }
        return Ok(grid);
    }
    let mut cells_in = per_cell.into_iter();
    let cells: Vec<Vec<Option<i64>>> = ys_or_one
        .iter()
        .map(|_| xs.iter().map(|_| cells_in.next()).collect())
        .collect();
    let rows = match ys {
        Some(ys) => ys.iter().map(|y| y.to_string()).collect(),
        None => vec![String::new()],
    };
    let axes = ("x", if ys.is_some() { "y" } else { "" });
    let columns = xs.iter().map(|x| x.to_string()).collect();
    if args.lose.is_some() {
        let what = if ks == 0 && !args.outcome {
            "1 wins, 0 loses"
        } else {
            "Grundy values"
        };
        return Ok(finish(
            format!("{title}: {what}"),
            axes,
            columns,
            rows,
            cells,
            args.outcome,
        ));
    }
    Ok(Grid {
        title,
        axes: (axes.0.into(), axes.1.into()),
        columns,
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
        assert_eq!(a.x, ParamRange { from: 0, to: 47 });
        assert_eq!((a.y, a.wrap), (None, 12));
        let a = args(&["t", "octal:4.3...", "--minus-heap"]).unwrap();
        let CellSource::Game(Game::Octal(_, game)) = a.source else {
            panic!("an octal game")
        };
        assert_eq!(game.values(50), Octal::lasker().values(50));
        let a = args(&["t", "wythoff", "-y", "3..5", "--outcome"]).unwrap();
        assert_eq!(a.y, Some(ParamRange { from: 3, to: 5 }));
        assert!(a.outcome);
    }

    #[test]
    fn bad_arguments_get_one_clear_message() {
        assert!(error(&["t", "chess"]).starts_with("unknown game `chess`"));
        assert!(error(&["t", "wythoff", "-x", "9..3"]).contains("found `9..3`"));
        assert!(error(&["t", "kayles", "-y", "1..2"]).contains("one parameter"));
        assert!(error(&["t", "octal:0.8g"]).contains("not an octal code"));
        assert!(error(&["t", "take:0..3"]).contains("from 1 to 20000"));
        assert!(error(&["t", "split:1"]).contains("2 to 31 heaps"));
        assert!(error(&["t", "kayles", "--json"]).contains("--pattern"));
        assert!(error(&["t", "kayles", "--lose", "L"]).contains("for --brute"));
        assert!(error(&["t", "kayles", "--misere", "-x", "0..100"]).contains("up to heap 40"));
        assert!(error(&["t", "cutting", "--misere"]).contains("not for `cutting`"));
        let brute = |extra: &[&str]| {
            let mut words = vec![
                "t",
                "--brute",
                "p2148",
                "--input",
                "1\\n2\\n{x} {k}",
                "-x",
                "1..3",
            ];
            words.extend_from_slice(extra);
            error(&words)
        };
        assert!(brute(&[]).contains("has {k}: give --batch"));
        assert!(brute(&["--batch", "{n}"]).contains("--lose ANSWER"));
        assert!(brute(&["--end", "0"]).contains("--end goes with --batch"));
        assert!(brute(&["--batch", "{n}", "--lose", "NO", "--misere"]).contains("misère"));
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
        let grid = game_grid(&Game::parse("lasker").unwrap(), &a).unwrap();
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
