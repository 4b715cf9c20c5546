//! Figure 5's words: its summary's sentences and the labels that name a crossover off the axis.

use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Crossover, Deployment};

/// The label for a crossover that is not on the axis: where it is (`at`), or why there is none.
pub fn crossover_elsewhere_text(crossover: Crossover, at: impl Fn(f64) -> &'static str) -> String {
    match crossover {
        Crossover::At { tokens, .. } => {
            format!("crossover at {} ({})", crossover_tokens_text(tokens), at(tokens))
        }
        Crossover::Never { faster } => format!("no crossover: {} is never slower", faster.label()),
        Crossover::Identical => "no crossover: A and B are identical".to_string(),
    }
}

/// Where two completion lines meet, in a sentence.
pub(super) fn lines_meet(crossover: Crossover) -> String {
    match crossover {
        Crossover::At { tokens, below, above } => format!(
            "The lines cross at {}: shorter answers finish first on {}, longer ones on {}.",
            crossover_tokens_text(tokens),
            below.label(),
            above.label()
        ),
        Crossover::Never { faster } => format!(
            "The lines never cross: {} is never the slower of the two, so it finishes first at every length.",
            faster.label()
        ),
        Crossover::Identical => {
            "The two deployments are the same, so every answer finishes at the same moment on both."
                .to_string()
        }
    }
}

pub(super) fn describe(d: &Deployment) -> String {
    format!(
        "first token after {}, then {}",
        format::duration(d.ttft()),
        format::rate(1.0 / d.secs_per_token())
    )
}
