//! A tiny seeded generator (SplitMix64) for Zobrist keys, evaluation noise, tie-breaks and the
//! puzzles' choices: reproducible bits on every machine and Rust release (which the standard
//! library's hashers do not promise), not a crate.

/// SplitMix64: one 64-bit state, one multiply-xorshift output function.
///
/// ```
/// use halma_engine::rng::SplitMix;
/// let (mut a, mut b) = (SplitMix::new(7), SplitMix::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number below `n` (0 when `n` is 0); the slight bias of taking the remainder does not
    /// matter for the choices it makes.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// `items` in a random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The SplitMix64 output function: a good bijective scramble of `z`.
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Two values scrambled into one seed (order matters).
pub const fn combine(a: u64, b: u64) -> u64 {
    mix(mix(a) ^ b.wrapping_add(0x9E37_79B9_7F4A_7C15))
}
