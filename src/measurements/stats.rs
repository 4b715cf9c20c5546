//! Order statistics and means over plain slices, shared by the readers and the fits.

/// The arithmetic mean, or `None` for an empty slice.
pub fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        None
    } else {
        Some(values.iter().sum::<f64>() / values.len() as f64)
    }
}

/// The `p`-th percentile (0–100) by linear interpolation between order statistics, the
/// definition numpy uses by default and so the one vLLM and SGLang report.
pub fn percentile(values: &[f64], p: f64) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    sorted.sort_unstable_by(f64::total_cmp);
    percentile_sorted(&sorted, p)
}

/// [`percentile`] over values already sorted ascending.
pub fn percentile_sorted(sorted: &[f64], p: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let rank = (p.clamp(0.0, 100.0) / 100.0) * last as f64;
    let below = rank.floor() as usize;
    let above = rank.ceil() as usize;
    let lo = *sorted.get(below)?;
    let hi = *sorted.get(above)?;
    Some(lo + (hi - lo) * (rank - below as f64))
}

/// The median (the 50th percentile).
pub fn median(values: &[f64]) -> Option<f64> {
    percentile(values, 50.0)
}

/// The value minimising the check-function loss `Σ ρτ(v − q)`: the ⌈τn⌉-th smallest. Reorders
/// `values` (selection, not a full sort, so it costs O(n)).
pub fn check_quantile(values: &mut [f64], tau: f64) -> Option<f64> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    let k = ((tau * n as f64).ceil() as usize).clamp(1, n) - 1;
    let (_, kth, _) = values.select_nth_unstable_by(k, f64::total_cmp);
    Some(*kth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_match_numpy_linear() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&v, 50.0), Some(2.5));
        assert_eq!(percentile(&v, 99.0), Some(3.0 + 0.97));
        assert_eq!(percentile(&v, 0.0), Some(1.0));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(mean(&v), Some(2.5));
    }

    #[test]
    fn check_quantile_minimises_the_check_loss() {
        let mut v = vec![5.0, 1.0, 4.0, 2.0, 3.0, 10.0, 7.0, 6.0, 9.0, 8.0];
        assert_eq!(check_quantile(&mut v, 0.1), Some(1.0));
        assert_eq!(check_quantile(&mut v, 0.5), Some(5.0));
        assert_eq!(check_quantile(&mut v, 0.11), Some(2.0));
    }
}
