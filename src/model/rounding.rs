//! Rounding for display: half away from zero, as the lesson's tables do (5.125 s shows as
//! 5.13 s, 12.5 ms as 13 ms).

/// Round `x` to `decimals` places, ties away from zero.
///
/// Values computed from decimal inputs (100 / 8,000 = 0.0125) land a few ulps either side of
/// the exact tie, and `f64::round` would then round 12.4999… down. A tie is therefore
/// recognised within a relative tolerance far below any digit shown.
pub fn round_half_away(x: f64, decimals: i32) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(decimals);
    let scaled = x * scale;
    let whole = scaled.trunc();
    let frac = (scaled - whole).abs();
    let tolerance = 1e-9 * scaled.abs().max(1.0);
    let rounded = if (frac - 0.5).abs() <= tolerance { whole + scaled.signum() } else { scaled.round() };
    rounded / scale
}

#[cfg(test)]
mod tests {
    use super::round_half_away;

    #[test]
    fn ties_go_away_from_zero() {
        assert_eq!(round_half_away(5.125, 2), 5.13);
        assert_eq!(round_half_away(-5.125, 2), -5.13);
        assert_eq!(round_half_away(100.0 / 8000.0 * 1000.0, 0), 13.0);
        assert_eq!(round_half_away(62.5, 0), 63.0);
        assert_eq!(round_half_away(2.5, 0), 3.0);
        assert_eq!(round_half_away(0.0, 2), 0.0);
    }

    #[test]
    fn non_ties_round_to_nearest() {
        assert_eq!(round_half_away(5.0125, 2), 5.01);
        assert_eq!(round_half_away(133.333, 1), 133.3);
        assert_eq!(round_half_away(28.87, 1), 28.9);
    }
}
