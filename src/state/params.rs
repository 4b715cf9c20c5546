//! One table row per control: URL key, words for people, bounds, default and slider scale.

use crate::model::chips::CustomChip;
use crate::model::deep::{DEFAULT_ATTENTION_KNEE_TOKENS, DEFAULT_KV_KNEE_TOKENS};
use crate::model::input_range::InputRange;
use crate::model::llms::CustomLlm;
use crate::model::retries::MOST_FAILED_SHARE;
use crate::model::roofline::Serving;
use crate::model::rounding::round_half_away;

/// How a slider's travel maps onto values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Equal travel multiplies the value by the same factor; for ranges spanning decades.
    Log,
}

/// Every input the page reads from its controls and its address. [`Param::ALL`] and the table of
/// specs list them in this order, which is also their place in the state's value array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    Prompt,
    /// The answer's length in the lesson's one request.
    Output,
    Prefill,
    Decode,
    Wait,
    Reading,
    AttentionKnee,
    KvKnee,
    Cached,
    ATtft,
    ARate,
    BTtft,
    BRate,
    /// The answer's length both deployments write in the bake-off's race.
    RaceAnswer,
    APeak,
    BPeak,
    ALength,
    BLength,
    Median,
    P90,
    Threshold,
    RouteError,
    Patience,
    BaseTokens,
    Passages,
    PassageTokens,
    APrefill,
    AOverhead,
    BPrefill,
    BOverhead,
    Network,
    APeakTtft,
    BPeakTtft,
    /// The 90th percentile of the support bot's own answers, whose median is the race's answer.
    BotP90,
    /// The custom chip's dense arithmetic, used whatever the precision.
    ChipTflops,
    ChipBandwidth,
    ChipMemory,
    /// Chips working on one request together.
    Chips,
    /// The custom model's parameters (active ones, for a mixture of experts).
    HwParams,
    HwLayers,
    HwKvHeads,
    HwHeadDim,
    /// Sequences decoded together on the chips.
    Batch,
    /// Tokens of context each of them holds in the cache.
    Context,
    Mfu,
    Mbu,
    /// The network before the request reaches the server, for the clocks' own request: apart
    /// from the panel's, whose zero would draw the three clocks as one.
    ClockNetwork,
    /// The server's queue in the clocks' own request.
    ClockQueue,
    /// The answers of the runs both deployments came from: their median and 90th percentile,
    /// as observed (each run's weighed equally), for the decision on the runs' own workload.
    RunsMedian,
    RunsP90,
    /// The share of A's requests that failed, in percent: a run's own, or typed in.
    AFailed,
    BFailed,
    /// The review's objective for goodput: a first token within this many seconds…
    SloTtft,
    /// …and the whole answer within this many.
    SloE2e,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// The parameter this row describes.
    pub param: Param,
    /// URL query key, also the stem of the control's `data-testid`.
    pub key: &'static str,
    pub label: &'static str,
    /// Unit as printed beside a number ("tok/s").
    pub unit: &'static str,
    /// Unit as a screen reader should say it ("tokens per second").
    pub unit_words: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    pub scale: Scale,
    /// Decimal places a value keeps (0 for token counts).
    pub decimals: i32,
}

/// Units of parameters that count whole things.
const WHOLE_UNITS: [&str; 7] =
    ["tokens", "passages", "chips", "layers", "heads", "values", "sequences"];

/// Sliders have this many positions.
pub const SLIDER_STEPS: f64 = 1000.0;

/// One row per parameter, in the order of [`Param`]'s variants.
const SPECS: [ParamSpec; Param::COUNT] = [
    ParamSpec {
        param: Param::Prompt,
        key: "prompt",
        label: "Prompt length",
        unit: "tokens",
        unit_words: "tokens",
        min: 10.0,
        max: 1_000_000.0,
        default: 16_000.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Output,
        key: "output",
        label: "Answer length",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 300.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Prefill,
        key: "prefill",
        label: "Prefill rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 100.0,
        max: 200_000.0,
        default: 8_000.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Decode,
        key: "decode",
        label: "Decode rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 1.0,
        max: 2_000.0,
        default: 60.0,
        scale: Scale::Log,
        decimals: 1,
    },
    ParamSpec {
        param: Param::Wait,
        key: "wait",
        label: "Server queue",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 60.0,
        default: 0.0,
        scale: Scale::Linear,
        decimals: 2,
    },
    ParamSpec {
        param: Param::Reading,
        key: "reading",
        label: "Reading speed",
        unit: "words/min",
        unit_words: "words per minute",
        min: 60.0,
        max: 1_000.0,
        default: 240.0,
        scale: Scale::Linear,
        decimals: 0,
    },
    ParamSpec {
        param: Param::AttentionKnee,
        key: "knee",
        label: "Attention knee",
        unit: "tokens",
        unit_words: "tokens",
        min: 1_000.0,
        max: 10_000_000.0,
        default: DEFAULT_ATTENTION_KNEE_TOKENS,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::KvKnee,
        key: "kv_knee",
        label: "KV-cache knee",
        unit: "tokens",
        unit_words: "tokens",
        min: 1_000.0,
        max: 10_000_000.0,
        default: DEFAULT_KV_KNEE_TOKENS,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Cached,
        key: "cached",
        label: "Cached prefix",
        unit: "tokens",
        unit_words: "tokens",
        min: 0.0,
        max: 1_000_000.0,
        default: 0.0,
        scale: Scale::Linear,
        decimals: 0,
    },
    // Two deployments: the lesson's A (quick to start, slow to write) and B (the reverse).
    ParamSpec {
        param: Param::ATtft,
        key: "a_ttft",
        label: "A: time to first token",
        unit: "s",
        unit_words: "seconds",
        min: 0.01,
        max: 60.0,
        default: 0.2,
        scale: Scale::Log,
        decimals: 3,
    },
    ParamSpec {
        param: Param::ARate,
        key: "a_rate",
        label: "A: decode rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 1.0,
        max: 2_000.0,
        default: 30.0,
        scale: Scale::Log,
        decimals: 1,
    },
    ParamSpec {
        param: Param::BTtft,
        key: "b_ttft",
        label: "B: time to first token",
        unit: "s",
        unit_words: "seconds",
        min: 0.01,
        max: 60.0,
        default: 0.9,
        scale: Scale::Log,
        decimals: 3,
    },
    ParamSpec {
        param: Param::BRate,
        key: "b_rate",
        label: "B: decode rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 1.0,
        max: 2_000.0,
        default: 110.0,
        scale: Scale::Log,
        decimals: 1,
    },
    ParamSpec {
        param: Param::RaceAnswer,
        key: "answer",
        label: "Answer length in the race",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 600.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::APeak,
        key: "a_peak",
        label: "A: decode rate at peak load",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 1.0,
        max: 2_000.0,
        default: 30.0,
        scale: Scale::Log,
        decimals: 1,
    },
    ParamSpec {
        param: Param::BPeak,
        key: "b_peak",
        label: "B: decode rate at peak load",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 1.0,
        max: 2_000.0,
        default: 45.0,
        scale: Scale::Log,
        decimals: 1,
    },
    ParamSpec {
        param: Param::ALength,
        key: "a_len",
        label: "A: its own median answer",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 180.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::BLength,
        key: "b_len",
        label: "B: its own median answer",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 600.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Median,
        key: "median",
        label: "Median answer length",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 40.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::P90,
        key: "p90",
        label: "90th-percentile answer length",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 1_000_000.0,
        default: 900.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Threshold,
        key: "threshold",
        label: "Router threshold",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 29.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::RouteError,
        key: "route_error",
        label: "Length prediction error (typical factor)",
        unit: "×",
        unit_words: "times",
        min: 1.0,
        max: 20.0,
        default: 1.0,
        scale: Scale::Log,
        decimals: 2,
    },
    ParamSpec {
        param: Param::Patience,
        key: "patience",
        label: "Patience before giving up",
        unit: "s",
        unit_words: "seconds",
        min: 0.5,
        max: 600.0,
        default: 15.0,
        scale: Scale::Log,
        decimals: 1,
    },
    // TTFT built from a prompt: base + passages × tokens per passage, read at each deployment's
    // prefill rate, plus its overhead. A bake-off sends both deployments the same prompt, the
    // lesson's 8,000 tokens: at 12,000 tok/s and 0.23 s of overhead B's first token comes after
    // about 0.9 s; A's faster prefill and shorter overhead make the same prompt's 0.2 s.
    ParamSpec {
        param: Param::BaseTokens,
        key: "base",
        label: "Base prompt",
        unit: "tokens",
        unit_words: "tokens",
        min: 0.0,
        max: 1_000_000.0,
        default: 200.0,
        scale: Scale::Linear,
        decimals: 0,
    },
    ParamSpec {
        param: Param::Passages,
        key: "passages",
        label: "Retrieved passages",
        unit: "passages",
        unit_words: "passages",
        min: 0.0,
        max: 100.0,
        default: 12.0,
        scale: Scale::Linear,
        decimals: 0,
    },
    ParamSpec {
        param: Param::PassageTokens,
        key: "passage_tokens",
        label: "Tokens per passage",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 650.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::APrefill,
        key: "a_prefill",
        label: "A: prefill rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 100.0,
        max: 200_000.0,
        default: 64_000.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::AOverhead,
        key: "a_overhead",
        label: "A: wait before prefill",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 60.0,
        default: 0.075,
        scale: Scale::Linear,
        decimals: 3,
    },
    ParamSpec {
        param: Param::BPrefill,
        key: "b_prefill",
        label: "B: prefill rate",
        unit: "tok/s",
        unit_words: "tokens per second",
        min: 100.0,
        max: 200_000.0,
        default: 12_000.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::BOverhead,
        key: "b_overhead",
        label: "B: wait before prefill",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 60.0,
        default: 0.23,
        scale: Scale::Linear,
        decimals: 3,
    },
    // The network and the client's own overhead: before the server even sees the request.
    ParamSpec {
        param: Param::Network,
        key: "network",
        label: "Network and client",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 10.0,
        default: 0.0,
        scale: Scale::Linear,
        decimals: 2,
    },
    // Time to first token at the busiest hour, beside the decode rates at peak. The defaults equal
    // the idle ones: the lesson's peak-load race slows only decode.
    ParamSpec {
        param: Param::APeakTtft,
        key: "a_peak_ttft",
        label: "A: time to first token at peak load",
        unit: "s",
        unit_words: "seconds",
        min: 0.01,
        max: 60.0,
        default: 0.2,
        scale: Scale::Log,
        decimals: 3,
    },
    ParamSpec {
        param: Param::BPeakTtft,
        key: "b_peak_ttft",
        label: "B: time to first token at peak load",
        unit: "s",
        unit_words: "seconds",
        min: 0.01,
        max: 60.0,
        default: 0.9,
        scale: Scale::Log,
        decimals: 3,
    },
    // The lesson gives the bot's typical answer (600 tokens) but not how widely its answers
    // spread; twice the median is an assumption the page states beside every use of it.
    ParamSpec {
        param: Param::BotP90,
        key: "bot_p90",
        label: "90th percentile of the bot's answers (assumed)",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 1_000_000.0,
        default: 1_200.0,
        scale: Scale::Log,
        decimals: 0,
    },
    // The chip beneath the rates. Bounds and defaults are the hardware model's own ranges.
    hardware(
        Param::ChipTflops,
        "chip_tflops",
        "Custom chip: dense arithmetic",
        ("TFLOP/s", "teraFLOP per second"),
        CustomChip::DENSE_TFLOP_PER_SEC,
        Scale::Log,
        1,
    ),
    hardware(
        Param::ChipBandwidth,
        "chip_bw",
        "Custom chip: memory bandwidth",
        ("GB/s", "gigabytes per second"),
        CustomChip::BANDWIDTH_GB_PER_SEC,
        Scale::Log,
        0,
    ),
    hardware(
        Param::ChipMemory,
        "chip_mem",
        "Custom chip: memory",
        ("GB", "gigabytes"),
        CustomChip::MEMORY_GB,
        Scale::Log,
        0,
    ),
    hardware(
        Param::Chips,
        "chips",
        "Chips per request",
        ("chips", "chips"),
        Serving::CHIPS,
        Scale::Log,
        0,
    ),
    hardware(
        Param::HwParams,
        "hw_params",
        "Custom model: parameters",
        ("billion", "billion parameters"),
        CustomLlm::PARAMS_BILLIONS,
        Scale::Log,
        2,
    ),
    hardware(
        Param::HwLayers,
        "hw_layers",
        "Custom model: layers",
        ("layers", "layers"),
        CustomLlm::LAYERS,
        Scale::Log,
        0,
    ),
    hardware(
        Param::HwKvHeads,
        "hw_kv_heads",
        "Custom model: KV heads",
        ("heads", "heads"),
        CustomLlm::KV_HEADS,
        Scale::Log,
        0,
    ),
    hardware(
        Param::HwHeadDim,
        "hw_head_dim",
        "Custom model: head width",
        ("values", "values"),
        CustomLlm::HEAD_DIM,
        Scale::Log,
        0,
    ),
    hardware(
        Param::Batch,
        "batch",
        "Sequences decoded together",
        ("sequences", "sequences"),
        Serving::BATCH,
        Scale::Log,
        0,
    ),
    hardware(
        Param::Context,
        "context",
        "Context per sequence",
        ("tokens", "tokens"),
        Serving::CONTEXT_TOKENS,
        Scale::Linear,
        0,
    ),
    hardware(
        Param::Mfu,
        "mfu",
        "Prefill's share of peak arithmetic (MFU)",
        ("of peak", "of peak"),
        Serving::MFU,
        Scale::Linear,
        2,
    ),
    hardware(
        Param::Mbu,
        "mbu",
        "Decode's share of peak bandwidth (MBU)",
        ("of peak", "of peak"),
        Serving::MBU,
        Scale::Linear,
        2,
    ),
    ParamSpec {
        param: Param::ClockNetwork,
        key: "clock_network",
        label: "Network, in the clocks' request",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 10.0,
        default: 0.15,
        scale: Scale::Linear,
        decimals: 2,
    },
    ParamSpec {
        param: Param::ClockQueue,
        key: "clock_queue",
        label: "Server queue, in the clocks' request",
        unit: "s",
        unit_words: "seconds",
        min: 0.0,
        max: 60.0,
        default: 0.5,
        scale: Scale::Linear,
        decimals: 2,
    },
    ParamSpec {
        param: Param::RunsMedian,
        key: "runs_median",
        label: "Median answer of the runs (observed)",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 100_000.0,
        default: 150.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::RunsP90,
        key: "runs_p90",
        label: "90th-percentile answer of the runs (observed)",
        unit: "tokens",
        unit_words: "tokens",
        min: 1.0,
        max: 1_000_000.0,
        default: 300.0,
        scale: Scale::Log,
        decimals: 0,
    },
    ParamSpec {
        param: Param::AFailed,
        key: "a_fail",
        label: "A: requests that failed",
        unit: "%",
        unit_words: "percent of requests",
        min: 0.0,
        max: MOST_FAILED_SHARE * 100.0,
        default: 0.0,
        scale: Scale::Linear,
        decimals: 1,
    },
    ParamSpec {
        param: Param::BFailed,
        key: "b_fail",
        label: "B: requests that failed",
        unit: "%",
        unit_words: "percent of requests",
        min: 0.0,
        max: MOST_FAILED_SHARE * 100.0,
        default: 0.0,
        scale: Scale::Linear,
        decimals: 1,
    },
    // The review's objective. The defaults are two of the response-time limits the lesson
    // teaches: a first token within a second keeps the reader's flow of thought unbroken, and
    // a whole answer within ten keeps their attention on the task.
    ParamSpec {
        param: Param::SloTtft,
        key: "slo_ttft",
        label: "Limit on the first token",
        unit: "s",
        unit_words: "seconds",
        min: 0.01,
        max: 60.0,
        default: 1.0,
        scale: Scale::Log,
        decimals: 2,
    },
    ParamSpec {
        param: Param::SloE2e,
        key: "slo_e2e",
        label: "Limit on the whole answer",
        unit: "s",
        unit_words: "seconds",
        min: 0.1,
        max: 600.0,
        default: 10.0,
        scale: Scale::Log,
        decimals: 1,
    },
];

/// A row of the hardware section, its bounds and default taken from the hardware model's range.
const fn hardware(
    param: Param,
    key: &'static str,
    label: &'static str,
    (unit, unit_words): (&'static str, &'static str),
    range: InputRange,
    scale: Scale,
    decimals: i32,
) -> ParamSpec {
    ParamSpec {
        param,
        key,
        label,
        unit,
        unit_words,
        min: range.min,
        max: range.max,
        default: range.default,
        scale,
        decimals,
    }
}

// `Param::spec` finds a row by the variant's position, so both lists must follow the variants'
// order; checked while compiling.
const _: () = {
    let (mut params, mut rows): (&[Param], &[ParamSpec]) = (&Param::ALL, &SPECS);
    let mut index = 0;
    while let ([param, later_params @ ..], [row, later_rows @ ..]) = (params, rows) {
        assert!(*param as usize == index, "Param::ALL must list the variants in their order");
        assert!(row.param as usize == index, "SPECS must list the variants in their order");
        (params, rows, index) = (later_params, later_rows, index + 1);
    }
};

impl Param {
    pub const COUNT: usize = 54;
    pub const ALL: [Param; Param::COUNT] = [
        Param::Prompt,
        Param::Output,
        Param::Prefill,
        Param::Decode,
        Param::Wait,
        Param::Reading,
        Param::AttentionKnee,
        Param::KvKnee,
        Param::Cached,
        Param::ATtft,
        Param::ARate,
        Param::BTtft,
        Param::BRate,
        Param::RaceAnswer,
        Param::APeak,
        Param::BPeak,
        Param::ALength,
        Param::BLength,
        Param::Median,
        Param::P90,
        Param::Threshold,
        Param::RouteError,
        Param::Patience,
        Param::BaseTokens,
        Param::Passages,
        Param::PassageTokens,
        Param::APrefill,
        Param::AOverhead,
        Param::BPrefill,
        Param::BOverhead,
        Param::Network,
        Param::APeakTtft,
        Param::BPeakTtft,
        Param::BotP90,
        Param::ChipTflops,
        Param::ChipBandwidth,
        Param::ChipMemory,
        Param::Chips,
        Param::HwParams,
        Param::HwLayers,
        Param::HwKvHeads,
        Param::HwHeadDim,
        Param::Batch,
        Param::Context,
        Param::Mfu,
        Param::Mbu,
        Param::ClockNetwork,
        Param::ClockQueue,
        Param::RunsMedian,
        Param::RunsP90,
        Param::AFailed,
        Param::BFailed,
        Param::SloTtft,
        Param::SloE2e,
    ];

    /// The review's objective for goodput: a first token and a whole answer within these.
    pub const LIMITS: [Param; 2] = [Param::SloTtft, Param::SloE2e];

    /// The share of each deployment's requests that failed.
    pub const FAILURES: [Param; 2] = [Param::AFailed, Param::BFailed];

    /// The two deployments as typed in from measurements.
    pub const DEPLOYMENTS: [Param; 5] =
        [Param::ATtft, Param::ARate, Param::BTtft, Param::BRate, Param::RaceAnswer];
    pub const PEAK: [Param; 4] = [Param::APeakTtft, Param::APeak, Param::BPeakTtft, Param::BPeak];
    pub const VERBOSITY: [Param; 2] = [Param::ALength, Param::BLength];
    /// The one prompt both deployments are sent in the bake-off.
    pub const BAKEOFF_PROMPT: [Param; 3] =
        [Param::BaseTokens, Param::Passages, Param::PassageTokens];

    /// The inputs of one request, shown in the main panel.
    pub const REQUEST: [Param; 7] = [
        Param::Prompt,
        Param::Output,
        Param::Prefill,
        Param::Decode,
        Param::Network,
        Param::Wait,
        Param::Reading,
    ];

    /// The deeper model's extra inputs.
    pub const DEEP: [Param; 3] = [Param::AttentionKnee, Param::KvKnee, Param::Cached];

    /// The custom chip's figures, and the custom model's.
    pub const CUSTOM_CHIP: [Param; 3] =
        [Param::ChipTflops, Param::ChipBandwidth, Param::ChipMemory];
    pub const CUSTOM_LLM: [Param; 4] =
        [Param::HwParams, Param::HwLayers, Param::HwKvHeads, Param::HwHeadDim];
    /// The clocks' own request: what happens before the server schedules it.
    pub const CLOCKS: [Param; 2] = [Param::ClockNetwork, Param::ClockQueue];
    /// What the streaming figure's reader controls: how fast they read, how fast text comes.
    pub const STREAMING: [Param; 2] = [Param::Reading, Param::Decode];
    /// How the model is served on the chips: the roofline figure's own controls.
    pub const SERVING: [Param; 5] =
        [Param::Chips, Param::Batch, Param::Context, Param::Mfu, Param::Mbu];

    /// Position in [`Param::ALL`], used to index the state's value array.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn spec(self) -> &'static ParamSpec {
        // Every variant has its row at its own position (checked while compiling, above), so the
        // first row never stands in; it only keeps the lookup free of indexing.
        SPECS.get(self.index()).unwrap_or(&SPECS[0])
    }

    pub fn from_key(key: &str) -> Option<Param> {
        Param::ALL.into_iter().find(|p| p.spec().key == key)
    }
}

impl ParamSpec {
    /// Whether the parameter counts whole things (tokens, passages, chips), so that a value
    /// between two counts means nothing and is rounded to one.
    pub fn is_whole(&self) -> bool {
        WHOLE_UNITS.contains(&self.unit)
    }

    /// The nearest accepted value: within bounds, a whole number for a count; NaN becomes the
    /// default. A measured or computed value (a run's decode rate, a chip's prefill rate) keeps
    /// every digit: the control shows it at its `decimals`, but whatever is computed from it
    /// uses the value itself, so a number handed between features is the same number in both.
    pub fn clamp(&self, value: f64) -> f64 {
        // A bound set by another input (see `State::spec_of`) can exclude the default, so the
        // fallback is held within the bounds too.
        let value = if value.is_nan() { self.default } else { value };
        let bounded = value.clamp(self.min, self.max);
        let kept = if self.is_whole() { round_half_away(bounded, 0) } else { bounded };
        // Adding zero turns -0 into 0, so no reader ever sees "-0".
        kept.clamp(self.min, self.max) + 0.0
    }

    /// The value as a link writes it: a count as a whole number, anything else with the
    /// shortest decimals that read back as the same value, so that opening the link computes
    /// exactly what the page that wrote it did.
    pub fn link_text(&self, value: f64) -> String {
        let value = self.clamp(value);
        if self.is_whole() {
            crate::format::trimmed(value, 0).replace(',', "")
        } else {
            // Rust writes a double's shortest round-trip decimals, never in exponent form.
            format!("{value}")
        }
    }

    /// Slider position (0 ..= SLIDER_STEPS) showing `value`.
    pub fn to_position(&self, value: f64) -> f64 {
        let v = self.clamp(value);
        let fraction = match self.scale {
            Scale::Linear => (v - self.min) / (self.max - self.min),
            Scale::Log => (v.ln() - self.min.ln()) / (self.max.ln() - self.min.ln()),
        };
        (fraction * SLIDER_STEPS).round().clamp(0.0, SLIDER_STEPS)
    }

    fn value_at_fraction(&self, fraction: f64) -> f64 {
        let fraction = if fraction.is_finite() { fraction.clamp(0.0, 1.0) } else { 0.0 };
        match self.scale {
            Scale::Linear => self.min + fraction * (self.max - self.min),
            Scale::Log => (self.min.ln() + fraction * (self.max.ln() - self.min.ln())).exp(),
        }
    }

    /// The value a slider position stands for: the roundest number among those the position
    /// covers, so the slider lands on 300 tokens rather than 298.5.
    pub fn from_position(&self, position: f64) -> f64 {
        let position = if position.is_finite() { position.clamp(0.0, SLIDER_STEPS) } else { 0.0 };
        if position <= 0.0 {
            return self.min;
        }
        if position >= SLIDER_STEPS {
            return self.max;
        }
        let lo = self.value_at_fraction((position - 0.5) / SLIDER_STEPS);
        let hi = self.value_at_fraction((position + 0.5) / SLIDER_STEPS);
        let centre = self.value_at_fraction(position / SLIDER_STEPS);
        let roundest = (1..=6)
            .map(|figures| significant_figures(centre, figures))
            .find(|v| (lo..hi).contains(v))
            .unwrap_or(centre);
        // A slider lands on values at the control's precision.
        self.clamp(round_half_away(roundest, self.decimals))
    }

    /// The next value for a keyboard step from `value`: one slider position (or, with `big`,
    /// a tenth of the travel) up or down, skipping positions that round to the same value so
    /// every key press visibly moves.
    pub fn step(&self, value: f64, up: bool, big: bool) -> f64 {
        let current = self.clamp(value);
        let stride = if big { SLIDER_STEPS / 10.0 } else { 1.0 };
        let direction = if up { 1.0 } else { -1.0 };
        let mut position = self.to_position(current);
        loop {
            position = (position + direction * stride).clamp(0.0, SLIDER_STEPS);
            let next = self.from_position(position);
            let moved = if up { next > current } else { next < current };
            if moved || position <= 0.0 || position >= SLIDER_STEPS {
                return if moved { next } else { current };
            }
        }
    }

    /// Where a key press on a slider moves `value`, as the WAI-ARIA slider pattern has it: the
    /// arrows a step, Page Up and Page Down a tenth of the travel, Home and End to the bounds;
    /// `None` for any other key.
    pub fn after_key(&self, key: &str, value: f64) -> Option<f64> {
        match key {
            "ArrowRight" | "ArrowUp" => Some(self.step(value, true, false)),
            "ArrowLeft" | "ArrowDown" => Some(self.step(value, false, false)),
            "PageUp" => Some(self.step(value, true, true)),
            "PageDown" => Some(self.step(value, false, true)),
            "Home" => Some(self.min),
            "End" => Some(self.max),
            _ => None,
        }
    }

    /// What a screen reader announces for a value: "16,000 tokens", "60 tokens per second".
    pub fn value_text(&self, value: f64) -> String {
        format!(
            "{} {}",
            crate::format::trimmed(value, self.decimals.max(0) as usize),
            self.unit_words
        )
    }
}

fn significant_figures(x: f64, figures: i32) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let magnitude = x.log10().floor() as i32;
    round_half_away(x, figures - 1 - magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_inside_its_bounds() {
        for (i, p) in Param::ALL.into_iter().enumerate() {
            assert_eq!(p.index(), i);
            let s = p.spec();
            assert_eq!(s.param, p, "{}", s.key);
            assert!(s.min < s.max, "{}", s.key);
            assert!(s.min <= s.default && s.default <= s.max, "{}", s.key);
            assert_eq!(Param::from_key(s.key), Some(p));
        }
    }

    #[test]
    fn slider_round_trip_lands_near_defaults() {
        let (prompt, output, wait) =
            (Param::Prompt.spec(), Param::Output.spec(), Param::Wait.spec());
        assert_eq!(prompt.from_position(prompt.to_position(16_000.0)), 16_000.0);
        assert_eq!(output.from_position(output.to_position(300.0)), 300.0);
        assert_eq!(prompt.from_position(0.0), prompt.min);
        assert_eq!(prompt.from_position(SLIDER_STEPS), prompt.max);
        assert_eq!(wait.from_position(0.0), 0.0);
    }

    #[test]
    fn slider_values_never_decrease() {
        for p in Param::ALL {
            let s = p.spec();
            let mut last = s.from_position(0.0);
            for pos in 1..=SLIDER_STEPS as i32 {
                let v = s.from_position(pos as f64);
                assert!(v >= last, "{} not monotone at {pos}", s.key);
                last = v;
            }
            // Whole-token parameters at the bottom of a log range share values between
            // neighbouring positions (1 to 10 tokens spans 200 of them); `step` skips those, as
            // the next test checks.
        }
    }

    #[test]
    fn every_key_press_moves_until_a_bound() {
        for p in Param::ALL {
            let s = p.spec();
            for big in [false, true] {
                let (mut v, mut presses) = (s.min, 0);
                while v < s.max {
                    let next = s.step(v, true, big);
                    assert!(next > v, "{} stuck at {v}", s.key);
                    v = next;
                    presses += 1;
                }
                // Rounding to whole positions can add a press to the ten big strides.
                assert!(presses <= if big { 12 } else { 1000 }, "{}: {presses}", s.key);
                assert_eq!(s.step(s.max, true, big), s.max);
                while v > s.min {
                    let next = s.step(v, false, big);
                    assert!(next < v, "{} stuck at {v}", s.key);
                    v = next;
                }
                assert_eq!(s.step(s.min, false, big), s.min);
            }
        }
    }

    #[test]
    fn value_text_reads_units() {
        assert_eq!(Param::Prompt.spec().value_text(16_000.0), "16,000 tokens");
        assert_eq!(Param::Decode.spec().value_text(60.0), "60 tokens per second");
        assert_eq!(Param::Wait.spec().value_text(0.25), "0.25 seconds");
    }
}
