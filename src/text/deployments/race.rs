//! The race at one answer length: why the crossover sits where it does, the lesson's table for
//! the deployments on the page, and who ranks first for each kind of consumer.

use super::{an_answer_of, precise_secs};
use crate::charts::completion::{lesson_table, CompletionInputs};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Consumer, Crossover, Verdict};

/// Two significant figures, as the lesson quotes the per-token gain (0.024 s).
pub fn two_figures_secs(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) || x >= 1.0 {
        return format::duration(x);
    }
    let decimals = (1.0 - x.log10().floor()).clamp(0.0, 12.0) as usize;
    format!("{} s", format::trimmed(x, decimals))
}

/// Why the crossover sits where it does: a fixed head start against a per-token gain.
pub fn lead_and_gain(c: &Comparison) -> String {
    let (lead, gain) = (c.first_token_lead(), c.per_token_gain());
    match (c.crossover(), lead, gain) {
        (Crossover::At { tokens, .. }, Some(lead), Some(gain)) => format!(
            "{} starts {} ahead, a lead that stays the same however long the answer. {} wins back about {} on every token, so it draws level after {} and is ahead from then on.",
            lead.leader.label(),
            precise_secs(lead.secs),
            gain.leader.label(),
            two_figures_secs(gain.secs),
            crossover_tokens_text(tokens),
        ),
        (Crossover::Identical, _, _) => "Both start at the same moment and write at the same pace: there is nothing to choose between them.".to_string(),
        (_, Some(lead), Some(_)) => format!("{} starts {} ahead and also writes faster, so the other never catches up.", lead.leader.label(), precise_secs(lead.secs)),
        (_, None, Some(gain)) => format!("Both start together and {} writes faster, so it is ahead from the first token on.", gain.leader.label()),
        (_, Some(lead), None) => format!("Both write at the same pace, so {}'s head start of {} lasts to the end.", lead.leader.label(), precise_secs(lead.secs)),
        (_, None, None) => String::new(),
    }
}

/// How far the race's answer sits from the crossover: the bake-off's typical answer is about
/// twenty times it, so the head start has long been spent.
pub fn race_against_crossover(c: &Comparison, answer: f64) -> String {
    let Crossover::At { tokens, below, above } = c.crossover() else {
        return String::new();
    };
    let times = answer / tokens;
    let count = format::tokens(answer);
    if times >= 1.05 {
        format!(
            "Your answer of {count} is {} times the crossover: {} has won back {}'s head start {} times over.",
            format::trimmed(times, 1),
            above.label(),
            below.label(),
            format::trimmed(times, 1),
        )
    } else if times <= 1.0 / 1.05 {
        format!(
            "Your answer of {count} is {} of the crossover: too short for {} to win back {}'s head start.",
            format::percent(times),
            above.label(),
            below.label(),
        )
    } else {
        format!(
            "Your answer of {count} sits right at the crossover: the two finish all but together."
        )
    }
}

/// Who the answer goes to, as chosen in the streaming section.
pub fn consumer_line(consumer: Consumer) -> &'static str {
    match consumer {
        Consumer::Reader => "The answer goes to a person reading it, as chosen in the streaming section under “Who is waiting for the answer?”.",
        Consumer::Machine => "The answer goes to a program, as chosen in the streaming section under “Who is waiting for the answer?”.",
    }
}

pub fn race_table(inputs: &CompletionInputs) -> DataTable {
    let rows = lesson_table(inputs);
    let current_row = rows.iter().position(|r| r.answer_tokens == inputs.answer_tokens);
    let rows = rows
        .iter()
        .map(|r| {
            let gap = (r.a_secs - r.b_secs).abs();
            vec![
                Cell::number(r.answer_tokens, format::with_separators(r.answer_tokens, 0)),
                Cell::number(r.a_secs, format::secs_fixed(r.a_secs, 2)),
                Cell::number(r.b_secs, format::secs_fixed(r.b_secs, 2)),
                Cell::text(r.winner.data_value()),
                Cell::number(gap, format::secs_fixed(gap, 2)),
            ]
        })
        .collect();
    DataTable {
        caption: "Time to finish at the lesson's answer lengths, for the two deployments above"
            .to_string(),
        headers: vec!["answer (tokens)", "A", "B", "first to finish", "by"],
        rows,
        current_row,
    }
}

pub fn verdict_text(inputs: &CompletionInputs, consumer: Consumer) -> String {
    let c = inputs.comparison();
    let race = c.race_at(inputs.answer_tokens);
    let finish = match race.winner.which() {
        None => format!("both deliver the whole answer at {}", format::duration(race.a_secs)),
        Some(w) => format!(
            "{} delivers the whole answer first ({} against {}{})",
            w.label(),
            format::duration(race.secs(w)),
            format::duration(race.secs(w.other())),
            match consumer {
                Consumer::Reader => super::unless_felt(race.gap_secs()),
                Consumer::Machine => "",
            }
        ),
    };
    match consumer {
        Consumer::Machine => format!("For a program only completion counts: {finish}. How soon the first token arrived makes no difference to it."),
        Consumer::Reader => {
            let first = match c.first_token_lead() {
                Some(lead) => format!("words appear first on {} ({} sooner{})", lead.leader.label(), format::duration(lead.secs), super::unless_felt(lead.secs)),
                None => "words appear on both at the same moment".to_string(),
            };
            let reader = inputs.reading;
            let pace = if c.a.outruns(reader) && c.b.outruns(reader) {
                format!(
                    " Both streams outrun a reader ({} and {} against about {}), so once words appear the person never waits for more; the finish matters when they want to reply or act.",
                    format::rate(1.0 / c.a.secs_per_token()),
                    format::rate(1.0 / c.b.secs_per_token()),
                    format::rate(reader.tokens_per_sec())
                )
            } else {
                format!(" At least one stream is slower than a reader's {}, so the person will catch up with it and wait mid-answer.", format::rate(reader.tokens_per_sec()))
            };
            format!("For a person reading, {first}, but {finish}.{pace}")
        }
    }
}

pub fn consumer_table(inputs: &CompletionInputs) -> DataTable {
    let c = inputs.comparison();
    let row = |who: &str, v: Verdict| {
        let first = v.first_text.map(|w| w.data_value()).unwrap_or("does not count");
        vec![Cell::text(who), Cell::text(first), Cell::text(v.finish.data_value())]
    };
    DataTable {
        caption: format!("Who ranks first, for {}", an_answer_of(inputs.answer_tokens)),
        headers: vec!["the answer goes to", "first words", "whole answer"],
        rows: vec![
            row("a person reading", c.verdict(Consumer::Reader, inputs.answer_tokens)),
            row("a program", c.verdict(Consumer::Machine, inputs.answer_tokens)),
        ],
        current_row: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lead_and_the_gain_explain_the_crossover() {
        assert_eq!(two_figures_secs(1.0 / 30.0 - 1.0 / 110.0), "0.024 s");
        assert_eq!(
            lead_and_gain(&Comparison::LESSON),
            "A starts 0.7 s ahead, a lead that stays the same however long the answer. B wins back about 0.024 s on every token, so it draws level after 28.9 tokens and is ahead from then on."
        );
    }

    #[test]
    fn the_bots_typical_answer_is_about_twenty_times_the_crossover() {
        // 600 / 28.875 = 20.8.
        let text = race_against_crossover(&Comparison::LESSON, 600.0);
        assert_eq!(
            text,
            "Your answer of 600 tokens is 20.8 times the crossover: B has won back A's head start 20.8 times over."
        );
        assert!(race_against_crossover(&Comparison::LESSON, 20.0).contains("69% of the crossover"));
    }

    #[test]
    fn the_race_table_marks_the_readers_length() {
        let inputs = CompletionInputs::default();
        let table = race_table(&inputs);
        assert_eq!(table.rows.len(), 5);
        assert_eq!(table.current_row, Some(3), "600 tokens is the fourth of the lesson's lengths");
        let program = verdict_text(&inputs, Consumer::Machine);
        assert!(
            program.starts_with("For a program only completion counts: B delivers"),
            "{program}"
        );
    }
}
