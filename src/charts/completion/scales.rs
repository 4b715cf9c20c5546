//! Figure 5's scales: the lengths across, from the answers and the crossover, and the time up.

use super::*;
use crate::charts::plane::Scale;
use crate::model::deployments::{Comparison, Consumer, Crossover, Which, MOST_TOKENS};

/// The axis widens for a crossover up to this length and no further: past it no real answer
/// lives, and stretching the axis would squeeze every plausible length into a corner.
pub(super) const WIDEST_CROSSOVER_SHOWN: f64 = 1e6;

/// The horizontal extent: the lesson's range, widened to show the current length and a
/// plausible crossover with some room either side.
pub(super) fn x_range(inputs: &CompletionInputs) -> (f64, f64) {
    let (mut lo, mut hi) = (1.0_f64, 10_000.0_f64);
    let answer = inputs.answer();
    let crossover =
        inputs.comparison().crossover().tokens().filter(|n| *n <= WIDEST_CROSSOVER_SHOWN);
    let at_peak =
        inputs.peak.and_then(|c| c.crossover().tokens()).filter(|n| *n <= WIDEST_CROSSOVER_SHOWN);
    for x in [Some(answer).filter(|n| *n > 0.0), crossover, at_peak].into_iter().flatten() {
        lo = lo.min(x / 2.0);
        hi = hi.max(x * 2.0);
    }
    (lo.max(1e-3), hi.min(MOST_TOKENS * 2.0))
}

/// The figure's scales, both log: answer lengths across ([`x_range`]), and time up from just
/// under the quickest of both finishes and the reading time to twice the slowest; with both
/// deployments and the reader sampled along the length axis.
pub(super) struct Scales {
    pub(super) x_lo: f64,
    pub(super) x_hi: f64,
    pub(super) y_lo: f64,
    pub(super) y_hi: f64,
    pub(super) samples: Vec<Row>,
    /// Whether the time to read is drawn (for a person, not a program).
    pub(super) reader: bool,
    /// The busiest hour's lines, when they are drawn.
    pub(super) peak: Option<PeakTimes>,
}

/// The busiest hour's pair, and at each sampled length the length and both times to finish.
pub(super) struct PeakTimes {
    pub(super) comparison: Comparison,
    pub(super) times: Vec<(f64, f64, f64)>,
}

impl Scales {
    pub(super) fn of(inputs: &CompletionInputs) -> Scales {
        let (x_lo, x_hi) = x_range(inputs);
        let samples: Vec<Row> =
            (0..=120).map(|i| row(inputs, x_lo * (x_hi / x_lo).powf(i as f64 / 120.0))).collect();
        let reader = inputs.consumer == Consumer::Reader;
        let peak = inputs.peak.map(|comparison| {
            let times = samples.iter().map(|r| {
                let race = comparison.race_at(r.answer_tokens);
                (r.answer_tokens, race.a_secs, race.b_secs)
            });
            PeakTimes { comparison, times: times.collect() }
        });
        let peak_times = peak.iter().flat_map(|p| p.times.iter().flat_map(|&(_, a, b)| [a, b]));
        let reading = |r: &Row| if reader { r.reading_secs } else { r.a_secs };
        // Every value is positive (lengths start above zero), so the log axis can hold them all.
        let smallest = samples
            .iter()
            .map(|r| r.a_secs.min(r.b_secs).min(reading(r)))
            .chain(peak_times.clone())
            .fold(f64::INFINITY, f64::min);
        let largest = samples
            .iter()
            .map(|r| r.a_secs.max(r.b_secs).max(reading(r)))
            .chain(peak_times)
            .fold(0.0, f64::max);
        let y_hi = if largest.is_finite() && largest > 0.0 { largest * 2.0 } else { 1e3 };
        // At most twelve decades: a reader racing at absurd speeds would otherwise stretch the
        // axis over hundreds of decades (and plotters would lay out a grid line for each).
        // Whatever falls below is drawn along the floor.
        let y_lo = if smallest.is_finite() && smallest > 0.0 {
            (smallest * 0.7).max(y_hi * 1e-12)
        } else {
            y_hi * 1e-4
        };
        let y_lo = y_lo.min(y_hi / 10.0);
        Scales { x_lo, x_hi, y_lo, y_hi, samples, reader, peak }
    }

    pub(super) fn plane(&self) -> (Scale, Scale) {
        (Scale::Log(self.x_lo, self.x_hi), Scale::Log(self.y_lo, self.y_hi))
    }

    /// A time held to the axis, so what falls outside is drawn along its edge.
    pub(super) fn fit(&self, secs: f64) -> f64 {
        secs.clamp(self.y_lo, self.y_hi)
    }

    /// A deployment's time to finish along the length axis.
    pub(super) fn finish_line(&self, which: Which) -> Vec<(f64, f64)> {
        let secs = |r: &Row| if which == Which::A { r.a_secs } else { r.b_secs };
        self.samples.iter().map(|r| (r.answer_tokens, self.fit(secs(r)))).collect()
    }

    /// The time to read n tokens at the reader's pace, along the length axis (none for a
    /// program).
    pub(super) fn reading_line(&self) -> Vec<(f64, f64)> {
        if !self.reader {
            return Vec::new();
        }
        self.samples.iter().map(|r| (r.answer_tokens, self.fit(r.reading_secs))).collect()
    }

    /// A deployment's time to finish at the busiest hour, when it is drawn.
    pub(super) fn peak_line(&self, which: Which) -> Vec<(f64, f64)> {
        let Some(peak) = &self.peak else { return Vec::new() };
        let secs = |&(_, a, b): &(f64, f64, f64)| if which == Which::A { a } else { b };
        peak.times.iter().map(|t| (t.0, self.fit(secs(t)))).collect()
    }

    /// Where the busiest hour's lines cross, when that is on the axis.
    pub(super) fn peak_crossover(&self) -> Option<(f64, f64)> {
        let c = self.peak.as_ref()?.comparison;
        let n = c.crossover().tokens().filter(|n| (self.x_lo..=self.x_hi).contains(n))?;
        Some((n, self.fit(c.a.completion_secs(n))))
    }

    /// The top of the spread's ticks: a twentieth of the time axis above its floor.
    pub(super) fn tick_top(&self) -> f64 {
        self.y_lo * (self.y_hi / self.y_lo).powf(0.05)
    }

    /// The crossover's length, when it falls on the axis.
    pub(super) fn on_axis(&self, crossover: Crossover) -> Option<f64> {
        match crossover {
            Crossover::At { tokens, .. } if (self.x_lo..=self.x_hi).contains(&tokens) => {
                Some(tokens)
            }
            _ => None,
        }
    }
}
