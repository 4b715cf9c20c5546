//! Two things that change the race without changing the deployments' data sheets: decode rates
//! that fall at peak load, and models that say more or less for the same prompt.

use crate::format;
use crate::state::Param;
use crate::text::deployments::load::{crossover_moved, peak_table};
use crate::text::deployments::{crossover_text, winner_text};
use crate::ui::context::derived;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn PeakLoad() -> impl IntoView {
    let idle = derived(|s| s.comparison());
    let peak = derived(|s| s.peak_comparison());
    let answer = derived(|s| s.get(Param::RaceAnswer));
    let table = Signal::derive(move || peak_table(&idle.get(), &peak.get(), answer.get()));
    let moved = move || crossover_moved(&idle.get(), &peak.get());
    view! {
        <h3>"At peak load"</h3>
        <p>
            "Published figures are usually measured on a quiet server. When many requests share the same GPUs, each stream writes more slowly, and requests also wait longer for their turn, so the first token comes later too; two deployments need not slow alike. "
            "Enter what each one does at your busiest hour. The lesson's example changes decode alone: B's 110 tokens a second fall to 45 while A holds 30, and both first tokens are left at their quiet-server values; raise them here to add the longer wait for a turn."
        </p>
        <div class="workbench-grid">
            <Controls legend="At peak load" params=&Param::PEAK />
            <div>
                <dl class="readout-grid">
                    <Readout testid="crossover-peak" label="Crossover at peak" value=Signal::derive(move || peak.with(|c| c.crossover().tokens().map(|n| n.to_string())))
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
                <Readout testid="verbosity-winner" label="First to finish" value=Signal::derive(move || Some(race.with(|r| r.winner.data_value().to_string())))
                    text=Signal::derive(move || race.with(|r| winner_text(r.winner))) />
            </dl>
        </div>
        <p>{swapped}</p>
    }
}
