//! Two things that change the race without changing the deployments' data sheets: decode rates
//! that fall at peak load, and models that say more or less for the same prompt; both told in
//! the main line (`WorkloadTurns`), with their controls in disclosures.

use crate::format;
use crate::state::quantity::Quantity;
use crate::state::Figure;
use crate::state::{Load, Param};
use crate::text::deployments::label::Claim;
use crate::text::deployments::load::{crossover_moved, depends_on_workload, peak_table};
use crate::text::deployments::{crossover_text, winner_text};
use crate::ui::context::{derived, use_revealed, use_state};
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::disclosure::Disclosure;
use crate::ui::widgets::readout::{quantity_value, secs_signals, Readout};
use crate::ui::widgets::workload_label::WorkloadLabel;
use leptos::prelude::*;

/// The busiest hour's figures, and the choice of hour the lab decides for. Opening it changes
/// nothing: the reader picks the hour with a choice that says what it moves. A link or the "B at
/// peak load" scenario that brings the busiest hour opens it.
#[component]
pub fn PeakLoad() -> impl IntoView {
    let state = use_state();
    let revealed = use_revealed().crossover;
    let hour = derived(|s| s.load);
    let at_peak = derived(|s| s.load == Load::Peak);
    let set_hour = Callback::new(move |load: Load| state.update(|s| s.load = load));
    let idle = derived(|s| s.comparison());
    let peak = derived(|s| s.peak_comparison());
    let answer = derived(|s| s.get(Param::RaceAnswer));
    let table = derive(move || peak_table(&idle.get(), &peak.get(), answer.get()));
    let moved = move || crossover_moved(&idle.get(), &peak.get());
    view! {
        <Disclosure summary="At the busiest hour" testid="peak-details" shows=revealed opens_with=derive(move || at_peak.get())>
            <p>
                "Published figures are usually measured on a quiet server. When many requests share the same GPUs, each stream writes more slowly and waits longer for its turn, and two deployments need not slow alike. "
                "The lesson's example changes decode alone: B's 110 tokens a second fall to 45 while A holds 30. A longer wait for a turn would delay both first tokens as well."
            </p>
            <Controls legend="At peak load" params=&Param::PEAK />
            <WorkloadLabel claim=Claim::Race testid="workload-peak" />
            <dl class="readout-grid">
                <Readout testid="crossover-peak" label="Crossover at peak" value=quantity_value(Quantity::CrossoverPeak)
                    text=derive(move || peak.with(crossover_text)) note=derive(move || format!("idle: {}", idle.with(crossover_text))) quantity=Quantity::CrossoverPeak />
            </dl>
            <DataTableView table=table testid="peak-table".to_string() />
            <p>{moved}</p>
            <fieldset class="choice">
                <legend>{format!("The decision, {} and {}, the router and the people who give up are for", Figure::Completion.name(), Figure::Lengths.name())}</legend>
                <Choice name="hour" testid="hour-quiet" label="a quiet hour" value=Load::Idle current=hour set=set_hour />
                <Choice name="hour" testid="hour-busiest" label="the busiest hour" value=Load::Peak current=hour set=set_hour />
            </fieldset>
            <p class="aside">
                "A benchmark row with one rate per model, and neither the number of concurrent requests it ran at nor any percentile, describes the best case. Ask for the rate under your own load."
            </p>
        </Disclosure>
    }
}

/// The verdict as the workload's: the busiest hour and each model's own length, in the main
/// line, from the figures held in the state. Nothing here changes the hour decided for.
#[component]
pub fn WorkloadTurns() -> impl IntoView {
    let inputs = derived(|s| {
        (
            s.comparison(),
            s.peak_comparison(),
            s.get(Param::RaceAnswer),
            (s.get(Param::ALength), s.get(Param::BLength)),
        )
    });
    let said = memo(move || {
        inputs.with(|(idle, peak, answer, own)| depends_on_workload(idle, peak, *answer, *own))
    });
    view! {
        <section class="workload-turns" aria-labelledby="workload-turns-title">
            <h3 id="workload-turns-title">"The same pair, another workload"</h3>
            <p data-testid="turns-busiest">{move || said.with(|[hour, _]| hour.clone())}</p>
            <p data-testid="turns-own-length">{move || said.with(|[_, own]| own.clone())}</p>
        </section>
    }
}

#[component]
pub fn Verbosity() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let comparison = derived(|s| s.comparison());
    let lengths = derived(|s| (s.get(Param::ALength), s.get(Param::BLength)));
    let race = memo(move || {
        let (a, b) = lengths.get();
        comparison.get().race_with_lengths(a, b)
    });
    let (a_value, a_text) = secs_signals(move || race.with(|r| r.a_secs));
    let (b_value, b_text) = secs_signals(move || race.with(|r| r.b_secs));
    let for_tokens = move |pick: fn((f64, f64)) -> f64| {
        derive(move || format!("for {}", format::tokens(pick(lengths.get()))))
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
        <Disclosure summary="Each model at its own length" testid="verbosity-details" shows=revealed>
            <p>
                "How long an answer runs belongs to the model and the prompt together. A model that habitually says in 180 tokens what another says in 600 finishes sooner even while writing more slowly."
            </p>
            <Controls legend="Typical answer of each, on your prompts" params=&Param::VERBOSITY />
            <WorkloadLabel claim=Claim::OwnLengths testid="workload-verbosity" />
            <dl class="readout-grid">
                <Readout testid="verbosity-a" label="A finishes its own answer after" value=a_value text=a_text note=for_tokens(|l| l.0) />
                <Readout testid="verbosity-b" label="B finishes its own answer after" value=b_value text=b_text note=for_tokens(|l| l.1) />
                <Readout testid="verbosity-winner" label="First to finish" value=derive(move || Some(race.with(|r| r.winner.data_value().to_string())))
                    text=derive(move || race.with(|r| winner_text(r.winner))) />
            </dl>
            <p>{swapped}</p>
        </Disclosure>
    }
}
