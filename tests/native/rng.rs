//! The test data's random numbers: one small generator for the tests that build synthetic runs.

/// A small generator independent of the crate's own (xorshift64*), so the test data does not
/// share a code path with the bootstrap it checks.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Never zero, and neighbouring seeds start far apart.
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
    /// Most requests queue (exponentially), some not at all.
    pub fn queue(&mut self, share_waiting: f64, mean_secs: f64) -> f64 {
        if self.unit() < share_waiting {
            -mean_secs * self.unit().ln()
        } else {
            0.0
        }
    }
}
