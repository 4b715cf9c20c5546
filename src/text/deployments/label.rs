//! The label beside every number of the deployments lab that names the answers it rests on: one
//! answer length (the race), a spread of them (the traffic, or the bot's own), or each model at
//! its own length. The lab holds three workloads; a claim without its label could be read as
//! resting on any of them.

use crate::format;
use crate::state::{DecisionWorkload, Load, Param, Spread, State};

/// Which workload a claim rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The race: both deployments writing one answer length.
    Race,
    /// The spread of answer lengths of Figure 6, the router and the people who give up, at the
    /// hour the lab decides for.
    Spread,
    /// The answers the decision card decides for, at that hour.
    Decision,
    /// Each deployment writing its own typical length.
    OwnLengths,
    /// The spread's median and 90th percentile, marked on Figure 5's length axis.
    Ticks,
}

fn count(tokens: f64) -> String {
    format::with_separators(tokens, 0)
}

/// A workload of answers in a few words: "the lesson's mixed chat traffic, median 40, p90 900".
/// The mixed traffic is the lesson's example, a made-up mix, until its numbers are moved; it is
/// never called the reader's own.
fn answers_name(workload: DecisionWorkload, state: &State) -> String {
    let (median, p90) = workload.params();
    let (median, p90) = (state.get(median), state.get(p90));
    let at_defaults = |m: Param, p: Param| median == m.spec().default && p90 == p.spec().default;
    let (name, after) = match workload {
        // The workbench's own lengths are the reviewer's, typed or from a link: no story's.
        DecisionWorkload::Traffic if state.in_review() => ("typed answer lengths", ""),
        DecisionWorkload::Traffic if at_defaults(Param::Median, Param::P90) => {
            ("the lesson's mixed chat traffic", "")
        }
        DecisionWorkload::Traffic => ("the mixed traffic as set in the panel", ""),
        DecisionWorkload::Bot => ("the bot's own answers", " (an assumed spread)"),
        DecisionWorkload::Runs => ("the runs' own answers", " (as the runs observed them)"),
    };
    format!("{name}, median {}, p90 {}{after}", count(median), count(p90))
}

/// The spread of Figure 6, the router and the people who give up, in a few words.
pub fn spread_name(state: &State) -> String {
    let workload = match state.spread {
        Spread::Traffic => DecisionWorkload::Traffic,
        Spread::Bot => DecisionWorkload::Bot,
    };
    answers_name(workload, state)
}

/// The answers the decision card decides for, in a few words.
pub fn decision_workload_name(state: &State) -> String {
    answers_name(state.decide_for, state)
}

/// "Workload: …" for a claim (for the ticks on Figure 5, what they mark).
pub fn workload_label(state: &State, claim: Claim) -> String {
    match claim {
        Claim::Race if state.in_review() => {
            let answer = state.get(Param::RaceAnswer);
            let median = state.get(state.decide_for.params().0);
            if answer == median {
                format!("Workload: one answer of {}, the decision's median", format::tokens(answer))
            } else {
                format!(
                    "Workload: one answer of {} (the decision's median is {})",
                    format::tokens(answer),
                    format::tokens(median)
                )
            }
        }
        Claim::Race => {
            let answer = state.get(Param::RaceAnswer);
            let typical = Param::RaceAnswer.spec().default;
            if answer == typical {
                format!("Workload: the support bot's typical answer, {} tokens", count(answer))
            } else {
                format!(
                    "Workload: one answer of {} (the bot's typical answer is {})",
                    format::tokens(answer),
                    count(typical)
                )
            }
        }
        Claim::Spread | Claim::Decision => {
            let hour = match state.load {
                Load::Idle => "",
                Load::Peak => "; both at the busiest hour",
            };
            let name = if claim == Claim::Spread {
                spread_name(state)
            } else {
                decision_workload_name(state)
            };
            format!("Workload: {name}{hour}")
        }
        Claim::OwnLengths => format!(
            "Workload: each model at its own length, A {} and B {} tokens",
            count(state.get(Param::ALength)),
            count(state.get(Param::BLength))
        ),
        Claim::Ticks => format!(
            "Ticks on the length axis: {}, the decision's workload",
            decision_workload_name(state)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_claim_names_its_own_answers() {
        let s = State::default();
        assert_eq!(
            workload_label(&s, Claim::Race),
            "Workload: the support bot's typical answer, 600 tokens"
        );
        assert_eq!(
            workload_label(&s, Claim::Spread),
            "Workload: the lesson's mixed chat traffic, median 40, p90 900"
        );
        // The card decides for the bot whose answers Figure 5 races.
        assert_eq!(
            workload_label(&s, Claim::Decision),
            "Workload: the bot's own answers, median 600, p90 1,200 (an assumed spread)"
        );
        assert_eq!(
            workload_label(&s, Claim::Ticks),
            "Ticks on the length axis: the bot's own answers, median 600, p90 1,200 (an assumed spread), the decision's workload"
        );
        let mut runs = s.with(Param::RunsMedian, 128.0).with(Param::RunsP90, 410.0);
        runs.decide_for = DecisionWorkload::Runs;
        assert_eq!(
            workload_label(&runs, Claim::Decision),
            "Workload: the runs' own answers, median 128, p90 410 (as the runs observed them)"
        );
        assert_eq!(
            workload_label(&s, Claim::OwnLengths),
            "Workload: each model at its own length, A 180 and B 600 tokens"
        );
        let mut bot = s;
        (bot.spread, bot.load) = (Spread::Bot, Load::Peak);
        assert_eq!(
            workload_label(&bot, Claim::Spread),
            "Workload: the bot's own answers, median 600, p90 1,200 (an assumed spread); both at the busiest hour"
        );
        let moved = s.with(Param::RaceAnswer, 100.0).with(Param::Median, 60.0);
        assert_eq!(
            workload_label(&moved, Claim::Race),
            "Workload: one answer of 100 tokens (the bot's typical answer is 600)"
        );
        let spread = workload_label(&moved, Claim::Spread);
        assert!(spread.contains("the mixed traffic as set in the panel, median 60"), "{spread}");
        assert!(!spread.contains("your"), "the lesson's example is never the reader's traffic");
    }

    #[test]
    fn in_the_workbench_every_workload_is_the_reviewers_or_the_runs() {
        let review = State::default().for_review();
        assert_eq!(
            workload_label(&review, Claim::Decision),
            "Workload: typed answer lengths, median 600, p90 1,200"
        );
        assert_eq!(
            workload_label(&review, Claim::Race),
            "Workload: one answer of 600 tokens, the decision's median"
        );
        let moved = review.with(Param::RaceAnswer, 2_000.0);
        assert_eq!(
            workload_label(&moved, Claim::Race),
            "Workload: one answer of 2,000 tokens (the decision's median is 600 tokens)"
        );
        for claim in [Claim::Decision, Claim::Race, Claim::Ticks] {
            let said = workload_label(&review, claim);
            for story in ["bot", "lesson", "mixed", "busiest", "assumed"] {
                assert!(!said.contains(story), "{said}");
            }
        }
    }
}
