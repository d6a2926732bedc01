//! Judge I/O: a streaming [`Scanner`] that checks what it reads, and a buffered [`Writer`].
//!
//! The scanner reads its input in fixed chunks, so memory stays constant whatever the input's
//! size, and parses ASCII integers by hand, eight digits at a time. Tokens are separated by
//! ASCII whitespace. Malformed input (a letter in a number, a number out of its type's range,
//! input that ends inside a case) is an [`InputError`] that says what was expected and where;
//! it is never a silent wrong value. The writer formats numbers eight digits at a time into a
//! fixed buffer. All safe code; the figures are in `docs/performance.md`.
//!
//! The parts: this file is the scanner (the token source: chunks, whitespace, positions);
//! `parse` gives a token's value, `error` is the error type, `writer` the writer, `format`
//! turns numbers into digits, and `tests` holds the tests. The scanner (and [`Tied`], for
//! interactive problems) lives here rather than in a child because `ojgames bundle` keeps a module that only re-exports as a
//! bare container and drops its `pub use` lines; a module with an item the solution names is
//! kept whole (and an unused child module would leave its empty husk in every bundle).
//!
//! A solution returns the error from `main`; the writer's buffer is flushed when it is dropped,
//! so the answers to the cases before the bad one are still written:
//!
//! ```
//! use ojlib::io::{InputError, Scanner, Writer};
//!
//! fn solve(input: &[u8], output: &mut Vec<u8>) -> Result<(), InputError> {
//!     let mut input = Scanner::new(input);
//!     let mut out = Writer::new(output);
//!     while let Some(a) = input.next::<u64>()? {
//!         let b: u64 = input.read()?;
//!         out.line((a, b, a + b));
//!     }
//!     Ok(())
//! }
//!
//! let mut output = Vec::new();
//! let error = solve(b"1 2\n3 4\n5 x\n", &mut output).unwrap_err();
//! assert_eq!(output, b"1 2 3\n3 4 7\n");
//! assert_eq!(error.to_string(), "input error at line 3, column 3 (byte 10): expected u64, found `x`");
//! ```
//!
//! Interactive problems, where the solution and the jury take turns over two pipes: a scanner
//! made by [`Scanner::interactive`] owns the [`Writer`] of the solution's moves and flushes it
//! each time it is about to wait for input (as C++'s `cin` tied to `cout`), so a move is never
//! left in the buffer while the solution waits for the answer to it. Reading never waits for
//! more input than the next token needs: the scanner asks for more only when the bytes it has
//! do not hold the token and the whitespace that ends it.
//!
//! ```no_run
//! use ojlib::io::{InputError, Scanner};
//!
//! fn main() -> Result<(), InputError> {
//!     let mut jury = Scanner::interactive();
//!     let n: u64 = jury.read()?;
//!     jury.out().line(("?", n / 2));
//!     let answer: i64 = jury.read()?; // flushes `? n/2` first
//!     jury.out().line(("!", answer));
//!     Ok(())
//! } // the last move is flushed when the scanner is dropped
//! ```

mod error;
mod format;
mod parse;
mod writer;

#[cfg(test)]
mod tests;

use error::quote;
pub use error::InputError;
pub use parse::Token;
pub use writer::{Put, Writer};

use std::io::{self, Read};

/// How many bytes the scanner asks the reader for at a time.
const CHUNK: usize = 1 << 16;

/// The fast path parses a token only when this many bytes of input follow its start: room for
/// the longest token it takes (a sign, 24 digits, a whitespace byte) and its 8-byte loads.
const WINDOW: usize = 32;

/// Reads whitespace-separated tokens from `R`, a chunk at a time.
pub struct Scanner<R> {
    reader: R,
    /// Input is `buf[..len]`; the next unread byte is `buf[pos]`.
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    /// For error positions: the bytes of input before `buf[0]`, the newlines among them, and
    /// the offset where the line that holds `buf[0]` begins.
    before: u64,
    lines: u64,
    line_start: u64,
}

impl Scanner<io::StdinLock<'static>> {
    /// A scanner over standard input.
    pub fn stdin() -> Self {
        Scanner::new(io::stdin().lock())
    }
}

impl<R: Read> Scanner<R> {
    pub fn new(reader: R) -> Self {
        Scanner {
            reader,
            buf: vec![0; CHUNK],
            pos: 0,
            len: 0,
            before: 0,
            lines: 0,
            line_start: 0,
        }
    }

    /// The next token as a `T`, or `None` at a clean end of input (only whitespace left).
    /// The fast path here: whitespace, then a well-formed token that ends inside the buffer.
    #[inline(always)]
    pub fn next<T: Token>(&mut self) -> Result<Option<T>, InputError> {
        let (buf, mut pos) = (&self.buf[..self.len], self.pos);
        while pos < buf.len() && buf[pos].is_ascii_whitespace() {
            pos += 1;
        }
        self.pos = pos;
        if let Some((value, used)) = buf.get(pos..pos + WINDOW).and_then(T::prefix) {
            self.pos += used;
            return Ok(Some(value));
        }
        self.next_slow()
    }

    /// Everything the fast path leaves: tokens near the end of the buffer, long tokens, and
    /// every error.
    #[cold]
    #[inline(never)]
    fn next_slow<T: Token>(&mut self) -> Result<Option<T>, InputError> {
        let start = self.token()?;
        let token = &self.buf[start..self.pos];
        let parsed = (!token.is_empty()).then(|| T::parse(token));
        parsed.transpose().map_err(|why| self.error_at(start, why))
    }

    /// The next token as a `T`; the end of input is an error here.
    #[inline(always)]
    pub fn read<T: Token>(&mut self) -> Result<T, InputError> {
        let end = || format!("expected {}, found end of input", T::NAME);
        self.next()?.ok_or_else(|| self.error_at(self.len, end()))
    }

    /// The next `n` tokens. A count read from the input may be a lie: it reserves at most a
    /// million up front. A loop of its own, not a call of [`Scanner::read_into`]: a bundle
    /// that reads only with `read_vec` then carries one loop, not both (p1247's I/O is within
    /// a few bytes of its 12 KiB budget).
    pub fn read_vec<T: Token>(&mut self, n: usize) -> Result<Vec<T>, InputError> {
        let mut items = Vec::with_capacity(n.min(1 << 20));
        for _ in 0..n {
            items.push(self.read()?);
        }
        Ok(items)
    }

    /// Replaces the contents of `items` with the next `n` tokens, reusing its memory (for many
    /// cases in a row). A count read from the input may be a lie: it reserves at most a million
    /// up front.
    pub fn read_into<T: Token>(&mut self, items: &mut Vec<T>, n: usize) -> Result<(), InputError> {
        items.clear();
        items.reserve(n.min(1 << 20));
        for _ in 0..n {
            items.push(self.read()?);
        }
        Ok(())
    }

    /// An error for a value that breaks the problem's rules (say, a vertex beyond the graph),
    /// at the last token read, which it quotes after `message`; the same line, column and byte
    /// as if that token had failed to parse.
    pub fn invalid(&self, message: &str) -> InputError {
        let read = &self.buf[..self.pos];
        let end = read.iter().rposition(|b| !b.is_ascii_whitespace());
        let end = end.map_or(0, |i| i + 1);
        let start = read[..end].iter().rposition(u8::is_ascii_whitespace);
        let start = start.map_or(0, |i| i + 1);
        let token = quote(&read[start..end]);
        self.error_at(start, format!("{message} (the token `{token}`)"))
    }

    /// Skips whitespace and takes the next token, reading more input as needed (a token that
    /// reaches the end of the buffer is kept whole while more is read): its start in `buf`,
    /// with `pos` at its end; empty at the end of input. `fill` moves `buf[pos..]` to the front,
    /// so `end` is kept relative to `pos` across it.
    fn token(&mut self) -> Result<usize, InputError> {
        let mut end = self.pos;
        while end < self.len || {
            end -= self.pos;
            self.fill()?
        } {
            if self.buf[end].is_ascii_whitespace() {
                if end > self.pos {
                    break;
                }
                self.pos += 1;
            }
            end += 1;
        }
        Ok(std::mem::replace(&mut self.pos, end))
    }

    /// Moves the unread bytes to the front of `buf` (growing it if one token fills it) and
    /// reads more after them. Returns whether any byte was read; `false` means the end of input.
    fn fill(&mut self) -> Result<bool, InputError> {
        (self.lines, self.line_start) = self.position(self.pos);
        self.before += self.pos as u64;
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        if self.len == self.buf.len() {
            self.buf.resize(2 * self.len, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.len..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.error_at(self.len, format!("reading failed: {e}"))),
                Ok(n) => {
                    self.len += n;
                    return Ok(n > 0);
                }
            }
        }
    }

    /// The newlines before `buf[index]` in the whole input, and the offset where its line
    /// begins.
    fn position(&self, index: usize) -> (u64, u64) {
        let done = &self.buf[..index];
        let start = done.iter().rposition(|&b| b == b'\n');
        let start = start.map_or(self.line_start, |i| self.before + i as u64 + 1);
        (self.lines + newlines(done), start)
    }

    fn error_at(&self, index: usize, message: String) -> InputError {
        let (lines, line_start) = self.position(index);
        let byte = self.before + index as u64;
        InputError {
            message,
            byte,
            line: lines + 1,
            column: byte - line_start + 1,
        }
    }
}

/// The input of an interactive scanner: a reader (`.0`) that flushes a [`Writer`] (`.1`)
/// before each read. Fields without names and no constructor but [`Scanner::interactive`]:
/// every byte here is in each interactive bundle, whose I/O is held to 12 KiB like the rest.
pub struct Tied<R, W: io::Write>(R, Writer<W>);

impl<R: Read, W: io::Write> Read for Tied<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let flushed = self.1.flush();
        flushed
            .map_err(|e| io::Error::new(e.kind(), format!("flushing the output failed: {e}")))?;
        self.0.read(buf)
    }
}

impl Scanner<Tied<io::StdinLock<'static>, io::StdoutLock<'static>>> {
    /// The jury's side of an interactive problem: reads standard input and writes standard
    /// output through [`Scanner::out`], flushed whenever the scanner is about to wait.
    pub fn interactive() -> Self {
        Scanner::new(Tied(io::stdin().lock(), Writer::new(io::stdout().lock())))
    }
}

impl<R, W: io::Write> Scanner<Tied<R, W>> {
    /// The writer of the solution's moves: buffered until the scanner next waits for input
    /// (or is dropped).
    pub fn out(&mut self) -> &mut Writer<W> {
        &mut self.reader.1
    }
}

/// Counted with a byte counter a block (it cannot overflow in 255 bytes): this vectorizes
/// 16 bytes a lane; `filter().count()` made the u32 token bench 1.21× slower.
fn newlines(bytes: &[u8]) -> u64 {
    let block = |b: &[u8]| b.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
    bytes.chunks(255).map(|b| u64::from(block(b))).sum()
}
