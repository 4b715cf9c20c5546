//! The deeper model: the linear one of [`super::request`] plus the two costs it leaves out, and a
//! cached prefix.
//!
//! With prompt `p`, cached prefix `s ≤ p`, answer `n`, prefill rate `r`, decode rate `d`,
//! attention knee `K` and KV knee `C`:
//!
//! - prefill = (p − s)/r + (p² − s²)/(r·K): the first term is the per-token work on the tokens not
//!   already cached; the second is attention, whose cost grows with the square of the context, less
//!   the part the cached prefix already paid for;
//! - decode step k (k = 0 … n−1) takes (1/d)·(1 + (p + k)/C): every step reads the KV cache of the
//!   whole context so far, which grows by one token per step;
//! - TTFT = wait + prefill + (1/d)·(1 + p/C) (the first step), and total = wait + prefill + all n
//!   steps, summed in closed form so an answer of 100,000 tokens costs no more to compute than one.
//!
//! With both knees infinite ([`Knees::DISABLED`]) and nothing cached this is the linear model,
//! to the bit: the extra terms are computed separately and are exactly zero then.
//!
//! Every input is first brought into range with the same bounds the linear model uses, so every
//! output is a finite, non-negative number for any `f64` (NaN and ±∞ included).

use super::llms::{CustomLlm, Llm, LlmSpec};
use super::request::Request;
use super::sanitize;

// Both models sanitise through the same functions, so with the knees disabled they see exactly
// the same numbers and agree to the bit.

/// The smallest knee accepted. A knee of zero would make one prompt token cost infinitely much;
/// one token is already absurdly pessimistic, so nothing sensible is cut off.
pub const MIN_KNEE_TOKENS: f64 = 1.0;

/// Rough per-token cost of everything except attention for an ~8B-parameter transformer: two
/// floating-point operations per parameter per token (a multiply and an add), 2 × 8e9.
pub const LINEAR_FLOP_PER_TOKEN: f64 = 16e9;

/// Rough attention cost per token for each token of context it looks back at, for the same model
/// (the lesson's order of magnitude: about half a megaflop).
pub const ATTENTION_FLOP_PER_CONTEXT_TOKEN: f64 = 0.5e6;

/// Bytes per cached key or value, and per weight: 16-bit numbers.
const BYTES_PER_NUMBER: f64 = 2.0;

/// The model the rough scale is taken from: Llama 3.1 8B, whose published configuration gives the
/// shape of its KV cache.
fn reference_model() -> LlmSpec {
    Llm::Llama8b.spec(CustomLlm::DEFAULT).held()
}

/// The KV cache per token of context for the reference model in 16 bits: a key and a value for
/// each of its 8 KV heads of 128 numbers in each of its 32 layers, 131,072 bytes.
pub fn kv_bytes_per_token() -> f64 {
    reference_model().kv_values_per_token() * BYTES_PER_NUMBER
}

/// The reference model's weights in 16 bits: 8.03 billion parameters, 16.06 GB.
pub fn weight_bytes() -> f64 {
    reference_model().params * BYTES_PER_NUMBER
}

/// Default attention knee: the prompt length at which attention costs as much as all the other
/// prefill work.
///
/// Over a whole prompt of `p` tokens the per-token work is `16 GFLOP × p`, while token `i` attends
/// to `i` earlier tokens, so attention is `0.5 MFLOP × (1 + 2 + … + p) ≈ 0.5 MFLOP × p²/2`. The two
/// match at `p = 2 × 16e9 / 0.5e6 = 64,000` ([`derived_attention_knee`]); the default rounds that
/// to 60,000 because the inputs are orders of magnitude, not measurements.
pub const DEFAULT_ATTENTION_KNEE_TOKENS: f64 = 60_000.0;

/// Default KV knee: the context length at which one decode step takes twice as long as with an
/// empty context.
///
/// A decode step for one request is bound by memory traffic: it reads all the weights (16.06 GB)
/// and the KV cache of the context (131,072 bytes per token). The cache adds as much traffic as
/// the weights at `16.06e9 / 131,072 ≈ 122,500` tokens ([`derived_kv_knee`]); the default rounds
/// that down to 120,000 for the same reason as the attention knee.
pub const DEFAULT_KV_KNEE_TOKENS: f64 = 120_000.0;

/// The attention knee straight from the rough FLOP counts, before rounding (64,000).
pub fn derived_attention_knee() -> f64 {
    2.0 * LINEAR_FLOP_PER_TOKEN / ATTENTION_FLOP_PER_CONTEXT_TOKEN
}

/// The KV knee straight from the reference model's byte counts, before rounding (about 122,500).
pub fn derived_kv_knee() -> f64 {
    weight_bytes() / kv_bytes_per_token()
}

/// A knee in tokens: +∞ switches its effect off, NaN falls back to `default` (the reasoned value
/// rather than either extreme), anything else is held at or above [`MIN_KNEE_TOKENS`].
fn knee(x: f64, default: f64) -> f64 {
    if x.is_nan() {
        default
    } else {
        x.max(MIN_KNEE_TOKENS)
    }
}

/// The two lengths at which the straight line stops being a fair description.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knees {
    /// Prompt length at which the quadratic part of prefill equals the linear part (`K`).
    pub attention_tokens: f64,
    /// Context length at which one decode step takes twice as long as at context zero (`C`).
    pub kv_tokens: f64,
}

impl Knees {
    /// The rough defaults for an ~8B model (see the constants' docs).
    pub const DEFAULT: Knees = Knees {
        attention_tokens: DEFAULT_ATTENTION_KNEE_TOKENS,
        kv_tokens: DEFAULT_KV_KNEE_TOKENS,
    };

    /// Both knees at infinity: the deeper model reduces to the linear one.
    pub const DISABLED: Knees = Knees { attention_tokens: f64::INFINITY, kv_tokens: f64::INFINITY };

    /// The knees actually used: NaN becomes the default, small or negative values become
    /// [`MIN_KNEE_TOKENS`], +∞ stays (and disables that effect).
    pub fn sanitised(self) -> Knees {
        Knees {
            attention_tokens: knee(self.attention_tokens, DEFAULT_ATTENTION_KNEE_TOKENS),
            kv_tokens: knee(self.kv_tokens, DEFAULT_KV_KNEE_TOKENS),
        }
    }

    /// Whether both effects are switched off (the linear model).
    pub fn is_disabled(self) -> bool {
        let k = self.sanitised();
        k.attention_tokens == f64::INFINITY && k.kv_tokens == f64::INFINITY
    }
}

impl Default for Knees {
    fn default() -> Self {
        Knees::DEFAULT
    }
}

/// One request under the deeper model: the linear model's inputs, a cached prefix and the knees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepRequest {
    /// Prompt, answer, rates and wait, with the same meaning as in the linear model.
    pub base: Request,
    /// Leading prompt tokens whose prefill work is already done (a prefix cache hit). More than
    /// the prompt counts as the whole prompt.
    pub cached_tokens: f64,
    pub knees: Knees,
}

/// The sanitised numbers every formula works on.
#[derive(Clone, Copy)]
struct Inputs {
    p: f64,
    s: f64,
    n: f64,
    r: f64,
    d: f64,
    wait: f64,
    k: f64,
    c: f64,
}

impl DeepRequest {
    /// The lesson's summariser under the default knees, nothing cached.
    pub const SUMMARISER: DeepRequest =
        DeepRequest { base: Request::SUMMARISER, cached_tokens: 0.0, knees: Knees::DEFAULT };

    pub fn new(base: Request, cached_tokens: f64, knees: Knees) -> DeepRequest {
        DeepRequest { base, cached_tokens, knees }
    }

    /// The linear model's request, seen through this type (no cache, knees off).
    pub fn linear(base: Request) -> DeepRequest {
        DeepRequest { base, cached_tokens: 0.0, knees: Knees::DISABLED }
    }

    /// The straight line for this same request: same cache, knees off. The gap between this and
    /// `self` is what the two missing costs add, and nothing else.
    pub fn straight_line(self) -> DeepRequest {
        DeepRequest { knees: Knees::DISABLED, ..self }
    }

    pub fn with_prompt(self, prompt_tokens: f64) -> DeepRequest {
        DeepRequest { base: self.base.with_prompt(prompt_tokens), ..self }
    }

    pub fn with_output(self, output_tokens: f64) -> DeepRequest {
        DeepRequest { base: Request { output_tokens, ..self.base }, ..self }
    }

    pub fn with_cached(self, cached_tokens: f64) -> DeepRequest {
        DeepRequest { cached_tokens, ..self }
    }

    pub fn with_knees(self, knees: Knees) -> DeepRequest {
        DeepRequest { knees, ..self }
    }

    pub fn with_wait(self, wait_secs: f64) -> DeepRequest {
        DeepRequest { base: Request { wait_secs, ..self.base }, ..self }
    }

    fn inputs(&self) -> Inputs {
        let p = sanitize::tokens(self.base.prompt_tokens);
        let knees = self.knees.sanitised();
        Inputs {
            p,
            s: sanitize::tokens(self.cached_tokens).min(p),
            n: sanitize::tokens(self.base.output_tokens),
            r: sanitize::rate(self.base.prefill_tokens_per_sec),
            d: sanitize::rate(self.base.decode_tokens_per_sec),
            wait: sanitize::secs(self.base.wait_secs),
            k: knees.attention_tokens,
            c: knees.kv_tokens,
        }
    }

    /// The cached prefix actually used: never more than the prompt.
    pub fn effective_cached_tokens(&self) -> f64 {
        self.inputs().s
    }

    /// The per-token part of prefill, on the uncached tokens: (p − s)/r.
    pub fn prefill_linear_secs(&self) -> f64 {
        let i = self.inputs();
        (i.p - i.s) / i.r
    }

    /// The attention part of prefill: (p² − s²)/(r·K). Written as a difference of squares rather
    /// than (p − s)(p + s) so that caching more can never, by rounding, cost more.
    pub fn prefill_quadratic_secs(&self) -> f64 {
        let i = self.inputs();
        ((i.p * i.p - i.s * i.s) / i.k / i.r).max(0.0)
    }

    /// Time to read the prompt.
    pub fn prefill_secs(&self) -> f64 {
        self.prefill_linear_secs() + self.prefill_quadratic_secs()
    }

    /// Time for decode step `k` (zero-based): (1/d)·(1 + (p + k)/C). Steps past the answer still
    /// have a defined cost; callers decide which steps exist.
    pub fn decode_step_secs(&self, step: f64) -> f64 {
        let i = self.inputs();
        1.0 / i.d + (i.p + sanitize::tokens(step)) / i.c / i.d
    }

    /// Time to write the whole answer: the sum of steps 0 … n−1 in closed form,
    /// n/d + (n·p + n(n−1)/2)/(C·d). The triangular term is held at zero below one token so the
    /// sum never shrinks as the answer grows.
    pub fn decode_secs(&self) -> f64 {
        let i = self.inputs();
        let triangle = (i.n * (i.n - 1.0) / 2.0).max(0.0);
        i.n / i.d + (i.n * i.p + triangle) / i.c / i.d
    }

    /// Only the part of decode the constant rate leaves out (what the growing KV cache adds).
    pub fn decode_growth_secs(&self) -> f64 {
        let i = self.inputs();
        (self.decode_secs() - i.n / i.d).max(0.0)
    }

    /// Time to first token, as the client sees it (wait included). An answer shorter than one
    /// token pays only that share of the first step, so an empty answer adds nothing, as in the
    /// linear model.
    pub fn ttft_secs(&self) -> f64 {
        let i = self.inputs();
        let first = i.n.min(1.0);
        // Same association as the linear model, then the KV growth of the first step on its own,
        // so the two agree to the bit when the knees are off.
        i.wait + self.prefill_secs() + first / i.d + first * i.p / i.c / i.d
    }

    /// Time until the last token. Never before the first token, even by a rounding error.
    pub fn total_secs(&self) -> f64 {
        let total = self.inputs().wait + self.prefill_secs() + self.decode_secs();
        total.max(self.ttft_secs())
    }

    /// How far the straight line (same request and cache, knees off) falls short of this model.
    pub fn optimism(&self) -> Optimism {
        let line = self.straight_line();
        Optimism::between(line.ttft_secs(), self.ttft_secs(), line.total_secs(), self.total_secs())
    }

    /// How far the linear model of [`super::request`] (which knows no cache) is from this one.
    /// With a cached prefix this can be negative: the cache saves more than the knees cost.
    pub fn versus_linear(&self) -> Optimism {
        let line = self.base;
        Optimism::between(line.ttft_secs(), self.ttft_secs(), line.total_secs(), self.total_secs())
    }

    /// The prompt length at which prefill costs as much as decode for this answer, cache and
    /// knees; `None` when prefill never catches up within the largest prompt the model accepts
    /// (possible only with the attention knee off and decode growing at least as fast as
    /// prefill).
    ///
    /// For p ≥ s, prefill − decode is a convex quadratic in p, negative (or zero) at p = s, so it
    /// has exactly one root at or past s. Multiplied through by r it reads a·p² + b·p + c = 0 with
    /// a = 1/K, b = 1 − n·r/(C·d) and c = −s − s²/K − r·(n/d + n(n−1)/2/(C·d)) (prefill's
    /// constant terms less decode at p = 0). The root is taken in the form that never subtracts
    /// two nearly equal numbers, so it stays accurate when the knees are far away.
    pub fn crossing_prompt_tokens(&self) -> Option<f64> {
        let i = self.inputs();
        let triangle = (i.n * (i.n - 1.0) / 2.0).max(0.0);
        let a = 1.0 / i.k;
        let b = 1.0 - i.n * i.r / i.c / i.d;
        // Decode at p = 0, times r; prefill's constant terms (−s − s²/K).
        let c = -(i.s + i.s * i.s / i.k) - i.r * (i.n / i.d + triangle / i.c / i.d);
        let root = if a > 0.0 {
            let disc = (b * b - 4.0 * a * c).max(0.0);
            let sq = disc.sqrt();
            if b >= 0.0 {
                let denom = b + sq;
                if denom > 0.0 {
                    -2.0 * c / denom
                } else {
                    0.0
                }
            } else {
                (sq - b) / (2.0 * a)
            }
        } else if b > 0.0 {
            -c / b
        } else if c == 0.0 {
            0.0
        } else {
            return None;
        };
        if root.is_finite() && root <= sanitize::MOST_TOKENS {
            Some(root.max(i.s))
        } else {
            None
        }
    }

    /// The crossing under the straight line with the same cache (knees off), for drawing both.
    pub fn straight_line_crossing_prompt_tokens(&self) -> Option<f64> {
        self.straight_line().crossing_prompt_tokens()
    }
}

crate::keyed::keyed! {
    /// Which clock a TTFT figure is read from. Every clock stops at the first token; they differ
    /// in when they start, and so in how much of the wait before prefill they count.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub enum TtftDefinition {
        /// From the moment the client sends the request: network, server queue, prefill and the
        /// first step. Client-side benchmarks (AIPerf, GenAI-Perf, LLMPerf, `vllm bench serve`)
        /// count it this way, and it is what a person waits.
        #[default]
        Client => "client",
        /// From the request's arrival at the server: the queue counts, the network does not.
        /// This is vLLM's own TTFT metric.
        Server => "server",
        /// From the moment the scheduler starts the request: prefill and the first step only.
        /// vLLM reports this interval as its prefill time, with the queue as a metric of its own.
        Scheduled => "scheduled",
    }
}

impl TtftDefinition {
    /// How much of the time before prefill this clock does not see, given the network's share
    /// and the server queue's: none for the client, the network for the server, both once the
    /// request is scheduled. Negative or NaN parts count as nothing.
    pub fn unseen_secs(self, network_secs: f64, queue_secs: f64) -> f64 {
        let (network, queue) = (sanitize::secs(network_secs), sanitize::secs(queue_secs));
        match self {
            TtftDefinition::Client => 0.0,
            TtftDefinition::Server => network,
            TtftDefinition::Scheduled => network + queue,
        }
    }
}

/// How optimistic one estimate is against another: gaps in seconds, and as a fraction of the
/// optimistic figure (0.25 means the fuller model takes a quarter longer than the straight line
/// says).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Optimism {
    pub ttft_gap_secs: f64,
    pub ttft_gap_fraction: f64,
    pub total_gap_secs: f64,
    pub total_gap_fraction: f64,
}

/// Ratios are capped so a vanishing denominator (a zero-token request) cannot produce ∞.
const MOST_FRACTION: f64 = 1e18;

fn fraction(gap: f64, of: f64) -> f64 {
    if of > 0.0 {
        let f = gap / of;
        if f.is_nan() {
            0.0
        } else {
            f.clamp(-MOST_FRACTION, MOST_FRACTION)
        }
    } else {
        0.0
    }
}

impl Optimism {
    fn between(line_ttft: f64, deep_ttft: f64, line_total: f64, deep_total: f64) -> Optimism {
        let ttft_gap = deep_ttft - line_ttft;
        let total_gap = deep_total - line_total;
        Optimism {
            ttft_gap_secs: ttft_gap,
            ttft_gap_fraction: fraction(ttft_gap, line_ttft),
            total_gap_secs: total_gap,
            total_gap_fraction: fraction(total_gap, line_total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summariser_under_default_knees() {
        // prefill = 16,000/8,000 + 16,000²/(8,000·60,000) = 2 + 0.5333… s
        let r = DeepRequest::SUMMARISER;
        assert!((r.prefill_secs() - (2.0 + 16.0 / 30.0)).abs() < 1e-12);
        assert!(r.crossing_prompt_tokens().is_some());
    }

    #[test]
    fn derived_knees_round_to_the_defaults() {
        assert_eq!(derived_attention_knee(), 64_000.0);
        assert_eq!(kv_bytes_per_token(), 131_072.0);
        assert!((weight_bytes() - 16.06e9).abs() < 1.0);
        // 16.06e9 / 131,072 = 122,528.1: about 122,500, rounded down to the default 120,000.
        assert!((derived_kv_knee() - 122_528.076).abs() < 1e-3, "{}", derived_kv_knee());
    }
}
