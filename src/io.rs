//! Judge I/O: a streaming [`Scanner`] that checks what it reads, and a buffered [`Writer`].
//!
//! The scanner reads its input in fixed chunks, so memory stays constant whatever the input's
//! size, and parses ASCII integers by hand (no UTF-8 validation, no `str::parse`). Tokens are
//! separated by ASCII whitespace. Malformed input (a letter in a number, a number out of its
//! type's range, input that ends inside a case) is an [`InputError`] that says what was expected
//! and where; it is never a silent wrong value.
//!
//! Speed (see `docs/performance.md`): an integer token that ends inside the buffer is parsed on a
//! fast path, eight bytes at a time (a carry-free test finds the first non-digit, three multiplies
//! combine eight digits); everything else (a token cut by the buffer's end, 20 digits or more, a
//! sign on an unsigned type, every error) takes the plain byte-by-byte path, which the tests hold
//! the fast path to. [`Scanner::read_into`] (and `read_vec`) first try a bulk path on x86_64
//! (`blocks`: 64 bytes classified at a time with SSE2) and fall back to the same per-token paths
//! for anything it does not take. The writer keeps its buffer allocated and initialized, writes
//! a line of numbers with its position in a register, and formats eight digits at a time, a
//! number's two halves of eight at once in SSE2 lanes (`digits`). The only `unsafe` is in
//! `blocks` and `digits`, each block with why it is sound.
//!
//! A solution returns that error from `main`; the writer's buffer is flushed when it is dropped,
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

use std::fmt;
use std::io::{self, Read, Write};

mod blocks;
mod digits;

/// How many bytes the scanner asks the reader for at a time, and the writer's buffer size.
const CHUNK: usize = 1 << 16;

/// The scanner's fast path parses a token only when at least this many bytes follow its start
/// in the buffer: room for the longest token it handles (a sign, 19 digits, a whitespace byte)
/// and for its 8-byte loads.
const FAST_WINDOW: usize = 32;

/// Reads whitespace-separated tokens from `R`, a chunk at a time.
pub struct Scanner<R> {
    reader: R,
    buf: Vec<u8>,
    /// The next unread byte of `buf`.
    pos: usize,
    /// How many bytes of `buf` hold input.
    len: usize,
    /// For error positions: bytes of input before `buf[0]`, the newlines among them, and the
    /// offset where the line that holds `buf[0]` begins.
    bytes_before: u64,
    lines_before: u64,
    line_start: u64,
    eof: bool,
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
            bytes_before: 0,
            lines_before: 0,
            line_start: 0,
            eof: false,
        }
    }

    /// The next token as a `T`, or `None` at a clean end of input (only whitespace left).
    // Not `Iterator::next`: this one is generic over the type of the token.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn next<T: Token>(&mut self) -> Result<Option<T>, InputError> {
        // Fast path: a well-formed token that ends (with its whitespace) inside the buffer.
        let buf = &self.buf[..self.len];
        let mut pos = self.pos;
        while pos < buf.len() && is_space(buf[pos]) {
            pos += 1;
        }
        if let Some(window) = buf.get(pos..pos + FAST_WINDOW) {
            if let Some((value, used)) = T::parse_prefix(window) {
                self.pos = pos + used;
                return Ok(Some(value));
            }
        }
        self.pos = pos;
        self.next_slow()
    }

    /// Everything else: tokens at the end of the buffer, long tokens, and every error.
    #[cold]
    #[inline(never)]
    fn next_slow<T: Token>(&mut self) -> Result<Option<T>, InputError> {
        let (start, end) = match self.token::<T>()? {
            Some(range) => range,
            None => return Ok(None),
        };
        self.pos = end;
        match T::parse(&self.buf[start..end]) {
            Ok(value) => Ok(Some(value)),
            Err(reason) => {
                let found = Found::Token(reason, lossy(&self.buf[start..end]));
                Err(self.error_at::<T>(start, found))
            }
        }
    }

    /// The next token as a `T`; the end of input is an error here.
    #[inline]
    pub fn read<T: Token>(&mut self) -> Result<T, InputError> {
        match self.next()? {
            Some(value) => Ok(value),
            None => Err(self.error_at::<T>(self.len, Found::EndOfInput)),
        }
    }

    /// The next `n` tokens.
    pub fn read_vec<T: Token>(&mut self, n: usize) -> Result<Vec<T>, InputError> {
        let mut items = Vec::new();
        self.read_into(&mut items, n)?;
        Ok(items)
    }

    /// Replaces the contents of `items` with the next `n` tokens, reusing its memory (for many
    /// cases in a row).
    pub fn read_into<T: Token>(&mut self, items: &mut Vec<T>, n: usize) -> Result<(), InputError> {
        items.clear();
        // A count read from the input may be a lie: reserve at most 8 MiB up front.
        items.reserve(n.min((8 << 20) / std::mem::size_of::<T>().max(1)));
        while items.len() < n {
            if !(T::KNOWN_LENGTH && self.read_blocks(items, n)) {
                items.push(self.read()?);
            }
        }
        Ok(())
    }

    /// The bulk path of [`Scanner::read_into`]: whole 64-byte blocks of the buffer, each token
    /// parsed at the length its block's bitmasks give. Stops at the first token it cannot
    /// parse (an error, a long number, a token that crosses the block) and near the buffer's
    /// end, where [`Scanner::read`] goes on; returns whether it read anything.
    #[inline]
    fn read_blocks<T: Token>(&mut self, items: &mut Vec<T>, n: usize) -> bool {
        let before = items.len();
        let buf = &self.buf[..self.len];
        let mut pos = self.pos;
        // The block, and the 32 bytes `parse_known` may look at from a token that starts in it.
        while let Some(region) = buf.get(pos..pos + 96) {
            let region: &[u8; 96] = region.try_into().unwrap();
            let block = blocks::classify(region[..64].try_into().unwrap());
            if block.starts == 0 {
                if block.others != 0 {
                    break; // Off x86_64: nothing is classified.
                }
                pos += 64; // All whitespace.
                continue;
            }
            // A block holds at most 32 tokens: with room for all of them, and only digits
            // and whitespace in it, no token needs a check of its own.
            let taken = if block.others == 0 && n - items.len() >= 32 {
                take_tokens::<T, false>(region, block, items, n)
            } else {
                take_tokens::<T, true>(region, block, items, n)
            };
            match taken {
                Taken::All { last_end } => pos += last_end,
                Taken::Stopped { at } => {
                    pos += at;
                    break;
                }
            }
            if items.len() == n {
                break;
            }
        }
        self.pos = pos;
        items.len() > before
    }

    /// Finds the next token and returns its byte range in `buf`, reading more input as needed.
    fn token<T: Token>(&mut self) -> Result<Option<(usize, usize)>, InputError> {
        loop {
            while self.pos < self.len && is_space(self.buf[self.pos]) {
                self.pos += 1;
            }
            if self.pos < self.len {
                break;
            }
            if !self.fill::<T>()? {
                return Ok(None);
            }
        }
        let mut end = self.pos + 1;
        loop {
            while end < self.len && !is_space(self.buf[end]) {
                end += 1;
            }
            if end < self.len || self.eof {
                return Ok(Some((self.pos, end)));
            }
            // The token runs to the end of the buffer: keep it and read on.
            let scanned = end - self.pos;
            self.fill::<T>()?;
            end = self.pos + scanned;
        }
    }

    /// Moves the unread bytes to the front of `buf` and reads more after them. Returns whether
    /// any byte was read; `false` means the end of input.
    fn fill<T: Token>(&mut self) -> Result<bool, InputError> {
        if self.eof {
            return Ok(false);
        }
        let consumed = &self.buf[..self.pos];
        self.lines_before += count_newlines(consumed);
        if let Some(newline) = consumed.iter().rposition(|&b| b == b'\n') {
            self.line_start = self.bytes_before + newline as u64 + 1;
        }
        self.bytes_before += self.pos as u64;
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        if self.len == self.buf.len() {
            // One token longer than the buffer: grow rather than cut it.
            self.buf.resize(2 * self.buf.len(), 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.error_at::<T>(self.len, Found::ReadError(e))),
            }
        }
    }

    fn error_at<T: Token>(&self, index: usize, found: Found) -> InputError {
        let before = &self.buf[..index];
        let byte = self.bytes_before + index as u64;
        let line_start = match before.iter().rposition(|&b| b == b'\n') {
            Some(newline) => self.bytes_before + newline as u64 + 1,
            None => self.line_start,
        };
        InputError {
            expected: T::NAME,
            found,
            byte,
            line: self.lines_before + count_newlines(before) + 1,
            column: byte - line_start + 1,
        }
    }
}

/// How far [`take_tokens`] got in its block.
enum Taken {
    /// Every token that ends in the block (or all that `n` allowed): the offset of the
    /// whitespace byte after the last one.
    All { last_end: usize },
    /// The offset of the first token it did not take (one that needs the other paths).
    Stopped { at: usize },
}

/// The tokens of one classified block, in order, into `items` (without passing `n`), for
/// [`Scanner::read_blocks`]. `CHECKED` is false only when the block holds nothing but digits
/// and whitespace and `items` has room for all its tokens.
#[inline(always)]
fn take_tokens<T: Token, const CHECKED: bool>(
    region: &[u8; 96],
    mut block: blocks::Block,
    items: &mut Vec<T>,
    n: usize,
) -> Taken {
    let mut last_end = 0;
    while block.ends != 0 && (!CHECKED || items.len() < n) {
        // Masked to 0..64 so that the compiler sees the window fits in the region.
        let start = block.starts.trailing_zeros() as usize & 63;
        let end = block.ends.trailing_zeros() as usize & 63;
        let len = end - start;
        let window: &[u8; 32] = region[start..start + 32].try_into().unwrap();
        // Checked, only the first byte may be other than a digit (a sign).
        let value = if !CHECKED || (block.others >> start) & ((1 << len) - 2) == 0 {
            T::parse_known(window, len, !CHECKED)
        } else {
            None
        };
        match value {
            Some(value) => items.push(value),
            None => return Taken::Stopped { at: start },
        }
        block.starts &= block.starts - 1;
        block.ends &= block.ends - 1;
        last_end = end;
    }
    if last_end == 0 {
        // The block's first token crosses its end (the caller has room for one more).
        return Taken::Stopped {
            at: block.starts.trailing_zeros() as usize,
        };
    }
    Taken::All { last_end }
}

fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

fn count_newlines(bytes: &[u8]) -> u64 {
    // Byte counters over blocks short enough not to overflow them: this vectorizes.
    let mut blocks = bytes.chunks_exact(240);
    let mut total = 0u64;
    for block in &mut blocks {
        let mut n = 0u8;
        for &b in block {
            n += u8::from(b == b'\n');
        }
        total += u64::from(n);
    }
    total + blocks.remainder().iter().filter(|&&b| b == b'\n').count() as u64
}

fn lossy(token: &[u8]) -> String {
    const SHOWN: usize = 40;
    let shown = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]).into_owned();
    if token.len() > SHOWN {
        format!("{shown}… ({} bytes)", token.len())
    } else {
        shown
    }
}

/// Why a token is not a value of the type asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Malformed {
    /// Not a number of that kind at all, such as `12a`, `-`, or `-3` for an unsigned type.
    NotANumber,
    /// A number, but outside the type's range.
    OutOfRange,
}

/// A type the scanner can read: the integers, and `Vec<u8>` for a raw byte-string token.
pub trait Token: Sized {
    /// The name used in error messages.
    const NAME: &'static str;
    /// Parses one token (never empty, never containing whitespace).
    fn parse(token: &[u8]) -> Result<Self, Malformed>;

    /// The scanner's fast path: the value of a well-formed token at the start of `bytes` (at
    /// least 32 bytes long, starting with a non-whitespace byte) that a whitespace byte
    /// ends, and how many bytes that is with the whitespace byte. `None` sends the token to
    /// [`Token::parse`]: it must be `None` whenever `parse` would fail, and agree with it
    /// otherwise.
    #[inline]
    fn parse_prefix(bytes: &[u8]) -> Option<(Self, usize)> {
        let _ = bytes;
        None
    }

    /// Whether [`Token::parse_known`] can return values: whether [`Scanner::read_into`] takes
    /// its bulk path for this type.
    const KNOWN_LENGTH: bool = false;

    /// The bulk path: the value of the `len`-byte token at the start of `bytes` (32 long), whose
    /// bytes after the first are ASCII digits, and the first too if `digits_only`. `None`
    /// sends the token to the other paths; as with [`Token::parse_prefix`], it must be `None`
    /// whenever `parse` would fail, and agree with it otherwise.
    #[inline]
    fn parse_known(bytes: &[u8; 32], len: usize, digits_only: bool) -> Option<Self> {
        let _ = (bytes, len, digits_only);
        None
    }
}

/// [`Token::parse_known`] for the magnitudes: 1 to 19 digits (no overflow) at the start of
/// `bytes` (at least 19 long), the first one checked unless `digits_only`.
#[inline(always)]
fn parse_known_digits(bytes: &[u8], len: usize, digits_only: bool) -> Option<u64> {
    if !(1..=19).contains(&len) || !(digits_only || bytes[0].is_ascii_digit()) {
        return None;
    }
    let first16: &[u8; 16] = bytes[..16].try_into().unwrap();
    if len <= 16 {
        return Some(blocks::digits_value(first16, len));
    }
    let rest = bytes[16..len]
        .iter()
        .fold(0, |value, &b| value * 10 + u64::from(b - b'0'));
    Some(blocks::digits_value(first16, 16) * POW10[len - 16] + rest)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const ASCII_ZEROS: u64 = 0x30 * ONES;

/// Eight bytes of `bytes` from `at`, the first in the low byte.
#[inline]
fn load(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// The high bit of each byte of `word` that is not an ASCII digit. Exact up to and including
/// the first such byte (a carry or borrow only starts at a non-digit byte and only moves to
/// later bytes), which is all the callers look at.
#[inline]
fn non_digits(word: u64) -> u64 {
    (word.wrapping_add(0x46 * ONES) | word.wrapping_sub(ASCII_ZEROS)) & (0x80 * ONES)
}

/// The value of the first `n` (1 to 8) bytes of `word`, all ASCII digits, the first the most
/// significant: the digits are moved to the top, then combined pairwise in three multiplies.
#[inline]
fn digits_value(word: u64, n: u32) -> u64 {
    // Each byte of a digit minus '0' is 0 to 9; the shift drops the bytes after the digits.
    let digits = word.wrapping_sub(ASCII_ZEROS) << (64 - 8 * n);
    let pairs = (digits.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// [`digits_value`], faster for the one or two digits that ten- and nineteen-digit numbers
/// leave in their last word (every u32, every value up to 10^18).
#[inline(always)]
fn few_digits_value(word: u64, n: u32) -> u64 {
    if n > 2 {
        return digits_value(word, n);
    }
    // Without a branch on n (one or two), which input data does not predict.
    let first = word & 0x0f;
    let second = (word >> 8) & 0x0f;
    first + ((first * 9 + second) & u64::from(n == 2).wrapping_neg())
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The fast path of the integers: 1 to 19 ASCII digits and a whitespace byte at the start of
/// `bytes` (at least 24 long); their value and length with the whitespace byte. 19 digits
/// cannot overflow a u64; longer tokens and everything else go to [`parse_digits`].
#[inline(always)]
fn parse_digits_prefix(bytes: &[u8]) -> Option<(u64, usize)> {
    let first = load(bytes, 0);
    let stop = non_digits(first);
    if stop != 0 {
        let n = stop.trailing_zeros() / 8;
        if n == 0 || !is_space(bytes[n as usize]) {
            return None;
        }
        return Some((digits_value(first, n), n as usize + 1));
    }
    let second = load(bytes, 8);
    let stop = non_digits(second);
    let high = digits_value(first, 8);
    if stop != 0 {
        let n = stop.trailing_zeros() / 8;
        if !is_space(bytes[8 + n as usize]) {
            return None;
        }
        if n == 0 {
            return Some((high, 9));
        }
        return Some((
            high * POW10[n as usize] + few_digits_value(second, n),
            9 + n as usize,
        ));
    }
    let high = high * POW10[8] + digits_value(second, 8);
    let third = load(bytes, 16);
    let n = non_digits(third).trailing_zeros() / 8;
    if n > 3 || !is_space(bytes[16 + n as usize]) {
        return None;
    }
    if n == 0 {
        return Some((high, 17));
    }
    Some((
        high * POW10[n as usize] + few_digits_value(third, n),
        17 + n as usize,
    ))
}

/// Parses ASCII decimal digits, with no sign.
fn parse_digits(digits: &[u8]) -> Result<u64, Malformed> {
    if digits.is_empty() {
        return Err(Malformed::NotANumber);
    }
    if digits.len() <= 19 {
        // At most 19 digits cannot overflow a u64: no checks in the loop but the digit test.
        let mut value = 0u64;
        let mut bad = false;
        for &b in digits {
            let digit = b.wrapping_sub(b'0');
            bad |= digit > 9;
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        }
        return if bad {
            Err(Malformed::NotANumber)
        } else {
            Ok(value)
        };
    }
    if digits.iter().any(|b| !b.is_ascii_digit()) {
        return Err(Malformed::NotANumber);
    }
    digits.iter().try_fold(0u64, |value, &b| {
        value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or(Malformed::OutOfRange)
    })
}

macro_rules! unsigned_token {
    ($($t:ty),*) => {$(
        impl Token for $t {
            const NAME: &'static str = stringify!($t);
            fn parse(token: &[u8]) -> Result<Self, Malformed> {
                let value = parse_digits(token)?;
                <$t>::try_from(value).map_err(|_| Malformed::OutOfRange)
            }
            #[inline(always)]
            fn parse_prefix(bytes: &[u8]) -> Option<(Self, usize)> {
                let (value, used) = parse_digits_prefix(bytes)?;
                Some((<$t>::try_from(value).ok()?, used))
            }
            const KNOWN_LENGTH: bool = cfg!(target_arch = "x86_64");
            #[inline(always)]
            fn parse_known(bytes: &[u8; 32], len: usize, digits_only: bool) -> Option<Self> {
                <$t>::try_from(parse_known_digits(bytes, len, digits_only)?).ok()
            }
        }
    )*};
}
unsigned_token!(u8, u16, u32, u64, usize);

macro_rules! signed_token {
    ($($t:ty),*) => {$(
        impl Token for $t {
            const NAME: &'static str = stringify!($t);
            fn parse(token: &[u8]) -> Result<Self, Malformed> {
                let (negative, digits) = match token.split_first() {
                    Some((b'-', rest)) => (true, rest),
                    _ => (false, token),
                };
                let magnitude = i128::from(parse_digits(digits)?);
                let value = if negative { -magnitude } else { magnitude };
                <$t>::try_from(value).map_err(|_| Malformed::OutOfRange)
            }
            const KNOWN_LENGTH: bool = cfg!(target_arch = "x86_64");
            #[inline(always)]
            fn parse_known(bytes: &[u8; 32], len: usize, digits_only: bool) -> Option<Self> {
                if !digits_only && bytes[0] == b'-' {
                    let magnitude = parse_known_digits(&bytes[1..], len - 1, true)?;
                    <$t>::try_from(-i128::from(magnitude)).ok()
                } else {
                    <$t>::try_from(parse_known_digits(bytes, len, digits_only)?).ok()
                }
            }
            #[inline(always)]
            fn parse_prefix(bytes: &[u8]) -> Option<(Self, usize)> {
                if bytes[0] == b'-' {
                    let (magnitude, used) = parse_digits_prefix(&bytes[1..])?;
                    let value = <$t>::try_from(-i128::from(magnitude)).ok()?;
                    Some((value, used + 1))
                } else {
                    let (value, used) = parse_digits_prefix(bytes)?;
                    Some((<$t>::try_from(value).ok()?, used))
                }
            }
        }
    )*};
}
signed_token!(i8, i16, i32, i64, isize);

impl Token for Vec<u8> {
    const NAME: &'static str = "token";
    fn parse(token: &[u8]) -> Result<Self, Malformed> {
        Ok(token.to_vec())
    }
}

/// What the scanner found where it expected a value.
#[derive(Debug)]
enum Found {
    Token(Malformed, String),
    EndOfInput,
    ReadError(io::Error),
}

/// Input that is not what the problem promises: what was expected, what was found, and where.
pub struct InputError {
    expected: &'static str,
    found: Found,
    /// 0-based offset of the offending token (or of the end of input) in the whole input.
    pub byte: u64,
    /// 1-based line of that position.
    pub line: u64,
    /// 1-based column, in bytes.
    pub column: u64,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column, byte) = (self.line, self.column, self.byte);
        write!(
            f,
            "input error at line {line}, column {column} (byte {byte}): "
        )?;
        match &self.found {
            Found::Token(Malformed::NotANumber, token) => {
                write!(f, "expected {}, found `{token}`", self.expected)
            }
            Found::Token(Malformed::OutOfRange, token) => {
                write!(f, "`{token}` is out of range for {}", self.expected)
            }
            Found::EndOfInput => write!(f, "expected {}, found end of input", self.expected),
            Found::ReadError(e) => write!(f, "reading {} failed: {e}", self.expected),
        }
    }
}

/// `main` prints its error with `Debug`: make that the readable message.
impl fmt::Debug for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for InputError {}

/// A buffered writer of answers. Flushes when its buffer is full and when dropped.
pub struct Writer<W: Write> {
    out: W,
    /// Output not yet written out is `buf[..len]`; the rest is room.
    buf: Box<[u8; BUF]>,
    len: usize,
}

/// The writer's buffer: it is written out once it holds `CHUNK` bytes, and a short piece (a
/// number, a line of a few numbers) may start anywhere before that.
const BUF: usize = CHUNK + ROOM;

/// Room for one short piece, the [`Put::MAX_LEN`] bound: its 8-byte stores may reach 8 past it.
const ROOM: usize = 128;
const SHORT: usize = ROOM - 8;

impl Writer<io::StdoutLock<'static>> {
    /// A writer to standard output.
    pub fn stdout() -> Self {
        Writer::new(io::stdout().lock())
    }
}

impl<W: Write> Writer<W> {
    pub fn new(out: W) -> Self {
        Writer {
            out,
            buf: vec![0; BUF].into_boxed_slice().try_into().unwrap(),
            len: 0,
        }
    }

    /// Writes `value`: a number, a string, a tuple or a slice (space-separated).
    #[inline(always)]
    pub fn put<T: Put>(&mut self, value: T) -> &mut Self {
        value.put(self);
        self
    }

    /// Writes `value` and a line end.
    #[inline(always)]
    pub fn line<T: Put>(&mut self, value: T) -> &mut Self {
        if T::MAX_LEN < SHORT {
            // The whole line in one piece: its position stays in a register throughout.
            let at = self.room();
            let at = value.put_at(&mut self.buf, at);
            self.buf[at] = b'\n';
            self.len = at + 1;
        } else {
            value.put(self);
            self.byte(b'\n');
        }
        self
    }

    /// Writes raw bytes.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        for piece in bytes.chunks(ROOM) {
            let at = self.room();
            self.buf[at..at + piece.len()].copy_from_slice(piece);
            self.len = at + piece.len();
        }
        self
    }

    #[inline(always)]
    fn byte(&mut self, byte: u8) {
        let at = self.room();
        self.buf[at] = byte;
        self.len = at + 1;
    }

    /// Where the next piece of up to `ROOM` bytes goes: the end of the buffered output, written
    /// out first if the buffer is full.
    #[inline(always)]
    fn room(&mut self) -> usize {
        if self.len >= CHUNK {
            self.flush_or_panic();
        }
        self.len
    }

    /// Writes `value`, at most `SHORT` bytes, in one piece.
    #[inline(always)]
    fn short<T: Put + ?Sized>(&mut self, value: &T) {
        let at = self.room();
        self.len = value.put_at(&mut self.buf, at);
    }

    /// Writes out the buffer and flushes the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        let written = self.out.write_all(&self.buf[..self.len]);
        self.len = 0;
        written?;
        self.out.flush()
    }

    /// A full buffer: written out, without flushing the underlying writer (standard output
    /// would then write its partial last line with a syscall of its own).
    #[cold]
    #[inline(never)]
    fn flush_or_panic(&mut self) {
        let written = self.out.write_all(&self.buf[..self.len]);
        self.len = 0;
        if let Err(e) = written {
            panic!("writing the output failed: {e}");
        }
    }
}

impl<W: Write> Drop for Writer<W> {
    fn drop(&mut self) {
        // A failed final flush must not pass silently, but a panic while unwinding aborts.
        if self.flush().is_err() && !std::thread::panicking() {
            panic!("writing the output failed");
        }
    }
}

/// A value the [`Writer`] can write. For a type of your own, implement `put` with the writer's
/// own methods: `fn put<W: Write>(&self, out: &mut Writer<W>) { out.put(self.x).put(' ').put(self.y); }`.
pub trait Put {
    /// Writes the value through the writer's primitives (any length). The default, for the
    /// types with a small `MAX_LEN`, writes it in one piece with [`Put::put_at`].
    #[inline(always)]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        out.short(self);
    }

    /// The most bytes the value takes, when its type bounds it by less than `SHORT` (numbers,
    /// characters, and tuples of them): such values are written in one piece, with
    /// [`Put::put_at`].
    const MAX_LEN: usize = usize::MAX;

    /// Writes the value into `buf` from `at` and returns where it ends. Called only when
    /// `MAX_LEN` is below `SHORT` and `buf` has `ROOM` bytes from `at`.
    #[inline]
    fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
        let _ = buf;
        unreachable!("Put::put_at at {at} for a type without a small MAX_LEN");
    }
}

impl<T: Put + ?Sized> Put for &T {
    #[inline(always)]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        (**self).put(out);
    }
    const MAX_LEN: usize = T::MAX_LEN;
    #[inline(always)]
    fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
        (**self).put_at(buf, at)
    }
}

impl Put for str {
    #[inline]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        out.bytes(self.as_bytes());
    }
}

impl Put for String {
    #[inline]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        out.bytes(self.as_bytes());
    }
}

impl Put for char {
    const MAX_LEN: usize = 4;
    #[inline]
    fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
        at + self.encode_utf8(&mut buf[at..at + 4]).len()
    }
}

/// Space-separated.
impl<T: Put> Put for [T] {
    #[inline]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.byte(b' ');
            }
            item.put(out);
        }
    }
}

impl<T: Put> Put for Vec<T> {
    #[inline]
    fn put<W: Write>(&self, out: &mut Writer<W>) {
        self.as_slice().put(out);
    }
}

macro_rules! tuple_put {
    ($first:ident $(, $rest:ident)*) => {
        /// Space-separated.
        impl<$first: Put $(, $rest: Put)*> Put for ($first, $($rest,)*) {
            #[allow(non_snake_case)]
            #[inline(always)]
            fn put<W: Write>(&self, out: &mut Writer<W>) {
                if Self::MAX_LEN < SHORT {
                    return out.short(self);
                }
                let ($first, $($rest,)*) = self;
                $first.put(out);
                $(out.byte(b' '); $rest.put(out);)*
            }
            const MAX_LEN: usize =
                $first::MAX_LEN $(.saturating_add(1).saturating_add($rest::MAX_LEN))*;
            #[allow(non_snake_case)]
            #[inline(always)]
            fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
                let ($first, $($rest,)*) = self;
                let at = $first.put_at(buf, at);
                $(buf[at] = b' '; let at = $rest.put_at(buf, at + 1);)*
                at
            }
        }
    };
}
tuple_put!(A, B);
tuple_put!(A, B, C);
tuple_put!(A, B, C, D);

/// The eight decimal digits of `x < 10^8`, one per byte, the most significant in the low byte
/// (so `to_le_bytes` gives them in writing order), without division loops: split into two
/// halves of four digits in 32-bit lanes, then each lane into pairs in 16-bit lanes, then each
/// pair into digits in bytes, dividing by 100 and 10 with multiply-and-shift (exact on these
/// ranges: x / 100 = (x · 5243) >> 19 for x < 43699 and x / 10 = (x · 103) >> 10 for x < 179).
/// The products never reach the next lane, and the masks drop what shifts in from above.
#[inline]
fn eight_digits(x: u64) -> u64 {
    let halves = (x / 10_000) | ((x % 10_000) << 32);
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007f_0000_007f;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    tens | ((pairs - tens * 10) << 8)
}

/// Writes the 8 bytes of `word` (the first in its low byte) at `at` and returns where the
/// first `len` of them end.
#[inline(always)]
fn word(buf: &mut [u8; BUF], at: usize, word: u64, len: usize) -> usize {
    buf[at..at + 8].copy_from_slice(&word.to_le_bytes());
    at + len
}

/// How many digits `x < 10^8` has, from comparisons rather than from the digits, so the next
/// position does not wait for the multiplications.
#[inline(always)]
fn short_len(x: u64) -> usize {
    1 + usize::from(x >= 10)
        + usize::from(x >= 100)
        + usize::from(x >= 1_000)
        + usize::from(x >= 10_000)
        + usize::from(x >= 100_000)
        + usize::from(x >= 1_000_000)
        + usize::from(x >= 10_000_000)
}

/// `n` in decimal at `at`; returns where it ends.
#[inline(always)]
fn put_u64(buf: &mut [u8; BUF], at: usize, n: u64) -> usize {
    const E8: u64 = 100_000_000;
    if n < 100 {
        // From the table, without a branch on the length.
        let x = n as usize;
        let (tens, ones) = (DIGIT_PAIRS[2 * x], DIGIT_PAIRS[2 * x + 1]);
        let two = if x >= 10 { [tens, ones] } else { [ones, ones] };
        word(
            buf,
            at,
            u64::from(u16::from_le_bytes(two)),
            1 + usize::from(x >= 10),
        )
    } else if n < E8 {
        let len = short_len(n);
        word(
            buf,
            at,
            (eight_digits(n) | ASCII_ZEROS) >> (8 * (8 - len)),
            len,
        )
    } else if n < E8 * E8 {
        // 9 to 16 digits: the high and the low eight at once, the high ones' zeros dropped
        // (they are its low bytes equal to b'0').
        let (high, low) = digits::eight_digits_x2(n / E8, n % E8);
        let zeros = ((high ^ ASCII_ZEROS).trailing_zeros() / 8) as usize;
        let at = word(buf, at, high >> (8 * zeros), 8 - zeros);
        word(buf, at, low, 8)
    } else {
        // 17 to 20 digits: up to four, then sixteen.
        let top = n / (E8 * E8);
        let len = short_len(top);
        let at = word(
            buf,
            at,
            (eight_digits(top) | ASCII_ZEROS) >> (8 * (8 - len)),
            len,
        );
        let rest = n % (E8 * E8);
        let (high, low) = digits::eight_digits_x2(rest / E8, rest % E8);
        let at = word(buf, at, high, 8);
        word(buf, at, low, 8)
    }
}

/// "00" "01" … "99".
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

macro_rules! unsigned_put {
    ($($t:ty: $max:expr),*) => {$(
        impl Put for $t {
            const MAX_LEN: usize = $max;
            #[inline(always)]
            fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
                put_u64(buf, at, *self as u64)
            }
        }
    )*};
}
unsigned_put!(u8: 3, u16: 5, u32: 10, u64: 20, usize: 20);

macro_rules! signed_put {
    ($($t:ty: $max:expr),*) => {$(
        impl Put for $t {
            const MAX_LEN: usize = $max;
            #[inline(always)]
            fn put_at(&self, buf: &mut [u8; BUF], at: usize) -> usize {
                buf[at] = b'-';
                let at = at + usize::from(*self < 0);
                put_u64(buf, at, self.unsigned_abs() as u64)
            }
        }
    )*};
}
signed_put!(i8: 4, i16: 6, i32: 11, i64: 20, isize: 20);

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes per call, to put chunk boundaries anywhere.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(self.data.len()).min(out.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn all_u64(input: &[u8]) -> Result<Vec<u64>, InputError> {
        let mut scanner = Scanner::new(input);
        let mut values = Vec::new();
        while let Some(v) = scanner.next()? {
            values.push(v);
        }
        Ok(values)
    }

    fn error_text<T: Token + fmt::Debug>(input: &[u8]) -> String {
        let mut scanner = Scanner::new(input);
        loop {
            match scanner.read::<T>() {
                Ok(_) => continue,
                Err(e) => return e.to_string(),
            }
        }
    }

    #[test]
    fn reads_integers_across_any_whitespace() {
        let values = all_u64(b"  1 22\n333\r\n\t4444 \n\n0 18446744073709551615\n").unwrap();
        assert_eq!(values, [1, 22, 333, 4444, 0, u64::MAX]);
    }

    #[test]
    fn next_is_none_only_at_a_clean_end() {
        let mut scanner = Scanner::new(&b"7 \n \n"[..]);
        assert_eq!(scanner.next::<u32>().unwrap(), Some(7));
        assert_eq!(scanner.next::<u32>().unwrap(), None);
        assert_eq!(scanner.next::<u32>().unwrap(), None);
        assert!(Scanner::new(&b""[..]).next::<u8>().unwrap().is_none());
    }

    #[test]
    fn signed_bounds_are_exact() {
        let mut scanner = Scanner::new(&b"-9223372036854775808 9223372036854775807 -0 -128"[..]);
        assert_eq!(scanner.read::<i64>().unwrap(), i64::MIN);
        assert_eq!(scanner.read::<i64>().unwrap(), i64::MAX);
        assert_eq!(scanner.read::<i32>().unwrap(), 0);
        assert_eq!(scanner.read::<i8>().unwrap(), -128);
    }

    #[test]
    fn every_type_rejects_one_past_its_range() {
        assert_eq!(
            error_text::<u64>(b"18446744073709551616"),
            "input error at line 1, column 1 (byte 0): `18446744073709551616` is out of range for u64"
        );
        assert!(error_text::<u8>(b"255 256").contains("`256` is out of range for u8"));
        assert!(error_text::<u32>(b"4294967296").contains("out of range for u32"));
        assert!(error_text::<i64>(b"-9223372036854775809").contains("out of range for i64"));
        assert!(error_text::<i8>(b"127 128").contains("`128` is out of range for i8"));
        assert!(
            error_text::<u64>(b"000000000000000000000000000099999999999999999999")
                .contains("out of range")
        );
    }

    #[test]
    fn leading_zeros_do_not_overflow() {
        assert_eq!(all_u64(b"0000000000000000000000000000042").unwrap(), [42]);
    }

    #[test]
    fn malformed_tokens_say_what_and_where() {
        assert_eq!(
            error_text::<u64>(b"1 2\n3 4x\n"),
            "input error at line 2, column 3 (byte 6): expected u64, found `4x`"
        );
        assert_eq!(
            error_text::<u32>(b"5 -3"),
            "input error at line 1, column 3 (byte 2): expected u32, found `-3`"
        );
        assert!(error_text::<i32>(b"-").contains("expected i32, found `-`"));
        assert!(error_text::<i32>(b"+5").contains("expected i32, found `+5`"));
        assert!(error_text::<u64>(b"12345678901234567890123x").contains("found `"));
    }

    #[test]
    fn end_of_input_inside_a_case_is_an_error() {
        assert_eq!(
            error_text::<u64>(b"1 2\n3"),
            "input error at line 2, column 2 (byte 5): expected u64, found end of input"
        );
    }

    #[test]
    fn tokens_straddling_chunk_boundaries_parse_whole() {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        let mut x = 1u64;
        for i in 0..40_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = x >> (i % 64);
            expected.push(v);
            input.extend_from_slice(v.to_string().as_bytes());
            input.extend_from_slice(if i % 7 == 0 { b"\r\n" } else { b" " });
        }
        for step in [1, 2, 3, 7, 64, 4093, CHUNK - 1, CHUNK, CHUNK + 1, 1 << 20] {
            let mut scanner = Scanner::new(Trickle { data: &input, step });
            let mut got = Vec::new();
            while let Some(v) = scanner.next::<u64>().unwrap() {
                got.push(v);
            }
            assert_eq!(got, expected, "step {step}");
        }
    }

    #[test]
    fn a_token_longer_than_the_buffer_is_kept_whole() {
        let mut input = vec![b'0'; 3 * CHUNK];
        input.extend_from_slice(b"17 x");
        let mut scanner = Scanner::new(Trickle {
            data: &input,
            step: 1000,
        });
        assert_eq!(scanner.read::<u64>().unwrap(), 17);
        let err = scanner.read::<u64>().unwrap_err();
        assert_eq!(err.byte, 3 * CHUNK as u64 + 3);
        assert_eq!(err.line, 1);
    }

    #[test]
    fn error_positions_count_lines_across_chunks() {
        let mut input = b"1\n".repeat(100_000);
        input.extend_from_slice(b"oops\n");
        let mut scanner = Scanner::new(Trickle {
            data: &input,
            step: 5000,
        });
        let err = loop {
            if let Err(e) = scanner.read::<u64>() {
                break e;
            }
        };
        assert_eq!((err.line, err.byte), (100_001, 200_000));
        assert_eq!(err.column, 1);
    }

    #[test]
    fn agrees_with_proconio_on_valid_input() {
        use proconio::source::once::OnceSource;
        let text = "3 0 18446744073709551615\n  42\n\n7 8 9 10\r\n";
        let mut ours = Scanner::new(text.as_bytes());
        let mut theirs = OnceSource::from(text);
        for _ in 0..8 {
            proconio::input! { from &mut theirs, expected: u64 }
            assert_eq!(ours.read::<u64>().unwrap(), expected);
        }
    }

    #[test]
    fn byte_string_tokens() {
        let mut scanner = Scanner::new(&b"Yes  no\n"[..]);
        assert_eq!(scanner.read::<Vec<u8>>().unwrap(), b"Yes");
        assert_eq!(scanner.read::<Vec<u8>>().unwrap(), b"no");
    }

    fn written(f: impl FnOnce(&mut Writer<&mut Vec<u8>>)) -> String {
        let mut out = Vec::new();
        f(&mut Writer::new(&mut out));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn writes_integers_exactly() {
        let mut values: Vec<u64> = vec![0, 1, 9, 10, 99, 100, 101, 999, 1000, u64::MAX];
        values.extend((0..64).map(|s| 1u64 << s));
        values.extend((0..64).map(|s| (1u64 << s) - 1));
        let text = written(|out| {
            for &v in &values {
                out.line(v);
            }
        });
        let expected: String = values.iter().map(|v| format!("{v}\n")).collect();
        assert_eq!(text, expected);
        let text = written(|out| {
            out.line((i64::MIN, i64::MAX, -1i32)).line((0i8, -128i8));
        });
        assert_eq!(text, format!("{} {} -1\n0 -128\n", i64::MIN, i64::MAX));
    }

    #[test]
    fn writes_strings_tuples_and_slices() {
        let text = written(|out| {
            out.line("Yes").line((9u64, 5u64)).line(&[1u32, 2, 3][..]);
            out.put("a")
                .put('b')
                .bytes(b"c\n")
                .line(String::from("end"));
        });
        assert_eq!(text, "Yes\n9 5\n1 2 3\nabc\nend\n");
    }

    #[test]
    fn long_pieces_and_mixed_tuples_cross_flushes_whole() {
        let long = "x".repeat(3 * CHUNK + 5);
        let slice: Vec<u64> = (0..50_000).map(|i| i * 7919).collect();
        let text = written(|out| {
            out.line(long.as_str()).line(&slice);
            out.line(('é', 5u8, '🦀')).line((String::from("s"), -3i64));
            for i in 0..20_000u32 {
                out.put(i).put(' ');
            }
        });
        let slice_text: Vec<String> = slice.iter().map(u64::to_string).collect();
        let mut expected = format!("{long}\n{}\né 5 🦀\ns -3\n", slice_text.join(" "));
        for i in 0..20_000u32 {
            expected += &format!("{i} ");
        }
        assert_eq!(text, expected);
    }

    #[test]
    fn large_output_is_flushed_in_order() {
        let text = written(|out| {
            for i in 0..100_000u32 {
                out.line(i);
            }
        });
        let expected: String = (0..100_000u32).map(|v| format!("{v}\n")).collect();
        assert_eq!(text, expected);
    }

    /// A reader whose every read hands out a random number of bytes (1 to `max`).
    struct RandomTrickle<'a> {
        data: &'a [u8],
        rng: crate::rng::Rng,
        max: u64,
    }

    impl Read for RandomTrickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let step = self.rng.range(1, self.max) as usize;
            let n = step.min(self.data.len()).min(out.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// The types the differential tests read, by index.
    const TYPES: [&str; 10] = [
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize",
    ];

    /// Reads one value of `TYPES[ty]`, widened, or the error's message.
    fn read_as<R: Read>(scanner: &mut Scanner<R>, ty: usize) -> Result<i128, String> {
        fn widen<T: Into<i128>>(r: Result<T, InputError>) -> Result<i128, String> {
            r.map(Into::into).map_err(|e| e.to_string())
        }
        match ty {
            0 => widen(scanner.read::<u8>()),
            1 => widen(scanner.read::<u16>()),
            2 => widen(scanner.read::<u32>()),
            3 => widen(scanner.read::<u64>()),
            4 => widen(scanner.read::<usize>().map(|v| v as u64)),
            5 => widen(scanner.read::<i8>()),
            6 => widen(scanner.read::<i16>()),
            7 => widen(scanner.read::<i32>()),
            8 => widen(scanner.read::<i64>()),
            _ => widen(scanner.read::<isize>().map(|v| v as i64)),
        }
    }

    /// The reference: the whole input split at ASCII whitespace, each token checked by the
    /// plainest rules (`str::parse` for the value), positions counted over the whole input.
    fn reference(input: &[u8], types: &[usize]) -> Vec<Result<i128, String>> {
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < input.len() {
            if is_space(input[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < input.len() && !is_space(input[i]) {
                i += 1;
            }
            tokens.push((start, &input[start..i]));
        }
        let position = |byte: usize| {
            let before = &input[..byte];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            format!(
                "input error at line {line}, column {} (byte {byte}): ",
                byte - line_start + 1
            )
        };
        let mut results = Vec::new();
        for (k, &ty) in types.iter().enumerate() {
            let name = TYPES[ty];
            let Some(&(start, token)) = tokens.get(k) else {
                results.push(Err(format!(
                    "{}expected {name}, found end of input",
                    position(input.len())
                )));
                break;
            };
            let signed = ty >= 5;
            let digits = match token.split_first() {
                Some((b'-', rest)) if signed => rest,
                _ => token,
            };
            let text = String::from_utf8_lossy(token);
            if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                results.push(Err(format!(
                    "{}expected {name}, found `{}`",
                    position(start),
                    lossy(token)
                )));
                continue;
            }
            let value: Option<i128> = match ty {
                0 => text.parse::<u8>().ok().map(i128::from),
                1 => text.parse::<u16>().ok().map(i128::from),
                2 => text.parse::<u32>().ok().map(i128::from),
                3 | 4 => text.parse::<u64>().ok().map(i128::from),
                5 => text.parse::<i8>().ok().map(i128::from),
                6 => text.parse::<i16>().ok().map(i128::from),
                7 => text.parse::<i32>().ok().map(i128::from),
                _ => text.parse::<i64>().ok().map(i128::from),
            };
            results.push(value.ok_or_else(|| {
                format!(
                    "{}`{}` is out of range for {name}",
                    position(start),
                    lossy(token)
                )
            }));
        }
        results
    }

    /// A random token for type `ty`: mostly valid, some at or past the bounds, some malformed.
    fn random_token(rng: &mut crate::rng::Rng, ty: usize, out: &mut Vec<u8>) {
        let bits = [8, 16, 32, 64, 64, 8, 16, 32, 64, 64][ty];
        let signed = ty >= 5;
        if signed && rng.chance(1, 3) {
            out.push(b'-');
        }
        match rng.range(0, 19) {
            0 => out.extend_from_slice(b"0000000000000000000000000000"),
            1 => out.push([b'+', b'x', b'-', b'.', 0xff][rng.range(0, 4) as usize]),
            2 => {
                let edge = if bits == 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                };
                let v = edge >> u64::from(signed);
                out.extend_from_slice(
                    (u128::from(v) + u128::from(rng.range(0, 2)))
                        .to_string()
                        .as_bytes(),
                );
                return;
            }
            3 => {
                out.extend_from_slice(b"99999999999999999999");
                return;
            }
            _ => {}
        }
        let v = rng.next_u64() >> rng.range(0, 63);
        let v = if rng.chance(3, 4) && bits < 64 {
            v & ((1 << (bits - u32::from(signed))) - 1)
        } else {
            v
        };
        out.extend_from_slice(v.to_string().as_bytes());
        if rng.chance(1, 40) {
            out.push(b'z');
        }
    }

    fn random_case(rng: &mut crate::rng::Rng) -> (Vec<u8>, Vec<usize>) {
        const SPACE: [&[u8]; 7] = [b" ", b" ", b"\n", b"\r\n", b"\t", b"  \n  ", b"\x0c"];
        let mut input = Vec::new();
        let mut types = Vec::new();
        let tokens = rng.range(0, 300) as usize;
        if rng.chance(1, 4) {
            input.extend_from_slice(b"\n ");
        }
        for _ in 0..tokens {
            let ty = rng.range(0, 9) as usize;
            types.push(ty);
            random_token(rng, ty, &mut input);
            input.extend_from_slice(SPACE[rng.range(0, 6) as usize]);
        }
        // Sometimes a last token with no whitespace after it, sometimes a read past the end.
        if rng.chance(1, 2) {
            let ty = rng.range(0, 9) as usize;
            types.push(ty);
            random_token(rng, ty, &mut input);
        }
        types.push(rng.range(0, 9) as usize);
        (input, types)
    }

    #[test]
    fn differential_against_a_reference_parser_with_random_chunks() {
        let mut rng = crate::rng::Rng::new(4);
        for case in 0..3000 {
            let (input, types) = random_case(&mut rng);
            let expected = reference(&input, &types);
            let max = [1, 7, 40, 300, 1 << 17][case % 5];
            let mut scanner = Scanner::new(RandomTrickle {
                data: &input,
                rng: crate::rng::Rng::new(case as u64),
                max,
            });
            let got: Vec<_> = types
                .iter()
                .take(expected.len())
                .map(|&ty| read_as(&mut scanner, ty))
                .collect();
            assert_eq!(
                got,
                expected,
                "case {case}, reads of at most {max}: {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }

    /// Reads `n` values of `TYPES[ty]` with `read_into`, widened; on an error, the values read
    /// before it and its message.
    fn read_run<R: Read>(
        scanner: &mut Scanner<R>,
        ty: usize,
        n: usize,
    ) -> (Vec<i128>, Option<String>) {
        fn run<T: Token + Into<i128> + Copy, R: Read>(
            scanner: &mut Scanner<R>,
            n: usize,
        ) -> (Vec<i128>, Option<String>) {
            let mut items: Vec<T> = Vec::new();
            let error = scanner
                .read_into(&mut items, n)
                .err()
                .map(|e| e.to_string());
            (items.iter().map(|&v| v.into()).collect(), error)
        }
        match ty {
            0 => run::<u8, R>(scanner, n),
            1 => run::<u16, R>(scanner, n),
            2 => run::<u32, R>(scanner, n),
            3 => run::<u64, R>(scanner, n),
            5 => run::<i8, R>(scanner, n),
            6 => run::<i16, R>(scanner, n),
            7 => run::<i32, R>(scanner, n),
            8 => run::<i64, R>(scanner, n),
            // usize and isize: through u64 and i64 (the same 64-bit paths).
            4 => {
                let mut items: Vec<usize> = Vec::new();
                let error = scanner
                    .read_into(&mut items, n)
                    .err()
                    .map(|e| e.to_string());
                (items.iter().map(|&v| v as i128).collect(), error)
            }
            _ => {
                let mut items: Vec<isize> = Vec::new();
                let error = scanner
                    .read_into(&mut items, n)
                    .err()
                    .map(|e| e.to_string());
                (items.iter().map(|&v| v as i128).collect(), error)
            }
        }
    }

    /// `read_into` (whose bulk path classifies 64 bytes at a time) against the reference, on
    /// runs of one type: short and long whitespace, bad tokens, long numbers, random chunks.
    #[test]
    fn read_into_agrees_with_the_reference_on_random_runs() {
        const SPACE: [&[u8]; 6] = [b" ", b"\n", b"\r\n", b"\t", b"\x0c", b" \n\t  "];
        let mut rng = crate::rng::Rng::new(6);
        for case in 0..2000 {
            let mut input = Vec::new();
            let mut types = Vec::new();
            let mut runs = Vec::new();
            let clean = rng.chance(1, 2);
            for _ in 0..rng.range(1, 5) {
                let ty = rng.range(0, 9) as usize;
                let n = rng.range(0, 400) as usize;
                runs.push((ty, n));
                for _ in 0..n {
                    types.push(ty);
                    if clean {
                        let v = rng.next_u64() >> rng.range(0, 63);
                        let bits = [8, 16, 32, 64, 64, 7, 15, 31, 63, 63][ty];
                        let v = v & (u64::MAX >> (64 - bits));
                        if ty >= 5 && rng.chance(1, 2) {
                            input.push(b'-');
                        }
                        input.extend_from_slice(v.to_string().as_bytes());
                    } else {
                        if rng.chance(1, 50) {
                            // Leading zeros: a token longer than a block, or across one.
                            input.resize(input.len() + rng.range(20, 150) as usize, b'0');
                        }
                        random_token(&mut rng, ty, &mut input);
                        if rng.chance(1, 200) {
                            input.push(0x0b); // a vertical tab is not whitespace
                        }
                    }
                    if rng.chance(1, 50) {
                        input.resize(input.len() + rng.range(1, 200) as usize, b' ');
                    } else {
                        input.extend_from_slice(SPACE[rng.range(0, 5) as usize]);
                    }
                }
            }
            // Sometimes ask for more than there is.
            if rng.chance(1, 4) {
                let ty = rng.range(0, 9) as usize;
                runs.push((ty, 3));
                types.extend([ty; 3]);
            }
            let expected = reference(&input, &types);
            let max = [1 << 17, 7, 100, 5000, 1 << 17][case % 5];
            let mut scanner = Scanner::new(RandomTrickle {
                data: &input,
                rng: crate::rng::Rng::new(case as u64),
                max,
            });
            let mut got = Vec::new();
            for &(ty, n) in &runs {
                let (values, error) = read_run(&mut scanner, ty, n);
                got.extend(values.into_iter().map(Ok));
                if let Some(error) = error {
                    got.push(Err(error));
                    break;
                }
            }
            // The reference reads on past an error; `read_into` stops the run there.
            let first_error = expected.iter().position(Result::is_err);
            let expected = &expected[..first_error.map_or(expected.len(), |i| i + 1)];
            assert_eq!(
                got,
                expected,
                "case {case}, reads of at most {max}: {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }

    #[test]
    fn a_token_straddles_the_buffer_end_at_every_offset() {
        let mut rng = crate::rng::Rng::new(5);
        let (tail, types) = loop {
            let (input, types) = random_case(&mut rng);
            if input.len() > 200 {
                break (input, types);
            }
        };
        // Filler that puts the tail's first bytes at every offset around the first chunk's end.
        for before_end in 0..tail.len().min(64) {
            let mut input = vec![b' '; CHUNK - before_end];
            input.extend_from_slice(&tail);
            let expected = reference(&input, &types);
            for step in [CHUNK - 1, CHUNK, 4093] {
                let mut scanner = Scanner::new(Trickle { data: &input, step });
                let got: Vec<_> = types
                    .iter()
                    .take(expected.len())
                    .map(|&ty| read_as(&mut scanner, ty))
                    .collect();
                assert_eq!(got, expected, "offset {before_end}, step {step}");
            }
        }
        // And a split between every two bytes of the input, with the rest read at once.
        for split in 0..tail.len() {
            let expected = reference(&tail, &types);
            let mut scanner = Scanner::new(Read::chain(&tail[..split], &tail[split..]));
            let got: Vec<_> = types
                .iter()
                .take(expected.len())
                .map(|&ty| read_as(&mut scanner, ty))
                .collect();
            assert_eq!(got, expected, "split at {split}");
        }
    }

    #[test]
    fn the_fast_path_agrees_with_the_slow_one_on_every_length() {
        for len in 1..=24usize {
            for terminator in [b' ', b'\n', b'\r', b'x', b'-', b'0' - 1, b'9' + 1] {
                for fill in [b'0', b'1', b'9'] {
                    let mut bytes = vec![fill; len];
                    bytes.push(terminator);
                    bytes.resize(FAST_WINDOW + 8, b' ');
                    let fast = parse_digits_prefix(&bytes);
                    let slow = parse_digits(&bytes[..len]).ok();
                    if is_space(terminator) && len <= 19 {
                        assert_eq!(fast, Some((slow.unwrap(), len + 1)), "{len} {terminator}");
                    } else {
                        assert_eq!(fast, None, "{len} {terminator}");
                    }
                }
            }
        }
    }

    #[test]
    fn eight_digits_is_exact_on_every_value() {
        let mut expected = [0u8; 8];
        for x in 0..100_000_000u64 {
            let mut v = x;
            for slot in expected.iter_mut().rev() {
                *slot = (v % 10) as u8;
                v /= 10;
            }
            if eight_digits(x).to_le_bytes() != expected {
                panic!("{x}");
            }
        }
    }

    #[test]
    fn writes_every_digit_count_and_random_values() {
        let mut rng = crate::rng::Rng::new(6);
        let mut values = vec![0u64, u64::MAX];
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, next - 1]);
            p = next;
        }
        values.extend((0..100_000).map(|_| rng.next_u64() >> rng.range(0, 63)));
        let text = written(|out| {
            for &v in &values {
                out.line((v, v as i64));
            }
        });
        let expected: String = values
            .iter()
            .map(|&v| format!("{v} {}\n", v as i64))
            .collect();
        assert_eq!(text, expected);
    }

    #[test]
    fn read_into_reuses_and_replaces() {
        let mut scanner = Scanner::new(&b"3 1 2 3 2 7 8 1"[..]);
        let mut items = vec![9u32; 10];
        let n = scanner.read().unwrap();
        scanner.read_into(&mut items, n).unwrap();
        assert_eq!(items, [1, 2, 3]);
        let n = scanner.read().unwrap();
        scanner.read_into(&mut items, n).unwrap();
        assert_eq!(items, [7, 8]);
        assert!(scanner
            .read_into(&mut items, 2)
            .unwrap_err()
            .to_string()
            .contains("end of input"));
        assert_eq!(scanner.read_vec::<u8>(0).unwrap(), []);
    }
}
