//! A bake-off from two runs: "Use as A" asks the worker for a run as a deployment
//! ([`SideAsked`]) and puts its first token and decode rate into one of the panel's sides
//! ([`DeploymentAsked`], with what the side's controls then hold, [`DeploymentApplied`]); once
//! both sides come from runs the page asks for their comparison ([`CompareAsked`]), which
//! crosses to the worker as a short list of numbers, written and read here, so both ends agree
//! on the order.

use crate::measurements::compare::TtftPercentile;
use crate::model::deployments::Which;

/// One side of a comparison: the run (its id in the worker) and the TTFT percentile taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideAsked {
    pub run_id: usize,
    pub percentile: TtftPercentile,
}

/// What the deployments lab asks of two runs: their crossover, the winner at the reader's answer
/// length and the table at the workload's median and 90th-percentile answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompareAsked {
    pub a: SideAsked,
    pub b: SideAsked,
    pub answer_tokens: f64,
    pub median_answer_tokens: f64,
    pub p90_answer_tokens: f64,
}

const COMPARE_NUMBERS: usize = 7;

/// A percentile as a number: its place in [`TtftPercentile::ALL`].
pub fn percentile_number(p: TtftPercentile) -> f64 {
    TtftPercentile::ALL.iter().position(|q| *q == p).unwrap_or(0) as f64
}

/// The percentile [`percentile_number`] gave; `None` for any other number.
pub fn percentile_from_number(x: f64) -> Option<TtftPercentile> {
    (x >= 0.0 && x.fract() == 0.0).then(|| TtftPercentile::ALL.get(x as usize).copied()).flatten()
}

/// An id as a number crosses: whole and not negative.
fn id_from_number(x: f64) -> Option<usize> {
    (x.is_finite() && x >= 0.0 && x.fract() == 0.0).then_some(x as usize)
}

impl CompareAsked {
    /// `[A's run, A's percentile, B's run, B's percentile, answer, median, p90]`.
    pub fn to_numbers(&self) -> [f64; COMPARE_NUMBERS] {
        [
            self.a.run_id as f64,
            percentile_number(self.a.percentile),
            self.b.run_id as f64,
            percentile_number(self.b.percentile),
            self.answer_tokens,
            self.median_answer_tokens,
            self.p90_answer_tokens,
        ]
    }

    /// [`CompareAsked::to_numbers`] read back; `None` unless there are exactly as many, with
    /// whole ids, known percentiles and finite lengths.
    pub fn from_numbers(numbers: &[f64]) -> Option<CompareAsked> {
        let [a_id, a_p, b_id, b_p, answer, median, p90] =
            <[f64; COMPARE_NUMBERS]>::try_from(numbers).ok()?;
        let side = |id: f64, p: f64| {
            Some(SideAsked { run_id: id_from_number(id)?, percentile: percentile_from_number(p)? })
        };
        [answer, median, p90].iter().all(|x| x.is_finite()).then_some(())?;
        Some(CompareAsked {
            a: side(a_id, a_p)?,
            b: side(b_id, b_p)?,
            answer_tokens: answer,
            median_answer_tokens: median,
            p90_answer_tokens: p90,
        })
    }
}

/// What the page puts into one side of the panel from a run: its first token at a percentile,
/// its decode rate, the median and 90th percentile of its answers, and how many of its requests
/// failed, of how many.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeploymentAsked {
    pub which: Which,
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
    pub answer_tokens: [f64; 2],
    pub failed_requests: f64,
    pub requests: f64,
}

impl DeploymentAsked {
    /// The share of the run's requests that failed; none if it counted no requests.
    pub fn failed_share(&self) -> f64 {
        if self.requests > 0.0 && self.failed_requests.is_finite() {
            (self.failed_requests / self.requests).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// What the side's first-token and decode-rate controls hold once it is put, after the page's
/// bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeploymentApplied {
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_asked_reads_back_and_refuses_what_it_never_sends() {
        for (pa, pb) in TtftPercentile::ALL.into_iter().zip(TtftPercentile::ALL.into_iter().rev()) {
            let asked = CompareAsked {
                a: SideAsked { run_id: 3, percentile: pa },
                b: SideAsked { run_id: 0, percentile: pb },
                answer_tokens: 600.0,
                median_answer_tokens: 40.0,
                p90_answer_tokens: 900.0,
            };
            assert_eq!(CompareAsked::from_numbers(&asked.to_numbers()), Some(asked));
        }
        let good = [1.0, 0.0, 2.0, 2.0, 600.0, 40.0, 900.0];
        assert!(CompareAsked::from_numbers(&good).is_some());
        for (i, bad) in [(0, -1.0), (0, 1.5), (1, 3.0), (3, 0.5), (4, f64::NAN), (6, f64::INFINITY)]
        {
            let mut numbers = good;
            numbers[i] = bad;
            assert_eq!(CompareAsked::from_numbers(&numbers), None, "{numbers:?}");
        }
        assert_eq!(CompareAsked::from_numbers(&good[..6]), None);
    }

    #[test]
    fn percentiles_cross_as_their_place() {
        for p in TtftPercentile::ALL {
            assert_eq!(percentile_from_number(percentile_number(p)), Some(p));
        }
        assert_eq!(percentile_from_number(3.0), None);
        assert_eq!(percentile_from_number(-0.5), None);
    }
}
