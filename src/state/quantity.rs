//! The quantities the page states in more than one place, each computed here once from the
//! state. Wherever one is written (a readout, a player's lane, the comparison of two runs, the
//! decision card), its element carries `data-quantity` with the key below and `data-value` with
//! the value it was written from, so a test can read every place a quantity appears and check
//! that they agree.

use super::{Param, State};
use crate::model::deep::TtftDefinition;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// The first half's request: its first token on each of the three clocks, and its total.
    TtftClient,
    TtftServer,
    TtftScheduled,
    Total,
    /// The prompt at which reading costs as much as writing, under the model the page follows.
    CrossingPrompt,
    /// The two deployments at a quiet hour: each one's first token and its finish of the race's
    /// answer, the crossover, and who finishes the race first.
    ATtft,
    BTtft,
    ACompletion,
    BCompletion,
    Crossover,
    Winner,
    /// The crossover at the busiest hour.
    CrossoverPeak,
}

/// What a quantity is worth: a number, or a word (who finishes first).
#[derive(Clone, Debug, PartialEq)]
pub enum Worth {
    Number(f64),
    Word(&'static str),
    /// The quantity does not exist in this state (lines that never cross).
    None,
}

impl Quantity {
    pub const ALL: [Quantity; 12] = [
        Quantity::TtftClient,
        Quantity::TtftServer,
        Quantity::TtftScheduled,
        Quantity::Total,
        Quantity::CrossingPrompt,
        Quantity::ATtft,
        Quantity::BTtft,
        Quantity::ACompletion,
        Quantity::BCompletion,
        Quantity::Crossover,
        Quantity::Winner,
        Quantity::CrossoverPeak,
    ];

    /// The `data-quantity` key.
    pub fn key(self) -> &'static str {
        match self {
            Quantity::TtftClient => "ttft-client",
            Quantity::TtftServer => "ttft-server",
            Quantity::TtftScheduled => "ttft-scheduled",
            Quantity::Total => "total",
            Quantity::CrossingPrompt => "crossing-prompt",
            Quantity::ATtft => "a-ttft",
            Quantity::BTtft => "b-ttft",
            Quantity::ACompletion => "a-completion",
            Quantity::BCompletion => "b-completion",
            Quantity::Crossover => "crossover",
            Quantity::Winner => "winner",
            Quantity::CrossoverPeak => "crossover-peak",
        }
    }

    /// The first half's first token on the clock `definition` reads it from.
    pub fn ttft_on(definition: TtftDefinition) -> Quantity {
        match definition {
            TtftDefinition::Client => Quantity::TtftClient,
            TtftDefinition::Server => Quantity::TtftServer,
            TtftDefinition::Scheduled => Quantity::TtftScheduled,
        }
    }

    /// Its value in `state`: the one computation every place that states it shows.
    pub fn of(self, state: &State) -> Worth {
        let on = |definition| State { ttft_definition: definition, ..*state }.headline().ttft_secs;
        let c = state.comparison();
        let answer = state.get(Param::RaceAnswer);
        let number = |x: f64| Worth::Number(x);
        let tokens = |n: Option<f64>| n.map_or(Worth::None, Worth::Number);
        match self {
            Quantity::TtftClient => number(on(TtftDefinition::Client)),
            Quantity::TtftServer => number(on(TtftDefinition::Server)),
            Quantity::TtftScheduled => number(on(TtftDefinition::Scheduled)),
            Quantity::Total => number(state.headline().total_secs),
            Quantity::CrossingPrompt => tokens(state.crossing().prompt_tokens),
            Quantity::ATtft => number(c.a.ttft()),
            Quantity::BTtft => number(c.b.ttft()),
            Quantity::ACompletion => number(c.a.completion_secs(answer)),
            Quantity::BCompletion => number(c.b.completion_secs(answer)),
            Quantity::Crossover => tokens(c.crossover().tokens()),
            Quantity::Winner => Worth::Word(c.race_at(answer).winner.data_value()),
            Quantity::CrossoverPeak => tokens(state.peak_comparison().crossover().tokens()),
        }
    }
}

impl Worth {
    /// As `data-value` writes it: a number unrounded, a word as it is, nothing when there is
    /// none.
    pub fn attribute(&self) -> Option<String> {
        match self {
            Worth::Number(x) => Some(x.to_string()),
            Worth::Word(w) => Some((*w).to_string()),
            Worth::None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_the_lessons_numbers_come_out() {
        let mut keys: Vec<&str> = Quantity::ALL.iter().map(|q| q.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Quantity::ALL.len());
        let s = State::default();
        assert_eq!(Quantity::Total.of(&s), Worth::Number(7.0));
        assert_eq!(Quantity::Winner.of(&s), Worth::Word("B"));
        let Worth::Number(n) = Quantity::Crossover.of(&s) else {
            panic!("the lesson's pair crosses")
        };
        assert_eq!(crate::model::rounding::round_half_away(n, 1), 28.9);
    }
}
