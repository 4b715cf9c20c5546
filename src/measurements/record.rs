//! What a result file becomes: runs of per-request records, or a refusal saying why not.

use super::file_text;
use std::fmt;

use super::load::Load;
use super::meta::RunMeta;

/// The tool (or generic layout) a file was recognised as, from its structure alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Vllm,
    Sglang,
    Aiperf,
    GenaiPerf,
    Llmperf,
    Guidellm,
    LlmLoadTest,
    Csv,
    Json,
    /// The page's own measurement of two live servers (`live::file`).
    Live,
}

impl Format {
    pub const ALL: [Format; 10] = [
        Format::Vllm,
        Format::Sglang,
        Format::Aiperf,
        Format::GenaiPerf,
        Format::Llmperf,
        Format::Guidellm,
        Format::LlmLoadTest,
        Format::Csv,
        Format::Json,
        Format::Live,
    ];

    /// The stable identifier the page exposes (`data-value` of `import-format`).
    pub fn id(self) -> &'static str {
        match self {
            Format::Vllm => "vllm",
            Format::Sglang => "sglang",
            Format::Aiperf => "aiperf",
            Format::GenaiPerf => "genai-perf",
            Format::Llmperf => "llmperf",
            Format::Guidellm => "guidellm",
            Format::LlmLoadTest => "llm-load-test",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Live => "crossover-live",
        }
    }

    /// The name a reader knows the tool by.
    pub fn name(self) -> &'static str {
        match self {
            Format::Vllm => "vLLM",
            Format::Sglang => "SGLang",
            Format::Aiperf => "AIPerf",
            Format::GenaiPerf => "GenAI-Perf",
            Format::Llmperf => "LLMPerf",
            Format::Guidellm => "GuideLLM",
            Format::LlmLoadTest => "llm-load-test",
            Format::Csv => "CSV table",
            Format::Json => "JSON records",
            Format::Live => "Crossover live measurement",
        }
    }
}

/// One request as the benchmark measured it, in tokens and seconds.
///
/// Token counts are always finite and non-negative (zero where the file gives none, as on most
/// failed requests). Times are `None` where the file has no usable value: absent, null, NaN,
/// infinite or negative.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub prompt_tokens: f64,
    pub output_tokens: f64,
    /// From the moment the client sent the request to the first generated content.
    pub ttft_secs: Option<f64>,
    /// From the moment the client sent the request to the end of the answer.
    pub e2e_secs: Option<f64>,
    /// Why the tool counted the request as failed, in the tool's words; `None` if it succeeded.
    pub failure: Option<String>,
}

impl Record {
    /// A successful record; times outside `[0, ∞)` become `None`.
    pub fn new(
        prompt_tokens: f64,
        output_tokens: f64,
        ttft: Option<f64>,
        e2e: Option<f64>,
    ) -> Self {
        Record {
            prompt_tokens: tokens(prompt_tokens),
            output_tokens: tokens(output_tokens),
            ttft_secs: secs(ttft),
            e2e_secs: secs(e2e),
            failure: None,
        }
    }

    /// The same record marked failed for `why`, which usually quotes the file and is kept
    /// cleaned and capped ([`file_text::cleaned`]).
    pub fn failed(mut self, why: impl AsRef<str>) -> Self {
        let why = file_text::cleaned(why.as_ref());
        self.failure = Some(if why.is_empty() { "failed".to_string() } else { why });
        self
    }

    pub fn is_failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Whether any fit could use this record: it succeeded, wrote at least two tokens and has a
    /// positive time to fit.
    pub fn is_usable(&self) -> bool {
        !self.is_failed()
            && self.output_tokens >= 2.0
            && (self.ttft_secs.is_some_and(|t| t > 0.0) || self.e2e_secs.is_some_and(|t| t > 0.0))
    }
}

fn tokens(n: f64) -> f64 {
    if n.is_finite() && n > 0.0 {
        n.min(1e12)
    } else {
        0.0
    }
}

fn secs(t: Option<f64>) -> Option<f64> {
    t.filter(|t| t.is_finite() && *t >= 0.0 && *t < 1e9)
}

/// One benchmark run: one load level of one tool against one deployment.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub format: Format,
    /// Tool, model and load level where the file says them, for choosing between runs.
    pub label: String,
    pub records: Vec<Record>,
    /// What the reader noticed and decided (units found, token counts estimated, quirks).
    pub notes: Vec<String>,
    /// Comparisons of the records against the file's own summary, where it has one.
    pub checks: Vec<SummaryCheck>,
    /// The concurrency or request rate the run was driven at, where the file says.
    pub load: Load,
    /// The model, engine, date and hardware, where the file says.
    pub meta: RunMeta,
    /// A live measurement's round trip to its server (a small request), part of every first
    /// token and of the fitted fixed time: shown beside that time, never taken out.
    pub round_trip_secs: Option<f64>,
}

impl Run {
    pub fn new(format: Format, label: impl Into<String>) -> Self {
        Run {
            format,
            label: label.into(),
            records: Vec::new(),
            notes: Vec::new(),
            checks: Vec::new(),
            load: Load::default(),
            meta: RunMeta::default(),
            round_trip_secs: None,
        }
    }

    pub fn failed_count(&self) -> usize {
        self.records.iter().filter(|r| r.is_failed()).count()
    }

    pub fn usable_count(&self) -> usize {
        self.records.iter().filter(|r| r.is_usable()).count()
    }
}

/// A statistic the file states about itself next to the same statistic computed from its
/// records: agreement shows the units were read right.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryCheck {
    /// The summary key, e.g. `mean_ttft_ms`.
    pub key: String,
    /// The value the file states, in the key's own unit.
    pub stated: f64,
    /// The same statistic from the records, converted to that unit.
    pub computed: f64,
}

impl SummaryCheck {
    /// Agreement within 1%, or within 1e-9 for values near zero.
    pub fn agrees(&self) -> bool {
        (self.stated - self.computed).abs() <= 0.01 * self.stated.abs().max(1e-7)
    }
}

/// Why a file gives nothing to fit, with what was found and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is neither JSON nor a table; `line`/`column` say where reading stopped.
    Unparseable { line: usize, column: usize, detail: String },
    /// The file holds only aggregate statistics; `advice` says how to get per-request ones.
    SummaryOnly { tool: Format, runs: usize, advice: String },
    /// The structure is readable but matches no known tool and no generic table.
    UnknownLayout { found: String },
    /// A time column or metric whose unit the file does not state and the reader cannot tell.
    UnknownUnits { field: String, advice: String },
    /// Records were found but none can be fitted.
    NoUsableRecords { tool: Format, found: String },
    /// The page already holds as many runs as it keeps while open ([`super::MAX_RUNS_PER_VISIT`]).
    TooManyRuns { held: usize },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Empty => write!(f, "The file is empty: there is nothing to read."),
            Refusal::Unparseable { line, column, detail } => write!(
                f,
                "This file could not be read as JSON, JSON Lines or CSV: {detail} at line \
                 {line}, column {column}. Check that the whole file was saved (a benchmark \
                 stopped mid-write leaves a cut-off file) and load it again."
            ),
            Refusal::SummaryOnly { tool, runs, advice } => {
                let what = if *runs == 1 {
                    "one run's summary statistics".to_string()
                } else {
                    format!("the summary statistics of {runs} runs")
                };
                write!(
                    f,
                    "This {} file holds only {what} and no per-request records, so there is \
                     nothing to fit a line to. {advice}",
                    tool.name()
                )
            }
            Refusal::UnknownLayout { found } => write!(
                f,
                "This file's layout matches no benchmark tool the page knows: {found}. For \
                 your own data, use a CSV or JSON table with one row per request and columns \
                 for prompt tokens, output tokens, TTFT and end-to-end time, each time column \
                 named with its unit (for example ttft_ms, e2e_s)."
            ),
            Refusal::UnknownUnits { field, advice } => {
                write!(f, "The unit of '{field}' cannot be told from the file. {advice}")
            }
            Refusal::NoUsableRecords { tool, found } => write!(
                f,
                "This {} file has no request that can be fitted: {found}. A usable request \
                 succeeded, wrote at least two tokens and has a positive time.",
                tool.name()
            ),
            Refusal::TooManyRuns { held } => write!(
                f,
                "The page already holds {} runs, as many as it keeps while it is open, so this \
                 file was not read. Reload the page to let them go, then load the file again.",
                crate::format::with_separators(*held as f64, 0)
            ),
        }
    }
}

impl std::error::Error for Refusal {}
