//! The writer's digits, two numbers below 10^8 at a time: on x86_64 in the two 64-bit lanes of
//! an SSE2 register, elsewhere one after the other with the SWAR code of the parent module.
//!
//! Why: formatting is bound by the scalar multiplier (the SWAR split of eight digits takes five
//! multiplies, and a number's split into its high and low eight digits two more), and the
//! vector multipliers are idle; here the two halves of a number share six vector multiplies.
//! With the writer's line in a register, `cargo bench -p bench` writes 10^18-sized numbers in
//! 16 ms instead of 26, and HDU 2176's bundle runs about 4 % faster (`docs/performance.md`).
//!
//! Soundness: the one `unsafe` block calls only SSE2 intrinsics on values in registers (no
//! memory is touched), and every x86_64 CPU has SSE2.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The eight decimal digits of `high` and of `low` (each below 10^8) in ASCII, the first digit
/// in the low byte: the same division steps as `eight_digits` (by 10^4, then 100, then 10,
/// each a multiply and a shift), in 32- and 16-bit lanes.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn eight_digits_x2(high: u64, low: u64) -> (u64, u64) {
    // SAFETY: SSE2 arithmetic on registers only; see the module comment.
    unsafe {
        // Built from 32-bit lanes, so that the compiler keeps `_mm_mul_epu32` one multiply
        // (from 64-bit lanes it emulated a full 64-bit product: five more instructions).
        let v = _mm_set_epi32(0, low as i32, 0, high as i32);
        // x / 10^4 = (x · 0xd1b71759) >> 45 for x < 10^8 (`_mm_mul_epu32` takes the low 32 bits).
        let high4 = _mm_srli_epi64(_mm_mul_epu32(v, _mm_set1_epi64x(0xd1b7_1759)), 45);
        let low4 = _mm_sub_epi32(v, _mm_mul_epu32(high4, _mm_set1_epi64x(10_000)));
        let fours = _mm_or_si128(high4, _mm_slli_epi64(low4, 32));
        // x / 100 = (x · 5243) >> 19 for x < 43699, in 16-bit lanes.
        let high2 = _mm_srli_epi16(_mm_mulhi_epu16(fours, _mm_set1_epi16(5243)), 3);
        let low2 = _mm_sub_epi16(fours, _mm_mullo_epi16(high2, _mm_set1_epi16(100)));
        let twos = _mm_or_si128(high2, _mm_slli_epi32(low2, 16));
        // x / 10 = (x · 6592) >> 16 for x < 100.
        let tens = _mm_mulhi_epu16(twos, _mm_set1_epi16(6592));
        let ones = _mm_sub_epi16(twos, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
        let digits = _mm_or_si128(tens, _mm_slli_epi16(ones, 8));
        let ascii = _mm_add_epi8(digits, _mm_set1_epi8(b'0' as i8));
        (
            _mm_cvtsi128_si64(ascii) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(ascii, ascii)) as u64,
        )
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn eight_digits_x2(high: u64, low: u64) -> (u64, u64) {
    (
        super::eight_digits(high) | super::ASCII_ZEROS,
        super::eight_digits(low) | super::ASCII_ZEROS,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_lanes_agree_with_format_on_edges_and_random_values() {
        let ascii = |x: u64| u64::from_le_bytes(format!("{x:08}").as_bytes().try_into().unwrap());
        let mut rng = crate::rng::Rng::new(8);
        let edges = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 43_698, 99_999_999];
        let randoms = (0..100_000).map(|_| rng.range(0, 99_999_999));
        let values: Vec<u64> = edges.iter().copied().chain(randoms).collect();
        for pair in values.windows(2) {
            let (high, low) = (pair[0], pair[1]);
            assert_eq!(
                eight_digits_x2(high, low),
                (ascii(high), ascii(low)),
                "{high} {low}"
            );
        }
    }
}
