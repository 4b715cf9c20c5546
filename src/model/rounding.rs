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
    // 10^-k is not exact in binary, 10^k is: for places left of the point divide by the exact
    // power rather than multiply by an inexact one.
    let (scale, inverse) = (10f64.powi(decimals), 10f64.powi(-decimals));
    let scaled = if decimals < 0 { x / inverse } else { x * scale };
    // So large (or the places so many) that x already has no digits at that place: rounding
    // would only overflow to infinity.
    if !scaled.is_finite() || scale == 0.0 {
        return x;
    }
    let whole = scaled.trunc();
    let frac = (scaled - whole).abs();
    // Relative, since the inputs' error is; capped so that for large values a fraction
    // visibly short of a half (0.1 of a unit) is never taken for a tie.
    let tolerance = (1e-9 * scaled.abs().max(1.0)).min(1e-6);
    let rounded =
        if (frac - 0.5).abs() <= tolerance { whole + scaled.signum() } else { scaled.round() };
    if decimals < 0 {
        rounded * inverse
    } else {
        rounded / scale
    }
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
    fn a_value_just_past_a_tie_in_binary_rounds_away() {
        // -798487219.422315 is stored as -798487219.42231500148…, past the tie at five places.
        assert_eq!(round_half_away(-798_487_219.422_315, 5), -798_487_219.422_32);
    }

    #[test]
    fn places_left_of_the_point() {
        assert_eq!(round_half_away(-4.3759403801619494e17, -4), -437_594_038_016_190_000.0);
        assert_eq!(round_half_away(12_345.0, -2), 12_300.0);
        assert_eq!(round_half_away(12_350.0, -2), 12_400.0);
    }

    #[test]
    fn non_ties_round_to_nearest() {
        assert_eq!(round_half_away(5.0125, 2), 5.01);
        assert_eq!(round_half_away(133.333, 1), 133.3);
        assert_eq!(round_half_away(28.87, 1), 28.9);
        assert_eq!(round_half_away(1_674_110_098_068_011.0, -1), 1_674_110_098_068_010.0);
        assert_eq!(round_half_away(2_000_000_000.2, 0), 2_000_000_000.0);
    }

    #[test]
    fn huge_values_keep_their_value_instead_of_overflowing() {
        assert_eq!(round_half_away(1e308, 2), 1e308);
        assert_eq!(round_half_away(-9.3e306, 2), -9.3e306);
        assert_eq!(round_half_away(5.0, -400), 5.0);
    }
}
