//! p50/p90/p95/p99 of TTFT, time per output token and end-to-end time, over the requests that
//! succeeded, computed the way the tools compute them so the figures can be compared with the
//! tool's own report.

use crate::measurements::record::{Format, Record};
use crate::measurements::stats;

/// The four percentiles the page shows, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantiles {
    pub p50: f64,
    pub p90: f64,
    pub p95: f64,
    pub p99: f64,
    /// How many requests they are over.
    pub count: usize,
}

impl Quantiles {
    pub fn of(values: &[f64]) -> Option<Quantiles> {
        let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        sorted.sort_unstable_by(f64::total_cmp);
        let at = |p| stats::percentile_sorted(&sorted, p);
        Some(Quantiles {
            p50: at(50.0)?,
            p90: at(90.0)?,
            p95: at(95.0)?,
            p99: at(99.0)?,
            count: sorted.len(),
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Percentiles {
    pub ttft_secs: Option<Quantiles>,
    pub tpot_secs: Option<Quantiles>,
    pub e2e_secs: Option<Quantiles>,
    /// What "time per output token" means here, and how the tool's own figure relates to it.
    pub tpot_definition: String,
    /// How a percentile is taken between two requests.
    pub method: &'static str,
}

pub const METHOD: &str = "linear interpolation between the nearest requests (numpy's default, \
                          which vLLM and SGLang use)";

pub fn of(records: &[Record], format: Format) -> Percentiles {
    let ok = || records.iter().filter(|r| !r.is_failed());
    let ttfts: Vec<f64> = ok().filter_map(|r| r.ttft_secs).collect();
    let e2es: Vec<f64> = ok().filter_map(|r| r.e2e_secs).collect();
    let tpots: Vec<f64> = ok()
        .filter(|r| r.output_tokens >= 2.0)
        .filter_map(|r| Some((r.e2e_secs? - r.ttft_secs?) / (r.output_tokens - 1.0)))
        .filter(|t| *t >= 0.0)
        .collect();
    Percentiles {
        ttft_secs: Quantiles::of(&ttfts),
        tpot_secs: Quantiles::of(&tpots),
        e2e_secs: Quantiles::of(&e2es),
        tpot_definition: tpot_definition(format),
        method: METHOD,
    }
}

fn tpot_definition(format: Format) -> String {
    let base = "(end-to-end − TTFT) / (output tokens − 1) per request, over requests with at \
                least two output tokens";
    let tool = match format {
        Format::Vllm | Format::Sglang => "; this is vLLM's and SGLang's own TPOT",
        Format::Aiperf => "; this is AIPerf's inter_token_latency",
        Format::GenaiPerf => "; this is GenAI-Perf's inter_token_latency, with chunks as tokens",
        Format::Llmperf => {
            "; LLMPerf's own inter_token_latency_s reads higher: it folds the wait for the first \
             token in, coming to about end-to-end ÷ output tokens"
        }
        Format::Guidellm => {
            "; GuideLLM's inter_token_latency_ms is the same measure ending at the last token \
             (its time_per_output_token_ms counts the first token too)"
        }
        Format::LlmLoadTest => {
            "; llm-load-test's own TPOT divides by all output tokens and its start differs by \
             version"
        }
        Format::Csv | Format::Json => "",
        Format::Live => "; this page times it from the first answer text to the last",
    };
    format!("{base}{tool}.")
}
