//! `ojgames table` marks each position with what the game's theory says of it: the cells of its
//! text and of its SVG are read back and held to the library's closed forms (which are
//! themselves checked against the brute force), so a transposed, shifted or mislabelled
//! table fails.

mod common;

use std::collections::BTreeSet;

use common::{ojgames_in, real_root};
use ojlib::games::{bash, kayles, pair_split, wythoff};

/// The text table's cells as (column label, row label, text).
fn cells(text: &str) -> Vec<(String, String, String)> {
    let mut lines = text.lines().skip(1);
    let header = lines.next().expect("a header line");
    let columns: Vec<&str> = header
        .split('|')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    let mut cells = Vec::new();
    for line in lines.take_while(|l| l.contains('|')) {
        let (row, rest) = line.split_once('|').unwrap();
        for (column, text) in columns.iter().zip(rest.split_whitespace()) {
            cells.push((column.to_string(), row.trim().to_string(), text.to_string()));
        }
    }
    cells
}

fn number(text: &str) -> u64 {
    text.trim_start_matches('+').parse().unwrap()
}

#[test]
fn wythoff_losing_positions_are_marked_in_text_and_picture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("wythoff.svg");
    let mut args = vec![
        "table",
        "wythoff",
        "-x",
        "0..60",
        "-y",
        "0..50",
        "--outcome",
        "--svg",
    ];
    assert!(
        !ojgames_in(&real_root(), &args).success,
        "--svg needs a file"
    );
    args.push(svg.to_str().unwrap());
    let run = ojgames_in(&real_root(), &args);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let expected: BTreeSet<(u64, u64)> = (0..=60u64)
        .flat_map(|x| (0..=50u64).map(move |y| (x, y)))
        .filter(|&(x, y)| wythoff::is_losing(x, y))
        .collect();
    assert!(expected.len() > 10);
    let cells = cells(&run.stdout);
    assert_eq!(cells.len(), 61 * 51);
    let marked: BTreeSet<(u64, u64)> = cells
        .iter()
        .filter(|(_, _, text)| text == "L")
        .map(|(x, y, _)| (number(x), number(y)))
        .collect();
    assert_eq!(marked, expected);

    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    let black: BTreeSet<(u64, u64)> = picture
        .lines()
        .filter(|l| l.starts_with("<rect x") && l.contains(r##"fill="#111111"><title>"##))
        .flat_map(|l| {
            let title = l.split("<title>").nth(1).unwrap();
            let title = title.split("</title>").next().unwrap();
            // "x 3, y 5: L" or, for a run, "x 3..4, y 5: L"
            let (position, mark) = title.split_once(": ").unwrap();
            assert_eq!(mark, "L", "{l}");
            let (x, y) = position.split_once(", ").unwrap();
            let (from, to) = x[2..].split_once("..").unwrap_or((&x[2..], &x[2..]));
            let y = number(&y[2..]);
            (number(from)..=number(to)).map(move |x| (x, y))
        })
        .collect();
    assert_eq!(black, expected);
}

/// Bash's game is not symmetric (x stones, take 1 to y): a transposed table fails here.
#[test]
fn columns_are_x_and_rows_are_y() {
    let run = ojgames_in(
        &real_root(),
        &["table", "bash", "-x", "0..30", "-y", "1..12", "--outcome"],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let cells = cells(&run.stdout);
    assert_eq!(cells.len(), 31 * 12);
    for (x, y, mark) in cells {
        let losing = bash::is_losing(number(&x), number(&y));
        assert_eq!(mark, if losing { "L" } else { "W" }, "({x}, {y})");
    }
}

#[test]
fn kayles_rows_hold_the_heaps_they_are_labelled_with() {
    let run = ojgames_in(
        &real_root(),
        &["table", "kayles", "-x", "5..150", "--wrap", "12"],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let cells = cells(&run.stdout);
    assert_eq!(cells.len(), 146);
    for (offset, row, value) in cells {
        let n = number(&row) + number(&offset);
        assert_eq!(
            number(&value),
            u64::from(kayles::kayles_value(n)),
            "heap {n}"
        );
    }
}

#[test]
fn a_problems_brute_force_fills_the_cells() {
    let run = ojgames_in(
        &real_root(),
        &[
            "table",
            "--brute",
            "p2148",
            "--input",
            "1\\n2\\n{x} {y}",
            "-x",
            "1..12",
            "-y",
            "1..9",
        ],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let cells = cells(&run.stdout);
    assert_eq!(cells.len(), 12 * 9);
    for (x, y, answer) in cells {
        let wins = pair_split::pair_value(number(&x), number(&y)) != 0;
        assert_eq!(answer, if wins { "YES" } else { "NO" }, "({x}, {y})");
    }
}

#[test]
fn a_bad_game_or_range_is_one_message() {
    let run = ojgames_in(&real_root(), &["table", "chess"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.starts_with("error: unknown game `chess`"),
        "{}",
        run.stderr
    );
    let run = ojgames_in(&real_root(), &["table", "euclid", "-x", "5..2"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("found `5..2`"), "{}", run.stderr);
    let run = ojgames_in(
        &real_root(),
        &["table", "--brute", "nosuch", "--input", "{x}", "-x", "1..2"],
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("nosuch"), "{}", run.stderr);
}

/// `make pictures`' commands, as `ojgames` arguments (without `> /dev/null`).
fn picture_commands() -> Vec<Vec<String>> {
    let makefile = std::fs::read_to_string(real_root().join("Makefile")).unwrap();
    // `pictures:` with or without prerequisites (`pictures: tool`).
    let target = makefile
        .split("\npictures:")
        .nth(1)
        .and_then(|rest| rest.split_once('\n'))
        .map(|(_, recipe)| recipe)
        .expect("a pictures target");
    target
        .lines()
        .take_while(|l| l.starts_with('\t'))
        .map(|l| {
            let command = l.trim().strip_prefix("$(OJ) ").expect("an ojgames command");
            let command = command.split('>').next().unwrap();
            command.split_whitespace().map(String::from).collect()
        })
        .collect()
}

/// Each picture in docs/ is what its command draws today, and docs/games.md shows the command.
#[test]
fn the_pictures_in_the_docs_are_up_to_date() {
    let guide = std::fs::read_to_string(real_root().join("docs/games.md")).unwrap();
    let commands = picture_commands();
    assert!(commands.len() >= 4);
    let dir = tempfile::tempdir().unwrap();
    for mut args in commands {
        assert!(
            guide.contains(&format!("ojgames {}", args.join(" "))),
            "{args:?}"
        );
        let svg = args.iter().position(|a| a == "--svg").unwrap() + 1;
        let committed = std::fs::read_to_string(real_root().join(&args[svg])).unwrap();
        let fresh = dir.path().join("fresh.svg");
        args[svg] = fresh.to_str().unwrap().to_string();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = ojgames_in(&real_root(), &args);
        assert!(run.success, "{}{}", run.stdout, run.stderr);
        let drawn = std::fs::read_to_string(&fresh).unwrap();
        assert!(drawn == committed, "{args:?}: run `make pictures`");
    }
}

/// The template and the ranges must agree: a `{y}` with no `-y` (it would silently read 0), a
/// `-y` with no `{y}` (every row the same), no `{x}` at all, or a flag given twice (the first
/// silently dropped) is one message naming what is missing.
#[test]
fn the_template_and_the_ranges_must_agree() {
    let brute = |input: &str, ranges: &[&str]| {
        let mut args = vec!["table", "--brute", "p2148", "--input", input];
        args.extend(ranges);
        ojgames_in(&real_root(), &args)
    };
    for (input, ranges, message) in [
        ("1\\n2\\n{x} {y}", &["-x", "1..3"][..], "has {y}, but no -y"),
        (
            "1\\n2\\n{x} 1",
            &["-x", "1..3", "-y", "1..2"][..],
            "has no {y}: every row",
        ),
        ("1\\n2\\n1 1", &["-x", "1..3"][..], "has no {x}"),
        (
            "1\\n2\\n{x} 1",
            &["-x", "1..3", "-x", "1..4"][..],
            "-x is given twice",
        ),
    ] {
        let run = brute(input, ranges);
        assert_eq!(run.code, Some(2), "{input} {ranges:?}: {}", run.stdout);
        assert!(
            run.stderr.contains(message),
            "{input} {ranges:?}: {}",
            run.stderr
        );
    }
    let run = ojgames_in(
        &real_root(),
        &["table", "wythoff", "-y", "0..3", "-y", "0..4"],
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(run.stderr.contains("-y is given twice"), "{}", run.stderr);
}

/// The values of heaps `0..len` of the take-and-split game with digit `digit(k)` for taking
/// `k`, written here from the rule alone (every split listed, a plain mex): independent of
/// the library's table, its sparse path and its period search.
fn rule_values(digit: impl Fn(usize) -> u32, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for take in 0..=n {
            let (d, left) = (digit(take), n - take);
            if d & 1 != 0 && left == 0 {
                options.push(0);
            }
            if d & 2 != 0 && left > 0 && take > 0 {
                options.push(g[left]);
            }
            if d & 4 != 0 {
                for a in 1..left {
                    options.push(g[a] ^ g[left - a]);
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// The least period p, then the least n0 and its saltus, that hold over all of `values`
/// with `n0` in the first half: by trying every (p, n0).
fn least_pattern(values: &[u32]) -> (u64, u64, i64) {
    let len = values.len();
    for p in 1..len / 4 {
        for n0 in 0..len / 2 {
            let s = i64::from(values[n0 + p]) - i64::from(values[n0]);
            if (n0..len - p).all(|n| i64::from(values[n + p]) - i64::from(values[n]) == s) {
                return (n0 as u64, p as u64, s);
            }
        }
    }
    panic!("no pattern in {} values", len)
}

#[test]
fn pattern_json_matches_an_independent_computation() {
    let octal =
        |code: &'static [u32], then: u32| move |k: usize| code.get(k).copied().unwrap_or(then);
    let subtraction = |set: &'static [usize]| move |k: usize| if set.contains(&k) { 3 } else { 0 };
    type Rule = Box<dyn Fn(usize) -> u32>;
    let games: Vec<(&str, Rule, bool)> = vec![
        ("kayles", Box::new(octal(&[0, 7, 7], 0)), true),
        ("dawson", Box::new(octal(&[0, 0, 7], 0)), true),
        ("octal:0.137", Box::new(octal(&[0, 1, 3, 7], 0)), true),
        ("octal:0.77", Box::new(octal(&[0, 7, 7], 0)), true),
        ("lasker", Box::new(octal(&[4], 3)), false),
        ("octal:4.3...", Box::new(octal(&[4], 3)), false),
        ("octal:0.333...", Box::new(octal(&[0], 3)), false),
        ("subtraction:1,3,4", Box::new(subtraction(&[1, 3, 4])), true),
        ("subtraction:2,5,6", Box::new(subtraction(&[2, 5, 6])), true),
        (
            "subtraction:1,2,4,8,16",
            Box::new(subtraction(&[1, 2, 4, 8, 16])),
            true,
        ),
        ("take:3..7", Box::new(subtraction(&[3, 4, 5, 6, 7])), true),
    ];
    for (game, rule, proved) in games {
        let run = ojgames_in(&real_root(), &["table", game, "--pattern", "--json"]);
        assert!(run.success, "{game}: {}{}", run.stdout, run.stderr);
        let json: serde_json::Value = serde_json::from_str(run.stdout.trim())
            .unwrap_or_else(|e| panic!("{game}: {e}: {}", run.stdout));
        let values = rule_values(&rule, 700);
        let (n0, p, s) = least_pattern(&values);
        assert_eq!(json["preperiod"], n0, "{game}: {json}");
        assert_eq!(json["period"], p, "{game}: {json}");
        assert_eq!(json["saltus"], s, "{game}: {json}");
        assert_eq!(json["proved"], proved, "{game}: {json}");
        let checked_to = json["checked_to"].as_u64().unwrap();
        let losing: Vec<u64> = (0..=checked_to.min(699))
            .filter(|&n| values[n as usize] == 0)
            .collect();
        let listed: Vec<u64> = json["losing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .take_while(|&n| n < 700)
            .collect();
        assert_eq!(listed, losing, "{game}");
    }
}

/// `table --brute p2197` (Nim, T cases first) with `--batch BATCH --input INPUT --lose No`
/// and `rest`.
fn nim_brute(batch: &str, input: &str, rest: &[&str]) -> common::Run {
    let mut args = vec![
        "table", "--brute", "p2197", "--batch", batch, "--input", input, "--lose", "No",
    ];
    args.extend_from_slice(rest);
    ojgames_in(&real_root(), &args)
}

#[test]
fn a_brute_force_gives_grundy_values_in_one_run() {
    // p2197 is Nim, T cases first: x beside a Nim heap of k loses exactly when k = x.
    let run = nim_brute(
        "{n}",
        "2\\n{x} {k}",
        &["-x", "0..8", "-y", "0..0", "--pattern", "--json"],
    );
    assert!(!run.success && run.stderr.contains("{y}"), "{}", run.stderr);
    let run = nim_brute("{n}", "3\\n{x} {y} {k}", &["-x", "0..9", "-y", "0..6"]);
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let cells = cells(&run.stdout);
    assert_eq!(cells.len(), 10 * 7);
    for (x, y, value) in cells {
        assert_eq!(number(&value), number(&x) ^ number(&y), "({x}, {y})");
    }
    let run = nim_brute(
        "{n}",
        "2\\n{x} {k}",
        &["-x", "3..20", "--pattern", "--json"],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (&json["preperiod"], &json["period"], &json["saltus"]),
        (&3.into(), &1.into(), &1.into()),
        "{json}"
    );
    assert_eq!(json["proved"], false);
    // Outcomes without {k}: two heaps x and 3 lose exactly when x = 3.
    let run = nim_brute(
        "{n}",
        "2\\n{x} 3",
        &["-x", "0..9", "-y", "0..0", "--outcome"],
    );
    assert!(!run.success, "-y without {{y}} is refused");
    let run = nim_brute(
        "{n}",
        "2\\n{x} 3",
        &["-x", "0..9", "--wrap", "5", "--outcome"],
    );
    assert!(run.success, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("p2197's brute force on \"2\\n{x} 3\": L loses, W wins"),
        "{}",
        run.stdout
    );
    for (column, row, mark) in crate::cells(&run.stdout) {
        let x = number(&row) + number(&column);
        assert_eq!(mark, if x == 3 { "L" } else { "W" }, "x = {x}");
    }
    // A head that does not fit the input format is named, with the counts.
    let run = nim_brute("1", "1\\n{x}", &["-x", "1..4"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("printed 1 answer lines for 4 cases"),
        "{}",
        run.stderr
    );
}
