//! The transcript of an interactive run: each line either side wrote, with the time it was
//! complete, and what happened to the processes, one entry a line:
//!
//! ```text
//!     0.412 ms  interactor: 3 4 5
//!     0.530 ms  solution:   1 2
//!     0.961 ms  * interactor exited: exit code 0
//! ```
//!
//! Lines are escaped as the judge shows output (control bytes and invalid UTF-8 as `\x..`)
//! and cut at [`show::LINE_CAP`] characters; after [`MAX_LINES`] entries only the events
//! (exits, kills) are kept.

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use super::Side;
use crate::console as show;

/// Entries kept before data lines are dropped (events are always kept).
const MAX_LINES: usize = 20_000;

pub(super) struct Transcript {
    start: Instant,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: Vec<String>,
    /// The line each side is in the middle of writing.
    partial: [Vec<u8>; 2],
    dropped: u64,
}

fn index(side: Side) -> usize {
    match side {
        Side::Solution => 0,
        Side::Interactor => 1,
    }
}

impl Transcript {
    pub fn new(start: Instant) -> Transcript {
        Transcript {
            start,
            inner: Mutex::new(Inner::default()),
        }
    }

    fn stamp(&self) -> String {
        let micros = self.start.elapsed().as_micros();
        format!("{:>9}.{:03} ms", micros / 1000, micros % 1000)
    }

    /// Bytes `side` wrote, as they arrived.
    pub fn data(&self, side: Side, bytes: &[u8]) {
        let stamp = self.stamp();
        let mut inner = self.inner.lock().unwrap();
        let mut rest = bytes;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            let mut line = std::mem::take(&mut inner.partial[index(side)]);
            line.extend_from_slice(&rest[..at]);
            inner.line(&stamp, side, &line, "");
            rest = &rest[at + 1..];
        }
        // A line written in pieces is kept up to the cap only.
        let partial = &mut inner.partial[index(side)];
        let room = (show::LINE_CAP * 4).saturating_sub(partial.len());
        partial.extend_from_slice(&rest[..rest.len().min(room)]);
    }

    /// `side`'s output ended (it closed its stdout or exited).
    pub fn closed(&self, side: Side) {
        let stamp = self.stamp();
        let mut inner = self.inner.lock().unwrap();
        let line = std::mem::take(&mut inner.partial[index(side)]);
        if !line.is_empty() {
            inner.line(&stamp, side, &line, "  (no newline at the end)");
        }
        inner.event(&stamp, &format!("{}'s output ended", side.name()));
    }

    /// A process event: an exit, a kill, a reader gone.
    pub fn event(&self, text: &str) {
        let stamp = self.stamp();
        self.inner.lock().unwrap().event(&stamp, text);
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let inner = self.inner.lock().unwrap();
        let mut text = String::new();
        for entry in &inner.entries {
            text.push_str(entry);
            text.push('\n');
        }
        if inner.dropped > 0 {
            text.push_str(&format!(
                "({} more lines not kept: the transcript keeps {MAX_LINES})\n",
                inner.dropped
            ));
        }
        std::fs::write(path, text)
    }
}

impl Inner {
    fn line(&mut self, stamp: &str, side: Side, bytes: &[u8], note: &str) {
        if self.entries.len() >= MAX_LINES {
            self.dropped += 1;
            return;
        }
        let text = show::line(bytes);
        let total = text.chars().count();
        let shown = if total > show::LINE_CAP {
            let head: String = text.chars().take(show::LINE_CAP).collect();
            format!("{head}… ({} more characters)", total - show::LINE_CAP)
        } else {
            text
        };
        let who = match side {
            Side::Solution => "solution:  ",
            Side::Interactor => "interactor:",
        };
        self.entries.push(format!("{stamp}  {who} {shown}{note}"));
    }

    fn event(&mut self, stamp: &str, text: &str) {
        self.entries.push(format!("{stamp}  * {text}"));
    }
}

/// The last `count` entries of the transcript at `path` (empty when it cannot be read).
pub fn tail(path: &Path, count: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(t: &Transcript) -> Vec<String> {
        let inner = t.inner.lock().unwrap();
        inner
            .entries
            .iter()
            .map(|e| e.split_once("ms  ").unwrap().1.to_string())
            .collect()
    }

    #[test]
    fn lines_are_joined_across_reads_and_split_within_one() {
        let t = Transcript::new(Instant::now());
        t.data(Side::Interactor, b"3 4");
        t.data(Side::Solution, b"1 2\n");
        t.data(Side::Interactor, b" 5\n7\n");
        t.data(Side::Solution, b"\x1b[2J");
        t.closed(Side::Solution);
        t.event("solution exited: exit code 0");
        assert_eq!(
            entries(&t),
            [
                "solution:   1 2",
                "interactor: 3 4 5",
                "interactor: 7",
                "solution:   \\u{1b}[2J  (no newline at the end)",
                "* solution's output ended",
                "* solution exited: exit code 0",
            ]
        );
    }

    #[test]
    fn a_flood_is_capped_but_events_are_kept() {
        let t = Transcript::new(Instant::now());
        let line = "x".repeat(show::LINE_CAP + 7) + "\n";
        for _ in 0..MAX_LINES + 5 {
            t.data(Side::Solution, line.as_bytes());
        }
        t.event("solution killed");
        let inner = t.inner.lock().unwrap();
        assert_eq!(inner.dropped, 5);
        assert!(inner.entries[0].ends_with("… (7 more characters)"));
        assert!(inner.entries.last().unwrap().ends_with("* solution killed"));
    }
}
