//! Figure 5's table: each deployment's finish at the lesson's lengths and the reader's.

use super::*;
use crate::model::deployments::{Winner, MOST_TOKENS};

/// Answer lengths of the lesson's two-deployment table.
pub const LESSON_LENGTHS: [f64; 5] = [20.0, 30.0, 100.0, 600.0, 2_000.0];

/// One answer length: both completion times, the reading time and who finishes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    pub answer_tokens: f64,
    pub a_secs: f64,
    pub b_secs: f64,
    /// How long a person takes to read that many tokens.
    pub reading_secs: f64,
    pub winner: Winner,
}

pub fn row(inputs: &CompletionInputs, answer_tokens: f64) -> Row {
    let race = inputs.comparison().race_at(answer_tokens);
    let n = if answer_tokens.is_nan() { 0.0 } else { answer_tokens.clamp(0.0, MOST_TOKENS) };
    Row {
        answer_tokens,
        a_secs: race.a_secs,
        b_secs: race.b_secs,
        reading_secs: n / inputs.reading.tokens_per_sec(),
        winner: race.winner,
    }
}

/// The lesson's table for the current deployments.
pub fn lesson_table(inputs: &CompletionInputs) -> Vec<Row> {
    LESSON_LENGTHS.iter().map(|&n| row(inputs, n)).collect()
}

/// The figure's data table: the lesson's lengths, the current length and the crossover, in
/// order of length, each once.
pub fn rows(inputs: &CompletionInputs) -> Vec<Row> {
    let mut lengths: Vec<f64> = LESSON_LENGTHS.to_vec();
    lengths.push(inputs.answer());
    if let Some(n) = inputs.comparison().crossover().tokens() {
        lengths.push(n);
    }
    if let Some(n) = inputs.peak.and_then(|c| c.crossover().tokens()) {
        lengths.push(n);
    }
    lengths.sort_unstable_by(f64::total_cmp);
    lengths.dedup();
    lengths.into_iter().map(|n| row(inputs, n)).collect()
}
