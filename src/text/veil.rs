//! What stands in for an answer the reader has not predicted yet: a figure's words while it is
//! blurred, and the line in place of numbers that would state the answer.

use crate::state::Figure;

/// A blurred figure's text alternative and caption line.
pub fn veiled_figure(figure: Figure) -> String {
    let why = match figure {
        Figure::Crossing => ", blurred until you guess: it would give the crossing away",
        Figure::Completion => ", blurred until you guess: it would give the crossover away",
        Figure::Lengths => ", blurred until you guess the crossover, which it marks",
        Figure::Roofline => ", blurred while the H200 is in the panel, until you lock a guess in the chip section's prediction: where its roof bends gives the answer away",
        Figure::Bend => ", blurred until you guess the crossing, which it marks",
        Figure::Timeline | Figure::Streaming | Figure::Clocks => "",
    };
    format!("{}{why}.", figure.name())
}

/// What every prediction says until a guess is locked: nothing about the answer.
pub const BEFORE_A_GUESS: &str =
    "Lock in a number first; the answer appears once you have committed.";

/// In place of a part of the second half that names the crossover.
pub const AFTER_THE_CROSSOVER_GUESS: &str =
    "Shown once you guess the crossover above, or ask to see the answers anyway.";

/// In place of the deeper model's crossing, before the first prediction.
pub const AFTER_THE_CROSSING_GUESS: &str =
    "The crossing under the deeper model shows once you guess the crossing, or ask to see it anyway.";

/// In place of the chip section's ratio and crossing while the H200 is in the panel and its
/// prediction is open.
pub const H200_AFTER_THE_GUESS: &str =
    "With the H200 in the panel, its ratio and crossing are the answer to the prediction above: they appear once you lock a guess there, or choose to see them anyway.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stand_ins_state_no_number() {
        let figures = Figure::ALL.map(|f| veiled_figure(f).replacen(&f.name(), "", 1));
        let all = figures.iter().map(String::as_str).chain([
            AFTER_THE_CROSSOVER_GUESS,
            AFTER_THE_CROSSING_GUESS,
            H200_AFTER_THE_GUESS,
        ]);
        for text in all {
            // Its figure's own number aside, no digit: nothing here may hint at an answer.
            let digits = text.replace("H200", "");
            assert!(!digits.chars().any(|c| c.is_ascii_digit()), "{text}");
        }
    }
}
