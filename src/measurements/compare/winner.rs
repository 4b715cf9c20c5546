//! Who finishes an answer of a given length first, by how much, and whether the runs are sure.

use super::crossover::CrossoverEstimate;
use crate::model::deployments::{Race, Speedup, Winner, MOST_TOKENS};

/// The race at one answer length between two runs' deployments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinnerAt {
    pub answer_tokens: f64,
    /// Both completion times and the winner, from the point estimates.
    pub race: Race,
    /// How many times sooner the winner finishes.
    pub speedup: Speedup,
    /// Whether the length lies among the plausible crossovers, so that either side could
    /// finish first there; `None` when the runs gave too few resamples to say.
    pub straddled: Option<bool>,
    /// The share of resampled pairs in which the same side finishes first (a tie counts as
    /// agreeing only with a tie); `None` without resamples.
    pub agreeing_share: Option<f64>,
}

impl WinnerAt {
    /// The winner's margin in seconds.
    pub fn margin_secs(&self) -> f64 {
        self.race.gap_secs()
    }

    /// Whether the winner is settled at 95%: the length is outside every plausible crossover.
    pub fn is_certain(&self) -> bool {
        self.straddled == Some(false) && self.race.winner != Winner::Tie
    }
}

/// The race at `answer_tokens` (NaN counts as none, negative as zero).
pub fn winner_at(estimate: &CrossoverEstimate, answer_tokens: f64) -> WinnerAt {
    let answer_tokens =
        if answer_tokens.is_nan() { 0.0 } else { answer_tokens.clamp(0.0, MOST_TOKENS) };
    let race = estimate.comparison.race_at(answer_tokens);
    let agreeing =
        estimate.resampled.iter().filter(|c| c.winner_at(answer_tokens) == race.winner).count();
    let total = estimate.resampled.len();
    WinnerAt {
        answer_tokens,
        race,
        speedup: estimate.comparison.finish_speedup(answer_tokens),
        straddled: estimate.range.straddles(answer_tokens),
        agreeing_share: (total > 0).then(|| agreeing as f64 / total as f64),
    }
}
