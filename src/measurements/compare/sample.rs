//! A run's used requests in the shape the comparison resamples, and the two numbers of a
//! completion line computed from any subset of them.
//!
//! The first token is taken at the run's own median prompt. A streamed run's TTFTs spread
//! partly because prompts differ in length; when the fit found a prefill rate, each request's
//! TTFT is first moved along the floor's slope to the median prompt (its excess over the floor
//! kept), so the percentile measures waiting at one prompt length rather than the spread of
//! lengths. With prompts too alike for a rate, the TTFTs are taken as measured. A run that did
//! not stream has no first token: its completion line is the end-to-end plane at the median
//! prompt, and each request's excess over the plane plays the same part.

use crate::measurements::fit::bootstrap::SplitMix64;
use crate::measurements::fit::{self, decode, joint, Fit, Line, Plane, FLOOR_TAU};
use crate::measurements::stats;

/// A completion line `T(n) = ttft_secs + n · secs_per_token`, before it becomes a deployment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineSecs {
    pub ttft_secs: f64,
    pub secs_per_token: f64,
}

/// Why a run cannot stand for a deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDeployment {
    /// Fewer than two requests could be used.
    TooFewRequests { used: usize },
    /// The fit gave no decode rate (no long enough answers, or without TTFT, answers too alike
    /// in length to separate decode from the rest).
    NoDecodeRate,
}

#[derive(Clone, Copy, Debug)]
enum Model {
    /// `floor` is the TTFT floor when the fit read a prefill rate from it; `None` keeps TTFTs
    /// as measured.
    Streamed { floor: Option<Line> },
    /// The end-to-end plane of a run that did not stream, and which lengths it was fitted to.
    Joint { plane: Plane, shape: joint::Spread },
}

/// The used requests of one run.
#[derive(Clone, Debug)]
pub(crate) struct Sample {
    prompt: Vec<f64>,
    output: Vec<f64>,
    /// TTFT for a streamed run, end-to-end time for one that did not stream.
    time: Vec<f64>,
    /// End-to-end time, where measured.
    e2e: Vec<Option<f64>>,
    /// Time per token after the first, for the requests long enough to count towards decode.
    per_token: Vec<Option<f64>>,
    /// The whole run's median prompt, at which every line's first token is read.
    median_prompt: f64,
    model: Model,
}

impl Sample {
    /// The requests `fit` used, with what it found about them.
    pub(crate) fn from_fit(fit: &Fit) -> Result<Sample, NoDeployment> {
        if fit.counts.used < 2 || fit.residuals.len() < 2 {
            return Err(NoDeployment::TooFewRequests { used: fit.counts.used });
        }
        if fit.decode_tokens_per_sec.is_none() {
            return Err(NoDeployment::NoDecodeRate);
        }
        let prompt: Vec<f64> = fit.residuals.iter().map(|r| r.prompt_tokens).collect();
        let output: Vec<f64> = fit.residuals.iter().map(|r| r.output_tokens).collect();
        let (model, time) = match (fit.streamed, fit.joint) {
            (true, _) => {
                let floor = fit.floor.filter(|_| fit.prefill_tokens_per_sec.is_some());
                let ttft = fit.residuals.iter().map(|r| r.ttft_secs.unwrap_or(0.0)).collect();
                (Model::Streamed { floor }, ttft)
            }
            (false, Some(plane)) => {
                let shape = joint::Spread {
                    prompt: fit::spread(&prompt).0,
                    output: fit::spread(&output).0,
                };
                let e2e = fit.residuals.iter().map(|r| r.e2e_secs.unwrap_or(0.0)).collect();
                (Model::Joint { plane, shape }, e2e)
            }
            (false, None) => return Err(NoDeployment::NoDecodeRate),
        };
        let per_token = fit
            .residuals
            .iter()
            .map(|r| {
                if !fit.streamed || r.output_tokens < decode::MIN_DECODE_TOKENS {
                    return None;
                }
                decode::secs_per_token(r.ttft_secs?, r.e2e_secs?, r.output_tokens)
            })
            .collect();
        let e2e = fit.residuals.iter().map(|r| r.e2e_secs).collect();
        let median_prompt = stats::median(&prompt).unwrap_or(0.0);
        Ok(Sample { prompt, output, time, e2e, per_token, median_prompt, model })
    }

    pub(crate) fn len(&self) -> usize {
        self.time.len()
    }

    pub(crate) fn streamed(&self) -> bool {
        matches!(self.model, Model::Streamed { .. })
    }

    pub(crate) fn median_prompt_tokens(&self) -> f64 {
        self.median_prompt
    }

    pub(crate) fn median_output_tokens(&self) -> f64 {
        stats::median(&self.output).unwrap_or(0.0)
    }

    /// The answer length below which `percent` of the used requests' answers fall.
    pub(crate) fn output_tokens_at(&self, percent: f64) -> f64 {
        stats::percentile(&self.output, percent).unwrap_or(0.0)
    }

    /// Each used request with an end-to-end time as (answer tokens, completion seconds), in
    /// the file's order.
    pub(crate) fn completions(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.output.iter().zip(&self.e2e).filter_map(|(&o, &e)| Some((o, e?)))
    }

    /// A seed drawn from the requests themselves: the same run gives the same resamples
    /// whichever side it is put on, so swapping A and B only mirrors the answer.
    pub(crate) fn seed(&self) -> u64 {
        let mut h: u64 = 0x00C0_FFEE_0005;
        let values = self.prompt.iter().chain(&self.output).chain(&self.time);
        for v in values {
            h = SplitMix64::new(h ^ v.to_bits()).next_u64();
        }
        h
    }

    /// The completion line from the requests at `idx` (indices may repeat), at `percent` of
    /// the TTFT. With `refit`, a run that did not stream has its plane fitted again to those
    /// requests (for a bootstrap resample); without, the full fit's is used (the point
    /// estimate). A streamed run's floor slope is always the full fit's: it only moves each
    /// request to the median prompt, both ways around it, so its own uncertainty hardly moves
    /// a percentile, and refitting it to every resample would cost as much as the fit's own
    /// bootstrap.
    pub(crate) fn line(&self, idx: &[usize], percent: f64, refit: bool) -> Option<LineSecs> {
        let pick = |v: &[f64]| idx.iter().filter_map(|&i| v.get(i).copied()).collect::<Vec<_>>();
        let (prompt, time) = (pick(&self.prompt), pick(&self.time));
        // Every resample is read at the whole run's median prompt: the first token at one fixed
        // length is the quantity estimated. A resample's own median would move with the draw,
        // and a run measured at a few lengths (the workbench's live measurement: 64, 256 and
        // 1,024 tokens) would then report the first token at 64 tokens in one resample and at
        // 1,024 in another, an interval of the design rather than of the measurement.
        let median_prompt = self.median_prompt;
        let (mut shifted, secs_per_token): (Vec<f64>, f64) = match self.model {
            Model::Streamed { floor } => {
                let slope = floor.map_or(0.0, |f| f.slope);
                let shifted =
                    prompt.iter().zip(&time).map(|(p, t)| t - slope * (p - median_prompt));
                let mut per_token: Vec<f64> =
                    idx.iter().filter_map(|&i| self.per_token.get(i).copied().flatten()).collect();
                (shifted.collect(), select_percentile(&mut per_token, 50.0)?)
            }
            Model::Joint { plane, shape } => {
                let output = pick(&self.output);
                let plane = if refit {
                    joint::quantile_plane_from(&prompt, &output, &time, FLOOR_TAU, shape, plane)?
                } else {
                    plane
                };
                let shifted = prompt.iter().zip(&output).zip(&time).map(|((p, o), t)| {
                    t - plane.secs_per_prompt_token * (p - median_prompt)
                        - plane.secs_per_output_token * o
                });
                (shifted.collect(), plane.secs_per_output_token)
            }
        };
        let ttft_secs = select_percentile(&mut shifted, percent)?.max(0.0);
        (ttft_secs.is_finite() && secs_per_token.is_finite() && secs_per_token > 0.0)
            .then_some(LineSecs { ttft_secs, secs_per_token })
    }
}

/// [`stats::percentile`] (numpy's linear interpolation) by selection rather than a full sort:
/// the resamples take several percentiles each, and this keeps each one linear in the count.
/// Reorders `values`; NaN is not expected (every value here is a finite time or length).
fn select_percentile(values: &mut [f64], percent: f64) -> Option<f64> {
    let last = values.len().checked_sub(1)?;
    let rank = (percent.clamp(0.0, 100.0) / 100.0) * last as f64;
    let below = rank.floor() as usize;
    let (_, lo, above) = values.select_nth_unstable_by(below, f64::total_cmp);
    let lo = *lo;
    let hi = if rank > below as f64 {
        above.iter().copied().min_by(f64::total_cmp).unwrap_or(lo)
    } else {
        lo
    };
    Some(lo + (hi - lo) * (rank - below as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_gives_the_same_percentiles_as_sorting() {
        let values: Vec<f64> = (0..37).map(|i| ((i * 7919) % 101) as f64 * 0.37).collect();
        for p in [0.0, 2.5, 10.0, 50.0, 90.0, 97.5, 99.0, 100.0] {
            let expected = stats::percentile(&values, p);
            assert_eq!(select_percentile(&mut values.clone(), p), expected, "p{p}");
        }
        assert_eq!(select_percentile(&mut [], 50.0), None);
        assert_eq!(select_percentile(&mut [3.0], 99.0), Some(3.0));
    }
}
