//! A token's value: the integers, parsed eight digits at a time on the fast path and byte by
//! byte with every check on the slow one, and `Vec<u8>` for a raw token.

use super::error::quote;

/// A type the scanner can read: every integer type, and `Vec<u8>` for a raw byte-string token.
/// Sealed: its parsing hooks are in [`Parse`], which is private to the module.
pub trait Token: Parse {}

impl<T: Parse> Token for T {}

pub trait Parse: Sized {
    /// The name used in error messages.
    const NAME: &'static str;

    /// Parses one token (never empty, never containing whitespace), or says why not.
    fn parse(token: &[u8]) -> Result<Self, String>;

    /// The fast path: the value of a well-formed token at the start of `bytes` (32 bytes of
    /// input, the first not whitespace) that a whitespace byte ends, and its length with that
    /// byte. `None` sends the token to [`Parse::parse`]: it must be `None` whenever `parse`
    /// fails, and agree with it otherwise. By default every token takes the slow path, which
    /// finds where it ends (a raw token's way).
    fn prefix(_: &[u8]) -> Option<(Self, usize)> {
        None
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const ZEROS: u64 = 0x30 * ONES;
const POW10: [u64; 9] = [
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
];

/// The fast path's magnitude: 1 to 24 ASCII digits and a whitespace byte at the start of
/// `bytes` (at least 25 long); their value if it fits a u64, and their length with the
/// whitespace byte. Eight bytes at a time: the high bit of each byte is set by a carry-free
/// test for a byte below `'0'` or above `'9'`, exact up to the first such byte. Word `i` is
/// loaded from `8 * i` (which `len` is then), an address that does not wait for the previous
/// word's digit count: 5 % faster on 11- to 20-digit tokens.
#[inline(always)]
pub(super) fn fast_digits(bytes: &[u8]) -> Option<(u64, usize)> {
    let (mut value, mut len) = (0u64, 0);
    for i in 0..3 {
        let mut word = [0; 8];
        word.copy_from_slice(&bytes[8 * i..8 * i + 8]);
        let word = u64::from_le_bytes(word).wrapping_sub(ZEROS);
        let n = ((word | word.wrapping_add(0x76 * ONES)) & ONES << 7).trailing_zeros() as usize / 8;
        value = value
            .checked_mul(POW10[n])?
            .checked_add(digits_value(word, n))?;
        len += n;
        if n < 8 {
            break;
        }
    }
    (len > 0 && bytes[len].is_ascii_whitespace()).then_some((value, len + 1))
}

/// The value of the first `n` (0 to 8) digits (0 to 9 a byte) of `word`, the first the most
/// significant: moved to the top of the word (none left for `n = 0`), then combined pairwise
/// in three multiplies.
#[inline(always)]
fn digits_value(word: u64, n: usize) -> u64 {
    let top = word.checked_shl(64 - 8 * n as u32).unwrap_or(0);
    let pairs = (top.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// A leading `-` split off the token, for a signed type.
fn sign(token: &[u8], signed: bool) -> (bool, &[u8]) {
    match token {
        [b'-', rest @ ..] if signed => (true, rest),
        _ => (false, token),
    }
}

/// `±magnitude` as the two's complement bits of a type whose largest value is `max`, if it is
/// in the type's range.
fn in_range(negative: bool, magnitude: u64, max: u64) -> Option<u64> {
    let sign = u64::from(negative);
    let bits = (magnitude ^ sign.wrapping_neg()).wrapping_add(sign);
    (magnitude <= max + sign).then_some(bits)
}

/// The fast path of a signed or unsigned integer type whose largest value is `max`.
#[inline(always)]
fn int_prefix(bytes: &[u8], signed: bool, max: u64) -> Option<(u64, usize)> {
    let (negative, digits) = sign(bytes, signed);
    let (magnitude, len) = fast_digits(digits)?;
    let value = in_range(negative, magnitude, max)?;
    Some((value, len + usize::from(negative)))
}

/// The slow path: every check, byte by byte. Not `str::parse`: `ojgames bundle` would take
/// its `.parse()` for a call of [`Parse::parse`] and keep every impl of it.
fn parse_int(token: &[u8], signed: bool, max: u64, name: &str) -> Result<u64, String> {
    let (negative, digits) = sign(token, signed);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(format!("expected {name}, found `{}`", quote(token)));
    }
    <u64 as std::str::FromStr>::from_str(&String::from_utf8_lossy(digits))
        .ok()
        .and_then(|magnitude| in_range(negative, magnitude, max))
        .ok_or_else(|| format!("`{}` is out of range for {name}", quote(token)))
}

/// Called with the types problems use most first, together: `ojgames bundle` cuts the
/// others in fewer tries.
macro_rules! int_token {
    ($($t:ident)*) => {$(
        impl Parse for $t {
            const NAME: &'static str = stringify!($t);
            fn parse(token: &[u8]) -> Result<Self, String> {
                parse_int(token, $t::MIN != 0, $t::MAX as u64, Self::NAME).map(|v| v as $t)
            }
            #[inline(always)]
            fn prefix(bytes: &[u8]) -> Option<(Self, usize)> {
                int_prefix(bytes, $t::MIN != 0, $t::MAX as u64).map(|(v, len)| (v as $t, len))
            }
        }
    )*};
}
int_token!(u64 usize u32 i64 i32 u8 u16 i8 i16 isize);

impl Parse for Vec<u8> {
    const NAME: &'static str = "token";
    fn parse(token: &[u8]) -> Result<Self, String> {
        Ok(token.to_vec())
    }
}
