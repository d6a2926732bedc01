//! HDU 2176 with the minimal safe I/O of issue 11, written for the bench as the bar the library
//! must reach: a 64 KiB streaming reader, eight digits at a time parsing, a fixed-array writer
//! with eight digits at a time formatting. u32 only, no checks at all (a malformed input gives a
//! wrong answer, not an error), no `unsafe`.
use std::io::{Read, Write};

const CHUNK: usize = 1 << 16;
const ONES: u64 = 0x0101_0101_0101_0101;

struct Input<R> {
    reader: R,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
}

impl<R: Read> Input<R> {
    /// Keeps at least 24 bytes ahead of `pos` (unless the input ends), and 8 zero bytes after
    /// the input so the 8-byte loads stay in bounds.
    fn refill(&mut self) {
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        while self.len < 24 {
            match self.reader.read(&mut self.buf[self.len..CHUNK]).unwrap() {
                0 => break,
                n => self.len += n,
            }
        }
        self.buf[self.len..self.len + 8].fill(0);
    }

    #[inline(always)]
    fn u32(&mut self) -> u32 {
        if self.len - self.pos < 24 {
            self.refill();
        }
        while self.buf[self.pos] <= b' ' {
            self.pos += 1;
        }
        let (mut value, n) = self.word(self.pos);
        self.pos += n;
        if n == 8 {
            let (low, n) = self.word(self.pos);
            value = value * POW10[n] + low;
            self.pos += n;
        }
        value as u32
    }

    /// The value of the digits (up to 8) at `at`, and how many there are.
    #[inline(always)]
    fn word(&self, at: usize) -> (u64, usize) {
        let word = u64::from_le_bytes(self.buf[at..at + 8].try_into().unwrap());
        let digits = word.wrapping_sub(0x30 * ONES);
        let non_digit = (digits | word.wrapping_add(0x46 * ONES)) & (0x80 * ONES);
        let n = (non_digit.trailing_zeros() / 8).min(8) as usize;
        if n == 0 {
            return (0, 0);
        }
        (eight_value(digits << (64 - 8 * n)), n)
    }
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

/// The value of eight digit bytes (0..=9, the first in the low byte), combined pairwise.
#[inline(always)]
fn eight_value(digits: u64) -> u64 {
    let pairs = (digits.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

struct Output<W: Write> {
    out: W,
    buf: [u8; CHUNK],
    len: usize,
}

impl<W: Write> Output<W> {
    fn bytes(&mut self, bytes: &[u8]) {
        self.room();
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    fn room(&mut self) {
        if self.len > CHUNK - 32 {
            self.out.write_all(&self.buf[..self.len]).unwrap();
            self.len = 0;
        }
    }

    #[inline(always)]
    fn u32(&mut self, n: u32, end: u8) {
        self.room();
        let n = u64::from(n);
        let mut at = self.len;
        if n >= 100_000_000 {
            let high = n / 100_000_000;
            if high >= 10 {
                self.buf[at] = b'0' + (high / 10) as u8;
                at += 1;
            }
            self.buf[at] = b'0' + (high % 10) as u8;
            self.buf[at + 1..at + 9].copy_from_slice(&eight_digits(n % 100_000_000).to_le_bytes());
            at += 9;
        } else {
            let word = eight_digits(n);
            let zeros = if n == 0 {
                7
            } else {
                (word ^ (0x30 * ONES)).trailing_zeros() as usize / 8
            };
            self.buf[at..at + 8].copy_from_slice(&(word >> (8 * zeros)).to_le_bytes());
            at += 8 - zeros;
        }
        self.buf[at] = end;
        self.len = at + 1;
    }
}

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
    let mut input = Input {
        reader: std::io::stdin().lock(),
        buf: vec![0; CHUNK + 8],
        pos: 0,
        len: 0,
    };
    let mut out = Output {
        out: std::io::stdout().lock(),
        buf: [0; CHUNK],
        len: 0,
    };
    let mut piles = Vec::new();
    loop {
        let m = input.u32() as usize;
        if m == 0 {
            break;
        }
        piles.clear();
        piles.extend((0..m).map(|_| input.u32()));
        let sum = piles.iter().fold(0, |s, &p| s ^ p);
        if sum == 0 {
            out.bytes(b"No\n");
            continue;
        }
        out.bytes(b"Yes\n");
        for &pile in &piles {
            if pile ^ sum < pile {
                out.u32(pile, b' ');
                out.u32(pile ^ sum, b'\n');
            }
        }
    }
    out.out.write_all(&out.buf[..out.len]).unwrap();
}
