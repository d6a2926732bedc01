//! Exact integer square root: the largest `r` with `r * r <= n`.
//!
//! `u128::isqrt` is newer than the library's Rust 1.70, and a floating-point square root is
//! wrong for large `n`, so this is Newton's method in integers, started above the root: the
//! iterates then decrease strictly until they reach `floor(sqrt(n))`.

/// The largest `r` with `r * r <= n`.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    // 2^ceil(bits/2) > sqrt(n), and at most 2^64, so `x + n / x` cannot overflow.
    let mut x = 1u128 << ((bits + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

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
    }
}
