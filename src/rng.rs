//! A small seeded random number generator (SplitMix64) for test-data generators, stress tests
//! and benchmarks: the same seed gives the same numbers on every machine, with no crate.
//! Not for cryptography.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state stepped by a Weyl sequence and
/// mixed; passes BigCrush.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// Seeded by the program's first argument, as `oj stress` calls a generator: `gen SEED`.
    pub fn from_seed_arg() -> Self {
        let seed = std::env::args().nth(1).and_then(|s| s.parse().ok());
        Rng::new(seed.expect("usage: gen SEED (a u64)"))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`, without modulo bias (Lemire's multiply-and-reject).
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        assert!(low <= high, "empty range {low}..={high}");
        let span = match (high - low).checked_add(1) {
            Some(span) => span,
            None => return self.next_u64(),
        };
        let threshold = span.wrapping_neg() % span;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(span);
            if (product as u64) >= threshold {
                return low + (product >> 64) as u64;
            }
        }
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.range(1, denominator) <= numerator
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn matches_the_reference_sequence() {
        // SplitMix64 from seed 0, as in the reference C implementation.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn range_covers_its_bounds_evenly() {
        let mut rng = Rng::new(42);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[(rng.range(10, 16) - 10) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(Rng::new(1).range(5, 5), 5);
        let _ = rng.range(0, u64::MAX);
    }
}
