//! Exact integer square root: the largest `r` with `r * r <= n`.
//!
//! `u128::isqrt` is newer than the library's Rust 1.70, and a floating-point square root is
//! wrong for large `n`, so this is Newton's method in integers, started above the root: the
//! iterates then decrease strictly until they reach `floor(sqrt(n))`.

/// The largest `r` with `r * r <= n`.
pub fn isqrt(n: u128) -> u128 {
    match u64::try_from(n) {
        // A u64 division is several times faster than a u128 one (a library call).
        Ok(n) => u128::from(newton_u64(n)),
        Err(_) => newton_u128(n),
    }
}

macro_rules! newton {
    ($name:ident, $t:ty) => {
        fn $name(n: $t) -> $t {
            if n < 2 {
                return n;
            }
            let bits = <$t>::BITS - n.leading_zeros();
            // 2^ceil(bits/2) > sqrt(n), and at most 2^(BITS/2), so `x + n / x` cannot overflow.
            let mut x: $t = 1 << ((bits + 1) / 2);
            loop {
                let y = (x + n / x) / 2;
                if y >= x {
                    return x;
                }
                x = y;
            }
        }
    };
}
newton!(newton_u64, u64);
newton!(newton_u128, u128);

#[cfg(test)]
mod tests {
    use super::isqrt;

    fn is_floor_root(n: u128, r: u128) -> bool {
        let square_fits = matches!(r.checked_mul(r), Some(sq) if sq <= n);
        let next_exceeds = !matches!((r + 1).checked_mul(r + 1), Some(sq) if sq <= n);
        square_fits && next_exceeds
    }

    #[test]
    fn matches_a_linear_scan_for_small_n() {
        let mut r = 0u128;
        for n in 0..100_000u128 {
            while (r + 1) * (r + 1) <= n {
                r += 1;
            }
            assert_eq!(isqrt(n), r, "n = {n}");
        }
    }

    #[test]
    fn exact_around_squares_up_to_the_top_of_u128() {
        for shift in 0..64 {
            for base in [
                1u128 << shift,
                (1u128 << shift) + 1,
                (1u128 << (shift + 1)) - 1,
            ] {
                let square = base * base;
                for n in [square - 1, square, square + 1] {
                    assert!(is_floor_root(n, isqrt(n)), "n = {n}");
                }
            }
        }
        assert_eq!(isqrt(u128::MAX), u64::MAX as u128);
        // Either side of the switch from u64 to u128 arithmetic.
        assert_eq!(isqrt(u64::MAX as u128), (1 << 32) - 1);
        assert_eq!(isqrt(1 << 64), 1 << 32);
    }
}
