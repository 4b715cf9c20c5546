//! Bringing any input into the range where the model's arithmetic stays finite.
//!
//! The model is defined for any number a caller might pass, not only the ones the state layer
//! accepts: each input is first held in a range where every result is a finite, non-negative
//! number. A rate of zero or NaN would put inf or NaN on screen; it counts as the slowest rate.

/// The slowest rate any calculation divides by.
pub(crate) const SLOWEST_RATE: f64 = 1e-6;
pub(crate) const FASTEST_RATE: f64 = 1e12;
/// Token counts saturate here so that `tokens / SLOWEST_RATE` stays finite.
pub(crate) const MOST_TOKENS: f64 = 1e15;
/// The longest wait or fixed time any input may add.
pub(crate) const LONGEST_SECS: f64 = 1e9;

/// A rate in tokens per second: NaN and anything below [`SLOWEST_RATE`] count as the slowest.
pub(crate) fn rate(tokens_per_sec: f64) -> f64 {
    if tokens_per_sec.is_nan() {
        SLOWEST_RATE
    } else {
        tokens_per_sec.clamp(SLOWEST_RATE, FASTEST_RATE)
    }
}

/// NaN counts as nothing; everything else is held between zero and `most`.
pub(crate) fn amount(x: f64, most: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, most)
    }
}

/// A token count, between zero and [`MOST_TOKENS`].
pub(crate) fn tokens(n: f64) -> f64 {
    amount(n, MOST_TOKENS)
}

/// A time in seconds, between zero and [`LONGEST_SECS`].
pub(crate) fn secs(s: f64) -> f64 {
    amount(s, LONGEST_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_lands_in_range() {
        for x in [f64::NAN, f64::NEG_INFINITY, -1.0, 0.0, 1.0, 1e300, f64::INFINITY] {
            let r = rate(x);
            assert!((SLOWEST_RATE..=FASTEST_RATE).contains(&r), "rate({x}) = {r}");
            assert!((0.0..=MOST_TOKENS).contains(&tokens(x)), "tokens({x})");
            assert!((0.0..=LONGEST_SECS).contains(&secs(x)), "secs({x})");
            assert!((tokens(x) / r).is_finite());
        }
        assert_eq!(rate(f64::NAN), SLOWEST_RATE);
        assert_eq!(tokens(f64::NAN), 0.0);
        assert_eq!(rate(60.0), 60.0);
    }
}
