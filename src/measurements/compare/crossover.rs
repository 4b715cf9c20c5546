//! The crossover of two runs and how sure the runs make it.
//!
//! `n* = (TTFT_B − TTFT_A) / (1/r_A − 1/r_B)` comes from the two runs' point estimates. Its
//! uncertainty comes from pairing the runs' bootstrap resamples (each run resampled on its own,
//! since their requests are independent): every pair gives two lines, which may cross somewhere
//! else, or not at all, or the other way round.
//!
//! A percentile interval of n* itself would break exactly where it matters: as the two decode
//! rates near each other n* runs off to infinity and comes back negative. So each pair is
//! placed on a circle instead, at the angle of (slope difference, head start), where a quarter
//! turn holds every crossing of one orientation (n* from 0 to ∞), the next quarter the pairs in
//! which one side finishes first at every length, and so on. The 95% interval is taken of each
//! pair's angle from the point estimate's, and mapped back to lengths: an interval inside one
//! quarter is a certain crossover between two lengths; one that reaches the quarter's edge
//! includes zero or infinity, so no crossover is certain; one that stays in a quarter without
//! crossings says the lines never cross.

use super::deployment::RunDeployment;
use crate::measurements::fit::bootstrap;
use crate::measurements::stats;
use crate::model::deployments::{Comparison, Crossover, Which, MOST_TOKENS};
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// Where the two runs' completion lines cross, at 95% confidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NstarRange {
    /// The lines cross, somewhere between these lengths (positive and finite), with `below`
    /// first on shorter answers and `above` on longer ones.
    Between { low_tokens: f64, high_tokens: f64, below: Which, above: Which },
    /// The plausible crossings reach zero (one side may be ahead from the first token) or have
    /// no upper end (the other may never catch up), or both: no crossover is certain.
    Uncertain { low_tokens: f64, high_tokens: Option<f64> },
    /// The lines do not cross at any length: `faster` finishes first throughout.
    Never { faster: Which },
    /// Too few resamples gave two lines to state anything.
    Unknown,
}

impl NstarRange {
    /// Whether a crossover exists and is bounded on both sides.
    pub fn is_certain(&self) -> bool {
        matches!(self, NstarRange::Between { .. })
    }

    /// Whether `answer_tokens` lies among the plausible crossings, so that either side could
    /// finish first there; `None` when the range is unknown.
    pub fn straddles(&self, answer_tokens: f64) -> Option<bool> {
        match *self {
            NstarRange::Between { low_tokens, high_tokens, .. } => {
                Some(low_tokens <= answer_tokens && answer_tokens <= high_tokens)
            }
            NstarRange::Uncertain { low_tokens, high_tokens } => {
                Some(low_tokens <= answer_tokens && high_tokens.is_none_or(|h| answer_tokens <= h))
            }
            NstarRange::Never { .. } => Some(false),
            NstarRange::Unknown => None,
        }
    }

    /// The range's ends, for drawing a band and for `data-low` / `data-high`: the upper end is
    /// `None` when there is none; both are `None` without plausible crossings.
    pub fn ends(&self) -> Option<(f64, Option<f64>)> {
        match *self {
            NstarRange::Between { low_tokens, high_tokens, .. } => {
                Some((low_tokens, Some(high_tokens)))
            }
            NstarRange::Uncertain { low_tokens, high_tokens } => Some((low_tokens, high_tokens)),
            NstarRange::Never { .. } | NstarRange::Unknown => None,
        }
    }
}

/// How many resampled pairs fell each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orders {
    /// A first on short answers, B on long ones.
    pub a_then_b: usize,
    /// B first on short answers, A on long ones.
    pub b_then_a: usize,
    /// A first at every length.
    pub a_throughout: usize,
    /// B first at every length.
    pub b_throughout: usize,
    /// The same line on both sides.
    pub identical: usize,
}

impl Orders {
    pub fn total(&self) -> usize {
        self.a_then_b + self.b_then_a + self.a_throughout + self.b_throughout + self.identical
    }
}

/// Two runs' crossover, point and range.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossoverEstimate {
    /// The two runs' point deployments.
    pub comparison: Comparison,
    pub point: Crossover,
    pub range: NstarRange,
    pub orders: Orders,
    /// The resampled pairs, for asking who finishes first at a given length.
    pub resampled: Vec<Comparison>,
}

/// A against B, from two runs.
pub fn estimate(a: &RunDeployment, b: &RunDeployment) -> CrossoverEstimate {
    let comparison = Comparison::new(a.deployment, b.deployment);
    let resampled: Vec<Comparison> =
        a.resamples.iter().zip(&b.resamples).map(|(ra, rb)| Comparison::new(*ra, *rb)).collect();
    let mut orders = Orders::default();
    for c in &resampled {
        match c.crossover() {
            Crossover::At { below: Which::A, .. } => orders.a_then_b += 1,
            Crossover::At { below: Which::B, .. } => orders.b_then_a += 1,
            Crossover::Never { faster: Which::A } => orders.a_throughout += 1,
            Crossover::Never { faster: Which::B } => orders.b_throughout += 1,
            Crossover::Identical => orders.identical += 1,
        }
    }
    CrossoverEstimate {
        comparison,
        point: comparison.crossover(),
        range: range(&comparison, &resampled),
        orders,
        resampled,
    }
}

/// The head start and the per-token gap: `T_A(n) − T_B(n) = d0 + d1·n`.
fn differences(c: &Comparison) -> (f64, f64) {
    (c.a.ttft() - c.b.ttft(), c.a.secs_per_token() - c.b.secs_per_token())
}

fn range(point: &Comparison, resampled: &[Comparison]) -> NstarRange {
    if resampled.len() * 10 < bootstrap::RESAMPLES * 9 {
        return NstarRange::Unknown;
    }
    let point_crossover = point.crossover();
    if point_crossover == Crossover::Identical {
        return NstarRange::Uncertain { low_tokens: 0.0, high_tokens: None };
    }
    let (d0, d1) = differences(point);
    // Lengths are measured in units that put the point estimate on a diagonal, as far from
    // both edges of its quarter as it can be, so the wrap-around half a turn away only ever
    // meets resamples that disagree with it completely.
    let ratio = (d0 / d1).abs();
    let scale = if ratio.is_finite() && ratio > 0.0 { ratio.clamp(1e-9, MOST_TOKENS) } else { 1.0 };
    let angle = |c: &Comparison| {
        let (d0, d1) = differences(c);
        (-d0).atan2(d1 * scale)
    };
    let centre = angle(point);
    let deviations: Vec<f64> = resampled
        .iter()
        .map(|c| {
            let d = angle(c) - centre;
            d - TAU * (d / TAU).round()
        })
        .filter(|d| d.is_finite())
        .collect();
    let (Some(lo), Some(hi)) =
        (stats::percentile(&deviations, 2.5), stats::percentile(&deviations, 97.5))
    else {
        return NstarRange::Unknown;
    };
    let (from, to) = (centre + lo.min(0.0), centre + hi.max(0.0));

    // The quarters holding crossings: A first on short answers from angle 0 to a quarter turn,
    // B first from half a turn back; each repeats every full turn.
    let to_tokens = |t: f64| {
        let n = scale * t.tan();
        if t >= FRAC_PI_2 - 1e-12 || !n.is_finite() || n > MOST_TOKENS {
            f64::INFINITY
        } else {
            n.max(0.0)
        }
    };
    let mut low = f64::INFINITY;
    let mut high = 0.0_f64;
    let mut sides: Vec<Which> = Vec::new();
    for turn in [-TAU, 0.0, TAU] {
        for (start, below) in [(0.0, Which::A), (-PI, Which::B)] {
            let q0 = start + turn;
            let (s, e) = (from.max(q0), to.min(q0 + FRAC_PI_2));
            if s <= e {
                low = low.min(to_tokens(s - q0));
                high = high.max(to_tokens(e - q0));
                if !sides.contains(&below) {
                    sides.push(below);
                }
            }
        }
    }
    let edge_only = sides.is_empty() || (low == high && (low == 0.0 || low == f64::INFINITY));
    if edge_only {
        return match point_crossover {
            Crossover::Never { faster } => NstarRange::Never { faster },
            _ => NstarRange::Uncertain { low_tokens: 0.0, high_tokens: None },
        };
    }
    match sides.as_slice() {
        [below] if low > 0.0 && high.is_finite() => NstarRange::Between {
            low_tokens: low,
            high_tokens: high,
            below: *below,
            above: below.other(),
        },
        _ => NstarRange::Uncertain {
            low_tokens: if low.is_finite() { low } else { 0.0 },
            high_tokens: high.is_finite().then_some(high),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deployments::Deployment;

    fn spread(point: Comparison, offsets: &[(f64, f64)]) -> NstarRange {
        // Resamples made by nudging B's TTFT and A's rate.
        let resampled: Vec<Comparison> = (0..bootstrap::RESAMPLES)
            .map(|i| {
                let (dt, dr) = offsets[i % offsets.len()];
                Comparison::new(
                    point.a.with_rate(point.a.decode_tokens_per_sec + dr),
                    point.b.with_ttft(point.b.ttft_secs + dt),
                )
            })
            .collect();
        range(&point, &resampled)
    }

    #[test]
    fn a_tight_spread_is_a_certain_crossover_around_the_point() {
        let r = spread(Comparison::LESSON, &[(-0.01, 0.0), (0.01, 0.0), (0.0, 0.5), (0.0, -0.5)]);
        let NstarRange::Between { low_tokens, high_tokens, below, above } = r else {
            panic!("{r:?}")
        };
        assert!(low_tokens < 28.875 && 28.875 < high_tokens, "{r:?}");
        assert!(high_tokens - low_tokens < 3.0, "{r:?}");
        assert_eq!((below, above), (Which::A, Which::B));
        assert_eq!(r.straddles(28.875), Some(true));
        assert_eq!(r.straddles(600.0), Some(false));
    }

    #[test]
    fn rates_that_may_be_equal_leave_no_upper_end() {
        // B's rate equal to A's in some resamples: B may never catch up.
        let point = Comparison::new(Deployment::new(0.2, 100.0), Deployment::new(0.5, 110.0));
        let r = spread(point, &[(0.0, 0.0), (0.0, 10.0), (0.0, 12.0), (0.0, -5.0)]);
        assert!(matches!(r, NstarRange::Uncertain { high_tokens: None, .. }), "{r:?}");
        assert!(!r.is_certain());
    }

    #[test]
    fn first_tokens_that_may_be_equal_reach_zero() {
        let point = Comparison::new(Deployment::new(0.50, 30.0), Deployment::new(0.52, 110.0));
        let r = spread(point, &[(0.0, 0.0), (-0.03, 0.0), (-0.05, 0.0), (0.01, 0.0)]);
        assert!(
            matches!(r, NstarRange::Uncertain { low_tokens, .. } if low_tokens == 0.0),
            "{r:?}"
        );
    }

    #[test]
    fn a_clear_winner_never_crosses_and_identity_is_never_certain() {
        let point = Comparison::new(Deployment::new(0.2, 120.0), Deployment::new(0.9, 110.0));
        let r = spread(point, &[(0.01, 0.5), (-0.01, -0.5)]);
        assert_eq!(r, NstarRange::Never { faster: Which::A });
        assert_eq!(r.straddles(1e6), Some(false));
        let same = Comparison::new(Deployment::LESSON_A, Deployment::LESSON_A);
        let r = range(&same, &vec![same; bootstrap::RESAMPLES]);
        assert_eq!(r, NstarRange::Uncertain { low_tokens: 0.0, high_tokens: None });
        assert_eq!(range(&same, &[same]), NstarRange::Unknown);
    }
}
