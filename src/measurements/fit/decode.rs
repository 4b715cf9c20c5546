//! The decode rate: one over the median time per output token, over requests long enough for
//! the first token's cost not to dominate.

use crate::measurements::stats;

/// Fewest output tokens a request needs to count towards the decode rate: with fewer, scheduling
/// jitter between a handful of tokens swamps the per-token time.
pub const MIN_DECODE_TOKENS: f64 = 16.0;

/// Time per output token after the first, `(e2e − TTFT) / (output − 1)`, or `None` when the
/// request is too short or the times do not fit together.
pub fn secs_per_token(ttft_secs: f64, e2e_secs: f64, output_tokens: f64) -> Option<f64> {
    if output_tokens < 2.0 {
        return None;
    }
    let per = (e2e_secs - ttft_secs) / (output_tokens - 1.0);
    (per.is_finite() && per > 0.0).then_some(per)
}

/// The median of per-token times, as a rate in tokens per second.
pub fn rate_from(per_token_secs: &[f64]) -> Option<f64> {
    let median = stats::median(per_token_secs)?;
    (median > 0.0).then(|| 1.0 / median)
}
