//! The table as an SVG heat map: one square a cell, value 0 (the losing positions; with a
//! legend, its first name) black, few distinct values in distinct colours (the next one light
//! grey), many on a dark-to-light scale; axis labels and a legend. Written by hand: SVG is text.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::Grid;

/// Distinct colours for values 1, 2, … (and for a legend's names after the first).
const PALETTE: [&str; 12] = [
    "#d9d9d9", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#e6c619", "#a65628", "#f781bf",
    "#999999", "#66c2a5", "#8da0cb", "#a6d854",
];
const ZERO: &str = "#111111";
const EMPTY: &str = "#ffffff";
/// Widest picture, in pixels, that the cells are scaled to fit.
const WIDTH: usize = 720;
const LEFT: usize = 48;
const TOP: usize = 44;
/// Room for one legend entry, across.
const LEGEND_STEP: usize = 110;

/// How a cell's number becomes a colour.
enum Scale {
    /// Few values: each its own colour.
    Categories(Vec<i64>),
    /// Many: 0 black, the others from dark blue to yellow by size.
    Range { low: i64, high: i64 },
}

impl Scale {
    fn of(grid: &Grid) -> Scale {
        let values: BTreeSet<i64> = grid.cells.iter().flatten().flatten().copied().collect();
        if grid.legend.is_some() || values.len() <= PALETTE.len() + 1 {
            return Scale::Categories(values.into_iter().collect());
        }
        let low = *values.iter().next().expect("many values");
        let high = *values.iter().next_back().expect("many values");
        Scale::Range { low, high }
    }

    fn colour(&self, value: i64) -> String {
        if value == 0 {
            return ZERO.into();
        }
        match self {
            Scale::Categories(values) => {
                let others = values.iter().filter(|&&v| v != 0);
                let rank = others.clone().position(|&v| v == value).unwrap_or(0);
                PALETTE[rank % PALETTE.len()].into()
            }
            Scale::Range { low, high } => {
                gradient((value - low) as f64 / (high - low).max(1) as f64)
            }
        }
    }
}

/// Dark blue (t = 0) through teal to yellow (t = 1).
fn gradient(t: f64) -> String {
    const STOPS: [(f64, f64, f64); 3] = [
        (40.0, 30.0, 120.0),
        (33.0, 145.0, 140.0),
        (253.0, 231.0, 37.0),
    ];
    let t = t.clamp(0.0, 1.0) * 2.0;
    let (a, b, s) = if t < 1.0 {
        (STOPS[0], STOPS[1], t)
    } else {
        (STOPS[1], STOPS[2], t - 1.0)
    };
    let mix = |x: f64, y: f64| (x + (y - x) * s).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG document for `grid`. Each run of equal cells in a row is a `<rect>` whose `<title>`
/// names its positions and value (`x 3..7, y 5: L`), so hovering shows it and tests can read it.
pub fn render(grid: &Grid) -> String {
    let columns = grid.columns.len().max(1);
    let cell = (WIDTH / columns).clamp(4, 28);
    let title_width = 8 + 7 * grid.title.chars().count();
    let width = (LEFT + cell * columns + 8).max(title_width).max(320);
    let grid_height = cell * grid.rows.len();
    let per_line = ((width - LEFT) / LEGEND_STEP).max(1);
    let legend_lines = legend_entries(grid).len().div_ceil(per_line);
    let height = TOP + grid_height + 16 + legend_lines * 18 + 8;
    let scale = Scale::of(grid);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" fill="{EMPTY}"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="4" y="14" font-size="13">{}</text>"#,
        escape(&grid.title)
    );
    // Labels every few cells, so they do not overlap.
    let every = 30usize.div_ceil(cell);
    for (c, label) in grid.columns.iter().enumerate().step_by(every) {
        let x = LEFT + c * cell + cell / 2;
        let _ = writeln!(
            svg,
            r#"<text x="{x}" y="{}" text-anchor="middle" font-size="9">{}</text>"#,
            TOP - 4,
            escape(label)
        );
    }
    let row_every = 14usize.div_ceil(cell);
    for (r, label) in grid.rows.iter().enumerate().step_by(row_every) {
        let y = TOP + r * cell + cell / 2 + 3;
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{y}" text-anchor="end" font-size="9">{}</text>"#,
            LEFT - 4,
            escape(label)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" font-size="10" text-anchor="end">{}\{}</text>"#,
        LEFT - 4,
        TOP - 16,
        escape(&grid.axes.1),
        escape(&grid.axes.0)
    );
    for (r, row) in grid.cells.iter().enumerate() {
        for (start, end, value) in runs(row) {
            let (x, y) = (LEFT + start * cell, TOP + r * cell);
            let shown = match &grid.legend {
                Some(names) => names[value as usize].clone(),
                None => value.to_string(),
            };
            let columns = if end == start + 1 {
                grid.columns[start].clone()
            } else {
                format!("{}..{}", grid.columns[start], grid.columns[end - 1])
            };
            let _ = writeln!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{}" height="{cell}" fill="{}"><title>{} {}, {} {}: {}</title></rect>"#,
                (end - start) * cell,
                scale.colour(value),
                escape(&grid.axes.0),
                escape(&columns),
                escape(&grid.axes.1),
                escape(&grid.rows[r]),
                escape(&shown)
            );
        }
    }
    let legend_top = TOP + grid_height + 16;
    for (i, (label, value)) in legend_entries(grid).into_iter().enumerate() {
        let (x, y) = (
            LEFT + (i % per_line) * LEGEND_STEP,
            legend_top + (i / per_line) * 18,
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{x}" y="{y}" width="12" height="12" fill="{}" stroke="#888"/><text x="{}" y="{}">{}</text>"##,
            scale.colour(value),
            x + 16,
            y + 10,
            escape(&label)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The row's runs of equal cells, `(first column, past the last, value)`: one `<rect>` each
/// keeps a picture of large regions small.
fn runs(row: &[Option<i64>]) -> Vec<(usize, usize, i64)> {
    let mut runs: Vec<(usize, usize, i64)> = Vec::new();
    for (c, cell) in row.iter().enumerate() {
        match (*cell, runs.last_mut()) {
            (Some(v), Some(last)) if last.1 == c && last.2 == v => last.1 += 1,
            (Some(v), _) => runs.push((c, c + 1, v)),
            (None, _) => {}
        }
    }
    runs
}

/// The legend: each name, or each value when there are few, or the ends of the scale.
fn legend_entries(grid: &Grid) -> Vec<(String, i64)> {
    if let Some(names) = &grid.legend {
        return names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as i64))
            .collect();
    }
    match Scale::of(grid) {
        Scale::Categories(values) => values.into_iter().map(|v| (v.to_string(), v)).collect(),
        Scale::Range { low, high } => {
            let mut entries = vec![(low.to_string(), low), (high.to_string(), high)];
            if low < 0 || high > 0 {
                entries.insert(0, ("0".into(), 0));
            }
            entries
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(cells: Vec<Vec<Option<i64>>>, legend: Option<Vec<&str>>) -> Grid {
        Grid {
            title: "a <b>".into(),
            axes: ("x".into(), "y".into()),
            columns: (0..cells[0].len()).map(|c| c.to_string()).collect(),
            rows: (0..cells.len()).map(|r| r.to_string()).collect(),
            cells,
            legend: legend.map(|names| names.into_iter().map(String::from).collect()),
        }
    }

    #[test]
    fn zero_is_black_and_every_cell_is_drawn() {
        let svg = render(&grid(
            vec![vec![Some(0), Some(1)], vec![Some(2), None]],
            None,
        ));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(
            svg.contains(r##"fill="#111111"><title>x 0, y 0: 0</title>"##),
            "{svg}"
        );
        assert_eq!(svg.matches("<title>").count(), 3);
        let runs = render(&grid(vec![vec![Some(1), Some(1), Some(0), Some(1)]], None));
        assert!(
            runs.contains(r##"width="56" height="28" fill="#d9d9d9"><title>x 0..1, y 0: 1"##),
            "{runs}"
        );
        assert!(runs.contains("<title>x 3, y 0: 1</title>"));
        assert!(svg.contains("a &lt;b&gt;"));
    }

    #[test]
    fn many_values_take_a_scale_and_losing_stays_black() {
        let row: Vec<Option<i64>> = (0..40).map(Some).collect();
        let svg = render(&grid(vec![row], None));
        assert!(svg.contains(r##"fill="#111111"><title>x 0, y 0: 0</title>"##));
        assert!(svg.contains(&format!(r#"fill="{}"><title>x 39"#, gradient(1.0))));
        let outcome = render(&grid(vec![vec![Some(0), Some(1)]], Some(vec!["L", "W"])));
        assert!(outcome.contains(r##"fill="#111111"><title>x 0, y 0: L</title>"##));
        assert!(!outcome.contains(r##"fill="#111111"><title>x 1"##));
    }
}
