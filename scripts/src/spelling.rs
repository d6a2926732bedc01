//! "Did you mean": the known word closest to a misspelt one, for commands, flags and settings.

/// The candidate nearest to `word` by edit distance (insertions, deletions, substitutions and
/// swaps of two neighbours), when it is near enough to be a slip of the fingers: at most one
/// edit for words of up to four letters, two for longer ones. Ties go to the first candidate.
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    candidates
        .iter()
        .map(|&c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d > 0 && d <= most)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// ", did you mean `X`?" for a message, or nothing.
pub fn suggestion(word: &str, candidates: &[&str]) -> String {
    did_you_mean(word, candidates).map_or_else(String::new, |c| format!("; did you mean `{c}`?"))
}

/// The optimal string alignment distance (Damerau–Levenshtein without repeated edits of a
/// substring), over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("judge", "judge"), 0);
        assert_eq!(edit_distance("jugde", "judge"), 1);
        assert_eq!(edit_distance("bundel", "bundle"), 1);
        assert_eq!(edit_distance("stres", "stress"), 1);
        assert_eq!(edit_distance("", "run"), 3);
        assert_eq!(edit_distance("time-limt-ms", "time-limit-ms"), 1);
    }

    #[test]
    fn near_words_are_suggested_and_far_ones_are_not() {
        let commands = ["bundle", "judge", "run", "stress", "fill", "new", "table"];
        assert_eq!(did_you_mean("jugde", &commands), Some("judge"));
        assert_eq!(did_you_mean("bundel", &commands), Some("bundle"));
        assert_eq!(did_you_mean("rn", &commands), Some("run"));
        assert_eq!(did_you_mean("compile", &commands), None);
        assert_eq!(
            did_you_mean("judge", &commands),
            None,
            "an exact word needs no hint"
        );
        assert_eq!(suggestion("tabel", &commands), "; did you mean `table`?");
        assert_eq!(suggestion("xyz", &commands), "");
    }
}
