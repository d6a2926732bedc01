//! Judge I/O: a streaming [`Scanner`] that checks what it reads, and a buffered [`Writer`].
//!
//! The scanner reads its input in fixed chunks, so memory stays constant whatever the input's
//! size, and parses ASCII integers by hand (no UTF-8 validation, no `str::parse`). Tokens are
//! separated by ASCII whitespace. Malformed input (a letter in a number, a number out of its
//! type's range, input that ends inside a case) is an [`InputError`] that says what was expected
//! and where; it is never a silent wrong value.
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

/// How many bytes the scanner asks the reader for at a time, and the writer's buffer size.
const CHUNK: usize = 1 << 16;

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
    pub fn next<T: Token>(&mut self) -> Result<Option<T>, InputError> {
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
    pub fn read<T: Token>(&mut self) -> Result<T, InputError> {
        match self.next()? {
            Some(value) => Ok(value),
            None => Err(self.error_at::<T>(self.len, Found::EndOfInput)),
        }
    }

    /// The next `n` tokens.
    pub fn read_vec<T: Token>(&mut self, n: usize) -> Result<Vec<T>, InputError> {
        // A count read from the input may be a lie: reserve only what a chunk could hold.
        let mut items = Vec::with_capacity(n.min(CHUNK));
        for _ in 0..n {
            items.push(self.read()?);
        }
        Ok(items)
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

fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

fn count_newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
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
    buf: Vec<u8>,
}

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
            buf: Vec::with_capacity(CHUNK + 64),
        }
    }

    /// Writes `value`: a number, a string, a tuple or a slice (space-separated).
    pub fn put<T: Put>(&mut self, value: T) -> &mut Self {
        value.put(&mut self.buf);
        if self.buf.len() >= CHUNK {
            self.flush_or_panic();
        }
        self
    }

    /// Writes `value` and a line end.
    pub fn line<T: Put>(&mut self, value: T) -> &mut Self {
        value.put(&mut self.buf);
        self.buf.push(b'\n');
        if self.buf.len() >= CHUNK {
            self.flush_or_panic();
        }
        self
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CHUNK {
            self.flush_or_panic();
        }
        self
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }

    fn flush_or_panic(&mut self) {
        if let Err(e) = self.flush() {
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

/// A value the [`Writer`] can write.
pub trait Put {
    fn put(&self, buf: &mut Vec<u8>);
}

impl<T: Put + ?Sized> Put for &T {
    fn put(&self, buf: &mut Vec<u8>) {
        (**self).put(buf);
    }
}

impl Put for str {
    fn put(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(self.as_bytes());
    }
}

impl Put for String {
    fn put(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(self.as_bytes());
    }
}

impl Put for char {
    fn put(&self, buf: &mut Vec<u8>) {
        let mut utf8 = [0; 4];
        buf.extend_from_slice(self.encode_utf8(&mut utf8).as_bytes());
    }
}

/// Space-separated.
impl<T: Put> Put for [T] {
    fn put(&self, buf: &mut Vec<u8>) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                buf.push(b' ');
            }
            item.put(buf);
        }
    }
}

impl<T: Put> Put for Vec<T> {
    fn put(&self, buf: &mut Vec<u8>) {
        self.as_slice().put(buf);
    }
}

macro_rules! tuple_put {
    ($first:ident $(, $rest:ident)*) => {
        /// Space-separated.
        impl<$first: Put $(, $rest: Put)*> Put for ($first, $($rest,)*) {
            #[allow(non_snake_case)]
            fn put(&self, buf: &mut Vec<u8>) {
                let ($first, $($rest,)*) = self;
                $first.put(buf);
                $(buf.push(b' '); $rest.put(buf);)*
            }
        }
    };
}
tuple_put!(A, B);
tuple_put!(A, B, C);
tuple_put!(A, B, C, D);

/// "00" "01" … "99": two digits per table look-up.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

fn put_u64(mut n: u64, buf: &mut Vec<u8>) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        start -= 2;
        digits[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = n as usize * 2;
        start -= 2;
        digits[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        start -= 1;
        digits[start] = b'0' + n as u8;
    }
    buf.extend_from_slice(&digits[start..]);
}

macro_rules! unsigned_put {
    ($($t:ty),*) => {$(
        impl Put for $t {
            fn put(&self, buf: &mut Vec<u8>) {
                put_u64(*self as u64, buf);
            }
        }
    )*};
}
unsigned_put!(u8, u16, u32, u64, usize);

macro_rules! signed_put {
    ($($t:ty),*) => {$(
        impl Put for $t {
            fn put(&self, buf: &mut Vec<u8>) {
                if *self < 0 {
                    buf.push(b'-');
                }
                put_u64(self.unsigned_abs() as u64, buf);
            }
        }
    )*};
}
signed_put!(i8, i16, i32, i64, isize);

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
    fn large_output_is_flushed_in_order() {
        let text = written(|out| {
            for i in 0..100_000u32 {
                out.line(i);
            }
        });
        let expected: String = (0..100_000u32).map(|v| format!("{v}\n")).collect();
        assert_eq!(text, expected);
    }
}
