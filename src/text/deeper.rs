//! Sentences of the deeper model's section that carry computed numbers: where the knees'
//! defaults come from.

use crate::format;
use crate::model::deep::{
    derived_attention_knee, derived_kv_knee, kv_bytes_per_token, weight_bytes,
    ATTENTION_FLOP_PER_CONTEXT_TOKEN, DEFAULT_ATTENTION_KNEE_TOKENS, DEFAULT_KV_KNEE_TOKENS,
    LINEAR_FLOP_PER_TOKEN,
};
use crate::model::rounding::round_half_away;

/// A count to the nearest `step`, as a reader would quote it ("about 122,500").
fn about(x: f64, step: f64) -> String {
    format::with_separators(round_half_away(x / step, 0) * step, 0)
}

/// Where the two knees' defaults come from, with the arithmetic done on the same numbers the
/// model uses.
pub fn knee_origins() -> String {
    format!(
        "For a model of about 8 billion parameters, the work outside attention is about {} GFLOP per token (a GFLOP is a billion floating-point operations, each one multiplication or addition: two per parameter), and attention about {} MFLOP (a million of them) per token of context; summed over a whole prompt, the two match near {} tokens. \
         Its KV cache holds {} bytes per token of context (Llama 3.1 8B keeps a key and a value of 128 numbers for each of 8 heads in each of 32 layers, two bytes a number), so the cache adds as much to every decode step's reading as the {} GB of weights near {} tokens. \
         The page rounds these down to {} and {}. Treat them as orders of magnitude, not measurements.",
        format::trimmed(LINEAR_FLOP_PER_TOKEN / 1e9, 2),
        format::trimmed(ATTENTION_FLOP_PER_CONTEXT_TOKEN / 1e6, 2),
        format::with_separators(derived_attention_knee(), 0),
        format::with_separators(kv_bytes_per_token(), 0),
        format::trimmed(weight_bytes() / 1e9, 2),
        about(derived_kv_knee(), 500.0),
        format::with_separators(DEFAULT_ATTENTION_KNEE_TOKENS, 0),
        format::with_separators(DEFAULT_KV_KNEE_TOKENS, 0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kv_knee_is_the_weights_over_the_cache_per_token() {
        let text = knee_origins();
        // 16.06e9 B / 131,072 B = 122,528: quoted as about 122,500, never as 125,000.
        assert!(text.contains("131,072 bytes") && text.contains("16.06 GB"), "{text}");
        assert!(text.contains("near 122,500 tokens"), "{text}");
        assert!(!text.contains("125,000"), "{text}");
        assert!(
            text.contains("near 64,000 tokens") && text.contains("60,000 and 120,000"),
            "{text}"
        );
        assert!(text.contains("a GFLOP is a billion floating-point operations"), "{text}");
    }
}
