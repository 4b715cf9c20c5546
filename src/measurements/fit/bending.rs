//! Whether TTFT bends away from the straight line at long prompts.
//!
//! Attention's cost grows with the square of the prompt, so at long prompts the lower envelope
//! of TTFT curves upward. The check fits the floor to the shorter 90% of prompts only, extends
//! it over the longest tenth, and measures how far that tenth's own floor (its lower-quantile
//! excess over the extended line) sits above it. Queueing cannot fake this: it lifts single
//! requests, not the lower envelope of a whole decile.

use super::quantile::{self, Line};
use crate::measurements::stats;

/// Fewest requests in the longest tenth for the check to mean anything.
pub const MIN_TOP_RECORDS: usize = 8;
/// The longest tenth's floor must sit this far above the extended line, as a fraction of the
/// line's value there, to be called a bend.
pub const BEND_FRACTION: f64 = 0.10;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bending {
    /// Whether the floor at the longest prompts is clearly above the straight line.
    pub bends: bool,
    /// Where the longest tenth of prompts starts.
    pub from_prompt_tokens: f64,
    /// Requests in that tenth.
    pub records: usize,
    /// The floor fitted to the shorter 90%, which is extended over the longest tenth.
    pub line: Line,
    /// The extended line's TTFT at the tenth's median prompt.
    pub line_secs: f64,
    /// How far the tenth's own floor sits above the extended line (may be negative).
    pub excess_secs: f64,
    /// `excess_secs / line_secs`.
    pub excess_fraction: f64,
}

/// The check over points `(prompt, ttft)`, with `tau` the floor's quantile.
pub fn check(prompt: &[f64], ttft: &[f64], tau: f64) -> Option<Bending> {
    let mut sorted: Vec<f64> = prompt.to_vec();
    sorted.sort_unstable_by(f64::total_cmp);
    let cut = stats::percentile_sorted(&sorted, 90.0)?;
    let (mut short_x, mut short_y, mut long_x, mut long_y) = (vec![], vec![], vec![], vec![]);
    for (&x, &y) in prompt.iter().zip(ttft) {
        if x > cut || (x >= cut && cut <= 0.0) {
            long_x.push(x);
            long_y.push(y);
        } else {
            short_x.push(x);
            short_y.push(y);
        }
    }
    if long_x.len() < MIN_TOP_RECORDS || short_x.len() < MIN_TOP_RECORDS {
        return None;
    }
    let line = quantile::quantile_line(&short_x, &short_y, tau)?;
    let mut excess: Vec<f64> = long_x.iter().zip(&long_y).map(|(&x, &y)| y - line.at(x)).collect();
    let excess_secs = stats::check_quantile(&mut excess, tau)?;
    let median_long = stats::median(&long_x)?;
    let line_secs = line.at(median_long);
    if line_secs <= 0.0 || line.slope <= 0.0 {
        return None;
    }
    let excess_fraction = excess_secs / line_secs;
    Some(Bending {
        bends: excess_fraction > BEND_FRACTION,
        from_prompt_tokens: long_x.iter().copied().fold(f64::INFINITY, f64::min),
        records: long_x.len(),
        line,
        line_secs,
        excess_secs,
        excess_fraction,
    })
}
