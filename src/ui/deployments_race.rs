//! The race at the reader's answer length: the crossover, both finishing times, the winner, the
//! two ratios that make the trap, the lesson's table, and who the answer is for.

use super::{
    an_answer_of, crossover_note, crossover_text, derived, precise_secs, ratio_value, speedup_text,
    winner_text, Choice, Out,
};
use crate::charts::completion::{crossover_tokens_text, lesson_table, CompletionInputs};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::model::deployments::{Comparison, Consumer, Crossover, Verdict, Winner};
use crate::state::Param;
use crate::ui::app::use_state;
use crate::ui::controls::Controls;
use crate::ui::figure::DataTableView;
use crate::ui::readouts::{secs_signals, Readout};
use leptos::prelude::*;

const ANSWER: [Param; 1] = [Param::Answer];

#[component]
pub fn Race() -> impl IntoView {
    let comparison = derived(|s| s.comparison());
    let answer = derived(|s| s.get(Param::Answer));
    let race = Memo::new(move |_| comparison.get().race_at(answer.get()));
    let at_answer = Signal::derive(move || format!("for {}", format::tokens(answer.get())));
    let (a_value, a_text) = secs_signals(move || race.with(|r| r.a_secs));
    let (b_value, b_text) = secs_signals(move || race.with(|r| r.b_secs));
    let winner_note = Signal::derive(move || {
        race.with(|r| match r.winner {
            Winner::Tie => "your answer sits exactly on the crossover".to_string(),
            _ => format!("{} sooner", format::duration(r.gap_secs())),
        })
    });
    let first = Memo::new(move |_| comparison.with(Comparison::first_token_speedup));
    let finish = Memo::new(move |_| comparison.get().finish_speedup(answer.get()));
    let first_note = Signal::derive(move || {
        comparison.with(|c| {
            format!(
                "A after {}, B after {}",
                format::duration(c.a.ttft()),
                format::duration(c.b.ttft())
            )
        })
    });
    let finish_note = Signal::derive(move || {
        race.with(|r| {
            format!(
                "A after {}, B after {}, {}",
                format::duration(r.a_secs),
                format::duration(r.b_secs),
                format::tokens(answer.get())
            )
        })
    });

    view! {
        <div class="workbench-grid">
            <Controls legend="The answer they race on" params=&ANSWER />
            <dl class="readout-grid">
                <Readout testid="a-completion" label="A finishes after" value=a_value text=a_text note=at_answer />
                <Readout testid="b-completion" label="B finishes after" value=b_value text=b_text note=at_answer />
            </dl>
        </div>
        <dl class="readout-grid key">
            <Out testid="crossover" label="Crossover length" value=Signal::derive(move || comparison.with(|c| c.crossover().tokens().map(|n| n.to_string())))
                text=Signal::derive(move || comparison.with(crossover_text)) note=Signal::derive(move || comparison.with(crossover_note)) />
            <Out testid="winner" label="First to finish your answer" value=Signal::derive(move || Some(race.with(|r| r.winner.data_value().to_string())))
                text=Signal::derive(move || race.with(|r| winner_text(r.winner))) note=winner_note />
        </dl>
        <h3>"The trap, side by side"</h3>
        <dl class="readout-grid compare">
            <Out testid="ttft-speedup" label="Ranked by the first token" value=Signal::derive(move || ratio_value(first.get()))
                text=Signal::derive(move || speedup_text(first.get(), "to the first token")) note=first_note />
            <Out testid="finish-speedup" label="Ranked by the whole answer" value=Signal::derive(move || ratio_value(finish.get()))
                text=Signal::derive(move || speedup_text(finish.get(), "to finish")) note=finish_note />
        </dl>
        <p>{move || comparison.with(lead_and_gain)}</p>
    }
}

/// Two significant figures, as the lesson quotes the per-token gain (0.024 s).
fn two_figures_secs(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) || x >= 1.0 {
        return format::duration(x);
    }
    let decimals = (1.0 - x.log10().floor()).clamp(0.0, 12.0) as usize;
    format!("{} s", format::trimmed(x, decimals))
}

/// Why the crossover sits where it does: a fixed head start against a per-token gain.
fn lead_and_gain(c: &Comparison) -> String {
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

/// The lesson's five answer lengths, computed for the deployments on the page.
#[component]
pub fn LessonRaceTable() -> impl IntoView {
    let inputs = derived(|s| s.completion_inputs());
    let table = Signal::derive(move || inputs.with(race_table));
    view! { <DataTableView table=table testid="deployments-table".to_string() /> }
}

fn race_table(inputs: &CompletionInputs) -> DataTable {
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

/// Who reads the answer decides which milestone counts. The choice is the same one the
/// streaming section makes, held once in the state.
#[component]
pub fn WhoIsWaiting() -> impl IntoView {
    let state = use_state();
    let consumer = derived(|s| s.consumer);
    let set = Callback::new(move |c: Consumer| state.update(|s| s.consumer = c));
    let inputs = derived(|s| s.completion_inputs());
    let verdict = Memo::new(move |_| {
        let i = inputs.get();
        i.comparison().verdict(consumer.get(), i.answer_tokens)
    });
    let text = move || inputs.with(|i| verdict_text(i, consumer.get()));
    let table = Signal::derive(move || inputs.with(consumer_table));
    view! {
        <h3>"Who is waiting for the answer?"</h3>
        <p>
            "A person in a chat notices both waits: how long the reply bubble sits empty, and when the reply is whole and they can get on with it. "
            "A program (a JSON parser, a schema check, the next model call) can do nothing with part of an answer, so for it only the last token exists."
        </p>
        <fieldset class="choice">
            <legend>"The answer goes to"</legend>
            <Choice name="deployments-consumer" testid="deployments-consumer-reader".to_string() label="a person reading it" value=Consumer::Reader current=consumer set=set />
            <Choice name="deployments-consumer" testid="deployments-consumer-machine".to_string() label="a program" value=Consumer::Machine current=consumer set=set />
        </fieldset>
        <p class="verdict" data-testid="consumer-verdict" data-value=move || verdict.with(|v| v.finish.data_value())
            data-first=move || verdict.with(|v| v.first_text.map(|w| w.data_value()).unwrap_or("none"))>
            {text}
        </p>
        <DataTableView table=table testid="consumer-table".to_string() />
    }
}

fn verdict_text(inputs: &CompletionInputs, consumer: Consumer) -> String {
    let c = inputs.comparison();
    let race = c.race_at(inputs.answer_tokens);
    let finish = match race.winner.which() {
        None => format!("both deliver the whole answer at {}", format::duration(race.a_secs)),
        Some(w) => format!(
            "{} delivers the whole answer first ({} against {})",
            w.label(),
            format::duration(race.secs(w)),
            format::duration(race.secs(w.other()))
        ),
    };
    match consumer {
        Consumer::Machine => format!("For a program only completion counts: {finish}. How soon the first token arrived makes no difference to it."),
        Consumer::Reader => {
            let first = match c.first_token_lead() {
                Some(lead) => format!("words appear first on {} ({} sooner)", lead.leader.label(), format::duration(lead.secs)),
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

fn consumer_table(inputs: &CompletionInputs) -> DataTable {
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
