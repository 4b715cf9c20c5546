//! Names for exported files.

use crate::format;
use crate::state::{Figure, Param, State};

/// A file name that says what the file holds and at which settings.
pub fn file_name(figure: Figure, state: &State, extension: &str) -> String {
    let settings = match figure {
        Figure::Timeline | Figure::Crossing | Figure::Streaming | Figure::Bend => format!(
            "prompt{}-output{}-prefill{}-decode{}",
            state.get(Param::Prompt),
            state.get(Param::Output),
            state.get(Param::Prefill),
            format::trimmed(state.get(Param::Decode), 1).replace(',', ""),
        ),
        Figure::Completion | Figure::Lengths => format!(
            "a{}s-{}tps-b{}s-{}tps-answer{}",
            format::trimmed(state.get(Param::ATtft), 3),
            format::trimmed(state.get(Param::ARate), 1),
            format::trimmed(state.get(Param::BTtft), 3),
            format::trimmed(state.get(Param::BRate), 1),
            state.get(Param::RaceAnswer)
        ),
        Figure::Clocks => format!(
            "network{}-queue{}-prompt{}-prefill{}",
            format::trimmed(state.get(Param::ClockNetwork), 2),
            format::trimmed(state.get(Param::ClockQueue), 2),
            state.get(Param::Prompt),
            state.get(Param::Prefill),
        ),
        Figure::Roofline => format!(
            "{}x{}-{}-{}-batch{}",
            state.get(Param::Chips),
            state.chip.key(),
            state.llm.key(),
            state.weights.key(),
            state.get(Param::Batch)
        ),
    };
    format!("crossover-{}-{}.{extension}", figure.slug(), settings.replace(',', ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_say_the_figure_and_its_settings() {
        let s = State::default();
        assert_eq!(
            file_name(Figure::Crossing, &s, "svg"),
            "crossover-crossing-prompt16000-output300-prefill8000-decode60.svg"
        );
        assert_eq!(
            file_name(Figure::Completion, &s, "csv"),
            "crossover-completion-a0.2s-30tps-b0.9s-110tps-answer600.csv"
        );
        assert_eq!(
            file_name(Figure::Roofline, &s.with(Param::Batch, 32.0), "png"),
            "crossover-roofline-1xa100-llama8b-bf16-batch32.png"
        );
    }
}
