//! Numbers to ASCII digits, eight at a time, without division loops.

const ZEROS: u64 = 0x3030_3030_3030_3030;
const E8: u64 = 100_000_000;

/// Writes `n` in decimal at `at` (28 bytes of room) and returns where it ends: the first
/// piece of up to eight digits without its leading zeros, then pieces of eight.
#[inline(always)]
pub fn put_u64(buf: &mut [u8], at: usize, n: u64) -> usize {
    if n < E8 {
        return short(buf, at, n);
    }
    let at = if n < E8 * E8 {
        short(buf, at, n / E8)
    } else {
        let at = short(buf, at, n / E8 / E8);
        eight(buf, at, n / E8 % E8)
    };
    eight(buf, at, n % E8)
}

/// `x < 10^8` without leading zeros: those are the low bytes equal to `'0'` (at most seven: the
/// top byte is always kept). Below 100 (the head of every ten-digit number) without the
/// eight-digit split.
#[inline(always)]
fn short(buf: &mut [u8], at: usize, x: u64) -> usize {
    let digits = if x < 100 {
        (x % 10) << 56 | (x / 10) << 48 | ZEROS
    } else {
        eight_digits(x)
    };
    let zeros = ((digits ^ ZEROS) | 1 << 56).trailing_zeros() as usize / 8;
    buf[at..at + 8].copy_from_slice(&(digits >> (8 * zeros)).to_le_bytes());
    at + 8 - zeros
}

/// The eight digits of `x < 10^8`.
#[inline(always)]
fn eight(buf: &mut [u8], at: usize, x: u64) -> usize {
    buf[at..at + 8].copy_from_slice(&eight_digits(x).to_le_bytes());
    at + 8
}

/// The eight ASCII digits of `x < 10^8`, the first in the low byte: split into two halves of
/// four digits in 32-bit lanes, then each half into pairs in 16-bit lanes, then each pair into
/// digits in bytes, dividing by 100 and 10 with multiply-and-shift (exact on these ranges:
/// x / 100 = (x · 5243) >> 19 for x < 43699 and x / 10 = (x · 103) >> 10 for x < 179). The
/// products never reach the next lane, and the masks drop what shifts in from above.
#[inline(always)]
pub fn eight_digits(x: u64) -> u64 {
    let halves = (x / 10_000) | ((x % 10_000) << 32);
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007f_0000_007f;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    tens | ((pairs - tens * 10) << 8) | ZEROS
}
