//! The console: everything the tool prints passes here. Program output and stderr as shown to
//! the user, never raw: control bytes (an escape sequence would drive the terminal) and bytes
//! that are not UTF-8 are shown escaped. The print macros, colour, and how to run this tool
//! again.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::workspace::Workspace;

/// `--color`: when the tool colours what it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourChoice {
    /// On a terminal, unless `NO_COLOR` is set to anything non-empty or `TERM` is `dumb`.
    Auto,
    Always,
    Never,
}

impl ColourChoice {
    /// `auto`, `always` or `never`, as `--color` takes it.
    pub fn parse(word: &str) -> Option<ColourChoice> {
        match word {
            "auto" => Some(ColourChoice::Auto),
            "always" => Some(ColourChoice::Always),
            "never" => Some(ColourChoice::Never),
            _ => None,
        }
    }
}

static CHOICE: AtomicU8 = AtomicU8::new(0);

/// Sets `--color` for the rest of the run (before anything is printed).
pub fn set_colour(choice: ColourChoice) {
    let code = match choice {
        ColourChoice::Auto => 0,
        ColourChoice::Always => 1,
        ColourChoice::Never => 2,
    };
    CHOICE.store(code, Ordering::Relaxed);
}

fn choice() -> ColourChoice {
    match CHOICE.load(Ordering::Relaxed) {
        1 => ColourChoice::Always,
        2 => ColourChoice::Never,
        _ => ColourChoice::Auto,
    }
}

/// Whether to colour a stream: `--color` first (no-color.org: a flag overrides the
/// environment), then a terminal without `NO_COLOR` (any non-empty value) or `TERM=dumb`.
pub fn colour_on(
    choice: ColourChoice,
    terminal: bool,
    no_color: Option<&std::ffi::OsStr>,
    term: Option<&std::ffi::OsStr>,
) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => {
            terminal && no_color.is_none_or(|v| v.is_empty()) && term != Some("dumb".as_ref())
        }
    }
}

/// Where printed text goes, for [`colour_on`].
#[derive(Clone, Copy)]
pub enum Stream {
    Stdout,
    Stderr,
}

fn colour_stream(stream: Stream) -> bool {
    let terminal = match stream {
        Stream::Stdout => std::io::stdout().is_terminal(),
        Stream::Stderr => std::io::stderr().is_terminal(),
    };
    colour_on(
        choice(),
        terminal,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// A colour for [`paint`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    Green,
    Red,
    Yellow,
    Magenta,
}

/// The private-use characters that mark painted text until it is printed: one per colour,
/// then [`RESET`]. [`terminal`] escapes them in anything else, so only [`paint`] makes them.
const MARKS: [(Colour, char, &str); 4] = [
    (Colour::Green, '\u{E000}', "\x1b[32m"),
    (Colour::Red, '\u{E001}', "\x1b[31m"),
    (Colour::Yellow, '\u{E002}', "\x1b[33m"),
    (Colour::Magenta, '\u{E003}', "\x1b[35m"),
];
const RESET: char = '\u{E00F}';

fn is_mark(c: char) -> bool {
    c == RESET || MARKS.iter().any(|&(_, mark, _)| mark == c)
}

/// `text` in `colour` when printed to a terminal that takes colour, plain otherwise.
pub fn paint(colour: Colour, text: &str) -> String {
    let mark = MARKS.iter().find(|m| m.0 == colour).map_or(RESET, |m| m.1);
    format!("{mark}{text}{RESET}")
}

/// Text on its way out to `stream`: made safe by [`terminal`], except that the marks of
/// [`paint`] become colours (or nothing when colour is off).
pub fn render(text: &str, stream: Stream) -> String {
    let colour = colour_stream(stream);
    let mut out = String::with_capacity(text.len());
    let mut plain = String::new();
    let flush = |plain: &mut String, out: &mut String| {
        out.push_str(&escape_controls(plain));
        plain.clear();
    };
    for c in text.chars() {
        if !is_mark(c) {
            plain.push(c);
            continue;
        }
        flush(&mut plain, &mut out);
        if colour {
            match MARKS.iter().find(|m| m.1 == c) {
                Some(m) => out.push_str(m.2),
                None => out.push_str("\x1b[0m"),
            }
        }
    }
    flush(&mut plain, &mut out);
    out
}

/// Quoted, escaped, cut at 60 characters: `"3 \r"`, `"\xFF\xFE ok"`.
pub fn quote(bytes: &[u8]) -> String {
    let text = escape(bytes, false);
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(60).collect();
    if chars.next().is_some() {
        format!("\"{head}\"…")
    } else {
        format!("\"{head}\"")
    }
}

/// One line of a diff: escaped, without quotes.
pub fn line(bytes: &[u8]) -> String {
    escape(bytes, false)
}

/// Multi-line text (stderr): line breaks and tabs kept, everything else escaped.
pub fn text(bytes: &[u8]) -> String {
    escape(bytes, true)
}

/// The longest stderr line shown whole, in characters.
pub const LINE_CAP: usize = 300;

/// The last `count` lines of stderr, escaped, each cut at [`LINE_CAP`] characters saying how
/// many it leaves out; blank lines at the end dropped. Empty when stderr says nothing.
pub fn tail(stderr: &[u8], count: usize) -> Vec<String> {
    let text = text(stderr);
    let mut lines: Vec<&str> = text.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines[lines.len().saturating_sub(count)..]
        .iter()
        .map(|line| {
            let total = line.chars().count();
            if total <= LINE_CAP {
                return line.to_string();
            }
            let head: String = line.chars().take(LINE_CAP).collect();
            format!("{head}… ({} more characters)", total - LINE_CAP)
        })
        .collect()
}

/// What the tool prints, made safe for a terminal: the one place every message, report and
/// name passes on its way out (through [`crate::say!`] and [`crate::warn!`], by [`render`]).
/// Line breaks and tabs stay; any other control character, and the marks of [`paint`], are
/// escaped; text already escaped is unchanged.
pub fn terminal(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .chars()
        .all(|c| (!c.is_control() || c == '\n' || c == '\t') && !is_mark(c))
    {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(escape(text.as_bytes(), true))
    }
}

/// `; its stderr ends:` and the last ten lines of `stderr` (escaped), or nothing when it is
/// silent.
pub fn stderr_tail(stderr: &[u8]) -> String {
    let tail = tail(stderr, 10);
    if tail.is_empty() {
        return String::new();
    }
    format!("; its stderr ends:\n{}", tail.join("\n"))
}

/// How to run this tool again, as a user can type it: `ojgames` when that is on PATH, else
/// through cargo; with `--root` when the current directory is outside the workspace.
pub fn invocation(workspace: &Workspace) -> String {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("ojgames").is_file()));
    let manifest = workspace.root.join("Cargo.toml");
    let mut command = if on_path {
        "ojgames".to_string()
    } else {
        format!(
            "cargo run --manifest-path {} --release -q -p ojgames --",
            shell_word(&manifest.display().to_string())
        )
    };
    let inside = std::env::current_dir().is_ok_and(|cwd| cwd.starts_with(&workspace.root));
    if !inside {
        command.push_str(" --root ");
        command.push_str(&shell_word(&workspace.root.display().to_string()));
    }
    command
}

/// A word the shell reads back as itself.
fn shell_word(text: &str) -> String {
    if !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,".contains(&b))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// Control characters escaped, the marks of [`paint`] kept.
fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .chars()
        .all(|c| !c.is_control() || c == '\n' || c == '\t')
    {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(escape(text.as_bytes(), true))
    }
}

/// `print!` through [`render`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let mut out = std::io::stdout().lock();
        let rendered = $crate::console::render(&text, $crate::console::Stream::Stdout);
        let _ = out.write_all(rendered.as_bytes());
        let _ = out.flush();
    }};
}

/// `println!` through [`render`].
#[macro_export]
macro_rules! sayln {
    ($($arg:tt)*) => { $crate::say!("{}\n", format_args!($($arg)*)) };
}

/// `eprintln!` through [`render`].
#[macro_export]
macro_rules! warn {
    ($($arg:tt)*) => {{
        let text = format!($($arg)*);
        eprintln!("{}", $crate::console::render(&text, $crate::console::Stream::Stderr));
    }};
}

fn escape(bytes: &[u8], keep_lines: bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' | '\t' if keep_lines => out.push(c),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '"' if !keep_lines => out.push_str("\\\""),
                '\\' if !keep_lines => out.push_str("\\\\"),
                c if c.is_control() || is_mark(c) => out.extend(c.escape_unicode()),
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_paths_read_back_in_the_shell() {
        assert_eq!(shell_word("/tmp/ws-1/Cargo.toml"), "/tmp/ws-1/Cargo.toml");
        assert_eq!(shell_word("/tmp/my ws"), "'/tmp/my ws'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn control_and_invalid_bytes_are_escaped() {
        assert_eq!(quote(b"\xFF\xFE ok"), r#""\xFF\xFE ok""#);
        assert_eq!(quote(b"3 \r"), r#""3 \r""#);
        assert_eq!(text(b"a\x1b[2Jb\nc\td"), "a\\u{1b}[2Jb\nc\td");
        assert_eq!(line("取 ok".as_bytes()), "取 ok");
        assert!(quote(&[b'x'; 100]).ends_with("\"…"));
        assert_eq!(terminal("a\x07b\n\tc"), "a\\u{7}b\n\tc");
    }

    #[test]
    fn colour_follows_the_flag_then_the_terminal_and_no_color() {
        use ColourChoice::*;
        let (set, empty) = (Some("1".as_ref()), Some("".as_ref()));
        assert!(colour_on(Auto, true, None, None));
        assert!(!colour_on(Auto, false, None, None), "piped");
        assert!(!colour_on(Auto, true, set, None), "NO_COLOR=1");
        assert!(
            colour_on(Auto, true, empty, None),
            "an empty NO_COLOR is unset"
        );
        assert!(!colour_on(Auto, true, None, Some("dumb".as_ref())));
        assert!(colour_on(Always, false, set, None), "the flag wins");
        assert!(!colour_on(Never, true, None, None));
        assert_eq!(ColourChoice::parse("always"), Some(Always));
        assert_eq!(ColourChoice::parse("yes"), None);
    }

    #[test]
    fn only_paint_makes_colour() {
        let painted = format!("{} {}", paint(Colour::Green, "AC"), terminal("\u{E001}x"));
        set_colour(ColourChoice::Always);
        assert_eq!(
            render(&painted, Stream::Stdout),
            "\x1b[32mAC\x1b[0m \\u{e001}x"
        );
        set_colour(ColourChoice::Never);
        assert_eq!(render(&painted, Stream::Stdout), "AC \\u{e001}x");
        set_colour(ColourChoice::Auto);
        assert_eq!(text("\u{E000}".as_bytes()), "\\u{e000}");
    }

    #[test]
    fn a_long_stderr_line_is_cut_saying_how_much() {
        let mut stderr = vec![b'x'; 65_544];
        stderr.extend_from_slice(b"\npanicked at main.rs:3\n\n");
        let tail = tail(&stderr, 10);
        assert_eq!(tail.len(), 2);
        assert_eq!(
            tail[0].chars().count(),
            LINE_CAP + "… (65244 more characters)".len() - 2
        );
        assert!(
            tail[0].ends_with("x… (65244 more characters)"),
            "{}",
            &tail[0][290..]
        );
        assert_eq!(tail[1], "panicked at main.rs:3");
        assert_eq!(terminal(r"already \u{7} escaped"), r"already \u{7} escaped");
    }
}
