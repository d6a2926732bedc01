//! The verdict table printed after judging several problems.

use std::collections::BTreeMap;
use std::time::Duration;

use super::{format_kib, format_time, ProblemResult};

pub fn print_table(results: &[ProblemResult]) {
    let rows: Vec<[String; 6]> = results.iter().map(row).collect();
    let header = [
        "problem", "cases", "verdicts", "max time", "max mem", "bundle",
    ]
    .map(String::from);
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    println!();
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        println!("{}", cells.join("  ").trim_end());
    }
}

fn row(result: &ProblemResult) -> [String; 6] {
    let mut counts: BTreeMap<_, usize> = BTreeMap::new();
    for case in &result.cases {
        *counts.entry(case.verdict).or_default() += 1;
    }
    let verdicts = if let Some(reason) = result.unjudged {
        reason.to_string()
    } else {
        counts
            .iter()
            .map(|(v, n)| format!("{}×{n}", v.code()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let outcomes = result.cases.iter().filter_map(|c| c.outcome.as_ref());
    let max_time = outcomes
        .clone()
        .map(|o| o.cpu)
        .max()
        .unwrap_or(Duration::ZERO);
    let max_mem = outcomes.map(|o| o.peak_kib).max().unwrap_or(0);
    [
        result.id.clone(),
        result.cases.len().to_string(),
        verdicts,
        format_time(max_time),
        format_kib(max_mem),
        format!("{:.1} KiB", result.bundle_bytes as f64 / 1024.0),
    ]
}
