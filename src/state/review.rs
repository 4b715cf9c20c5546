//! The review workbench's reading of the state. The lesson tells two stories with their own
//! numbers: the support bot whose typical answer Figure 5 races (600 tokens, with an assumed 90th
//! percentile), its busiest hour (B falling to 45 tok/s), the mixed chat traffic. A reviewer's
//! deployments are not the story's, so in the workbench none of it is borrowed: the card decides
//! for answer lengths the reviewer typed or the runs observed, named as theirs; Figure 5 races
//! the decision's median answer until the reviewer moves it; and there is one load, the one each
//! side was given at, so no other hour is spoken of.

use super::{DecisionWorkload, Load, Param, State};
use crate::model::deployments::Which;

/// What the workbench's card headed a pair with, where the fitted lines alone would not give it:
/// a pair not raced alike, runs that cannot tell which finishes first, or a verdict resting on
/// goodput. Carried into the card's presentation (`?held=`), whose address holds the sides'
/// numbers but not the runs behind them, so that it states the card's headline and not one
/// worked out anew from the lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    NotComparable,
    EitherMayFinishFirst,
    /// On goodput: the side that meets the limits more often, `None` when they cannot be told
    /// apart.
    Goodput(Option<Which>),
}

impl Held {
    pub const ALL: [Held; 5] = [
        Held::NotComparable,
        Held::EitherMayFinishFirst,
        Held::Goodput(Some(Which::A)),
        Held::Goodput(Some(Which::B)),
        Held::Goodput(None),
    ];

    pub fn key(self) -> &'static str {
        match self {
            Held::NotComparable => "not-comparable",
            Held::EitherMayFinishFirst => "either",
            Held::Goodput(Some(Which::A)) => "goodput-a",
            Held::Goodput(Some(Which::B)) => "goodput-b",
            Held::Goodput(None) => "goodput-either",
        }
    }

    pub fn from_key(key: &str) -> Option<Held> {
        Held::ALL.into_iter().find(|h| h.key() == key)
    }
}

/// Whose page the state is read on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Door {
    #[default]
    Lesson,
    /// The review workbench (`workbench.html`).
    Review,
}

impl State {
    /// The state as the workbench reads it, from an address that may have been the lesson's:
    /// the bot's answers become typed lengths of the same numbers (the workbench decides for no
    /// story's workload), the review is at one load (the sides' own), and Figure 5 races the
    /// decision's median answer.
    #[must_use]
    pub fn for_review(self) -> State {
        let mut state = State { door: Door::Review, load: Load::Idle, ..self };
        if state.decide_for == DecisionWorkload::Bot {
            let (median, p90) = (state.get(Param::RaceAnswer), state.get(Param::BotP90));
            state.decide_for = DecisionWorkload::Traffic;
            state.set(Param::Median, median);
            state.set(Param::P90, p90);
        }
        state.race_the_decision_median()
    }

    /// Figure 5's race set to the median answer the decision weighs.
    #[must_use]
    pub fn race_the_decision_median(self) -> State {
        let (median, _) = self.decide_for.params();
        let tokens = self.get(median);
        self.with(Param::RaceAnswer, tokens)
    }

    /// Whether the state is read in the review workbench.
    pub fn in_review(&self) -> bool {
        self.door == Door::Review
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_held_headline_reads_back_from_its_key() {
        for held in Held::ALL {
            assert_eq!(Held::from_key(held.key()), Some(held));
        }
        assert_eq!(Held::from_key("ship-a"), None);
    }

    #[test]
    fn the_workbench_keeps_the_numbers_but_none_of_the_stories_workloads_or_hours() {
        let lesson = State { load: Load::Peak, ..State::default() }.with(Param::BotP90, 2_000.0);
        let review = lesson.for_review();
        assert!(review.in_review() && !lesson.in_review());
        assert_eq!(review.load, Load::Idle, "one load: the sides' own");
        assert_eq!(review.decide_for, DecisionWorkload::Traffic, "typed lengths, not the bot's");
        assert_eq!((review.get(Param::Median), review.get(Param::P90)), (600.0, 2_000.0));
        assert_eq!(review.get(Param::RaceAnswer), 600.0);
        // The deployments are as the link gave them.
        for p in [Param::ATtft, Param::ARate, Param::BTtft, Param::BRate] {
            assert_eq!(review.get(p), lesson.get(p), "{p:?}");
        }
        // The runs' own answers stay the runs', and the race goes to their median.
        let mut runs = State::default().with(Param::RunsMedian, 151.0).with(Param::RunsP90, 152.0);
        runs.decide_for = DecisionWorkload::Runs;
        let runs = runs.for_review();
        assert_eq!(runs.decide_for, DecisionWorkload::Runs);
        assert_eq!(runs.get(Param::RaceAnswer), 151.0);
        assert_eq!(runs.for_review(), runs, "read twice, the same");
    }
}
