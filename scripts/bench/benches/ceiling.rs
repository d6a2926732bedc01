//! `cargo bench -p bench --bench ceiling`: how close the library's scanner is to the fastest
//! tokenizer known for this input, measured side by side in one process.
//!
//! The input has the shape of HDU 2176's: ten million values below 2^31, ten a line, read in
//! cases of 200 000. Every contestant copies the text 64 KiB at a time into its own buffer (what
//! `read` does from the page cache), so the copy-only row is the floor in memory. The ceiling row
//! is a raw SSE2 tokenizer in the style of simdjson: it classifies 64 bytes at a time into
//! whitespace bitmasks, walks the token starts and ends with bit tricks, and converts up to 16
//! digits with vector multiply-adds. It checks nothing (no errors, no positions, no signs, no
//! overflow): it shows how much is left to win. The library's I/O before issue 11 had the same
//! technique with every check kept (`scripts/bench/variants/io_sse2.rs`); the library is now
//! safe, scalar code, and `docs/performance.md` says why.
//! Standard harness only (`harness = false`).

use ojlib::io::Scanner;
use ojlib::rng::Rng;
use std::hint::black_box;
use std::time::Instant;

const CHUNK: usize = 1 << 16;
const CASE: usize = 200_000;
const VALUES: usize = 10_000_000;

fn best_ms(rounds: usize, mut f: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::MAX, f64::min)
}

/// A reader over `text` that hands out at most 64 KiB per call, as a pipe or file would.
struct Chunks<'a>(&'a [u8]);

impl std::io::Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = out.len().min(CHUNK).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The floor: the chunked copy alone.
fn copy_only(text: &[u8]) -> usize {
    let mut buf = vec![0u8; CHUNK];
    let mut reader = Chunks(text);
    let mut total = 0;
    loop {
        let n = std::io::Read::read(&mut reader, &mut buf).unwrap();
        if n == 0 {
            return total;
        }
        total += black_box(&buf[..n]).len();
    }
}

/// The library, as a solution uses it: cases of `CASE` values into one reused `Vec`.
fn scanner(text: &[u8], check: &mut Option<&mut Vec<u64>>) -> u64 {
    let mut input = Scanner::new(Chunks(text));
    let mut piles: Vec<u64> = Vec::new();
    let mut xor = 0;
    for _ in 0..VALUES / CASE {
        input.read_into(&mut piles, CASE).unwrap();
        xor ^= piles.iter().fold(0, |s, &p| s ^ p);
        if let Some(all) = check.as_mut() {
            all.extend_from_slice(&piles);
        }
    }
    xor
}

#[cfg(target_arch = "x86_64")]
mod raw {
    use super::{Chunks, CASE, CHUNK};
    use std::arch::x86_64::*;
    use std::io::Read;

    /// Bit i set where byte i of the 64 is ASCII whitespace.
    #[inline(always)]
    fn spaces64(block: &[u8]) -> u64 {
        let mut spaces = 0u64;
        for i in 0..4 {
            let part = &block[16 * i..16 * i + 16];
            // SAFETY: an unaligned 16-byte load from a 16-byte slice; SSE2 is part of x86_64.
            let bits = unsafe {
                let v = _mm_loadu_si128(part.as_ptr().cast());
                let from_tab = _mm_sub_epi8(v, _mm_set1_epi8(9));
                let control = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
                let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
                _mm_movemask_epi8(_mm_or_si128(control, space)) as u32 as u64
            };
            spaces |= bits << (16 * i);
        }
        spaces
    }

    /// 16 bytes from offset 16 - n keep the first n lanes.
    static PREFIX: [u8; 32] = {
        let mut p = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            p[i] = 0xff;
            i += 1;
        }
        p
    };

    /// The inverse of 5^k modulo 2^64.
    const INV5: [u64; 17] = {
        let mut t = [1u64; 17];
        let mut i = 1;
        while i < 17 {
            t[i] = t[i - 1].wrapping_mul(0xcccc_cccc_cccc_cccd);
            i += 1;
        }
        t
    };

    /// The value of the `n` (1 to 16) digits at the start of `bytes`: as if they were 16 digits
    /// (the rest masked to zero), then divided exactly by 10^(16 - n) (a shift by 16 - n and a
    /// multiply by the inverse of 5^(16 - n)).
    #[inline(always)]
    fn digits16(bytes: &[u8], n: usize) -> u64 {
        let keep = &PREFIX[16 - n..32 - n];
        let bytes = &bytes[..16];
        // SAFETY: unaligned 16-byte loads from 16-byte slices; SSE2 is part of x86_64.
        let as16 = unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().cast());
            let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let d = _mm_and_si128(d, _mm_loadu_si128(keep.as_ptr().cast()));
            let pairs = _mm_srli_epi16(_mm_mullo_epi16(d, _mm_set1_epi16(10 << 8 | 1)), 8);
            let quads = _mm_madd_epi16(pairs, _mm_set1_epi32(1 << 16 | 100));
            let packed = _mm_packs_epi32(quads, quads);
            let eights = _mm_madd_epi16(packed, _mm_set1_epi32(1 << 16 | 10_000));
            let both = _mm_cvtsi128_si64(eights) as u64;
            (both & 0xffff_ffff) * 100_000_000 + (both >> 32)
        };
        (as16 >> (16 - n)).wrapping_mul(INV5[16 - n])
    }

    /// Every token of `text` (digits only, at most 16 each), in cases of `CASE` values.
    pub fn tokenize(text: &[u8], check: &mut Option<&mut Vec<u64>>) -> u64 {
        let mut reader = Chunks(text);
        let mut buf = vec![b' '; CHUNK + 128];
        let (mut len, mut eof) = (0, false);
        let mut piles: Vec<u64> = Vec::with_capacity(CASE);
        let mut xor = 0;
        let mut case_done = |piles: &mut Vec<u64>| {
            xor ^= piles.iter().fold(0, |s, &p| s ^ p);
            if let Some(all) = check.as_mut() {
                all.extend_from_slice(piles);
            }
            piles.clear();
        };
        while !eof || len > 0 {
            if !eof {
                let n = reader.read(&mut buf[len..CHUNK]).unwrap();
                eof = n == 0;
                len += n;
            }
            let mut pos = 0;
            while pos + 64 <= len {
                let spaces = spaces64(&buf[pos..pos + 64]);
                let filled = !spaces;
                let mut starts = filled & !(filled << 1);
                let mut ends = spaces & (filled << 1);
                if ends == 0 {
                    break;
                }
                let last = 63 - ends.leading_zeros() as usize;
                while ends != 0 {
                    let s = starts.trailing_zeros() as usize;
                    let e = ends.trailing_zeros() as usize;
                    starts &= starts - 1;
                    ends &= ends - 1;
                    piles.push(digits16(&buf[pos + s..], e - s));
                    if piles.len() == CASE {
                        case_done(&mut piles);
                    }
                }
                pos += last;
            }
            if eof {
                // The tail (under 64 bytes), byte by byte.
                for token in buf[pos..len].split(|b| b.is_ascii_whitespace()) {
                    if !token.is_empty() {
                        let value = token.iter().fold(0, |v, &b| v * 10 + u64::from(b - b'0'));
                        piles.push(value);
                    }
                }
                len = 0;
            } else {
                buf.copy_within(pos..len, 0);
                len -= pos;
            }
        }
        if !piles.is_empty() {
            case_done(&mut piles);
        }
        xor
    }
}

fn main() {
    let mut rng = Rng::new(2176);
    let values: Vec<u64> = (0..VALUES).map(|_| rng.range(1, (1 << 31) - 1)).collect();
    let mut text = Vec::new();
    for line in values.chunks(10) {
        let words: Vec<String> = line.iter().map(u64::to_string).collect();
        text.extend_from_slice(words.join(" ").as_bytes());
        text.push(b'\n');
    }
    let mb = text.len() as f64 / 1e6;
    println!("{VALUES} values < 2^31, ten a line ({mb:.1} MB), read in 64 KiB chunks from memory, cases of {CASE}; best of 9");

    let mut seen = Vec::new();
    scanner(&text, &mut Some(&mut seen));
    assert!(seen == values, "the scanner misread the input");
    let floor = best_ms(9, || {
        black_box(copy_only(&text));
    });
    let ours = best_ms(9, || {
        black_box(scanner(&text, &mut None));
    });
    println!("{:<58} {floor:>6.1} ms", "copy only (the floor in memory)");
    println!(
        "{:<58} {ours:>6.1} ms  {:.2}x the floor",
        "ojlib Scanner::read_into",
        ours / floor
    );

    #[cfg(target_arch = "x86_64")]
    {
        let mut seen = Vec::new();
        raw::tokenize(&text, &mut Some(&mut seen));
        assert!(seen == values, "the raw tokenizer misread the input");
        let raw = best_ms(9, || {
            black_box(raw::tokenize(&text, &mut None));
        });
        println!(
            "{:<58} {raw:>6.1} ms  {:.2}x the floor; ojlib takes {:.2}x its time",
            "ceiling: raw SSE2 block tokenizer, no checks",
            raw / floor,
            ours / raw
        );
    }
}
