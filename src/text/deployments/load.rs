//! Peak load: the race at idle and at peak rates, and how the crossover moved.

use super::an_answer_of;
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Crossover, Which};

pub fn peak_table(idle: &Comparison, peak: &Comparison, answer: f64) -> DataTable {
    let (quiet, busy) = (idle.race_at(answer), peak.race_at(answer));
    let rate = |c: &Comparison, which: Which| {
        let r = 1.0 / c.get(which).secs_per_token();
        Cell::number(r, format::rate(r))
    };
    let secs = |x: f64| Cell::number(x, format::duration(x));
    let crossover = |c: &Comparison| match c.crossover().tokens() {
        Some(n) => Cell::number(n, crossover_tokens_text(n)),
        None => Cell::text("none"),
    };
    DataTable {
        caption: format!("Idle against peak, for {}", an_answer_of(answer)),
        headers: vec!["", "idle", "at peak"],
        rows: vec![
            vec![Cell::text("A: decode rate"), rate(idle, Which::A), rate(peak, Which::A)],
            vec![Cell::text("B: decode rate"), rate(idle, Which::B), rate(peak, Which::B)],
            vec![Cell::text("A finishes after"), secs(quiet.a_secs), secs(busy.a_secs)],
            vec![Cell::text("B finishes after"), secs(quiet.b_secs), secs(busy.b_secs)],
            vec![
                Cell::text("first to finish"),
                Cell::text(quiet.winner.data_value()),
                Cell::text(busy.winner.data_value()),
            ],
            vec![Cell::text("crossover"), crossover(idle), crossover(peak)],
        ],
        current_row: None,
    }
}

/// How load moved the crossover, in a sentence.
pub fn crossover_moved(idle: &Comparison, peak: &Comparison) -> String {
    match (idle.crossover(), peak.crossover()) {
        (Crossover::At { tokens: before, .. }, Crossover::At { tokens: after, below, .. }) if after > before * 1.0005 => format!(
            "Under load the crossover moves up from {} to {}: more of your short answers now finish first on {}.",
            format::trimmed(before, 1),
            crossover_tokens_text(after),
            below.label()
        ),
        (Crossover::At { tokens: before, .. }, Crossover::At { tokens: after, above, .. }) if after < before / 1.0005 => format!(
            "Under load the crossover moves down from {} to {}: {} now wins even more of the answers.",
            format::trimmed(before, 1),
            crossover_tokens_text(after),
            above.label()
        ),
        (Crossover::At { .. }, Crossover::At { .. }) => "Load leaves the crossover where it was.".to_string(),
        (_, Crossover::At { tokens, .. }) => format!("At idle one deployment wins everywhere; under load they cross at {}.", crossover_tokens_text(tokens)),
        (Crossover::At { .. }, _) => "Under load the crossover disappears: one deployment now finishes first at every length.".to_string(),
        _ => "Neither at idle nor under load do the two lines cross.".to_string(),
    }
}
