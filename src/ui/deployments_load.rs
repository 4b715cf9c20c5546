//! Two things that change the race without changing the deployments' data sheets: decode rates
//! that fall at peak load, and models that say more or less for the same prompt.

use super::{an_answer_of, crossover_text, derived, winner_text, Out};
use crate::charts::completion::crossover_tokens_text;
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::model::deployments::{Comparison, Crossover, Which};
use crate::state::Param;
use crate::ui::controls::Controls;
use crate::ui::figure::DataTableView;
use crate::ui::readouts::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn PeakLoad() -> impl IntoView {
    let idle = derived(|s| s.comparison());
    let peak = derived(|s| s.peak_comparison());
    let answer = derived(|s| s.get(Param::Answer));
    let table = Signal::derive(move || peak_table(&idle.get(), &peak.get(), answer.get()));
    let moved = move || crossover_moved(&idle.get(), &peak.get());
    view! {
        <h3>"At peak load"</h3>
        <p>
            "Published decode rates are usually measured on a quiet server. When many requests share the same GPUs each stream slows down, and two deployments need not slow alike. "
            "Enter the rate each one holds at your busiest hour."
        </p>
        <div class="workbench-grid">
            <Controls legend="Decode rate at peak load" params=&Param::PEAK />
            <div>
                <dl class="readout-grid">
                    <Out testid="crossover-peak" label="Crossover at peak" value=Signal::derive(move || peak.with(|c| c.crossover().tokens().map(|n| n.to_string())))
                        text=Signal::derive(move || peak.with(crossover_text)) note=Signal::derive(move || format!("idle: {}", idle.with(crossover_text))) />
                </dl>
                <DataTableView table=table testid="peak-table".to_string() />
            </div>
        </div>
        <p>{moved}</p>
        <p class="aside">
            "A benchmark row with one rate per model, and neither the number of concurrent requests it ran at nor any percentile, describes the best case. Ask for the rate under your own load."
        </p>
    }
}

fn peak_table(idle: &Comparison, peak: &Comparison, answer: f64) -> DataTable {
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
fn crossover_moved(idle: &Comparison, peak: &Comparison) -> String {
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

#[component]
pub fn Verbosity() -> impl IntoView {
    let comparison = derived(|s| s.comparison());
    let lengths = derived(|s| (s.get(Param::ALength), s.get(Param::BLength)));
    let race = Memo::new(move |_| {
        let (a, b) = lengths.get();
        comparison.get().race_with_lengths(a, b)
    });
    let (a_value, a_text) = secs_signals(move || race.with(|r| r.a_secs));
    let (b_value, b_text) = secs_signals(move || race.with(|r| r.b_secs));
    let for_tokens = move |pick: fn((f64, f64)) -> f64| {
        Signal::derive(move || format!("for {}", format::tokens(pick(lengths.get()))))
    };
    let swapped = move || {
        let (a_len, b_len) = lengths.get();
        comparison.with(|c| {
            format!(
                "Run on one common length instead and the picture changes: A would need {} for B's {}, and B {} for A's {}. Compare deployments on their own median answer lengths over the same real prompts, never on a shared length.",
                format::duration(c.a.completion_secs(b_len)),
                format::tokens(b_len),
                format::duration(c.b.completion_secs(a_len)),
                format::tokens(a_len),
            )
        })
    };
    view! {
        <h3>"Each at its own length"</h3>
        <p>
            "How long an answer runs belongs to the model and the prompt together. A model that habitually says in 180 tokens what another says in 600 finishes sooner even while writing more slowly."
        </p>
        <div class="workbench-grid">
            <Controls legend="Typical answer of each, on your prompts" params=&Param::VERBOSITY />
            <dl class="readout-grid">
                <Readout testid="verbosity-a" label="A finishes its own answer after" value=a_value text=a_text note=for_tokens(|l| l.0) />
                <Readout testid="verbosity-b" label="B finishes its own answer after" value=b_value text=b_text note=for_tokens(|l| l.1) />
                <Out testid="verbosity-winner" label="First to finish" value=Signal::derive(move || Some(race.with(|r| r.winner.data_value().to_string())))
                    text=Signal::derive(move || race.with(|r| winner_text(r.winner))) />
            </dl>
        </div>
        <p>{swapped}</p>
    }
}
