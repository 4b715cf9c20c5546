//! A deployment taken from a run: the run's time to first token at the chosen percentile, at
//! its own median prompt, and its fitted decode rate, with the bootstrap's resampled versions of
//! both for the uncertainty of anything built on them.
//!
//! The resamples follow [`bootstrap`]: a fixed number of them, each of at most
//! [`bootstrap::MAX_RESAMPLE`] requests, and for larger runs each resample's numbers are pulled
//! towards the full run's by `√(m/n)`, so the work is bounded whatever the file's size.

use super::percentile::TtftPercentile;
use super::sample::{NoDeployment, Sample};
use crate::measurements::fit::{bootstrap, Estimate, Fit};
use crate::measurements::load::Load;
use crate::measurements::Run;
use crate::model::deployments::Deployment;

/// One side of a bake-off, as read from a run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunDeployment {
    /// The run's name, which becomes the deployment's label.
    pub label: String,
    pub percentile: TtftPercentile,
    /// Whether the run streamed; if not, the first token is the end-to-end plane's value at no
    /// answer at all, and no first token was measured.
    pub streamed: bool,
    /// Requests the fit used.
    pub used: usize,
    /// The prompt length the first token is taken at.
    pub median_prompt_tokens: f64,
    pub median_answer_tokens: f64,
    pub p90_answer_tokens: f64,
    pub load: Load,
    /// The first token at the percentile, with its 95% interval.
    pub ttft_secs: Estimate,
    /// The fit's decode rate and interval, as the run's readouts show them.
    pub decode_tokens_per_sec: Estimate,
    pub deployment: Deployment,
    /// The same two numbers from each bootstrap resample of the run's requests.
    pub resamples: Vec<Deployment>,
}

impl RunDeployment {
    /// The deployment `run` stands for at `percentile`, given its `fit`.
    pub fn from_run(
        run: &Run,
        fit: &Fit,
        percentile: TtftPercentile,
    ) -> Result<RunDeployment, NoDeployment> {
        let sample = Sample::from_fit(fit)?;
        let decode = fit.decode_tokens_per_sec.ok_or(NoDeployment::NoDecodeRate)?;
        let n = sample.len();
        let all: Vec<usize> = (0..n).collect();
        let percent = percentile.percent();
        let point = sample.line(&all, percent, false).ok_or(NoDeployment::NoDecodeRate)?;
        let (boot, narrow) = bootstrap::resample::<2>(n, sample.seed(), |idx| {
            sample.line(idx, percent, true).map(|l| [l.ttft_secs, l.secs_per_token])
        });
        let toward = |value: f64, estimate: f64| estimate + (value - estimate) * narrow;
        let resamples = boot
            .iter()
            .map(|[ttft, per_token]| {
                let ttft = toward(*ttft, point.ttft_secs);
                let per_token = toward(*per_token, point.secs_per_token);
                Deployment::new(ttft, 1.0 / per_token)
            })
            .collect();
        Ok(RunDeployment {
            label: run.label.clone(),
            percentile,
            streamed: sample.streamed(),
            used: n,
            median_prompt_tokens: sample.median_prompt_tokens(),
            median_answer_tokens: sample.median_output_tokens(),
            p90_answer_tokens: sample.output_tokens_at(90.0),
            load: run.load,
            ttft_secs: Estimate {
                value: point.ttft_secs,
                ci95: bootstrap::interval(&boot, 0, point.ttft_secs, narrow),
            },
            decode_tokens_per_sec: decode,
            deployment: Deployment::new(point.ttft_secs, decode.value),
            resamples,
        })
    }

    /// Completion time of an answer of `answer_tokens`, with its 95% interval over the resamples.
    pub fn completion_secs(&self, answer_tokens: f64) -> Estimate {
        let value = self.deployment.completion_secs(answer_tokens);
        let column: Vec<[f64; 1]> =
            self.resamples.iter().map(|d| [d.completion_secs(answer_tokens)]).collect();
        // The resamples are already narrowed, so no further narrowing here.
        Estimate { value, ci95: bootstrap::interval(&column, 0, value, 1.0) }
    }
}
