//! The workbench presented: Figure 3 stepped through the decision under review, one answer
//! length or hour at a time. Each step is set from the settings the presentation opened with,
//! so stepping back undoes the step before; the lesson's scenarios would instead replace the
//! two deployments being reviewed.

use super::presets::{Preset, Scope};
use super::{Param, State};

/// Figure 3's race at `tokens`, at the hour the review decides for.
fn race_at(state: State, tokens: f64) -> State {
    state.with(Param::RaceAnswer, tokens)
}

fn median_answer(state: State) -> State {
    let (median, _) = state.decide_for.params();
    race_at(state, state.get(median))
}

fn p90_answer(state: State) -> State {
    let (_, p90) = state.decide_for.params();
    race_at(state, state.get(p90))
}

/// At the crossover, where the two finish together, to the whole token the race's answer holds;
/// with none, the median answer again.
fn at_crossover(state: State) -> State {
    match state.lab_comparison().crossover().tokens() {
        Some(tokens) => race_at(state, tokens),
        None => median_answer(state),
    }
}

/// The median answer at the hour the review did not decide for.
fn other_hour(state: State) -> State {
    median_answer(State { load: state.load.other(), ..state })
}

/// The steps, in the order a review walks through them.
pub static REVIEW_SLIDES: [Preset; 4] = [
    Preset {
        key: "review-median",
        scope: Scope::Deployments,
        name: "the median answer of the workload under review",
        description: "The race at the median answer the decision weighs.",
        apply: median_answer,
    },
    Preset {
        key: "review-p90",
        scope: Scope::Deployments,
        name: "its 90th-percentile answer",
        description: "The race at the long answers: one in ten is longer.",
        apply: p90_answer,
    },
    Preset {
        key: "review-crossover",
        scope: Scope::Deployments,
        name: "the whole answer nearest the crossover, where the two finish together",
        description: "The race at the answer length where the lead changes hands.",
        apply: at_crossover,
    },
    Preset {
        key: "review-other-hour",
        scope: Scope::Deployments,
        name: "the median answer at the other hour",
        description: "The same answer at the hour the decision was not made for.",
        apply: other_hour,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{DecisionWorkload, Load};

    #[test]
    fn each_step_races_the_reviews_own_lengths_and_leaves_the_deployments_alone() {
        let opened = State { decide_for: DecisionWorkload::Traffic, ..State::default() }
            .with(Param::BRate, 80.0);
        let race = |i: usize| REVIEW_SLIDES.get(i).map(|s| (s.apply)(opened));
        let answer = |s: Option<State>| s.map(|s| s.get(Param::RaceAnswer));
        assert_eq!(answer(race(0)), Some(opened.get(Param::Median)));
        assert_eq!(answer(race(1)), Some(opened.get(Param::P90)));
        let crossover = opened.lab_comparison().crossover().tokens();
        assert_eq!(answer(race(2)), crossover.map(f64::round), "the nearest whole answer");
        let other = race(3).map(|s| s.load);
        assert_eq!(other, Some(Load::Peak));
        for step in (0..REVIEW_SLIDES.len()).filter_map(race) {
            assert_eq!(step.comparison(), opened.comparison(), "the deployments are the review's");
        }
    }
}
