//! The scanner's bulk path: 64 bytes of input classified at a time (SSE2 on x86_64), token
//! bounds taken from the whitespace bitmask, and up to 16 digits converted with vector
//! multiply-adds.
//!
//! Why: reading many values in a row (`read_into`), the per-token fast path spends its time
//! finding where each token ends, one token after another. Here the bounds of every token in a
//! block come from one bitmask, so the conversions do not wait on each other: HDU 2176's
//! 105 MB input, bundled, 100 → 88 ms (`docs/performance.md`). Safe code cannot have it: left
//! to LLVM, the same classification loop is about ten times slower.
//!
//! Soundness: each `unsafe` block holds one or two `_mm_loadu_si128`, an unaligned 16-byte
//! load from a slice or array that is 16 bytes long by its type or by `chunks_exact`; every
//! other intrinsic is SSE2 arithmetic, which every x86_64 CPU has. Off x86_64 there is no bulk
//! path.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// A block's token bounds: bit i of each mask stands for the block's byte i.
pub(super) struct Block {
    /// The first byte of each token.
    pub starts: u64,
    /// The whitespace byte just after each token that ends in the block.
    pub ends: u64,
    /// The bytes that are neither whitespace nor ASCII digits.
    pub others: u64,
}

/// Classifies `bytes`, whose first byte is not inside a token (it begins one or is whitespace).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn classify(bytes: &[u8; 64]) -> Block {
    let mut spaces = 0u64;
    let mut digits = 0u64;
    for (i, part) in bytes.chunks_exact(16).enumerate() {
        // SAFETY: `_mm_loadu_si128` reads 16 bytes at any alignment, and `part` is 16 bytes
        // long (`chunks_exact(16)`). The rest is SSE2 arithmetic, which every x86_64 CPU has.
        let (space, digit) = unsafe {
            let v = _mm_loadu_si128(part.as_ptr().cast());
            // ASCII whitespace as `u8::is_ascii_whitespace` has it: b' ', or 9 to 13 (subtract
            // 9, then unsigned ≤ 4) except 11, the vertical tab.
            let tab = _mm_sub_epi8(v, _mm_set1_epi8(9));
            let control = _mm_cmpeq_epi8(_mm_min_epu8(tab, _mm_set1_epi8(4)), tab);
            let control = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(11)), control);
            let space = _mm_or_si128(control, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)));
            let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
            (_mm_movemask_epi8(space), _mm_movemask_epi8(digit))
        };
        spaces |= u64::from(space as u16) << (16 * i);
        digits |= u64::from(digit as u16) << (16 * i);
    }
    let filled = !spaces;
    Block {
        starts: filled & !(filled << 1),
        ends: spaces & (filled << 1),
        others: filled & !digits,
    }
}

/// No bulk path off x86_64: every block reports no token and a byte it cannot take, and the
/// scanner reads on token by token.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn classify(_bytes: &[u8; 64]) -> Block {
    Block {
        starts: 0,
        ends: 0,
        others: !0,
    }
}

/// 16 bytes from `16 - n` keep the first `n` lanes.
#[cfg(target_arch = "x86_64")]
static FIRST_LANES: [u8; 32] = {
    let mut lanes = [0u8; 32];
    let mut i = 0;
    while i < 16 {
        lanes[i] = 0xff;
        i += 1;
    }
    lanes
};

/// 5^-k modulo 2^64.
#[cfg(target_arch = "x86_64")]
const INVERSE_POW5: [u64; 16] = {
    let mut table = [1u64; 16];
    let mut k = 1;
    while k < 16 {
        // 5 · 0xcccc…cccd = 1 modulo 2^64.
        table[k] = table[k - 1].wrapping_mul(0xcccc_cccc_cccc_cccd);
        k += 1;
    }
    table
};

/// The value of the first `n` (1 to 16) bytes of `bytes`, all ASCII digits. The 16 lanes are
/// read as a 16-digit number with the lanes after the `n`th zeroed, which is the value times
/// 10^(16 − n); that division is exact, so it is a shift by 16 − n and a multiply by 5^−(16 − n)
/// modulo 2^64.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn digits_value(bytes: &[u8; 16], n: usize) -> u64 {
    let keep: &[u8; 16] = FIRST_LANES[16 - n..32 - n].try_into().unwrap();
    // SAFETY: `_mm_loadu_si128` reads 16 bytes at any alignment, and `bytes` and `keep` are
    // 16-byte arrays. The rest is SSE2 arithmetic, which every x86_64 CPU has.
    let times_pow10 = unsafe {
        let v = _mm_loadu_si128(bytes.as_ptr().cast());
        let digits = _mm_and_si128(
            _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8)),
            _mm_loadu_si128(keep.as_ptr().cast()),
        );
        // Pairs of lanes: first · 10 + second, in 16-bit lanes (the first digit is the low byte).
        let pairs = _mm_srli_epi16(_mm_mullo_epi16(digits, _mm_set1_epi16(10 << 8 | 1)), 8);
        let fours = _mm_madd_epi16(pairs, _mm_set1_epi32(1 << 16 | 100));
        let fours = _mm_packs_epi32(fours, fours);
        let eights = _mm_madd_epi16(fours, _mm_set1_epi32(1 << 16 | 10_000));
        let both = _mm_cvtsi128_si64(eights) as u64;
        (both & 0xffff_ffff) * 100_000_000 + (both >> 32)
    };
    (times_pow10 >> (16 - n)).wrapping_mul(INVERSE_POW5[16 - n])
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn digits_value(bytes: &[u8; 16], n: usize) -> u64 {
    bytes[..n]
        .iter()
        .fold(0, |value, &b| value * 10 + u64::from(b - b'0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_value_is_exact_for_every_length_and_random_digits() {
        let mut rng = crate::rng::Rng::new(16);
        for n in 1..=16 {
            for _ in 0..2000 {
                let mut bytes = [0u8; 16];
                for b in bytes.iter_mut() {
                    *b = rng.range(0, 255) as u8;
                }
                for b in &mut bytes[..n] {
                    *b = b'0' + rng.range(0, 9) as u8;
                }
                let expected: u64 = std::str::from_utf8(&bytes[..n]).unwrap().parse().unwrap();
                assert_eq!(digits_value(&bytes, n), expected, "{:?}", &bytes[..n]);
            }
            let nines = [b'9'; 16];
            assert_eq!(digits_value(&nines, n), 10u64.pow(n as u32) - 1);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn classify_marks_every_byte_as_the_byte_rules_do() {
        let mut rng = crate::rng::Rng::new(64);
        for _ in 0..2000 {
            let mut bytes = [0u8; 64];
            for b in bytes.iter_mut() {
                *b = match rng.range(0, 3) {
                    0 => b" \t\n\x0b\x0c\r"[rng.range(0, 5) as usize],
                    1 => b'0' + rng.range(0, 9) as u8,
                    _ => rng.range(0, 255) as u8,
                };
            }
            let block = classify(&bytes);
            for i in 0..64 {
                let space = bytes[i].is_ascii_whitespace();
                let before = i > 0 && !bytes[i - 1].is_ascii_whitespace();
                let bit = |mask: u64| mask >> i & 1 == 1;
                assert_eq!(
                    bit(block.starts),
                    !space && !before,
                    "start {i} of {bytes:?}"
                );
                assert_eq!(bit(block.ends), space && before, "end {i} of {bytes:?}");
                assert_eq!(
                    bit(block.others),
                    !space && !bytes[i].is_ascii_digit(),
                    "other {i} of {bytes:?}"
                );
            }
        }
    }
}
