//! Fitting the lesson's straight lines to one run's records.
//!
//! A streamed run gives each request's TTFT and end-to-end time. The decode rate comes from the
//! time per token after the first; the TTFT floor `overhead + prompt / prefill_rate` from the
//! lower envelope of TTFT against prompt length (quantile regression at τ = 0.1), so requests
//! that queued do not drag it up; every request's excess over that floor is its queueing
//! estimate. A run that did not stream has only end-to-end times, and prefill and decode are
//! fitted together from them ([`joint`]).
//!
//! TTFT here is the client's: from sending the request to the first token, so the overhead
//! holds network time and any queue in front of the server as well as fixed cost.

pub mod attention;
pub mod bending;
pub mod bootstrap;
pub mod decode;
pub mod joint;
pub mod percentiles;
pub mod quantile;

pub use bending::Bending;
pub use joint::Plane;
pub use percentiles::{Percentiles, Quantiles};
pub use quantile::Line;

use super::record::{Record, Run};
use super::stats;
use crate::format;

/// The floor's quantile: the line runs under 90% of the requests.
pub const FLOOR_TAU: f64 = 0.1;
/// The median line drawn beside the floor.
pub const MEDIAN_TAU: f64 = 0.5;
/// Prompt (or output) lengths whose interquartile range is under this fraction of their median
/// are too alike to fit a rate against.
pub const FLAT_SPREAD: f64 = 0.2;
/// A request whose TTFT is at least this share of its end-to-end time did not stream.
pub const NOT_STREAMED_SHARE: f64 = 0.98;

/// A fitted value with its 95% bootstrap interval (`None` when the interval is unbounded or
/// too unstable to state, e.g. a rate whose slope's interval reaches zero).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub ci95: Option<(f64, f64)>,
}

/// How many records the fit used, and why the others were left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub records: usize,
    pub used: usize,
    /// The tool counted the request as failed.
    pub failed: usize,
    /// TTFT missing or zero (streamed runs only: the floor is fitted to TTFT).
    pub no_ttft: usize,
    /// End-to-end time missing or zero (runs that did not stream: they are fitted to it).
    pub no_e2e: usize,
    /// Fewer than two output tokens: no time per token can be formed.
    pub too_few_output_tokens: usize,
}

impl Counts {
    pub fn dropped(&self) -> usize {
        self.failed + self.no_ttft + self.no_e2e + self.too_few_output_tokens
    }
}

/// When prompt lengths barely vary: the TTFT at that length instead of a prefill rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatPrompts {
    pub median_prompt_tokens: f64,
    pub iqr_prompt_tokens: f64,
    /// The floor (10th percentile) of TTFT at that length.
    pub floor_ttft_secs: Estimate,
    pub median_ttft_secs: f64,
}

/// The run's own crossing: where prefill and decode cost the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// Prompt tokens per output token at which the phases cost the same (prefill / decode rate).
    pub ratio: f64,
    pub median_output_tokens: f64,
    /// The prompt length at which reading it costs as long as writing the median answer.
    pub prompt_tokens: f64,
}

/// One used request against the fitted model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Residual {
    /// Index into the run's records.
    pub record: usize,
    pub prompt_tokens: f64,
    pub output_tokens: f64,
    pub ttft_secs: Option<f64>,
    pub e2e_secs: Option<f64>,
    /// The model's value for this request: the TTFT floor, or for a run that did not stream,
    /// the end-to-end plane.
    pub floor_secs: f64,
    /// Measured minus floor (negative for the requests under the floor).
    pub excess_secs: f64,
    /// The excess read as time spent queueing: never below zero.
    pub queue_secs: f64,
}

/// Everything the page shows about one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Whether the run streamed (TTFT measured); if not, [`Fit::joint`] holds the model.
    pub streamed: bool,
    pub counts: Counts,
    /// The fixed time before the first token: the floor's intercept, or the plane's.
    pub overhead_secs: Option<Estimate>,
    pub prefill_tokens_per_sec: Option<Estimate>,
    pub decode_tokens_per_sec: Option<Estimate>,
    /// Requests the decode rate is the median over (≥ 16 output tokens).
    pub decode_records: usize,
    /// The TTFT floor (τ = 0.1); flat when prompt lengths barely vary.
    pub floor: Option<Line>,
    /// The median line (τ = 0.5), for drawing beside the floor.
    pub median_line: Option<Line>,
    pub flat_prompts: Option<FlatPrompts>,
    /// The end-to-end plane of a run that did not stream.
    pub joint: Option<Plane>,
    /// The lesson's `wait`: the overhead less the one decode step the lesson counts in TTFT.
    pub wait_secs: Option<f64>,
    pub percentiles: Percentiles,
    pub bending: Option<Bending>,
    pub crossing: Option<Crossing>,
    pub residuals: Vec<Residual>,
    /// Plain sentences on what was fitted, what was not, and why.
    pub notes: Vec<String>,
}

const UNBOUNDED_PREFILL: &str = "The prefill rate's 95% interval has no upper end: the time \
    barely rises with prompt length in this run, so the rate (and the crossing built on it) is \
    only a rough guess; a run with a wider spread of prompt lengths would pin it down.";

/// Seeds for the bootstrap, one per statistic, so each is reproducible on its own.
const SEED_FLOOR: u64 = 0x00C0_FFEE_0001;
const SEED_DECODE: u64 = 0x00C0_FFEE_0002;
const SEED_FLAT: u64 = 0x00C0_FFEE_0003;
const SEED_JOINT: u64 = 0x00C0_FFEE_0004;

/// A stage of a fit, told as it starts so a long fit can show how far it has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The percentiles of TTFT, time per token and end-to-end time (sorting every request).
    Percentiles,
    /// Choosing the requests the fit uses.
    Selecting,
    /// The decode rate and its interval (streamed runs).
    DecodeRate,
    /// The TTFT floor and median lines, or a run that did not stream, its end-to-end plane.
    Floor,
    /// The floor's (or plane's) 95% interval, by bootstrap.
    Interval,
    /// Whether the floor bends up at the longest prompts.
    Bending,
    /// Each request against the fitted floor.
    Residuals,
    /// The fit is complete.
    Done,
}

impl Stage {
    pub const ALL: [Stage; 8] = [
        Stage::Percentiles,
        Stage::Selecting,
        Stage::DecodeRate,
        Stage::Floor,
        Stage::Interval,
        Stage::Bending,
        Stage::Residuals,
        Stage::Done,
    ];

    /// The share of a large streamed fit's time spent before this stage starts (0 to 1), for a
    /// progress bar: measured on 100,000 requests (worker/benches/import_speed.rs prints it). A run
    /// skips the stages it has no use for, so its bar may jump, but never goes back.
    pub fn share_done(self) -> f64 {
        match self {
            Stage::Percentiles => 0.0,
            Stage::Selecting => 0.09,
            Stage::DecodeRate => 0.11,
            Stage::Floor => 0.24,
            Stage::Interval => 0.55,
            Stage::Bending => 0.83,
            Stage::Residuals => 0.95,
            Stage::Done => 1.0,
        }
    }
}

/// Fits one run. Never fails: what cannot be fitted is `None` and said in the notes.
pub fn fit(run: &Run) -> Fit {
    fit_with_progress(run, &mut |_| {})
}

/// [`fit`], telling `progress` each [`Stage`] as it starts, in the order of [`Stage::ALL`]
/// (stages a run has no use for are skipped), and [`Stage::Done`] last.
pub fn fit_with_progress(run: &Run, progress: &mut dyn FnMut(Stage)) -> Fit {
    let mut fit = fit_stages(run, progress);
    fit.notes.push(super::advice::ttft_clock(run.format));
    if fit.flat_prompts.is_some() {
        fit.notes.push(super::advice::sweep_advice(run.format).to_string());
    }
    progress(Stage::Done);
    fit.notes.shrink_to_fit();
    fit
}

fn fit_stages(run: &Run, progress: &mut dyn FnMut(Stage)) -> Fit {
    progress(Stage::Percentiles);
    let streamed = did_stream(&run.records);
    let mut fit = Fit {
        streamed,
        counts: Counts { records: run.records.len(), ..Counts::default() },
        overhead_secs: None,
        prefill_tokens_per_sec: None,
        decode_tokens_per_sec: None,
        decode_records: 0,
        floor: None,
        median_line: None,
        flat_prompts: None,
        joint: None,
        wait_secs: None,
        percentiles: percentiles::of(&run.records, run.format),
        bending: None,
        crossing: None,
        residuals: Vec::new(),
        notes: Vec::new(),
    };
    progress(Stage::Selecting);
    let used = select(&run.records, streamed, &mut fit.counts);
    fit.counts.used = used.len();
    if used.len() < 2 {
        fit.notes.push(format!(
            "Only {} usable request{}: too few to fit a line.",
            used.len(),
            if used.len() == 1 { "" } else { "s" }
        ));
        return fit;
    }
    if streamed {
        fit_streamed(run, &used, &mut fit, progress);
    } else {
        fit_joint(run, &used, &mut fit, progress);
    }
    if let (Some(p), Some(d)) = (fit.prefill_tokens_per_sec, fit.decode_tokens_per_sec) {
        let outputs: Vec<f64> = used.iter().map(|r| r.output_tokens).collect();
        if let Some(median_output) = stats::median(&outputs) {
            let ratio = p.value / d.value;
            fit.crossing = Some(Crossing {
                ratio,
                median_output_tokens: median_output,
                prompt_tokens: ratio * median_output,
            });
        }
    }
    fit
}

/// A used record, with its index in the run.
#[derive(Clone, Copy, Debug)]
struct Used {
    index: usize,
    prompt_tokens: f64,
    output_tokens: f64,
    ttft_secs: Option<f64>,
    e2e_secs: Option<f64>,
}

/// Whether most requests streamed: their TTFT is present and well under their total.
fn did_stream(records: &[Record]) -> bool {
    let mut candidates = 0usize;
    let mut not_streamed = 0usize;
    for r in records.iter().filter(|r| !r.is_failed() && r.output_tokens >= 2.0) {
        let Some(e2e) = r.e2e_secs.filter(|e| *e > 0.0) else { continue };
        candidates += 1;
        match r.ttft_secs {
            Some(t) if t > 0.0 && t < NOT_STREAMED_SHARE * e2e => {}
            _ => not_streamed += 1,
        }
    }
    if candidates == 0 {
        return records.iter().any(|r| r.ttft_secs.is_some_and(|t| t > 0.0));
    }
    not_streamed * 2 <= candidates
}

/// The records the fit uses, counting the others by their first reason to be left out.
fn select(records: &[Record], streamed: bool, counts: &mut Counts) -> Vec<Used> {
    let mut used = Vec::with_capacity(records.len());
    for (index, r) in records.iter().enumerate() {
        if r.is_failed() {
            counts.failed += 1;
        } else if streamed && !r.ttft_secs.is_some_and(|t| t > 0.0) {
            counts.no_ttft += 1;
        } else if !streamed && !r.e2e_secs.is_some_and(|t| t > 0.0) {
            counts.no_e2e += 1;
        } else if r.output_tokens < 2.0 {
            counts.too_few_output_tokens += 1;
        } else {
            used.push(Used {
                index,
                prompt_tokens: r.prompt_tokens,
                output_tokens: r.output_tokens,
                ttft_secs: r.ttft_secs,
                e2e_secs: r.e2e_secs,
            });
        }
    }
    used
}

/// Whether values spread enough to fit a rate against: IQR at least 20% of the median.
pub(crate) fn spread(values: &[f64]) -> (bool, f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_unstable_by(f64::total_cmp);
    let q = |p| stats::percentile_sorted(&sorted, p).unwrap_or(0.0);
    let (median, iqr) = (q(50.0), q(75.0) - q(25.0));
    (iqr >= FLAT_SPREAD * median && iqr > 0.0, median, iqr)
}

/// A rate from a time per token and its interval (a longer time is a slower rate).
fn rate(secs_per_token: f64, ci: Option<(f64, f64)>) -> Option<Estimate> {
    (secs_per_token > 0.0).then(|| Estimate {
        value: 1.0 / secs_per_token,
        ci95: ci.filter(|(lo, _)| *lo > 0.0).map(|(lo, hi)| (1.0 / hi, 1.0 / lo)),
    })
}

fn fit_streamed(run: &Run, used: &[Used], fit: &mut Fit, progress: &mut dyn FnMut(Stage)) {
    let x: Vec<f64> = used.iter().map(|u| u.prompt_tokens).collect();
    let y: Vec<f64> = used.iter().map(|u| u.ttft_secs.unwrap_or(0.0)).collect();
    progress(Stage::DecodeRate);
    fit_decode_rate(used, fit);
    progress(Stage::Floor);
    let (wide, median_prompt, iqr) = spread(&x);
    if wide {
        if !fit_floor(&x, &y, used.len(), fit, progress) {
            return;
        }
    } else {
        progress(Stage::Interval);
        fit_flat_prompts(&y, median_prompt, iqr, fit);
    }
    if let (Some(overhead), Some(decode)) = (fit.overhead_secs, fit.decode_tokens_per_sec) {
        fit.wait_secs = Some((overhead.value - 1.0 / decode.value).max(0.0));
    }
    if let Some(floor) = fit.floor {
        progress(Stage::Residuals);
        fit_residuals_over_floor(used, floor, fit);
    }
    if run.records.iter().any(|r| !r.is_failed() && r.ttft_secs.is_some()) {
        fit.notes.push(
            "TTFT runs from the client sending the request, so the overhead includes the \
             network and any queue in front of the server. The lesson counts one decode step \
             in TTFT; its wait is the overhead less that step."
                .to_string(),
        );
    }
}

/// The decode rate: the median time per token after the first, over the requests that wrote
/// enough tokens to time it.
fn fit_decode_rate(used: &[Used], fit: &mut Fit) {
    let per_token: Vec<f64> = used
        .iter()
        .filter(|u| u.output_tokens >= decode::MIN_DECODE_TOKENS)
        .filter_map(|u| decode::secs_per_token(u.ttft_secs?, u.e2e_secs?, u.output_tokens))
        .collect();
    fit.decode_records = per_token.len();
    if let Some(median) = stats::median(&per_token) {
        let (boot, narrow) = bootstrap::resample::<1>(per_token.len(), SEED_DECODE, |idx| {
            let sample: Vec<f64> = idx.iter().filter_map(|&i| per_token.get(i).copied()).collect();
            stats::median(&sample).map(|m| [m])
        });
        fit.decode_tokens_per_sec = rate(median, bootstrap::interval(&boot, 0, median, narrow));
    } else {
        fit.notes.push(format!(
            "No request wrote {} or more tokens with both times measured, so no decode rate is \
             given.",
            decode::MIN_DECODE_TOKENS
        ));
    }
}

/// The TTFT floor and median lines over prompts that spread, and the overhead and prefill rate
/// the floor gives. False when the lines could not be fitted, and nothing more can be.
fn fit_floor(
    x: &[f64],
    y: &[f64],
    used: usize,
    fit: &mut Fit,
    progress: &mut dyn FnMut(Stage),
) -> bool {
    let (Some(floor), Some(median_line)) =
        (quantile::quantile_line(x, y, FLOOR_TAU), quantile::quantile_line(x, y, MEDIAN_TAU))
    else {
        return false;
    };
    fit.floor = Some(floor);
    fit.median_line = Some(median_line);
    progress(Stage::Interval);
    let (boot, narrow) = bootstrap::resample::<2>(x.len(), SEED_FLOOR, |idx| {
        let xs: Vec<f64> = idx.iter().filter_map(|&i| x.get(i).copied()).collect();
        let ys: Vec<f64> = idx.iter().filter_map(|&i| y.get(i).copied()).collect();
        let line = quantile::quantile_line_from(&xs, &ys, FLOOR_TAU, floor)?;
        Some([line.intercept, line.slope])
    });
    fit.overhead_secs = Some(Estimate {
        value: floor.intercept,
        ci95: bootstrap::interval(&boot, 0, floor.intercept, narrow),
    });
    fit.prefill_tokens_per_sec =
        rate(floor.slope, bootstrap::interval(&boot, 1, floor.slope, narrow));
    if fit.prefill_tokens_per_sec.is_some_and(|p| p.ci95.is_none()) {
        fit.notes.push(UNBOUNDED_PREFILL.to_string());
    }
    if fit.prefill_tokens_per_sec.is_none() {
        fit.notes.push(
            "The TTFT floor does not rise with prompt length in this run, so no prefill \
             rate can be read from it."
                .to_string(),
        );
    } else if used >= 10 * bending::MIN_TOP_RECORDS {
        progress(Stage::Bending);
        fit.bending = bending::check(x, y, FLOOR_TAU);
    }
    if floor.intercept < 0.0 {
        fit.notes.push(
            "The floor's intercept is below zero: prefill is not linear over these prompt \
             lengths (or a short-prompt cache is at work), so the overhead is not \
             meaningful."
                .to_string(),
        );
    }
    true
}

/// Prompts too alike for a rate: the TTFT floor and median at that length, as flat lines.
fn fit_flat_prompts(y: &[f64], median_prompt: f64, iqr: f64, fit: &mut Fit) {
    let mut ys = y.to_vec();
    let floor_ttft = stats::check_quantile(&mut ys, FLOOR_TAU).unwrap_or(0.0);
    let median_ttft = stats::median(y).unwrap_or(0.0);
    let (boot, narrow) = bootstrap::resample::<1>(y.len(), SEED_FLAT, |idx| {
        let mut sample: Vec<f64> = idx.iter().filter_map(|&i| y.get(i).copied()).collect();
        stats::check_quantile(&mut sample, FLOOR_TAU).map(|q| [q])
    });
    fit.floor = Some(Line { intercept: floor_ttft, slope: 0.0 });
    fit.median_line = Some(Line { intercept: median_ttft, slope: 0.0 });
    fit.flat_prompts = Some(FlatPrompts {
        median_prompt_tokens: median_prompt,
        iqr_prompt_tokens: iqr,
        floor_ttft_secs: Estimate {
            value: floor_ttft,
            ci95: bootstrap::interval(&boot, 0, floor_ttft, narrow),
        },
        median_ttft_secs: median_ttft,
    });
    fit.notes.push(format!(
        "Prompt lengths barely vary (interquartile range {} around a median of {}), so no \
         prefill rate is claimed; at that length the TTFT floor is {} and the median TTFT \
         {}.",
        format::tokens(iqr),
        format::tokens(median_prompt),
        format::duration(floor_ttft),
        format::duration(median_ttft)
    ));
}

/// Each request's TTFT above the floor, and how long half of them waited.
fn fit_residuals_over_floor(used: &[Used], floor: Line, fit: &mut Fit) {
    fit.residuals = used
        .iter()
        .map(|u| {
            let floor_secs = floor.at(u.prompt_tokens);
            let excess = u.ttft_secs.unwrap_or(0.0) - floor_secs;
            residual(u, floor_secs, excess)
        })
        .collect();
    let queued: Vec<f64> = fit.residuals.iter().map(|r| r.queue_secs).collect();
    if let Some(median_queue) = stats::median(&queued) {
        fit.notes.push(format!(
            "Half the requests waited more than {} above the floor: queueing, or anything \
             else that delays the first token beyond prompt length.",
            format::duration(median_queue)
        ));
    }
}

fn residual(u: &Used, floor_secs: f64, excess_secs: f64) -> Residual {
    Residual {
        record: u.index,
        prompt_tokens: u.prompt_tokens,
        output_tokens: u.output_tokens,
        ttft_secs: u.ttft_secs,
        e2e_secs: u.e2e_secs,
        floor_secs,
        excess_secs,
        queue_secs: excess_secs.max(0.0),
    }
}

/// Why a run is fitted from end-to-end times: it did not stream at all, or most of its
/// requests did not.
fn not_streamed_note(run: &Run) -> String {
    let streamed_share = run
        .records
        .iter()
        .filter(|r| !r.is_failed() && r.ttft_secs.is_some_and(|t| t > 0.0))
        .count();
    if streamed_share == 0 {
        "The run did not stream: TTFT was not measured, so prefill and decode are fitted \
         together from end-to-end times (e2e = overhead + prompt / prefill rate + output / \
         decode rate, lower envelope)."
            .to_string()
    } else {
        "Most requests did not stream (TTFT missing or at least 98% of the end-to-end time): \
         TTFT is not a first-token time here, so prefill and decode are fitted together from \
         end-to-end times (e2e = overhead + prompt / prefill rate + output / decode rate, \
         lower envelope)."
            .to_string()
    }
}

fn fit_joint(run: &Run, used: &[Used], fit: &mut Fit, progress: &mut dyn FnMut(Stage)) {
    let p: Vec<f64> = used.iter().map(|u| u.prompt_tokens).collect();
    let o: Vec<f64> = used.iter().map(|u| u.output_tokens).collect();
    let y: Vec<f64> = used.iter().map(|u| u.e2e_secs.unwrap_or(0.0)).collect();
    fit.notes.push(not_streamed_note(run));
    let (prompt_wide, prompt_median, prompt_iqr) = spread(&p);
    let (output_wide, _, _) = spread(&o);
    let shape = joint::Spread { prompt: prompt_wide, output: output_wide };
    progress(Stage::Floor);
    let Some(plane) = joint::quantile_plane(&p, &o, &y, FLOOR_TAU, shape) else {
        fit.notes.push("The end-to-end times could not be fitted.".to_string());
        return;
    };
    fit.joint = Some(plane);
    progress(Stage::Interval);
    let (boot, narrow) = bootstrap::resample::<3>(y.len(), SEED_JOINT, |idx| {
        let pick = |v: &[f64]| idx.iter().filter_map(|&i| v.get(i).copied()).collect::<Vec<_>>();
        let (ps, os, ys) = (pick(&p), pick(&o), pick(&y));
        let plane = joint::quantile_plane_from(&ps, &os, &ys, FLOOR_TAU, shape, plane)?;
        Some([plane.intercept, plane.secs_per_prompt_token, plane.secs_per_output_token])
    });
    fit.overhead_secs = Some(Estimate {
        value: plane.intercept,
        ci95: bootstrap::interval(&boot, 0, plane.intercept, narrow),
    });
    if prompt_wide {
        fit.prefill_tokens_per_sec = rate(
            plane.secs_per_prompt_token,
            bootstrap::interval(&boot, 1, plane.secs_per_prompt_token, narrow),
        );
        if fit.prefill_tokens_per_sec.is_some_and(|p| p.ci95.is_none()) {
            fit.notes.push(UNBOUNDED_PREFILL.to_string());
        }
    } else {
        fit.notes.push(format!(
            "Prompt lengths barely vary (interquartile range {} around a median of {}), so no \
             prefill rate is claimed; the overhead then includes reading that prompt.",
            format::tokens(prompt_iqr),
            format::tokens(prompt_median)
        ));
    }
    if output_wide {
        fit.decode_tokens_per_sec = rate(
            plane.secs_per_output_token,
            bootstrap::interval(&boot, 2, plane.secs_per_output_token, narrow),
        );
        fit.decode_records = used.len();
    } else {
        fit.notes.push(
            "Output lengths barely vary, so without TTFT the decode rate cannot be separated \
             from the overhead."
                .to_string(),
        );
    }
    if prompt_wide && fit.prefill_tokens_per_sec.is_none() {
        fit.notes.push(
            "End-to-end time does not rise with prompt length here, so no prefill rate can be \
             read from it."
                .to_string(),
        );
    }
    fit.wait_secs = Some(plane.intercept.max(0.0));
    progress(Stage::Residuals);
    fit.residuals = used
        .iter()
        .map(|u| {
            let floor_secs = plane.at(u.prompt_tokens, u.output_tokens);
            residual(u, floor_secs, u.e2e_secs.unwrap_or(0.0) - floor_secs)
        })
        .collect();
}
