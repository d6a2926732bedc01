//! The console: everything the tool prints passes here. Program output and stderr as shown to
//! the user, never raw: control bytes (an escape sequence would drive the terminal) and bytes
//! that are not UTF-8 are shown escaped. The print macros, and how to run this tool again.

use crate::workspace::Workspace;

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
/// name passes on its way out (through [`crate::say!`] and [`crate::warn!`]). Line breaks
/// and tabs stay; any other control character is escaped; text already escaped is unchanged.
pub fn terminal(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .chars()
        .all(|c| !c.is_control() || c == '\n' || c == '\t')
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

/// `print!` through [`terminal`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let mut out = std::io::stdout().lock();
        let _ = out.write_all($crate::console::terminal(&text).as_bytes());
        let _ = out.flush();
    }};
}

/// `println!` through [`terminal`].
#[macro_export]
macro_rules! sayln {
    ($($arg:tt)*) => { $crate::say!("{}\n", format_args!($($arg)*)) };
}

/// `eprintln!` through [`terminal`].
#[macro_export]
macro_rules! warn {
    ($($arg:tt)*) => {{
        let text = format!($($arg)*);
        eprintln!("{}", $crate::console::terminal(&text));
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
                c if c.is_control() => out.extend(c.escape_unicode()),
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
