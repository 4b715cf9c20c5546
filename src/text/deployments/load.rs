//! Peak load: the race at idle and at peak rates, and how the crossover moved; and the verdict
//! as the workload's, at the busiest hour and with each model at its own length.

use super::an_answer_of;
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Crossover, Race, Which, Winner};

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

/// Who finishes first, said after the two times: "so B finishes first".
fn first_of(race: &Race, still: Option<Winner>) -> String {
    match (race.winner.which(), still) {
        (None, _) => "so the two finish together".to_string(),
        (Some(w), Some(before)) if before == race.winner => {
            format!("so {} still finishes first", w.label())
        }
        (Some(w), Some(_)) => format!("so now {} finishes first", w.label()),
        (Some(w), None) => format!("so {} finishes first", w.label()),
    }
}

/// The same two deployments with another workload: at the busiest hour's rates, and with each
/// model writing the answer at its own length (`own`, A's then B's). The lesson's pair: at the
/// busiest hour B still wins the 600-token answer (20.2 s against 14.23 s) and the crossover
/// moves up to 63 tokens; at 180 tokens against 600, A finishes first (6.2 s against 6.35 s).
pub fn depends_on_workload(
    idle: &Comparison,
    peak: &Comparison,
    answer: f64,
    own: (f64, f64),
) -> [String; 2] {
    let quiet = idle.race_at(answer);
    let busy = peak.race_at(answer);
    let rate = |c: &Comparison, which: Which| format::rate(1.0 / c.get(which).secs_per_token());
    let hour = format!(
        "At the busiest hour A writes {} and B {}: {} takes {} on A and {} on B, {}. {}",
        rate(peak, Which::A),
        rate(peak, Which::B),
        an_answer_of(answer),
        format::duration(busy.a_secs),
        format::duration(busy.b_secs),
        first_of(&busy, Some(quiet.winner)),
        crossover_moved(idle, peak),
    );
    let (a_len, b_len) = own;
    let lengths = idle.race_with_lengths(a_len, b_len);
    let own_length = format!(
        "Nor do two models write an answer at the same length. If A says in {} what B says in {}, A is done after {} and B after {}, {}.",
        format::tokens(a_len),
        format::tokens(b_len),
        format::duration(lengths.a_secs),
        format::duration(lengths.b_secs),
        first_of(&lengths, None),
    );
    [hour, own_length]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deployments::Deployment;

    #[test]
    fn the_lessons_busiest_hour_and_own_lengths() {
        let peak = Comparison::new(Deployment::new(0.2, 30.0), Deployment::new(0.9, 45.0));
        let [hour, own] = depends_on_workload(&Comparison::LESSON, &peak, 600.0, (180.0, 600.0));
        assert_eq!(
            hour,
            "At the busiest hour A writes 30 tok/s and B 45 tok/s: an answer of 600 tokens takes 20.2 s on A and 14.23 s on B, so B still finishes first. Under load the crossover moves up from 28.9 to 63 tokens: more of your short answers now finish first on A."
        );
        assert_eq!(
            own,
            "Nor do two models write an answer at the same length. If A says in 180 tokens what B says in 600 tokens, A is done after 6.2 s and B after 6.35 s, so A finishes first."
        );
    }

    #[test]
    fn a_busy_hour_that_turns_the_race_says_so() {
        let peak = Comparison::new(Deployment::new(0.2, 30.0), Deployment::new(0.9, 20.0));
        let [hour, _] = depends_on_workload(&Comparison::LESSON, &peak, 600.0, (600.0, 600.0));
        assert!(hour.contains("so now A finishes first"), "{hour}");
    }
}
