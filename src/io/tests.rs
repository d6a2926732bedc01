//! The I/O module's tests: the scanner against a reference parser on random input and random
//! chunk boundaries, error positions and messages, and the writer against `format!`.

use super::error::quote;
use super::format::eight_digits;
use super::parse::{fast_digits, Parse};
use super::*;
use std::fmt;
use std::io::{self, Read};

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
        let pairs = vec![(1u8, 2u8), (3, 4)];
        out.line((1u8, "a", -2i16, 'z'))
            .line(&pairs)
            .line(pairs.len());
    });
    assert_eq!(text, "Yes\n9 5\n1 2 3\nabc\nend\n1 a -2 z\n1 2 3 4\n2\n");
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
        if input[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < input.len() && !input[i].is_ascii_whitespace() {
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
                quote(token)
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
                quote(token)
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
fn read_run<R: Read>(scanner: &mut Scanner<R>, ty: usize, n: usize) -> (Vec<i128>, Option<String>) {
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
                for sign in [&b""[..], b"-"] {
                    let mut bytes = sign.to_vec();
                    bytes.resize(sign.len() + len, fill);
                    let token_len = bytes.len();
                    bytes.push(terminator);
                    bytes.resize(40, b' ');
                    let window = &bytes[..32];
                    let fast = <i64 as Parse>::prefix(window);
                    let slow = <i64 as Parse>::parse(&bytes[..token_len]).ok();
                    let taken = terminator.is_ascii_whitespace() && len <= 24;
                    let expected = slow.filter(|_| taken).map(|v| (v, token_len + 1));
                    assert_eq!(fast, expected, "{len} {terminator}");
                    let fast = fast_digits(window);
                    let slow = <u64 as Parse>::parse(&bytes[..token_len]).ok();
                    let taken = taken && sign.is_empty();
                    let expected = slow.filter(|_| taken).map(|v| (v, len + 1));
                    assert_eq!(fast, expected, "{len} {terminator}");
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
            *slot = b'0' + (v % 10) as u8;
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

/// A count read from the input may be a lie; reserving for it whole would abort ("capacity
/// overflow", or out of memory) before the short input is an error.
#[test]
fn a_lying_count_is_an_end_of_input_error() {
    let mut scanner = Scanner::new(&b"1 2 3"[..]);
    let error = scanner.read_vec::<u64>(usize::MAX).unwrap_err();
    assert_eq!(
        error.to_string(),
        "input error at line 1, column 6 (byte 5): expected u64, found end of input"
    );
    let mut scanner = Scanner::new(&b"1 2 3"[..]);
    let error = scanner
        .read_into::<u64>(&mut Vec::new(), usize::MAX)
        .unwrap_err();
    assert_eq!(error.byte, 5);
}

#[test]
fn an_error_escapes_control_bytes_in_the_token_it_quotes() {
    let text = error_text::<u32>(b"1 \x1b[2J\x00\x7f\x0b\xff\n");
    assert_eq!(
        text,
        "input error at line 1, column 3 (byte 2): expected u32, found `\\u{1b}[2J\\0\\u{7f}\\u{b}\u{fffd}`"
    );
    assert!(!text.chars().any(char::is_control), "{text:?}");
}

#[test]
fn invalid_points_at_the_last_token_read() {
    let input = b"3\n  12 -5\n\x1b7";
    for step in [1, 2, 5, input.len()] {
        let mut scanner = Scanner::new(Trickle { data: input, step });
        let _: u8 = scanner.read().unwrap();
        let _: u32 = scanner.read().unwrap();
        let error = scanner.invalid("case 1: too big");
        let expected = "input error at line 2, column 3 (byte 4): case 1: too big (the token `12`)";
        assert_eq!(error.to_string(), expected, "step {step}");
        let _: i64 = scanner.read().unwrap();
        assert_eq!(scanner.invalid("odd").column, 6, "step {step}");
        let _: Vec<u8> = scanner.read().unwrap();
        let error = scanner.invalid("no");
        let expected = "input error at line 3, column 1 (byte 10): no (the token `\\u{1b}7`)";
        assert_eq!(error.to_string(), expected, "step {step}");
    }
}

#[test]
fn the_fast_path_takes_twenty_digits_up_to_u64_max() {
    let window = |token: &str| format!("{token} {}", " ".repeat(32)).as_bytes()[..32].to_vec();
    assert_eq!(
        fast_digits(&window("18446744073709551615")),
        Some((u64::MAX, 21))
    );
    assert_eq!(fast_digits(&window("18446744073709551616")), None);
    assert_eq!(fast_digits(&window("99999999999999999999")), None);
    assert_eq!(
        fast_digits(&window("000000000000000000000042")),
        Some((42, 25))
    );
}

/// Hands out `data` in pieces, with an `Interrupted` error before each, then fails with
/// `failure` (or ends cleanly if there is none).
struct Flaky<'a> {
    data: &'a [u8],
    interrupt: bool,
    failure: Option<io::ErrorKind>,
}

impl Read for Flaky<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() {
            return self.failure.map_or(Ok(0), |kind| Err(kind.into()));
        }
        let n = 3.min(self.data.len()).min(out.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn an_interrupted_read_is_retried() {
    let reader = Flaky {
        data: b"12 345\n6789 0",
        interrupt: false,
        failure: None,
    };
    let mut scanner = Scanner::new(reader);
    let mut values = Vec::new();
    while let Some(v) = scanner.next::<u32>().unwrap() {
        values.push(v);
    }
    assert_eq!(values, [12, 345, 6789, 0]);
}

#[test]
fn a_failed_read_is_an_error_at_the_end_of_what_was_read() {
    let reader = Flaky {
        data: b"12 345\n67",
        interrupt: false,
        failure: Some(io::ErrorKind::BrokenPipe),
    };
    let mut scanner = Scanner::new(reader);
    assert_eq!(scanner.read::<u32>().unwrap(), 12);
    assert_eq!(scanner.read::<u32>().unwrap(), 345);
    let error = scanner.read::<u32>().unwrap_err().to_string();
    let expected = "input error at line 2, column 3 (byte 9): reading failed: broken pipe";
    assert_eq!(error, expected);
}

/// A scanner of `reader` tied to a writer to `out`, as [`Scanner::interactive`] ties standard
/// input to standard output.
fn tied<R: Read, W: io::Write>(reader: R, out: W) -> Scanner<Tied<R, W>> {
    Scanner::new(Tied(reader, Writer::new(out)))
}

/// Runs `play` against `cat` as the jury (each move comes straight back) over two real pipes,
/// in a thread: a deadlock (a move left in the buffer while the scanner waits, or a scanner
/// waiting for more than the next token) fails the test after 10 s instead of hanging it.
#[cfg(unix)]
fn against_cat<T: Send + 'static>(
    play: impl FnOnce(Scanner<Tied<std::process::ChildStdout, std::process::ChildStdin>>) -> T
        + Send
        + 'static,
) -> T {
    use std::process::{Command, Stdio};
    let mut cat = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("running cat");
    let (to_cat, from_cat) = (cat.stdin.take().unwrap(), cat.stdout.take().unwrap());
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(play(tied(from_cat, to_cat))));
    let outcome = result.recv_timeout(std::time::Duration::from_secs(10));
    let _ = cat.kill();
    let _ = cat.wait();
    outcome.expect("deadlock: the scanner waited for a move still in its writer's buffer")
}

#[cfg(unix)]
#[test]
fn a_tied_scanner_flushes_each_move_before_it_waits_for_the_answer() {
    let answers = against_cat(|mut jury| {
        let mut answers = Vec::new();
        for turn in 0..200u64 {
            // One token a turn, then several on a line: the jury sends nothing more until it
            // has the next move, so the scanner must not wait for more than each token.
            if turn % 2 == 0 {
                jury.out().line(turn);
                answers.push(jury.read::<u64>().unwrap());
            } else {
                jury.out().line((turn, u64::MAX, 7));
                answers.push(jury.read::<u64>().unwrap());
                assert_eq!(jury.read_vec::<u64>(2).unwrap(), [u64::MAX, 7]);
            }
        }
        answers
    });
    assert_eq!(answers, (0..200).collect::<Vec<u64>>());
}

#[test]
fn a_tied_scanner_flushes_its_last_moves_when_dropped() {
    let mut moves = Vec::new();
    let mut jury = tied(&b"3\n"[..], &mut moves);
    let n: u64 = jury.read().unwrap();
    jury.out().line(("!", n + 1));
    drop(jury);
    assert_eq!(moves, b"! 4\n");
}

#[test]
fn a_failed_flush_is_an_input_error_that_says_so() {
    struct Closed;
    impl io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut jury = tied(&b"1"[..], Closed);
    jury.out().line(5u32);
    let error = jury.read::<u64>().unwrap_err().to_string();
    assert!(
        error.contains("reading failed: flushing the output failed: broken pipe"),
        "{error}"
    );
    // The writer's drop would panic on its failed flush: the test is about the read.
    std::mem::forget(jury);
}
