//! The comparison table's numbers: for each run, what it rests on (requests, load, streaming)
//! and what it gives (first-token percentiles, decode rate, time to finish the workload's
//! typical and long answers).

use super::deployment::RunDeployment;
use super::percentile::TtftPercentile;
use crate::measurements::fit::{Estimate, Fit};
use crate::measurements::load::Load;

/// The answer lengths the table finishes: the workload's median and 90th percentile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Workload {
    pub median_answer_tokens: f64,
    pub p90_answer_tokens: f64,
}

/// One run's column.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub label: String,
    /// Requests in the run, and those the fit used.
    pub records: usize,
    pub used: usize,
    pub streamed: bool,
    /// p50, p90 and p99 of TTFT over the run's successful requests, as the tools compute them
    /// (the run's own percentile readouts); `None` for a run that did not stream, whose TTFT is
    /// not a first-token time.
    pub ttft_secs: Option<[f64; 3]>,
    /// The first token the deployment uses: at `percentile`, at the run's median prompt.
    pub percentile: TtftPercentile,
    pub median_prompt_tokens: f64,
    pub first_token_secs: Estimate,
    pub decode_tokens_per_sec: Estimate,
    pub completion_at_median_secs: Estimate,
    pub completion_at_p90_secs: Estimate,
    pub load: Load,
}

/// Both columns, and the lengths they finish.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub workload: Workload,
    pub a: Column,
    pub b: Column,
}

/// The column of the run `side` was taken from, with that run's `fit`.
pub fn column(fit: &Fit, side: &RunDeployment, workload: Workload) -> Column {
    let ttft_secs =
        fit.percentiles.ttft_secs.filter(|_| fit.streamed).map(|q| [q.p50, q.p90, q.p99]);
    Column {
        label: side.label.clone(),
        records: fit.counts.records,
        used: side.used,
        streamed: side.streamed,
        ttft_secs,
        percentile: side.percentile,
        median_prompt_tokens: side.median_prompt_tokens,
        first_token_secs: side.ttft_secs,
        decode_tokens_per_sec: side.decode_tokens_per_sec,
        completion_at_median_secs: side.completion_secs(workload.median_answer_tokens),
        completion_at_p90_secs: side.completion_secs(workload.p90_answer_tokens),
        load: side.load,
    }
}

/// The table for A and B.
pub fn table(a: (&Fit, &RunDeployment), b: (&Fit, &RunDeployment), workload: Workload) -> Table {
    Table { workload, a: column(a.0, a.1, workload), b: column(b.0, b.1, workload) }
}
