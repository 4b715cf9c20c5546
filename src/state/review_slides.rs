//! The workbench presented: Figure 5 stepped through the decision under review, one answer
//! length at a time. Each step is set from the settings the presentation opened with, so stepping
//! back undoes the step before; the lesson's scenarios would instead replace the two deployments
//! being reviewed. A step sets only the answer Figure 5 races: never the answers the decision
//! weighs (the workbench never decides for the race's length, `state::review`), the deployments
//! or their load, so the verdict beside the figure is the card's throughout.

use super::presets::{Preset, Scope};
use super::{Param, State, TtftSource};

/// The controls a presented review shows beside Figure 5: what is in effect for each side (its
/// first token typed in, or its prefill rate and wait when the first token is built from the
/// prompt, with the prompt both are sent), its decode rate, and the answer raced.
pub fn presented_controls(state: &State) -> Vec<Param> {
    let side = |source: TtftSource, given: Param, from_prompt: [Param; 2], rate: Param| match source
    {
        TtftSource::Given => vec![given, rate],
        TtftSource::Prompt => vec![from_prompt[0], from_prompt[1], rate],
    };
    let mut controls =
        side(state.a_ttft_source, Param::ATtft, [Param::APrefill, Param::AOverhead], Param::ARate);
    controls.extend(side(
        state.b_ttft_source,
        Param::BTtft,
        [Param::BPrefill, Param::BOverhead],
        Param::BRate,
    ));
    if [state.a_ttft_source, state.b_ttft_source].contains(&TtftSource::Prompt) {
        controls.extend(Param::BAKEOFF_PROMPT);
    }
    controls.push(Param::RaceAnswer);
    controls
}

/// Figure 5's race at `tokens`.
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

/// The steps a review opened at `state` walks through: the crossover's only where the two
/// lines cross, so no step names a crossover that is not there.
pub fn review_slides(state: &State) -> &'static [Preset] {
    let crosses = state.lab_comparison().crossover().tokens().is_some();
    let steps = if crosses { REVIEW_SLIDES.len() } else { REVIEW_SLIDES.len() - 1 };
    REVIEW_SLIDES.get(..steps).unwrap_or(&REVIEW_SLIDES)
}

/// At the crossover, where the two finish together, to the whole token the race's answer holds;
/// with none, the median answer again (a step [`review_slides`] leaves out then).
fn at_crossover(state: State) -> State {
    match state.lab_comparison().crossover().tokens() {
        Some(tokens) => race_at(state, tokens),
        None => median_answer(state),
    }
}

/// The steps, in the order a review walks through them, the crossover's last.
pub static REVIEW_SLIDES: [Preset; 3] = [
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
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DecisionWorkload;

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
        for step in (0..REVIEW_SLIDES.len()).filter_map(race) {
            assert_eq!(step.comparison(), opened.comparison(), "the deployments are the review's");
            assert_eq!(step.load, opened.load, "and their load");
            assert_eq!(step.decision_lengths(), opened.decision_lengths(), "and the workload");
        }
    }

    #[test]
    fn a_pair_that_never_crosses_has_no_crossover_step() {
        let crossing = State::default();
        assert!(crossing.lab_comparison().crossover().tokens().is_some());
        assert_eq!(review_slides(&crossing).len(), 3);
        // A starts first and writes faster: the lines never cross.
        let never = State::default()
            .with(Param::ATtft, 0.1)
            .with(Param::ARate, 200.0)
            .with(Param::BTtft, 0.5)
            .with(Param::BRate, 50.0);
        assert_eq!(never.lab_comparison().crossover().tokens(), None);
        let steps = review_slides(&never);
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| !s.name.contains("crossover")));
    }

    #[test]
    fn the_side_panel_shows_what_each_side_races_on() {
        let typed = State::default();
        assert_eq!(
            presented_controls(&typed),
            [Param::ATtft, Param::ARate, Param::BTtft, Param::BRate, Param::RaceAnswer]
        );
        // A chip's rates given to B build its first token from the prompt: the panel shows the
        // prefill rate and wait that do, not a typed first token the figure does not race.
        let chip = State { b_ttft_source: TtftSource::Prompt, ..State::default() };
        let shown = presented_controls(&chip);
        assert!(!shown.contains(&Param::BTtft), "{shown:?}");
        assert!(
            shown.contains(&Param::BPrefill) && shown.contains(&Param::BaseTokens),
            "{shown:?}"
        );
    }
}
