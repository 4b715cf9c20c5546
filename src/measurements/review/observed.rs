//! What a run observed, request by request, as a review weighs it beside the fitted lines: the
//! first token and the whole answer of each request, which failed and why, and the share of
//! requests that met a reviewer's two limits (goodput), failures counted as misses.
//!
//! Percentiles here are over the requests that answered (a failure has no time to rank); each
//! table that shows them says so, and the failures are counted beside them and in goodput.

use crate::measurements::record::Run;
use crate::measurements::stats::percentile_sorted;

/// At most this many requests of a run are kept for the page: enough for a 99th percentile of
/// a few tens of requests' precision, and a page that stays quick with many runs loaded. A run
/// with more is thinned evenly, in its file's order, and says so.
pub const MOST_OBSERVED: usize = 4_000;

/// One request as its run observed it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObservedRequest {
    pub ttft_secs: Option<f64>,
    pub e2e_secs: Option<f64>,
    pub failed: bool,
}

/// The p50, p90 and p99 of a set of times, in seconds.
pub type Spread = [f64; 3];

/// A run's requests as observed, thinned to [`MOST_OBSERVED`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Observed {
    pub requests: Vec<ObservedRequest>,
    /// How many requests the run holds (more than `requests` when thinned).
    pub of: usize,
}

impl Observed {
    /// Every request of `run`, in its order, thinned evenly to [`MOST_OBSERVED`].
    pub fn of(run: &Run) -> Observed {
        let all = &run.records;
        let step = all.len().div_ceil(MOST_OBSERVED).max(1);
        let requests = all
            .iter()
            .step_by(step)
            .map(|r| ObservedRequest {
                ttft_secs: r.ttft_secs,
                e2e_secs: r.e2e_secs,
                failed: r.is_failed(),
            })
            .collect();
        Observed { requests, of: all.len() }
    }

    /// Whether it keeps fewer requests than the run holds.
    pub fn thinned(&self) -> bool {
        self.of > self.requests.len()
    }

    /// The requests kept that failed.
    pub fn failed(&self) -> usize {
        self.requests.iter().filter(|r| r.failed).count()
    }

    /// p50, p90 and p99 of the first token over the requests that answered; `None` without any.
    pub fn ttft(&self) -> Option<Spread> {
        spread(self.answered(|r| r.ttft_secs))
    }

    /// p50, p90 and p99 of the whole answer over the requests that answered.
    pub fn e2e(&self) -> Option<Spread> {
        spread(self.answered(|r| r.e2e_secs))
    }

    /// The whole answers' times of the requests that answered, in order from the quickest.
    pub fn e2e_sorted(&self) -> Vec<f64> {
        let mut times = self.answered(|r| r.e2e_secs);
        times.sort_unstable_by(f64::total_cmp);
        times
    }

    fn answered(&self, time: impl Fn(&ObservedRequest) -> Option<f64>) -> Vec<f64> {
        self.requests
            .iter()
            .filter(|r| !r.failed)
            .filter_map(time)
            .filter(|t| t.is_finite() && *t >= 0.0)
            .collect()
    }

    /// The share of requests whose first token and whole answer both came within `limits`;
    /// a failure, or a request missing either time, is a miss.
    pub fn goodput(&self, limits: Limits) -> Goodput {
        let within = self
            .requests
            .iter()
            .filter(|r| {
                !r.failed
                    && r.ttft_secs.is_some_and(|t| t <= limits.ttft_secs)
                    && r.e2e_secs.is_some_and(|t| t <= limits.e2e_secs)
            })
            .count();
        Goodput { within, requests: self.requests.len() }
    }
}

/// p50, p90 and p99 of `times`.
fn spread(mut times: Vec<f64>) -> Option<Spread> {
    times.sort_unstable_by(f64::total_cmp);
    Some([
        percentile_sorted(&times, 50.0)?,
        percentile_sorted(&times, 90.0)?,
        percentile_sorted(&times, 99.0)?,
    ])
}

/// A reviewer's objective: a first token and a whole answer within these times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub ttft_secs: f64,
    pub e2e_secs: f64,
}

/// How many requests met the limits, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goodput {
    pub within: usize,
    pub requests: usize,
}

impl Goodput {
    /// The share within, 0 to 1; `None` with no requests.
    pub fn share(self) -> Option<f64> {
        (self.requests > 0).then(|| self.within as f64 / self.requests as f64)
    }

    /// The share's 95% interval (Wilson's score interval, which stays inside 0 to 1 and holds
    /// for shares near either end and runs of a few dozen requests).
    pub fn interval(self) -> Option<(f64, f64)> {
        let n = self.requests as f64;
        let p = self.share()?;
        const Z: f64 = 1.959_963_984_540_054;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        // At either end the interval reaches it exactly, as it does in exact arithmetic.
        let low = if self.within == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if self.within == self.requests { 1.0 } else { (centre + half).min(1.0) };
        Some((low, high))
    }
}

/// Why a run's requests failed, as its tool worded it, counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Failures {
    pub failed: usize,
    pub requests: usize,
    /// Each kind of failure and how many requests it took, the commonest first. A kind is the
    /// tool's words with a count at their end written `N` ("Output too few tokens N"), so one
    /// reason with a different number each time is one kind.
    pub kinds: Vec<(String, usize)>,
}

/// At most this many kinds are named; the rest are counted together.
pub const MOST_KINDS: usize = 6;

impl Failures {
    pub fn of(run: &Run) -> Failures {
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for why in run.records.iter().filter_map(|r| r.failure.as_deref()) {
            let kind = kind_of(why);
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => kinds.push((kind, 1)),
            }
        }
        // Commonest first; among equals, as first met.
        kinds.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        if kinds.len() > MOST_KINDS {
            let rest: usize = kinds.iter().skip(MOST_KINDS - 1).map(|(_, n)| n).sum();
            kinds.truncate(MOST_KINDS - 1);
            kinds.push(("other reasons".to_string(), rest));
        }
        Failures { failed: run.failed_count(), requests: run.records.len(), kinds }
    }
}

/// A failure's words with the number at their end written `N`.
fn kind_of(why: &str) -> String {
    let trimmed = why.trim_end();
    let words = trimmed.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if words.len() < trimmed.len() && words.ends_with(' ') {
        format!("{words}N")
    } else if why.trim().is_empty() {
        "no reason given".to_string()
    } else {
        trimmed.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::record::{Format, Record};

    fn run() -> Run {
        let mut run = Run::new(Format::Csv, "r");
        for i in 0..20 {
            let t = f64::from(i);
            run.records.push(Record::new(100.0, 50.0, Some(0.1 + 0.01 * t), Some(1.0 + t)));
        }
        run.records.push(
            Record::new(100.0, 0.0, Some(0.2), Some(0.5))
                .failed("error -100: Output too few tokens 102"),
        );
        run.records.push(
            Record::new(100.0, 0.0, Some(0.3), Some(0.9))
                .failed("error -100: Output too few tokens 7"),
        );
        run.records.push(Record::new(100.0, 0.0, None, None).failed("timeout"));
        run
    }

    #[test]
    fn percentiles_rank_the_answered_and_goodput_counts_failures_as_misses() {
        let observed = Observed::of(&run());
        assert_eq!(
            (observed.requests.len(), observed.failed(), observed.thinned()),
            (23, 3, false)
        );
        let e2e = observed.e2e().unwrap_or_default();
        // 1 to 20 s: numpy's p50 of twenty values is 10.5.
        assert!((e2e[0] - 10.5).abs() < 1e-9 && (e2e[2] - 19.81).abs() < 1e-9, "{e2e:?}");
        // Whole answers within 10 s: the first ten of twenty answered; the three failures,
        // quick or not, are misses.
        let g = observed.goodput(Limits { ttft_secs: 1.0, e2e_secs: 10.0 });
        assert_eq!((g.within, g.requests), (10, 23));
        let (low, high) = g.interval().unwrap_or_default();
        assert!(low < 10.0 / 23.0 && 10.0 / 23.0 < high && low > 0.2 && high < 0.7, "{low} {high}");
        assert_eq!(Goodput { within: 0, requests: 0 }.share(), None);
        let all = Goodput { within: 30, requests: 30 }.interval().unwrap_or_default();
        assert!(all.1 == 1.0 && all.0 > 0.88, "{all:?}");
    }

    #[test]
    fn failures_are_counted_by_their_kind() {
        let f = Failures::of(&run());
        assert_eq!((f.failed, f.requests), (3, 23));
        assert_eq!(
            f.kinds,
            [("error -100: Output too few tokens N".to_string(), 2), ("timeout".to_string(), 1)]
        );
    }

    #[test]
    fn a_long_run_is_thinned_evenly_and_says_so() {
        let mut long = Run::new(Format::Csv, "r");
        for i in 0..10_001 {
            long.records.push(Record::new(1.0, 2.0, Some(0.1), Some(f64::from(i))));
        }
        let observed = Observed::of(&long);
        assert!(observed.requests.len() <= MOST_OBSERVED && observed.thinned());
        assert_eq!(observed.of, 10_001);
    }
}
