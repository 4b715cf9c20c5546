//! Answer lengths as a distribution rather than one number, and what that does to the choice
//! between two deployments: who wins how many requests, the percentiles each delivers, what a
//! length-predicting router gains (and loses to wrong guesses), and how users who give up make
//! the timing logs flatter the slower deployment.
//!
//! Lengths follow a log-normal set by its median and 90th percentile. Every figure is computed
//! deterministically, mostly in closed form (normal CDF and its inverse); the one quantity with no
//! closed form, the share of requests a noisy router sends the wrong way, is a fixed-grid
//! Simpson integral. Nothing is sampled, so a slider move redraws the same numbers every time.
//!
//! Lengths are treated as continuous (a log-normal has no whole tokens); at the lesson's scale
//! the difference is far below any digit shown.

use super::deployments::{Comparison, Crossover, Deployment, Which, Winner};
use super::numerics::{cdf_strictly_below, integrate_against_normal, normal_cdf, normal_quantile};
use super::sanitize;

/// z-scores of the percentiles the page reports.
const Z90: f64 = 1.281_551_565_544_600_4;
const Z99: f64 = 2.326_347_874_040_840_8;

/// A wider spread than this (a p90 about 28,000 times the median) would push the mean length past
/// anything a float can hold once divided by a slow rate; the spread is capped there.
pub const MAX_SIGMA: f64 = 8.0;
const FEWEST_MEDIAN_TOKENS: f64 = 1e-3;
const MOST_MEDIAN_TOKENS: f64 = 1e12;
/// The router's error is capped too: beyond this its guesses are noise either way.
pub const MAX_ERROR_SIGMA: f64 = 10.0;
/// Below this surviving share, too few requests finish to say anything about their timings.
const FEWEST_SURVIVORS: f64 = 1e-9;

/// Answer lengths, log-normally distributed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LengthDistribution {
    pub median_tokens: f64,
    pub p90_tokens: f64,
}

/// A share of requests for each possible winner; the three add up to one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    pub a: f64,
    pub b: f64,
    pub tie: f64,
}

/// The percentiles the page reports, in whatever unit the caller asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Percentiles {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
}

/// A router that predicts each answer's length and sends predicted-short answers to the
/// deployment with the earlier first token and predicted-long ones to the faster writer.
///
/// Prediction error is multiplicative and log-normal: `predicted = true × exp(error_sigma × W)`
/// with `W` standard normal and independent of the length. The guess is right on the median, and
/// about two guesses in three land within a factor `exp(error_sigma)` of the truth (0.69 is
/// "within a factor of two"); zero is a perfect predictor. An answer goes to the short side when
/// its prediction is strictly below `threshold_tokens`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Router {
    pub threshold_tokens: f64,
    pub error_sigma: f64,
}

impl Router {
    /// The natural router: threshold at the crossover. Without one, both sides of the router
    /// are the same deployment, so the threshold is irrelevant and zero is used.
    pub fn at_crossover(comparison: &Comparison, error_sigma: f64) -> Router {
        Router { threshold_tokens: comparison.crossover().tokens().unwrap_or(0.0), error_sigma }
    }

    /// The `error_sigma` of a predictor whose guesses are typically within `factor` of the truth.
    pub fn error_sigma_for_factor(factor: f64) -> f64 {
        sanitize::amount(factor, f64::MAX).max(1.0).ln().min(MAX_ERROR_SIGMA)
    }

    fn threshold(&self) -> f64 {
        sanitize::amount(self.threshold_tokens, f64::INFINITY)
    }

    fn sigma(&self) -> f64 {
        sanitize::amount(self.error_sigma, MAX_ERROR_SIGMA)
    }
}

/// Mean completion time (seconds) under each policy, for one length distribution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Routing {
    pub always_a_secs: f64,
    pub always_b_secs: f64,
    pub routed_secs: f64,
    /// A router that knew every length in advance, with its threshold at the crossover: the floor
    /// any router can reach.
    pub best_possible_secs: f64,
    /// Share of requests the router sends to A.
    pub share_sent_to_a: f64,
    /// Share of requests sent to the deployment that finishes them later.
    pub misrouted_share: f64,
}

/// What the timing logs of one deployment show when users leave after a fixed patience.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Abandonment {
    /// Share of requests whose answer was not complete when the user gave up.
    pub abandoned_share: f64,
    /// Every request, as if everyone had waited.
    pub true_mean_secs: f64,
    pub true_percentiles: Percentiles,
    /// Only the completed requests, which is all a completion-time log records; `None` when
    /// (almost) nobody waits long enough to finish.
    pub measured: Option<Survivors>,
}

/// The completion times of the requests that finished.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Survivors {
    pub mean_secs: f64,
    pub percentiles: Percentiles,
}

impl Abandonment {
    /// How many seconds the measured mean understates the true one (zero when nothing is
    /// measured, since then there is no figure to flatter).
    pub fn mean_understated_by_secs(&self) -> f64 {
        self.measured.map(|m| (self.true_mean_secs - m.mean_secs).max(0.0)).unwrap_or(0.0)
    }
}

impl LengthDistribution {
    /// The lesson's support workload: median 40 tokens, p90 900 (two workloads in one).
    pub const LESSON: LengthDistribution =
        LengthDistribution { median_tokens: 40.0, p90_tokens: 900.0 };

    pub fn new(median_tokens: f64, p90_tokens: f64) -> LengthDistribution {
        LengthDistribution { median_tokens, p90_tokens }
    }

    /// The largest p90 whose spread the distribution keeps, for a given median: past it
    /// [`LengthDistribution::sigma`] is capped at [`MAX_SIGMA`], so a higher p90 would be ignored.
    /// Whole tokens, rounded down, so the cap itself never reaches past the widest spread.
    pub fn widest_p90(median_tokens: f64) -> f64 {
        (median_tokens * (MAX_SIGMA * Z90).exp()).floor()
    }

    /// The median as used: NaN counts as one token, and a log-normal needs a positive median.
    pub fn median(&self) -> f64 {
        if self.median_tokens.is_nan() {
            1.0
        } else {
            self.median_tokens.clamp(FEWEST_MEDIAN_TOKENS, MOST_MEDIAN_TOKENS)
        }
    }

    /// Location of `ln(length)`.
    pub fn mu(&self) -> f64 {
        self.median().ln()
    }

    /// Spread of `ln(length)`: `ln(p90 / median) / z90`. A p90 at or below the median (or NaN)
    /// means every answer has the median length.
    pub fn sigma(&self) -> f64 {
        let median = self.median();
        if self.p90_tokens.is_nan() || self.p90_tokens <= median {
            return 0.0;
        }
        ((self.p90_tokens / median).ln() / Z90).min(MAX_SIGMA)
    }

    /// The length below which a share `q` of answers fall. `q` is held inside (0, 1) (at most a
    /// trillionth from either end) since the ends are zero and infinitely long; NaN means the median.
    pub fn quantile(&self, q: f64) -> f64 {
        let q = if q.is_nan() { 0.5 } else { q.clamp(1e-12, 1.0 - 1e-12) };
        (self.mu() + self.sigma() * normal_quantile(q)).exp()
    }

    /// Share of answers of at most `answer_tokens` tokens.
    pub fn cdf(&self, answer_tokens: f64) -> f64 {
        let n = sanitize::amount(answer_tokens, f64::INFINITY);
        if n <= 0.0 {
            return 0.0;
        }
        let sigma = self.sigma();
        let x = n.ln() - self.mu();
        if sigma == 0.0 {
            // All answers have the median length: at most n tokens means all or none.
            return if x >= 0.0 { 1.0 } else { 0.0 };
        }
        normal_cdf(x / sigma)
    }

    /// Two workloads weighed equally (two runs' answers, each as its own median and p90
    /// describe it) as one spread: the length below which half the pooled answers fall, and
    /// nine in ten. The pool is no log-normal itself; the spread returned goes through those
    /// two of its points.
    pub fn pooled(a: &LengthDistribution, b: &LengthDistribution) -> LengthDistribution {
        let share_below = |tokens: f64| (a.cdf(tokens) + b.cdf(tokens)) / 2.0;
        // Between the two quantiles themselves the pooled one lies: bisect the logarithm.
        let quantile = |q: f64| {
            let (x, y) = (a.quantile(q).ln(), b.quantile(q).ln());
            let (mut lo, mut hi) = (x.min(y), x.max(y));
            for _ in 0..80 {
                let mid = (lo + hi) / 2.0;
                if share_below(mid.exp()) < q {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            ((lo + hi) / 2.0).exp()
        };
        LengthDistribution::new(quantile(0.5), quantile(0.9))
    }

    /// Share of answers between two lengths, for drawing the distribution as bars.
    pub fn share_between(&self, from_tokens: f64, to_tokens: f64) -> f64 {
        (self.cdf(to_tokens) - self.cdf(from_tokens)).max(0.0)
    }

    /// Mean answer length, `exp(mu + sigma²/2)`: pulled far above the median by the long tail.
    pub fn mean(&self) -> f64 {
        let sigma = self.sigma();
        (self.mu() + sigma * sigma / 2.0).exp()
    }

    pub fn length_percentiles(&self) -> Percentiles {
        let at = |z: f64| (self.mu() + self.sigma() * z).exp();
        Percentiles { p50: at(0.0), p90: at(Z90), p99: at(Z99) }
    }

    /// Completion percentiles on one deployment. Completion grows with length, so its
    /// percentiles are the completion times of the length percentiles.
    pub fn completion_percentiles(&self, deployment: &Deployment) -> Percentiles {
        let lengths = self.length_percentiles();
        Percentiles {
            p50: deployment.completion_secs(lengths.p50),
            p90: deployment.completion_secs(lengths.p90),
            p99: deployment.completion_secs(lengths.p99),
        }
    }

    /// Mean completion on one deployment: `TTFT + mean length / rate` (the line is straight, so
    /// the mean goes through it).
    pub fn mean_completion_secs(&self, deployment: &Deployment) -> f64 {
        deployment.ttft() + self.mean() * deployment.secs_per_token()
    }

    /// Share of requests each deployment finishes first.
    pub fn shares(&self, comparison: &Comparison) -> Shares {
        if self.sigma() == 0.0 {
            // Every answer has the median length: one race decides all requests.
            return match comparison.winner_at(self.median()) {
                Winner::A => Shares { a: 1.0, b: 0.0, tie: 0.0 },
                Winner::B => Shares { a: 0.0, b: 1.0, tie: 0.0 },
                Winner::Tie => Shares { a: 0.0, b: 0.0, tie: 1.0 },
            };
        }
        match comparison.crossover() {
            Crossover::Identical => Shares { a: 0.0, b: 0.0, tie: 1.0 },
            // A tie at zero tokens has no weight: no answer is that short.
            Crossover::Never { faster } => shares_of(faster, 1.0),
            Crossover::At { tokens, below, .. } => shares_of(below, self.cdf(tokens)),
        }
    }

    /// Mean completion for always-A, always-B, the given router and a perfect router.
    pub fn routing(&self, comparison: &Comparison, router: &Router) -> Routing {
        let always_a_secs = self.mean_completion_secs(&comparison.a);
        let always_b_secs = self.mean_completion_secs(&comparison.b);
        let always = |which: Which| match which {
            Which::A => always_a_secs,
            Which::B => always_b_secs,
        };
        let (short, long) = comparison.short_and_long_sides();
        let crossover = comparison.crossover();
        let n_star = crossover.tokens();
        if short == long {
            // No crossover: one deployment wins every request, so any router sends all to it.
            let everything_to_a = if short == Which::A { 1.0 } else { 0.0 };
            return Routing {
                always_a_secs,
                always_b_secs,
                routed_secs: always(short),
                best_possible_secs: always(short),
                share_sent_to_a: everything_to_a,
                misrouted_share: 0.0,
            };
        }
        let split = |threshold: f64, error_sigma: f64| -> (f64, f64) {
            // (share sent short, mean completion) for a router with these settings.
            let (to_short, short_tokens) = self.short_side_moments(threshold, error_sigma);
            let (s, l) = (comparison.get(short), comparison.get(long));
            let long_tokens = (self.mean() - short_tokens).max(0.0);
            let secs = to_short * s.ttft()
                + short_tokens * s.secs_per_token()
                + (1.0 - to_short) * l.ttft()
                + long_tokens * l.secs_per_token();
            (to_short, secs)
        };
        let (to_short, routed_secs) = split(router.threshold(), router.sigma());
        let best_possible_secs = match n_star {
            Some(n) => split(n, 0.0).1.min(always_a_secs).min(always_b_secs),
            None => always_a_secs.min(always_b_secs),
        };
        let share_sent_to_a = if short == Which::A { to_short } else { 1.0 - to_short };
        let misrouted_share = match n_star {
            Some(n) => self.misrouted_share(n, router.threshold(), router.sigma()),
            None => 0.0,
        };
        Routing {
            always_a_secs,
            always_b_secs,
            routed_secs,
            best_possible_secs,
            share_sent_to_a,
            misrouted_share,
        }
    }

    /// For a router with this threshold and error: the share of requests predicted short, and
    /// the part of the mean length they carry, `E[n; predicted < t]`.
    ///
    /// `ln(predicted) = mu + sigma Z + error_sigma W` is normal with spread
    /// `s = sqrt(sigma² + error_sigma²)`, so the share is `Φ((ln t − mu) / s)`. Weighting by the
    /// length `exp(mu + sigma Z)` shifts `Z` by `sigma` (the log-normal's partial expectation),
    /// giving `mean × Φ((ln t − mu − sigma²) / s)`.
    fn short_side_moments(&self, threshold: f64, error_sigma: f64) -> (f64, f64) {
        let sigma = self.sigma();
        let spread = (sigma * sigma + error_sigma * error_sigma).sqrt();
        let c = threshold.ln() - self.mu();
        let share = cdf_strictly_below(c, spread);
        let carried = self.mean() * cdf_strictly_below(c - sigma * sigma, spread);
        (share, carried.clamp(0.0, self.mean()))
    }

    /// Share of requests a router sends to the deployment that finishes them later. With a
    /// crossover at `n_star` the right side for an answer is fixed by its true length; the wrong
    /// share is the probability that the prediction and the truth fall on opposite sides.
    fn misrouted_share(&self, n_star: f64, threshold: f64, error_sigma: f64) -> f64 {
        let (mu, sigma) = (self.mu(), self.sigma());
        let c = threshold.ln() - mu;
        let star = n_star.ln() - mu;
        let share = if sigma == 0.0 && error_sigma == 0.0 {
            // One length, one prediction: all right or all wrong.
            let routed_short = c > 0.0;
            let short_is_right = star > 0.0;
            if star == 0.0 || routed_short == short_is_right {
                0.0
            } else {
                1.0
            }
        } else if sigma == 0.0 {
            // One true length: wrong whenever the noisy prediction crosses the threshold.
            let to_short = normal_cdf(c / error_sigma);
            if star > 0.0 {
                1.0 - to_short
            } else if star < 0.0 {
                to_short
            } else {
                0.0
            }
        } else if error_sigma == 0.0 {
            // Exact predictions: wrong exactly for lengths between the threshold and n*.
            (normal_cdf(c / sigma) - normal_cdf(star / sigma)).abs()
        } else if error_sigma <= sigma {
            misrouted_given_error(c, star, sigma, error_sigma)
        } else {
            misrouted_given_length(c, star, sigma, error_sigma)
        };
        if share.is_nan() {
            0.0
        } else {
            share.clamp(0.0, 1.0)
        }
    }

    /// Timings of one deployment when every user leaves after `patience_secs` (measured from
    /// sending the request). A user whose answer has not fully arrived by then gives up, and a
    /// completion-time log never sees that request. A NaN patience means nobody gives up.
    pub fn abandonment(&self, deployment: &Deployment, patience_secs: f64) -> Abandonment {
        let true_mean_secs = self.mean_completion_secs(deployment);
        let true_percentiles = self.completion_percentiles(deployment);
        let d = deployment.sanitized();
        // The longest answer that completes within the patience.
        let longest = if patience_secs.is_nan() {
            f64::INFINITY
        } else if patience_secs <= d.ttft() {
            0.0
        } else {
            (patience_secs - d.ttft()) * d.decode_tokens_per_sec
        };
        let surviving = self.cdf(longest);
        let measured = if surviving < FEWEST_SURVIVORS {
            None
        } else if surviving >= 1.0 {
            // Everyone finishes (always the case, if anyone does, when all answers have one
            // length): the log is the truth.
            Some(Survivors { mean_secs: true_mean_secs, percentiles: true_percentiles })
        } else {
            let (mu, sigma) = (self.mu(), self.sigma());
            // Percentiles of the survivors: the share q of the surviving mass.
            let survivor_length =
                |q: f64| (mu + sigma * normal_quantile(q * surviving)).exp().min(longest);
            let percentiles = Percentiles {
                p50: d.completion_secs(survivor_length(0.5)),
                p90: d.completion_secs(survivor_length(0.9)),
                p99: d.completion_secs(survivor_length(0.99)),
            };
            // Mean of the survivors: the log-normal's partial expectation below `longest`.
            let z_longest = (longest.ln() - mu) / sigma;
            let mean_tokens =
                (self.mean() * normal_cdf(z_longest - sigma) / surviving).clamp(0.0, longest);
            Some(Survivors { mean_secs: d.ttft() + mean_tokens * d.secs_per_token(), percentiles })
        };
        Abandonment {
            abandoned_share: (1.0 - surviving).clamp(0.0, 1.0),
            true_mean_secs,
            true_percentiles,
            measured,
        }
    }
}

/// The wrong share for a noisy router, conditioned on the error `W`: for a fixed error the router
/// cuts lengths at one point, and the wrong share is the mass between that cut and n*. The
/// integrand is smooth in `W` on the scale `sigma / error_sigma` (at least one when the error is
/// the smaller spread), with a kink where the cut passes n*. `c` and `star` are the threshold and
/// n* as `ln(tokens) − mu`.
fn misrouted_given_error(c: f64, star: f64, sigma: f64, error_sigma: f64) -> f64 {
    let z_star = star / sigma;
    let wrong = |w: f64| (normal_cdf((c - error_sigma * w) / sigma) - normal_cdf(z_star)).abs();
    integrate_against_normal(wrong, (c - star) / error_sigma)
}

/// The same share conditioned on the length instead: the chance of being sent short is smooth in
/// `Z` on the scale `error_sigma / sigma` (at least one when the error dominates), and the right
/// side jumps at n*.
fn misrouted_given_length(c: f64, star: f64, sigma: f64, error_sigma: f64) -> f64 {
    let z_star = star / sigma;
    let wrong = |z: f64| {
        let to_short = normal_cdf((c - sigma * z) / error_sigma);
        if z < z_star {
            1.0 - to_short
        } else {
            to_short
        }
    };
    integrate_against_normal(wrong, z_star)
}

fn shares_of(first: Which, share: f64) -> Shares {
    let share = share.clamp(0.0, 1.0);
    match first {
        Which::A => Shares { a: share, b: 1.0 - share, tie: 0.0 },
        Which::B => Shares { a: 1.0 - share, b: share, tie: 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_workloads_pooled_lie_between_them_and_one_pooled_with_itself_is_itself() {
        let a = LengthDistribution::new(85.0, 170.0);
        let b = LengthDistribution::new(128.0, 300.0);
        let pooled = LengthDistribution::pooled(&a, &b);
        assert!(85.0 < pooled.median() && pooled.median() < 128.0, "{pooled:?}");
        assert!(170.0 < pooled.quantile(0.9) && pooled.quantile(0.9) < 300.0, "{pooled:?}");
        // Half the pooled answers fall below its median: a half-share of each side's.
        let half = (a.cdf(pooled.median()) + b.cdf(pooled.median())) / 2.0;
        assert!((half - 0.5).abs() < 1e-9, "{half}");
        let same = LengthDistribution::pooled(&a, &a);
        assert!((same.median() - 85.0).abs() < 1e-9 && (same.quantile(0.9) - 170.0).abs() < 1e-6);
    }

    #[test]
    fn lesson_spread() {
        let d = LengthDistribution::LESSON;
        assert!((d.quantile(0.5) - 40.0).abs() < 1e-9);
        assert!((d.quantile(0.9) - 900.0).abs() < 1e-9);
        assert!((d.cdf(900.0) - 0.9).abs() < 1e-12);
    }

    #[test]
    fn both_ways_of_counting_wrong_routes_agree() {
        // Each formula is exact for any spreads; they differ only in which is smooth enough for
        // the fixed grid. Where both are comfortable they must agree.
        for (c, star, sigma, error_sigma) in [
            (-0.3, -0.3, 2.43, 1.0),
            (0.5, -0.3, 2.43, 2.0),
            (-1.0, 0.2, 1.0, 1.0),
            (0.0, 0.0, 1.5, 0.8),
        ] {
            let by_error = misrouted_given_error(c, star, sigma, error_sigma);
            let by_length = misrouted_given_length(c, star, sigma, error_sigma);
            assert!(
                (by_error - by_length).abs() < 1e-6,
                "{c} {star} {sigma} {error_sigma}: {by_error} vs {by_length}"
            );
        }
        // With the threshold at n* and a vanishing error, almost nothing goes the wrong way.
        assert!(misrouted_given_error(0.1, 0.1, 2.0, 1e-6) < 1e-6);
    }

    #[test]
    fn routed_mean_matches_direct_integration() {
        // E[T] = ∫ φ(z) [P(short | n) T_short(n) + P(long | n) T_long(n)] dz with n = e^(mu + sigma z),
        // against the closed form.
        let d = LengthDistribution::LESSON;
        let cmp = Comparison::LESSON;
        let (mu, sigma) = (d.mu(), d.sigma());
        for (threshold, error_sigma) in [(28.875, 0.0), (28.875, 0.7), (100.0, 1.5), (5.0, 3.0)] {
            let router = Router { threshold_tokens: threshold, error_sigma };
            let closed = d.routing(&cmp, &router).routed_secs;
            let direct = integrate_against_normal(
                |z| {
                    let n = (mu + sigma * z).exp();
                    let to_a = cdf_strictly_below(threshold.ln() - n.ln(), error_sigma);
                    to_a * cmp.a.completion_secs(n) + (1.0 - to_a) * cmp.b.completion_secs(n)
                },
                (threshold.ln() - mu) / sigma,
            );
            assert!(
                (closed - direct).abs() < 1e-6 * closed,
                "{threshold} {error_sigma}: {closed} vs {direct}"
            );
        }
    }
}
