//! Where the prefill and decode rates come from: a model's weights and KV cache against a
//! chip's arithmetic and memory bandwidth (the roofline).
//!
//! With `P` parameters of `w` bytes, `n` chips of peak dense `F` FLOP/s and bandwidth `BW`
//! bytes/s, efficiencies `MFU` (share of peak arithmetic prefill reaches) and `MBU` (share of
//! bandwidth decode reaches), `b` sequences decoded together, each holding `c` tokens of
//! context, and `kv` bytes of cache per token:
//!
//! - prefill, one request, linear term only: `n·F·MFU / (2P)` tokens/s, two FLOP per parameter
//!   per token, the weights read once for the whole prompt;
//! - one decode step reads every weight and every sequence's cache,
//!   `t_mem = (P·w + b·c·kv) / (n·BW·MBU)`, and does two FLOP per parameter for each sequence,
//!   `t_comp = b·2P / (n·F·MFU)`; the step takes the longer of the two, each sequence gains one
//!   token per step, and the chips' output is `b` tokens per step.
//!
//! `F` is the peak of the arithmetic the weights are actually multiplied in (fp8 where both the
//! weights and the chip have it, bf16 otherwise), and the ridge point reported is `F / BW` for
//! that arithmetic. Taking the ridge of the arithmetic in use keeps one identity true at every
//! precision: at batch 1 with no context, prefill is `ridge × MFU/MBU × w/2` times faster than
//! decode whenever decode is memory-bound. The chip table's bf16 ridge is
//! [`ChipSpec::bf16_ridge_flop_per_byte`]; for bf16 and 4-bit weights the two are the same.
//!
//! Every input is held inside the range the page offers before any arithmetic (NaN takes the
//! default), and the chip and model figures inside the custom chip's and custom model's
//! ranges, so every result is a finite, non-negative number for any input at all.

use super::chips::{Chip, ChipSpec, CustomChip};
use super::input_range::InputRange;
use super::llms::{CustomLlm, Llm, LlmSpec};
use super::precision::{Arithmetic, KvPrecision, WeightPrecision};
use super::sanitize;
use super::source::Source;

/// FLOP per parameter per token: one multiply and one add.
const FLOP_PER_PARAM_PER_TOKEN: f64 = 2.0;

/// Which limit sets the length of a decode step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeLimit {
    /// Reading the weights and the cache takes longer than the arithmetic (a tie counts here:
    /// more arithmetic would then lengthen the step, more bytes too).
    Memory,
    /// The arithmetic for the whole batch takes longer than reading the weights and the cache.
    Compute,
}

impl DecodeLimit {
    /// The readout's `data-value`.
    pub fn key(self) -> &'static str {
        match self {
            DecodeLimit::Memory => "memory",
            DecodeLimit::Compute => "compute",
        }
    }
}

/// The lowest and highest value of a rate over a range of efficiencies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    pub low: f64,
    pub high: f64,
}

/// The efficiencies published measurements of real serving stacks put forward.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EfficiencySpan {
    pub mfu: Span,
    pub mbu: Span,
}

/// Prefill reaches 45–72% of peak arithmetic in published measurements, decode 55–90% of
/// peak bandwidth.
pub const PUBLISHED_EFFICIENCIES: EfficiencySpan =
    EfficiencySpan { mfu: Span { low: 0.45, high: 0.72 }, mbu: Span { low: 0.55, high: 0.90 } };

/// Where those efficiencies were measured: Databricks' serving measurements (decode at 55–60% of
/// bandwidth, prefill near 48% of peak) and kipply's arithmetic of hand-tuned kernels.
pub const EFFICIENCY_SOURCES: [Source; 2] = [
    Source {
        name: "Databricks: LLM Inference Performance Engineering: Best Practices",
        url: "https://www.databricks.com/blog/llm-inference-performance-engineering-best-practices",
    },
    Source {
        name: "kipply: Transformer Inference Arithmetic",
        url: "https://kipp.ly/transformer-inference-arithmetic/",
    },
];

/// The rates over [`PUBLISHED_EFFICIENCIES`]: what the data sheet alone can promise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PublishedRates {
    pub prefill_tokens_per_sec: Span,
    /// Per sequence.
    pub decode_tokens_per_sec: Span,
    /// All sequences of the batch together.
    pub throughput_tokens_per_sec: Span,
}

/// Weights and cache against the memory of the chips serving one request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryFit {
    pub weights_bytes: f64,
    /// The cache of every sequence in the batch at its full context.
    pub kv_cache_bytes: f64,
    /// The memory of all the chips together.
    pub available_bytes: f64,
    /// The memory of one chip, to say how many it would take.
    pub per_chip_bytes: f64,
}

impl MemoryFit {
    pub fn needed_bytes(&self) -> f64 {
        self.weights_bytes + self.kv_cache_bytes
    }

    pub fn fits(&self) -> bool {
        self.needed_bytes() <= self.available_bytes
    }

    /// Memory left over (zero when it does not fit).
    pub fn spare_bytes(&self) -> f64 {
        (self.available_bytes - self.needed_bytes()).max(0.0)
    }

    /// How much more memory it would take (zero when it fits).
    pub fn shortfall_bytes(&self) -> f64 {
        (self.needed_bytes() - self.available_bytes).max(0.0)
    }

    /// The fewest chips of this kind whose memory holds weights and cache (at least one). The
    /// weights' arithmetic ignores the copies and buffers a real server adds, so this is a floor.
    pub fn chips_needed(&self) -> f64 {
        (self.needed_bytes() / self.per_chip_bytes).ceil().max(1.0)
    }
}

/// A model served on some chips: everything the roofline arithmetic takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Serving {
    pub chip: ChipSpec,
    /// Chips working on one request together (tensor parallel): arithmetic, bandwidth and
    /// memory all scale with their number.
    pub chips: f64,
    pub llm: LlmSpec,
    pub weights: WeightPrecision,
    pub kv: KvPrecision,
    /// Sequences decoded together in one step.
    pub batch: f64,
    /// Tokens of context each sequence of the batch holds in the cache.
    pub context_tokens: f64,
    /// Share of peak arithmetic prefill reaches.
    pub mfu: f64,
    /// Share of peak bandwidth decode reaches.
    pub mbu: f64,
}

/// The inputs after holding, in SI units, as every formula reads them.
struct Held {
    chips: f64,
    flops_per_chip: f64,
    bytes_per_sec_per_chip: f64,
    memory_per_chip: f64,
    params: f64,
    bytes_per_weight: f64,
    kv_bytes_per_token: f64,
    batch: f64,
    context_tokens: f64,
    mfu: f64,
    mbu: f64,
}

impl Held {
    fn flops_per_sec(&self) -> f64 {
        self.chips * self.flops_per_chip
    }

    fn bytes_per_sec(&self) -> f64 {
        self.chips * self.bytes_per_sec_per_chip
    }

    fn weights_bytes(&self) -> f64 {
        self.params * self.bytes_per_weight
    }

    fn kv_cache_bytes(&self) -> f64 {
        self.batch * self.context_tokens * self.kv_bytes_per_token
    }

    fn flop_per_token(&self) -> f64 {
        FLOP_PER_PARAM_PER_TOKEN * self.params
    }

    fn decode_memory_secs(&self) -> f64 {
        (self.weights_bytes() + self.kv_cache_bytes()) / (self.bytes_per_sec() * self.mbu)
    }

    fn decode_compute_secs(&self) -> f64 {
        self.batch * self.flop_per_token() / (self.flops_per_sec() * self.mfu)
    }
}

impl Serving {
    /// One to 64 chips per request: 64 is eight servers of eight, beyond which one request is
    /// rarely spread.
    pub const CHIPS: InputRange = InputRange { min: 1.0, max: 64.0, default: 1.0 };
    pub const BATCH: InputRange = InputRange { min: 1.0, max: 1_024.0, default: 1.0 };
    /// Zero (the lesson's short context, where the cache costs nothing) to 1,000,000 tokens, the
    /// longest prompt the page accepts and beyond the context windows of most served models.
    pub const CONTEXT_TOKENS: InputRange = InputRange { min: 0.0, max: 1_000_000.0, default: 0.0 };
    /// Below 5% a stack is broken rather than slow; above 100% is impossible.
    pub const MFU: InputRange = InputRange { min: 0.05, max: 1.0, default: 0.5 };
    pub const MBU: InputRange = InputRange { min: 0.05, max: 1.0, default: 0.7 };

    /// The lesson's worked setting for a chip and model from the tables: one chip, bf16 weights
    /// and cache, one sequence with a short context, MFU 0.5 and MBU 0.7.
    pub fn lesson(chip: Chip, llm: Llm) -> Serving {
        Serving {
            chip: chip.spec(CustomChip::DEFAULT),
            chips: Serving::CHIPS.default,
            llm: llm.spec(CustomLlm::DEFAULT),
            weights: WeightPrecision::DEFAULT,
            kv: KvPrecision::DEFAULT,
            batch: Serving::BATCH.default,
            context_tokens: Serving::CONTEXT_TOKENS.default,
            mfu: Serving::MFU.default,
            mbu: Serving::MBU.default,
        }
    }

    /// The same setting at other efficiencies.
    pub fn with_efficiencies(self, mfu: f64, mbu: f64) -> Serving {
        Serving { mfu, mbu, ..self }
    }

    fn held(&self) -> Held {
        let chip = self.chip.held();
        let llm = self.llm.held();
        Held {
            chips: Serving::CHIPS.hold(self.chips),
            flops_per_chip: chip.flops_per_sec_for(self.weights),
            bytes_per_sec_per_chip: chip.bandwidth_bytes_per_sec,
            memory_per_chip: chip.memory_bytes,
            params: llm.params,
            bytes_per_weight: self.weights.bytes_per_weight(),
            kv_bytes_per_token: llm.kv_values_per_token() * self.kv.bytes_per_value(),
            batch: Serving::BATCH.hold(self.batch),
            context_tokens: Serving::CONTEXT_TOKENS.hold(self.context_tokens),
            mfu: Serving::MFU.hold(self.mfu),
            mbu: Serving::MBU.hold(self.mbu),
        }
    }

    /// The arithmetic the weights are multiplied in on this chip.
    pub fn arithmetic(&self) -> Arithmetic {
        self.chip.held().arithmetic_for(self.weights)
    }

    /// Peak dense FLOP/s of all the chips, in the arithmetic used.
    pub fn chip_flops_per_sec(&self) -> f64 {
        self.held().flops_per_sec()
    }

    /// Peak bandwidth of all the chips.
    pub fn chip_bytes_per_sec(&self) -> f64 {
        self.held().bytes_per_sec()
    }

    /// Memory of all the chips.
    pub fn chip_memory_bytes(&self) -> f64 {
        let h = self.held();
        h.chips * h.memory_per_chip
    }

    /// FLOP per byte at which the arithmetic used and memory take equally long; the same for
    /// one chip or many, since both scale together.
    pub fn ridge_flop_per_byte(&self) -> f64 {
        let h = self.held();
        h.flops_per_chip / h.bytes_per_sec_per_chip
    }

    /// The ridge after the two efficiencies: a decode step whose arithmetic intensity lies
    /// beyond it is compute-bound. This, not the chip's own ridge, is where the roof the
    /// arithmetic actually reaches bends.
    pub fn reached_ridge_flop_per_byte(&self) -> f64 {
        let h = self.held();
        h.flops_per_chip * h.mfu / (h.bytes_per_sec_per_chip * h.mbu)
    }

    pub fn weights_bytes(&self) -> f64 {
        self.held().weights_bytes()
    }

    /// Bytes of KV cache one token of context takes.
    pub fn kv_bytes_per_token(&self) -> f64 {
        self.held().kv_bytes_per_token
    }

    /// The cache of every sequence in the batch.
    pub fn kv_cache_bytes(&self) -> f64 {
        self.held().kv_cache_bytes()
    }

    /// Tokens per second reading one prompt (linear term only).
    pub fn prefill_tokens_per_sec(&self) -> f64 {
        let h = self.held();
        h.flops_per_sec() * h.mfu / h.flop_per_token()
    }

    /// Time one decode step spends reading the weights and the batch's cache.
    pub fn decode_memory_secs(&self) -> f64 {
        self.held().decode_memory_secs()
    }

    /// Time one decode step spends on the batch's arithmetic.
    pub fn decode_compute_secs(&self) -> f64 {
        self.held().decode_compute_secs()
    }

    /// One decode step: the longer of the two.
    pub fn decode_step_secs(&self) -> f64 {
        let h = self.held();
        h.decode_memory_secs().max(h.decode_compute_secs())
    }

    pub fn decode_limit(&self) -> DecodeLimit {
        let h = self.held();
        if h.decode_compute_secs() > h.decode_memory_secs() {
            DecodeLimit::Compute
        } else {
            DecodeLimit::Memory
        }
    }

    /// Tokens per second each sequence of the batch receives.
    pub fn decode_tokens_per_sec(&self) -> f64 {
        1.0 / self.decode_step_secs()
    }

    /// Tokens per second of all the sequences together.
    pub fn throughput_tokens_per_sec(&self) -> f64 {
        self.held().batch / self.decode_step_secs()
    }

    /// How many times faster prefill reads a token than decode writes one for a sequence.
    pub fn ratio(&self) -> f64 {
        self.prefill_tokens_per_sec() * self.decode_step_secs()
    }

    /// The prompt length at which reading it takes as long as writing an answer of
    /// `answer_tokens` (linear model).
    pub fn crossing_prompt_tokens(&self, answer_tokens: f64) -> f64 {
        sanitize::tokens(answer_tokens) * self.ratio()
    }

    /// FLOP per byte read in one decode step: the batch's arithmetic over the weights and cache.
    pub fn decode_intensity_flop_per_byte(&self) -> f64 {
        let h = self.held();
        h.batch * h.flop_per_token() / (h.weights_bytes() + h.kv_cache_bytes())
    }

    /// FLOP per byte read in prefilling a prompt of `prompt_tokens`: the weights are read once
    /// for the whole prompt (the cache it writes is left out, as in the rate).
    pub fn prefill_intensity_flop_per_byte(&self, prompt_tokens: f64) -> f64 {
        let h = self.held();
        sanitize::tokens(prompt_tokens) * h.flop_per_token() / h.weights_bytes()
    }

    /// The roof at peak: FLOP/s the chips could sustain at an arithmetic intensity.
    pub fn peak_roof_flops_per_sec(&self, intensity_flop_per_byte: f64) -> f64 {
        let h = self.held();
        let intensity = sanitize::amount(intensity_flop_per_byte, f64::MAX);
        (intensity * h.bytes_per_sec()).min(h.flops_per_sec())
    }

    /// The roof at the chosen efficiencies: FLOP/s the rates above imply at an arithmetic
    /// intensity. Its bend is [`Serving::reached_ridge_flop_per_byte`].
    pub fn reached_roof_flops_per_sec(&self, intensity_flop_per_byte: f64) -> f64 {
        let h = self.held();
        let intensity = sanitize::amount(intensity_flop_per_byte, f64::MAX);
        (intensity * h.bytes_per_sec() * h.mbu).min(h.flops_per_sec() * h.mfu)
    }

    /// Weights and cache against the chips' memory.
    pub fn memory_fit(&self) -> MemoryFit {
        let h = self.held();
        MemoryFit {
            weights_bytes: h.weights_bytes(),
            kv_cache_bytes: h.kv_cache_bytes(),
            available_bytes: h.chips * h.memory_per_chip,
            per_chip_bytes: h.memory_per_chip,
        }
    }

    /// The rates at the low and high ends of the published efficiencies. Every rate rises with
    /// both efficiencies, so the low ends give the low rates and the high ends the high ones.
    pub fn published_rates(&self) -> PublishedRates {
        let (mfu, mbu) = (PUBLISHED_EFFICIENCIES.mfu, PUBLISHED_EFFICIENCIES.mbu);
        let low = self.with_efficiencies(mfu.low, mbu.low);
        let high = self.with_efficiencies(mfu.high, mbu.high);
        let span = |rate: fn(&Serving) -> f64| Span { low: rate(&low), high: rate(&high) };
        PublishedRates {
            prefill_tokens_per_sec: span(Serving::prefill_tokens_per_sec),
            decode_tokens_per_sec: span(Serving::decode_tokens_per_sec),
            throughput_tokens_per_sec: span(Serving::throughput_tokens_per_sec),
        }
    }

    /// The MFU a measured prefill rate implies on this setting. Not held to 100%: a measured
    /// rate above the chips' peak says the setting is not what the run served on.
    pub fn implied_mfu(&self, prefill_tokens_per_sec: f64) -> f64 {
        let h = self.held();
        sanitize::rate(prefill_tokens_per_sec) * h.flop_per_token() / h.flops_per_sec()
    }

    /// The MBU a measured per-sequence decode rate implies on this setting (its batch and
    /// context included), taking the step as memory-bound, as measured decode nearly always
    /// is. Not held to 100%, for the same reason as [`Serving::implied_mfu`].
    pub fn implied_mbu(&self, decode_tokens_per_sec: f64) -> f64 {
        let h = self.held();
        sanitize::rate(decode_tokens_per_sec) * (h.weights_bytes() + h.kv_cache_bytes())
            / h.bytes_per_sec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
    }

    #[test]
    fn the_lesson_setting_is_the_default_one() {
        let s = Serving::lesson(Chip::DEFAULT, Llm::DEFAULT);
        assert_eq!(s.chips, 1.0);
        assert_eq!((s.mfu, s.mbu), (0.5, 0.7));
        assert_eq!((s.batch, s.context_tokens), (1.0, 0.0));
        assert_eq!(s.kv_cache_bytes(), 0.0);
        assert_eq!(s.decode_limit(), DecodeLimit::Memory);
    }

    #[test]
    fn fp8_weights_double_the_arithmetic_only_where_the_chip_has_fp8() {
        let h100 =
            Serving { weights: WeightPrecision::Fp8, ..Serving::lesson(Chip::H100, Llm::Llama8b) };
        assert_eq!(h100.arithmetic(), Arithmetic::Fp8);
        assert_eq!(h100.chip_flops_per_sec(), 1_979e12);
        let a100 =
            Serving { weights: WeightPrecision::Fp8, ..Serving::lesson(Chip::A100, Llm::Llama8b) };
        assert_eq!(a100.arithmetic(), Arithmetic::Bf16);
        assert_eq!(a100.chip_flops_per_sec(), 312e12);
        // Half the bytes either way.
        assert!(close(
            a100.decode_tokens_per_sec(),
            2.0 * Serving::lesson(Chip::A100, Llm::Llama8b).decode_tokens_per_sec()
        ));
    }

    #[test]
    fn chips_scale_arithmetic_bandwidth_and_memory_but_not_the_ridge() {
        let one = Serving::lesson(Chip::H100, Llm::Llama70b);
        let four = Serving { chips: 4.0, ..one };
        assert!(close(four.chip_flops_per_sec(), 4.0 * one.chip_flops_per_sec()));
        assert!(close(four.chip_bytes_per_sec(), 4.0 * one.chip_bytes_per_sec()));
        assert!(close(four.chip_memory_bytes(), 320e9));
        assert_eq!(four.ridge_flop_per_byte(), one.ridge_flop_per_byte());
        assert!(close(four.prefill_tokens_per_sec(), 4.0 * one.prefill_tokens_per_sec()));
    }

    #[test]
    fn a_big_enough_batch_turns_decode_compute_bound_and_then_throughput_stops_growing() {
        let s = Serving { batch: 1_024.0, ..Serving::lesson(Chip::H100, Llm::Llama8b) };
        assert_eq!(s.decode_limit(), DecodeLimit::Compute);
        // Compute-bound, the chips' output is the prefill rate: the same FLOP per token.
        assert!(close(s.throughput_tokens_per_sec(), s.prefill_tokens_per_sec()));
        assert!(s.decode_intensity_flop_per_byte() > s.reached_ridge_flop_per_byte());
        let small = Serving { batch: 8.0, ..s };
        assert_eq!(small.decode_limit(), DecodeLimit::Memory);
        assert!(small.decode_intensity_flop_per_byte() < small.reached_ridge_flop_per_byte());
    }

    #[test]
    fn the_reached_roof_bends_at_the_reached_ridge() {
        let s = Serving::lesson(Chip::H100, Llm::Llama8b);
        let ridge = s.ridge_flop_per_byte();
        assert!(close(s.peak_roof_flops_per_sec(ridge), s.chip_flops_per_sec()));
        assert!(close(s.peak_roof_flops_per_sec(ridge / 10.0), s.chip_flops_per_sec() / 10.0));
        assert_eq!(s.peak_roof_flops_per_sec(ridge * 10.0), s.chip_flops_per_sec());
        let reached = s.reached_ridge_flop_per_byte();
        assert!(close(s.reached_roof_flops_per_sec(reached), 0.5 * s.chip_flops_per_sec()));
        // At batch 1 the decode point's attained FLOP/s is its step's arithmetic over its time.
        let attained = 2.0 * s.llm.params / s.decode_step_secs();
        assert!(close(s.reached_roof_flops_per_sec(s.decode_intensity_flop_per_byte()), attained));
    }

    #[test]
    fn measured_rates_give_back_the_efficiencies_that_made_them() {
        for chip in Chip::ALL {
            let s = Serving {
                batch: 4.0,
                context_tokens: 2_000.0,
                ..Serving::lesson(chip, Llm::Llama8b)
            }
            .with_efficiencies(0.61, 0.83);
            assert!(close(s.implied_mfu(s.prefill_tokens_per_sec()), 0.61));
            assert_eq!(s.decode_limit(), DecodeLimit::Memory);
            assert!(close(s.implied_mbu(s.decode_tokens_per_sec()), 0.83));
        }
    }

    #[test]
    fn the_published_span_brackets_the_rates_at_efficiencies_inside_it() {
        let s = Serving::lesson(Chip::H200, Llm::Llama70b).with_efficiencies(0.5, 0.7);
        let r = s.published_rates();
        assert!(r.prefill_tokens_per_sec.low < s.prefill_tokens_per_sec());
        assert!(s.prefill_tokens_per_sec() < r.prefill_tokens_per_sec.high);
        assert!(r.decode_tokens_per_sec.low < s.decode_tokens_per_sec());
        assert!(s.decode_tokens_per_sec() < r.decode_tokens_per_sec.high);
        assert!(close(r.prefill_tokens_per_sec.high / r.prefill_tokens_per_sec.low, 0.72 / 0.45));
    }

    #[test]
    fn memory_fit_counts_every_sequence_cache() {
        let s = Serving {
            batch: 32.0,
            context_tokens: 4_096.0,
            ..Serving::lesson(Chip::H100, Llm::Llama8b)
        };
        let fit = s.memory_fit();
        assert_eq!(fit.kv_cache_bytes, 32.0 * 4_096.0 * 131_072.0);
        assert!(fit.fits());
        assert_eq!(fit.shortfall_bytes(), 0.0);
        assert!(close(fit.spare_bytes(), 80e9 - 16.06e9 - fit.kv_cache_bytes));
        assert_eq!(fit.chips_needed(), 1.0);
        let big = Serving::lesson(Chip::H100, Llm::Llama405b).memory_fit();
        assert!(!big.fits());
        assert_eq!(big.chips_needed(), 11.0);
    }
}
