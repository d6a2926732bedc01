//! HDU 2176 with a safe streaming yardstick (issue 26), the bar the library must reach: a
//! 64 KiB streaming reader, u64 tokens parsed eight digits at a time from `u64::from_le_bytes`,
//! a fixed 64 KiB array writer with an eight-digit integer formatter, writing straight to file
//! descriptor 1 (a `File` on a duplicate of it, not `Stdout`'s line buffer). No checks (a
//! malformed input gives a wrong answer, not an error) and no `unsafe`. `make bench` builds it
//! as the judge builds a bundle: `rustc --edition 2021 -O`.
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::io::AsFd;

const CHUNK: usize = 1 << 16;
/// Bytes kept ahead of the cursor: the longest token (20 digits) and its 8-byte loads.
const AHEAD: usize = 32;
const ONES: u64 = 0x0101_0101_0101_0101;

struct Reader<R> {
    src: R,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
}

impl<R: Read> Reader<R> {
    /// Moves the unread bytes to the front and reads until `AHEAD` bytes are ahead or the input
    /// ends; zero bytes after the input stop every parse.
    #[cold]
    fn refill(&mut self) {
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        while self.len < AHEAD {
            match self.src.read(&mut self.buf[self.len..CHUNK]) {
                Ok(0) => break,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => panic!("reading failed: {e}"),
            }
        }
        self.buf[self.len..self.len + AHEAD].fill(0);
    }

    /// The next unsigned integer (0 at the end of input). The byte after the input is 0, so
    /// the whitespace loop stops there at the latest.
    #[inline(always)]
    fn u64(&mut self) -> u64 {
        if self.len - self.pos < AHEAD {
            self.refill();
        }
        let mut pos = self.pos;
        while self.buf[pos] <= b' ' && pos < self.len {
            pos += 1;
        }
        if self.len - pos < AHEAD {
            self.pos = pos;
            self.refill();
            pos = self.pos;
        }
        let (mut value, n) = word(&self.buf, pos);
        pos += n;
        if n == 8 {
            let (low, n) = word(&self.buf, pos);
            value = value * POW10[n] + low;
            pos += n;
            if n == 8 {
                let (low, n) = word(&self.buf, pos);
                value = value * POW10[n] + low;
                pos += n;
            }
        }
        self.pos = pos;
        value
    }
}

/// The value of the digits (up to 8) at `at`, and how many there are.
#[inline(always)]
fn word(buf: &[u8], at: usize) -> (u64, usize) {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&buf[at..at + 8]);
    let digits = u64::from_le_bytes(bytes).wrapping_sub(0x30 * ONES);
    let non_digit = (digits | digits.wrapping_add(0x76 * ONES)) & (0x80 * ONES);
    let n = non_digit.trailing_zeros() as usize / 8;
    let top = digits.checked_shl(64 - 8 * n as u32).unwrap_or(0);
    (digits_value(top), n)
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The value of eight digits (0..=9 a byte, the first in the low byte), combined pairwise.
#[inline(always)]
fn digits_value(digits: u64) -> u64 {
    let pairs = (digits.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

struct Writer {
    out: File,
    buf: [u8; CHUNK],
    len: usize,
}

impl Writer {
    /// Room for one more piece of up to 32 bytes.
    #[inline(always)]
    fn room(&mut self) {
        if self.len > CHUNK - AHEAD {
            self.drain();
        }
    }

    #[cold]
    fn drain(&mut self) {
        self.out
            .write_all(&self.buf[..self.len])
            .expect("writing failed");
        self.len = 0;
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.room();
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// `n` in decimal and the byte `end`: a first piece of up to eight digits without its
    /// leading zeros, then pieces of eight.
    #[inline(always)]
    fn u64(&mut self, n: u64, end: u8) {
        self.room();
        let mut at = self.len;
        if n < E8 {
            at = self.short(at, n);
        } else if n < E8 * E8 {
            at = self.short(at, n / E8);
            at = self.eight(at, n % E8);
        } else {
            at = self.short(at, n / (E8 * E8));
            at = self.eight(at, n / E8 % E8);
            at = self.eight(at, n % E8);
        }
        self.buf[at] = end;
        self.len = at + 1;
    }

    /// `x < 10^8` without leading zeros (the low bytes equal to `'0'`; the last digit stays).
    #[inline(always)]
    fn short(&mut self, at: usize, x: u64) -> usize {
        let word = eight_digits(x);
        let zeros = ((word ^ (0x30 * ONES)) | 1 << 56).trailing_zeros() as usize / 8;
        self.buf[at..at + 8].copy_from_slice(&(word >> (8 * zeros)).to_le_bytes());
        at + 8 - zeros
    }

    #[inline(always)]
    fn eight(&mut self, at: usize, x: u64) -> usize {
        self.buf[at..at + 8].copy_from_slice(&eight_digits(x).to_le_bytes());
        at + 8
    }
}

const E8: u64 = 100_000_000;

/// The eight ASCII digits of `x < 10^8`, the first in the low byte.
#[inline(always)]
fn eight_digits(x: u64) -> u64 {
    let halves = (x / 10_000) | ((x % 10_000) << 32);
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007f_0000_007f;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    tens | ((pairs - tens * 10) << 8) | (0x30 * ONES)
}

fn main() {
    let stdout = io::stdout();
    let fd1 = stdout
        .as_fd()
        .try_clone_to_owned()
        .expect("duplicating stdout");
    let mut input = Reader {
        src: io::stdin().lock(),
        buf: vec![0; CHUNK + AHEAD],
        pos: 0,
        len: 0,
    };
    let mut out = Writer {
        out: File::from(fd1),
        buf: [0; CHUNK],
        len: 0,
    };
    let mut piles = Vec::new();
    loop {
        let m = input.u64() as usize;
        if m == 0 {
            break;
        }
        piles.clear();
        piles.extend((0..m).map(|_| input.u64()));
        let sum = piles.iter().fold(0, |s, &p| s ^ p);
        if sum == 0 {
            out.bytes(b"No\n");
            continue;
        }
        out.bytes(b"Yes\n");
        for &pile in &piles {
            if pile ^ sum < pile {
                out.u64(pile, b' ');
                out.u64(pile ^ sum, b'\n');
            }
        }
    }
    out.drain();
}
