//! The scanner's error: what was expected, what was found, and where.

use std::fmt;

/// Input that is not what the problem promises: what was expected, what was found, and where.
pub struct InputError {
    /// What was expected and what was found instead.
    pub(super) message: String,
    /// 0-based offset of the offending token (or of the end of input) in the whole input.
    pub byte: u64,
    /// 1-based line of that position.
    pub line: u64,
    /// 1-based column, in bytes.
    pub column: u64,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "input error at line {}, column {} (byte {}): {}",
            self.line, self.column, self.byte, self.message
        )
    }
}

/// `main` prints its error with `Debug`: make that the readable message.
impl fmt::Debug for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for InputError {}

/// A token as an error message shows it: its first 40 bytes as UTF-8 (invalid bytes as U+FFFD)
/// escaped as in Rust's `Debug` (control characters, quotes, backslashes), so a NUL or a
/// terminal escape never reaches stderr raw; and the token's length if it is longer.
pub fn quote(token: &[u8]) -> String {
    let shown = String::from_utf8_lossy(&token[..token.len().min(40)]);
    let shown = shown.escape_debug().to_string();
    match token.len() {
        0..=40 => shown,
        len => format!("{shown}… ({len} bytes)"),
    }
}
