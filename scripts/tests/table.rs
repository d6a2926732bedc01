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
    let target = makefile
        .split("\npictures:\n")
        .nth(1)
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
