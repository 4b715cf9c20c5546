//! What makes a pair of runs an unfair race, found from the runs themselves: prompts of very
//! different lengths, different loads, a first token that one side never measured, and a
//! percentile resting on a handful of requests.

use super::deployment::RunDeployment;
use super::percentile::TtftPercentile;
use crate::measurements::load::Load;
use crate::model::deployments::Which;

/// Median prompts further apart than this factor are not the same workload.
pub const PROMPT_RATIO: f64 = 2.0;

/// One thing that differs between the runs, or weakens what they say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Finding {
    /// The median prompts differ by more than [`PROMPT_RATIO`]: each first token is taken at its
    /// own run's median prompt, so part of the gap is prompt length, not the deployment.
    Prompts { a_median_tokens: f64, b_median_tokens: f64 },
    /// Both files state a load and they differ (see [`Load::differs_from`]).
    Load { a: Load, b: Load },
    /// At least one run did not stream: its first token is inferred from end-to-end times.
    NotStreamed { a: bool, b: bool },
    /// Fewer than [`super::percentile::TAIL_REQUESTS`] of a run's requests lie above the chosen percentile.
    ThinTail { which: Which, used: usize, percentile: TtftPercentile },
}

impl Finding {
    /// The stable identifier (`data-finding` on the page).
    pub fn id(&self) -> &'static str {
        match self {
            Finding::Prompts { .. } => "prompts",
            Finding::Load { .. } => "load",
            Finding::NotStreamed { .. } => "not-streamed",
            Finding::ThinTail { .. } => "thin-tail",
        }
    }

    /// Whether the runs differ in how they were measured (rather than one being thin).
    pub fn is_mismatch(&self) -> bool {
        match self {
            Finding::Prompts { .. } | Finding::Load { .. } => true,
            Finding::NotStreamed { a, b } => a != b,
            Finding::ThinTail { .. } => false,
        }
    }
}

/// Every finding about A and B, mismatches first, in a fixed order.
pub fn findings(a: &RunDeployment, b: &RunDeployment) -> Vec<Finding> {
    let mut found = Vec::new();
    let (pa, pb) = (a.median_prompt_tokens, b.median_prompt_tokens);
    if pa.max(pb) > PROMPT_RATIO * pa.min(pb) {
        found.push(Finding::Prompts { a_median_tokens: pa, b_median_tokens: pb });
    }
    if a.load.differs_from(&b.load) {
        found.push(Finding::Load { a: a.load, b: b.load });
    }
    if !a.streamed || !b.streamed {
        found.push(Finding::NotStreamed { a: !a.streamed, b: !b.streamed });
    }
    for (which, side) in [(Which::A, a), (Which::B, b)] {
        if side.used < side.percentile.requests_needed() {
            found.push(Finding::ThinTail { which, used: side.used, percentile: side.percentile });
        }
    }
    found
}
