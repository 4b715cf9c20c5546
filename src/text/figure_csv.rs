//! What a figure's CSV download holds: its table, and for Figure 5 the decision the lab closes
//! on, under the table in the same columns so a spreadsheet opens both.

use crate::state::decision::Decision;
use crate::state::{Figure, State};
use crate::text::deployments::decision::decision_csv;

pub fn figure_csv(figure: Figure, state: &State) -> String {
    let table = figure.inputs(state).table();
    let mut csv = table.to_csv();
    if figure == Figure::Completion {
        csv.push_str(&decision_csv(&Decision::of(state), state, table.headers.len()));
    }
    csv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_three_carries_the_decision_and_the_others_only_their_table() {
        let s = State::default();
        let completion = figure_csv(Figure::Completion, &s);
        assert!(completion.starts_with("answer tokens,A (s),B (s)"), "{completion}");
        assert!(completion.contains("\r\ndecision,ship B,,,\r\n"), "{completion}");
        let crossing = figure_csv(Figure::Crossing, &s);
        assert_eq!(crossing, Figure::Crossing.inputs(&s).table().to_csv());
    }
}
