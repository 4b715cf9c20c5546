//! The label beside every number of the deployments lab that names the answers it rests on: one
//! answer length (the race), a spread of them (the traffic, or the bot's own), or each model at
//! its own length. The lab holds three workloads; a claim without its label could be read as
//! resting on any of them.

use crate::format;
use crate::state::{Load, Param, Spread, State};

/// Which workload a claim rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The race: both deployments writing one answer length.
    Race,
    /// The spread of answer lengths the lab weighs, at the hour it decides for.
    Spread,
    /// Each deployment writing its own typical length.
    OwnLengths,
    /// The spread's median and 90th percentile, marked on Figure 3's length axis.
    Ticks,
}

/// The lesson's mixed chat traffic, which the traffic spread opens on.
const MIXED_TRAFFIC: (f64, f64) = (40.0, 900.0);

fn count(tokens: f64) -> String {
    format::with_separators(tokens, 0)
}

/// The spread in a few words: "mixed chat traffic, median 40, p90 900".
pub fn spread_name(state: &State) -> String {
    match state.spread {
        Spread::Traffic => {
            let (median, p90) = (state.get(Param::Median), state.get(Param::P90));
            let name =
                if (median, p90) == MIXED_TRAFFIC { "mixed chat traffic" } else { "your traffic" };
            format!("{name}, median {}, p90 {}", count(median), count(p90))
        }
        Spread::Bot => format!(
            "the bot's own answers, median {}, p90 {} (an assumed spread)",
            count(state.get(Param::RaceAnswer)),
            count(state.get(Param::BotP90))
        ),
    }
}

/// "Workload: …" for a claim (for the ticks on Figure 3, what they mark).
pub fn workload_label(state: &State, claim: Claim) -> String {
    match claim {
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
        Claim::Spread => {
            let hour = match state.load {
                Load::Idle => "",
                Load::Peak => "; both at the busiest hour",
            };
            format!("Workload: {}{hour}", spread_name(state))
        }
        Claim::OwnLengths => format!(
            "Workload: each model at its own length, A {} and B {} tokens",
            count(state.get(Param::ALength)),
            count(state.get(Param::BLength))
        ),
        Claim::Ticks => {
            format!("Ticks on the length axis: {}, the decision's workload", spread_name(state))
        }
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
            "Workload: mixed chat traffic, median 40, p90 900"
        );
        assert_eq!(
            workload_label(&s, Claim::Ticks),
            "Ticks on the length axis: mixed chat traffic, median 40, p90 900, the decision's workload"
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
        assert!(workload_label(&moved, Claim::Spread).contains("your traffic, median 60"));
    }
}
