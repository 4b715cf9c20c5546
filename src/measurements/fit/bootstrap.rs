//! Bootstrap intervals with a fixed seed, so one file always gives the same numbers.
//!
//! The cost is bounded whatever the file's size: [`RESAMPLES`] resamples, each of at most
//! [`MAX_RESAMPLE`] records drawn with replacement. When a run has more records than that, the
//! spread of the smaller resamples is narrowed by `√(m/n)` around the full-data estimate (an
//! m-out-of-n bootstrap), since an estimate's spread shrinks as one over the root of the count.

/// Resamples per interval: enough for stable 2.5% and 97.5% points at a few ms per fit.
pub const RESAMPLES: usize = 200;
/// Most records in one resample.
pub const MAX_RESAMPLE: usize = 2000;

/// SplitMix64: tiny, fast and good enough for drawing indices; seeded, so reproducible.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (n > 0), by multiply-shift, which has no modulo bias worth
    /// noticing at these sizes.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Draws the resamples of `n` items and evaluates `statistic` on each (given the drawn
/// indices). Returns each resample's values and the factor by which to narrow their spread.
pub fn resample<const K: usize>(
    n: usize,
    seed: u64,
    mut statistic: impl FnMut(&[usize]) -> Option<[f64; K]>,
) -> (Vec<[f64; K]>, f64) {
    if n < 2 {
        return (Vec::new(), 1.0);
    }
    let m = n.min(MAX_RESAMPLE);
    let mut rng = SplitMix64::new(seed);
    let mut indices = vec![0usize; m];
    let mut values = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        for i in indices.iter_mut() {
            *i = rng.below(n);
        }
        if let Some(v) = statistic(&indices) {
            values.push(v);
        }
    }
    (values, (m as f64 / n as f64).sqrt())
}

/// The 95% interval of component `k` around `estimate`, or `None` when fewer than 90% of the
/// resamples gave a finite value (the statistic is then too unstable to bound).
pub fn interval<const K: usize>(
    values: &[[f64; K]],
    k: usize,
    estimate: f64,
    narrow: f64,
) -> Option<(f64, f64)> {
    let mut column: Vec<f64> =
        values.iter().filter_map(|v| v.get(k).copied()).filter(|v| v.is_finite()).collect();
    if column.len() * 10 < RESAMPLES * 9 || !estimate.is_finite() {
        return None;
    }
    column.sort_unstable_by(f64::total_cmp);
    let lo = crate::measurements::stats::percentile_sorted(&column, 2.5)?;
    let hi = crate::measurements::stats::percentile_sorted(&column, 97.5)?;
    let low = estimate + (lo - estimate) * narrow;
    let high = estimate + (hi - estimate) * narrow;
    Some((low.min(estimate), high.max(estimate)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_reproducible_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..1000 {
            let (x, y) = (a.below(10), b.below(10));
            assert_eq!(x, y);
            assert!(x < 10);
            let u = a.unit();
            b.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
