//! The verdict the deployments lab closes on: for the consumer, the spread of answers and the
//! hour the reader chose, which deployment to ship, by how much at the median and the 90th
//! percentile answer, what a router would add on the mean, and what would change the choice.
//!
//! The choice goes to the deployment with the lower mean time to the whole answer over the
//! spread. Completion is a straight line in the length, so that is the one that wins an answer of
//! the mean length: a long tail can make it the fast writer even when the median answer is short.
//! A person in a chat also sees the first words; that is reported beside the choice rather than
//! folded into it, since both streams usually outrun reading and the whole answer is what lets
//! them act.

use super::{DecisionWorkload, Load, State};
use crate::model::deployments::{Comparison, Consumer, Crossover, Edge, Race, Which};
use crate::model::levers::gap_is_felt;
use crate::model::retries::attempts_per_answer;
use crate::model::workload::LengthDistribution;
use crate::model::ReadingSpeed;

/// One answer length of the spread, raced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct At {
    pub tokens: f64,
    pub race: Race,
}

/// What a router by predicted length adds to the better single deployment, on the mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RouterGain {
    /// The better of always-A and always-B.
    pub single_secs: f64,
    pub routed_secs: f64,
}

impl RouterGain {
    /// Seconds the router takes off the mean; negative when a poor router costs time.
    pub fn saved_secs(&self) -> f64 {
        self.single_secs - self.routed_secs
    }

    /// The saving as a share of the single deployment's mean.
    pub fn saved_share(&self) -> f64 {
        if self.single_secs > 0.0 {
            self.saved_secs() / self.single_secs
        } else {
            0.0
        }
    }
}

/// The decode rate at which the shipped deployment would stop winning on the mean, the other
/// keeping its own figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BreakEven {
    pub which: Which,
    pub tokens_per_sec: f64,
}

/// The lab's verdict and everything it says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub consumer: Consumer,
    /// The answers it decides for.
    pub workload: DecisionWorkload,
    pub load: Load,
    /// The pair at the chosen hour, each counting the retries its failures cost.
    pub comparison: Comparison,
    /// The pair at the chosen hour as measured: what a request that answers takes.
    pub answering: Comparison,
    /// The share of A's and of B's requests that failed.
    pub failed: [f64; 2],
    pub lengths: LengthDistribution,
    /// The deployment to ship; `None` when the two are the same on the mean.
    pub ship: Option<Which>,
    pub mean_tokens: f64,
    /// Mean time to the whole answer on A and on B.
    pub mean: Race,
    pub median: At,
    pub p90: At,
    pub first_token: Option<Edge>,
    pub router: RouterGain,
    pub break_even: Option<BreakEven>,
    /// The pair at the other hour, the choice there, and that hour's crossover.
    pub other_load: Load,
    pub other: Comparison,
    pub other_ship: Option<Which>,
    pub other_crossover: Crossover,
    /// Whether both deployments write faster than the reader reads.
    pub both_outrun_reading: bool,
    pub reading: ReadingSpeed,
    /// Read in the review workbench (`State::in_review`).
    pub review: bool,
}

/// The deployment with the lower mean completion over `lengths`, if they differ.
fn shipped(comparison: &Comparison, lengths: &LengthDistribution) -> Option<Which> {
    comparison.winner_at(lengths.mean()).which()
}

impl Decision {
    pub fn of(state: &State) -> Decision {
        let failed = state.failed_shares();
        let answering = state.lab_comparison();
        let comparison = answering.counting_retries(failed);
        let lengths = state.decision_lengths();
        let mean_tokens = lengths.mean();
        let at = |tokens: f64| At { tokens, race: comparison.race_at(tokens) };
        let percentiles = lengths.length_percentiles();
        let ship = shipped(&comparison, &lengths);
        let routing = lengths.routing(&comparison, &state.router());
        // The review workbench holds each side at the one load it was given at: no other hour.
        let other_load = if state.in_review() { state.load } else { state.load.other() };
        let other = State { load: other_load, ..*state }.lab_comparison().counting_retries(failed);
        let reading = state.reading();
        Decision {
            consumer: state.consumer,
            workload: state.decide_for,
            load: state.load,
            comparison,
            answering,
            failed,
            lengths,
            ship,
            mean_tokens,
            mean: comparison.race_at(mean_tokens),
            median: at(percentiles.p50),
            p90: at(percentiles.p90),
            first_token: answering.first_token_lead(),
            router: RouterGain {
                single_secs: routing.always_a_secs.min(routing.always_b_secs),
                routed_secs: routing.routed_secs,
            },
            break_even: ship
                .and_then(|which| break_even(&comparison, which, mean_tokens))
                .map(|even| even.as_measured(failed)),
            other_load,
            other,
            other_ship: shipped(&other, &lengths),
            other_crossover: other.crossover(),
            both_outrun_reading: answering.a.outruns(reading) && answering.b.outruns(reading),
            reading,
            review: state.in_review(),
        }
    }

    /// The crossover at the chosen hour (counting retries, when either side fails).
    pub fn crossover(&self) -> Crossover {
        self.comparison.crossover()
    }

    /// Whether either side fails some requests, so that every time it decides on counts the
    /// retries (`model::retries`).
    pub fn counts_retries(&self) -> bool {
        self.comparison != self.answering
    }

    /// Whether a person reading could tell the two apart on the mean: a lead under a tenth of
    /// a second reads as none. A program has no such limit, so for it any lead counts.
    pub fn felt(&self) -> bool {
        self.consumer == Consumer::Machine || gap_is_felt(self.mean.gap_secs())
    }

    /// Which sides the panel gives figures of their own at the other hour (a side whose figures
    /// there are its figures here has none to tell): A's, then B's.
    pub fn other_hour_differs(&self) -> [bool; 2] {
        [self.other.a != self.comparison.a, self.other.b != self.comparison.b]
    }

    /// Whether it is read in the review workbench, which speaks of no hour but the sides' own.
    pub fn in_review(&self) -> bool {
        self.review
    }

    /// The median answer's length it decides for, for labels.
    pub fn median_tokens(state: &State) -> f64 {
        state.get(state.decide_for.params().0)
    }
}

impl BreakEven {
    /// The rate found on a pair counting retries, as the side's own decode rate when it
    /// answers: the rate its control holds.
    fn as_measured(self, failed: [f64; 2]) -> BreakEven {
        let [a, b] = failed;
        let share = match self.which {
            Which::A => a,
            Which::B => b,
        };
        BreakEven { tokens_per_sec: self.tokens_per_sec * attempts_per_answer(share), ..self }
    }
}

/// The decode rate at which `which` would finish an answer of `tokens` exactly when the other
/// does; `None` when no rate could (the other finishes before `which` even starts).
fn break_even(comparison: &Comparison, which: Which, tokens: f64) -> Option<BreakEven> {
    let own = comparison.get(which);
    let other = comparison.get(which.other()).completion_secs(tokens);
    let room = other - own.ttft();
    let rate = tokens / room;
    (room > 0.0 && rate.is_finite() && rate > 0.0)
        .then_some(BreakEven { which, tokens_per_sec: rate })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rounding::round_half_away;
    use crate::state::Param;

    /// The lab deciding for the lesson's mixed traffic, whose router story it tells.
    fn on_mixed_traffic() -> State {
        State { decide_for: DecisionWorkload::Traffic, ..State::default() }
    }

    #[test]
    fn by_default_the_card_decides_for_the_bots_answers_that_the_race_races() {
        let d = Decision::of(&State::default());
        assert_eq!(d.workload, DecisionWorkload::Bot);
        assert_eq!((d.median.tokens.round(), d.p90.tokens.round()), (600.0, 1_200.0));
        assert_eq!(d.ship, Some(Which::B));
    }

    #[test]
    fn the_lessons_lab_ships_b_and_the_router_adds_little() {
        let d = Decision::of(&on_mixed_traffic());
        assert_eq!(d.ship, Some(Which::B));
        assert_eq!((d.median.tokens.round(), d.p90.tokens.round()), (40.0, 900.0));
        // 0.2 + 40/30 against 0.9 + 40/110, and 0.2 + 900/30 against 0.9 + 900/110.
        assert!((d.median.race.a_secs - (0.2 + 40.0 / 30.0)).abs() < 1e-9);
        assert!((d.p90.race.b_secs - (0.9 + 900.0 / 110.0)).abs() < 1e-9);
        // The router at the crossover takes about 0.22 s off B's mean of about 7.86 s.
        assert_eq!(round_half_away(d.router.saved_secs(), 2), 0.22);
        assert_eq!(round_half_away(d.router.single_secs, 2), 7.86);
        // B keeps the lead on the mean answer (about 765 tokens) down to about 30.8 tok/s.
        let even = d.break_even.unwrap_or(BreakEven { which: Which::A, tokens_per_sec: 0.0 });
        assert_eq!(even.which, Which::B);
        assert_eq!(round_half_away(even.tokens_per_sec, 1), 30.8);
        assert_eq!(d.other_load, Load::Peak);
        assert_eq!(d.other_ship, Some(Which::B));
        assert_eq!(d.other_crossover.tokens().map(|n| round_half_away(n, 0)), Some(63.0));
        assert!(d.both_outrun_reading);
    }

    #[test]
    fn short_answers_ship_a_and_the_load_can_flip_it() {
        let s = on_mixed_traffic().with(Param::Median, 10.0).with(Param::P90, 20.0);
        assert_eq!(Decision::of(&s).ship, Some(Which::A));
        // B slower than A at the busiest hour: quiet, B; at peak, A.
        let slow_peak = on_mixed_traffic().with(Param::BPeak, 20.0);
        let quiet = Decision::of(&slow_peak);
        assert_eq!((quiet.ship, quiet.other_ship), (Some(Which::B), Some(Which::A)));
        let peak = Decision::of(&State { load: Load::Peak, ..slow_peak });
        assert_eq!((peak.ship, peak.other_ship), (Some(Which::A), Some(Which::B)));
    }

    #[test]
    fn identical_deployments_ship_neither_and_bad_numbers_stay_finite() {
        let same = State::default().with(Param::BTtft, 0.2).with(Param::BRate, 30.0);
        let d = Decision::of(&same);
        assert_eq!(d.ship, None);
        assert!(d.break_even.is_none());
        let wide = on_mixed_traffic().with(Param::Median, 1.0).with(Param::P90, 1e6);
        let d = Decision::of(&wide);
        assert!(d.mean.a_secs.is_finite() && d.router.saved_secs().is_finite());
    }
}
