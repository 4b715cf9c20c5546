//! Sides of the deployments lab set from loaded runs ("Use as A", "Use as B"). A run's numbers
//! go into the side's controls with every digit, and with them what the run says of itself: it
//! was measured at one load, so its busiest hour is the same figures (the page knows no other);
//! and it gave answers of its own lengths. Once both sides hold runs' numbers, the decision
//! decides for those answers.
//!
//! The record of which numbers came from a run stays in the tab (a link carries the numbers
//! alone); a side is still the run's for as long as its controls hold what the run put there.

use super::{DecisionWorkload, Param, State, TtftSource};
use crate::model::deployments::Which;
use crate::model::workload::LengthDistribution;

/// What a run gives one side: its first token at the chosen percentile, its decode rate, the
/// median and 90th percentile of its answers in tokens, and the share of its requests that
/// failed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredSide {
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
    pub answer_tokens: [f64; 2],
    pub failed_share: f64,
}

impl MeasuredSide {
    fn answers(&self) -> LengthDistribution {
        let [median, p90] = self.answer_tokens;
        LengthDistribution::new(median, p90)
    }
}

/// The side's controls: first token, decode rate, the two at the busiest hour, its own median
/// answer and its failed requests.
fn side_params(which: Which) -> [Param; 6] {
    match which {
        Which::A => [
            Param::ATtft,
            Param::ARate,
            Param::APeakTtft,
            Param::APeak,
            Param::ALength,
            Param::AFailed,
        ],
        Which::B => [
            Param::BTtft,
            Param::BRate,
            Param::BPeakTtft,
            Param::BPeak,
            Param::BLength,
            Param::BFailed,
        ],
    }
}

/// The sides set from runs, A's then B's, as the controls were left holding them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MeasuredSides([Option<MeasuredSide>; 2]);

impl MeasuredSides {
    /// Puts `side` into `which`: its first token typed in (not built from the prompt), its
    /// decode rate, the same two figures for the busiest hour, its median answer as the side's
    /// own length, and its share of failed requests. Once both sides hold runs, the decision's
    /// workload becomes their answers, pooled. Returns what the first-token and decode-rate
    /// controls now hold.
    pub fn put(&mut self, state: &mut State, which: Which, side: MeasuredSide) -> (f64, f64) {
        let [ttft, rate, peak_ttft, peak_rate, own_length, failed] = side_params(which);
        match which {
            Which::A => state.a_ttft_source = TtftSource::Given,
            Which::B => state.b_ttft_source = TtftSource::Given,
        }
        let held = (state.set(ttft, side.ttft_secs), state.set(rate, side.decode_tokens_per_sec));
        state.set(peak_ttft, held.0);
        state.set(peak_rate, held.1);
        state.set(own_length, side.answer_tokens[0]);
        state.set(failed, side.failed_share * 100.0);
        let kept = MeasuredSide { ttft_secs: held.0, decode_tokens_per_sec: held.1, ..side };
        if let Some(place) = self.0.get_mut(which.index()) {
            *place = Some(kept);
        }
        if let (Some(a), Some(b)) = (self.holding(state, Which::A), self.holding(state, Which::B)) {
            let pooled = LengthDistribution::pooled(&a.answers(), &b.answers());
            state.set(Param::RunsMedian, pooled.median());
            state.set(Param::RunsP90, pooled.quantile(0.9));
            state.decide_for = DecisionWorkload::Runs;
            // Figure 5 races the runs' own median answer, not a length from before.
            *state = state.race_the_decision_median();
        }
        held
    }

    /// The run's numbers side `which` holds, while its controls still hold them: a reader who
    /// moves one has made a deployment of their own.
    pub fn holding(&self, state: &State, which: Which) -> Option<MeasuredSide> {
        let side = (*self.0.get(which.index())?)?;
        let [ttft, rate, ..] = side_params(which);
        let source = match which {
            Which::A => state.a_ttft_source,
            Which::B => state.b_ttft_source,
        };
        (source == TtftSource::Given
            && state.get(ttft) == side.ttft_secs
            && state.get(rate) == side.decode_tokens_per_sec)
            .then_some(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::decision::Decision;

    const VLLM: MeasuredSide = MeasuredSide {
        ttft_secs: 0.475_3,
        decode_tokens_per_sec: 23.461,
        answer_tokens: [85.0, 170.0],
        failed_share: 0.0,
    };
    const SGLANG: MeasuredSide = MeasuredSide {
        ttft_secs: 0.388_1,
        decode_tokens_per_sec: 22.048,
        answer_tokens: [128.0, 300.0],
        failed_share: 0.0,
    };

    #[test]
    fn a_run_keeps_every_digit_and_brings_no_busiest_hour() {
        let mut state = State::default();
        let mut sides = MeasuredSides::default();
        let held = sides.put(&mut state, Which::A, VLLM);
        assert_eq!(held, (0.475_3, 23.461), "not the control's rounding");
        assert_eq!(state.comparison().a.decode_tokens_per_sec, 23.461);
        assert_eq!(state.peak_comparison().a, state.comparison().a);
        assert_eq!(state.get(Param::ALength), 85.0);
        assert_eq!(state.decide_for, DecisionWorkload::Bot, "one run is not yet a pair");
        assert_eq!(state.failed_shares(), [0.0, 0.0]);
    }

    #[test]
    fn a_run_that_failed_a_third_of_its_requests_brings_its_failures_into_the_verdict() {
        let mut state = State::default();
        let mut sides = MeasuredSides::default();
        sides.put(&mut state, Which::A, VLLM);
        let before = Decision::of(&state);
        let failing = MeasuredSide { failed_share: 49.0 / 150.0, ..SGLANG };
        sides.put(&mut state, Which::B, failing);
        assert_eq!(state.failed_shares(), [0.0, 49.0 / 150.0], "every digit of the share");
        let d = Decision::of(&state);
        assert!(d.counts_retries() && !before.counts_retries());
        // B's mean time to an answer stretches by its 150/101 attempts per answer.
        let measured = d.answering.race_at(d.mean_tokens).b_secs;
        assert!((d.mean.b_secs - measured * 150.0 / 101.0).abs() < 1e-9);
    }

    #[test]
    fn two_runs_make_one_crossover_and_the_decision_decides_for_their_answers() {
        let mut state = State::default();
        let mut sides = MeasuredSides::default();
        sides.put(&mut state, Which::A, VLLM);
        sides.put(&mut state, Which::B, SGLANG);
        // The crossover from the state is the one from the runs' own numbers.
        let runs = crate::model::deployments::Comparison::new(
            crate::model::deployments::Deployment::new(VLLM.ttft_secs, VLLM.decode_tokens_per_sec),
            crate::model::deployments::Deployment::new(
                SGLANG.ttft_secs,
                SGLANG.decode_tokens_per_sec,
            ),
        );
        assert_eq!(state.comparison().crossover(), runs.crossover());
        assert_eq!(Decision::of(&state).crossover(), runs.crossover());
        assert_eq!(state.decide_for, DecisionWorkload::Runs);
        let median = state.get(Param::RunsMedian);
        assert!((85.0..=128.0).contains(&median), "{median}");
        // A moved control makes the side the reader's own.
        state.set(Param::BRate, 40.0);
        assert!(sides.holding(&state, Which::B).is_none());
        assert!(sides.holding(&state, Which::A).is_some());
    }
}
