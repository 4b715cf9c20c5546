//! The race at the reader's answer length: Figure 5, the crossover and both finishing times, the
//! two ratios that make the trap with the lesson's table; and, opened on purpose, which milestone
//! each kind of consumer feels.

use crate::charts::completion::CompletionInputs;
use crate::charts::Chart;
use crate::format;
use crate::model::deployments::{Comparison, Winner};
use crate::state::quantity::Quantity;
use crate::state::Figure;
use crate::state::Param;
use crate::text::deployments::label::Claim;
use crate::text::deployments::race::{
    consumer_line, consumer_table, lead_and_gain, race_against_crossover, race_table, verdict_text,
};
use crate::text::deployments::{
    crossover_note, crossover_text, ratio_value, speedup_text, winner_text,
};
use crate::ui::context::{derived, use_revealed};
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::disclosure::Disclosure;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::{quantity_value, Readout};
use crate::ui::widgets::workload_label::WorkloadLabel;
use leptos::prelude::*;

pub(super) const READER: [Param; 1] = [Param::Reading];

#[component]
pub fn Race() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let comparison = derived(|s| s.comparison());
    let answer = derived(|s| s.get(Param::RaceAnswer));
    let race = memo(move || comparison.get().race_at(answer.get()));
    let at_answer = derive(move || format!("for {}", format::tokens(answer.get())));
    let a_text = derive(move || format::duration(race.with(|r| r.a_secs)));
    let b_text = derive(move || format::duration(race.with(|r| r.b_secs)));
    let winner_note = derive(move || {
        race.with(|r| match r.winner {
            Winner::Tie => "your answer sits exactly on the crossover".to_string(),
            _ => format!("{} sooner", format::duration(r.gap_secs())),
        })
    });
    view! {
        // Above the figure on a phone, so it shows it with it; a wider screen has it in the panel
        // beside the figure, with the pace of the person reading the answer that Figure 5 also
        // draws (on a phone that pace is in the strip, which opens beside the figure).
        <div class="phone-only"><Controls legend="The answer they race on" params=&super::ANSWER prefix="race-" /></div>
        <FigureCard figure=Figure::Completion>
            <WorkloadLabel claim=Claim::Race testid="workload-completion" />
            <WorkloadLabel claim=Claim::Ticks testid="workload-completion-ticks" />
        </FigureCard>
        <Show when=move || revealed.get()>
            <div class="claim">
                <WorkloadLabel claim=Claim::Race testid="workload-race" />
                <dl class="readout-grid">
                    <Readout testid="a-completion" label="A finishes after" value=quantity_value(Quantity::ACompletion) text=a_text note=at_answer quantity=Quantity::ACompletion />
                    <Readout testid="b-completion" label="B finishes after" value=quantity_value(Quantity::BCompletion) text=b_text note=at_answer quantity=Quantity::BCompletion />
                </dl>
                <dl class="readout-grid key">
                    <Readout testid="crossover" label="Crossover length" value=quantity_value(Quantity::Crossover)
                        text=derive(move || comparison.with(crossover_text)) note=derive(move || comparison.with(crossover_note)) quantity=Quantity::Crossover />
                    <Readout testid="winner" label="First to finish your answer" value=quantity_value(Quantity::Winner)
                        text=derive(move || race.with(|r| winner_text(r.winner))) note=winner_note quantity=Quantity::Winner />
                </dl>
            </div>
        </Show>
    }
}

/// The trap in two ratios, why the crossover sits where it does, and the lesson's table: the
/// second story's turn, in the main line once the crossover is answered.
#[component]
pub fn Trap() -> impl IntoView {
    let comparison = derived(|s| s.comparison());
    let answer = derived(|s| s.get(Param::RaceAnswer));
    let race = memo(move || comparison.get().race_at(answer.get()));
    let first = memo(move || comparison.with(Comparison::first_token_speedup));
    let finish = memo(move || comparison.get().finish_speedup(answer.get()));
    let first_note = move || {
        comparison.with(|c| {
            format!(
                "A after {}, B after {}",
                format::duration(c.a.ttft()),
                format::duration(c.b.ttft())
            )
        })
    };
    let finish_note = move || {
        race.with(|r| {
            format!(
                "A after {}, B after {}, for {}",
                format::duration(r.a_secs),
                format::duration(r.b_secs),
                format::tokens(answer.get())
            )
        })
    };
    let inputs = derived(CompletionInputs::of);
    let table = derive(move || inputs.with(race_table));
    view! {
        <section class="trap" aria-labelledby="trap-title" data-testid="trap">
            <h3 id="trap-title">"Two rankings of one race"</h3>
            <WorkloadLabel claim=Claim::Race testid="workload-trap" />
            // The two rankings in one sentence: as readouts they took a screen's fifth on a phone.
            <p>
                <strong data-testid="ttft-speedup" data-value=move || ratio_value(first.get())>{move || speedup_text(first.get(), "to the first token")}</strong>
                " (" {first_note} "); "
                <strong data-testid="finish-speedup" data-value=move || ratio_value(finish.get())>{move || speedup_text(finish.get(), "to finish")}</strong>
                " (" {finish_note} "). "
                <span data-testid="lead-and-gain">{move || comparison.with(lead_and_gain)}</span>" "
                <span data-testid="race-against-crossover">{move || comparison.with(|c| race_against_crossover(c, answer.get()))}</span>
            </p>
            <Disclosure summary="The lesson's table: five answer lengths" testid="trap-table-details" shows=true>
                <DataTableView table=table testid="deployments-table".to_string() />
            </Disclosure>
        </section>
    }
}

/// Who reads the answer decides which milestone counts. The question is asked once, in the
/// streaming section; here both kinds of consumer are set side by side, the chosen one first.
#[component]
pub fn WhoIsWaiting() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let consumer = derived(|s| s.consumer);
    let inputs = derived(CompletionInputs::of);
    let verdict = memo(move || {
        let i = inputs.get();
        i.comparison().verdict(consumer.get(), i.answer_tokens)
    });
    let text = move || inputs.with(|i| verdict_text(i, consumer.get()));
    let table = derive(move || inputs.with(consumer_table));
    view! {
        <Disclosure summary="Which milestone decides, for a person and for a program" testid="consumer-details" shows=revealed>
            <WorkloadLabel claim=Claim::Race testid="workload-consumer" />
            <p>
                {move || consumer_line(consumer.get())}" "
                <a href="#streaming-title">"Change it there"</a>
                ", or with the scenarios at the top of this section."
            </p>
            <p class="verdict" data-testid="consumer-verdict" data-value=move || verdict.with(|v| v.finish.data_value())
                data-first=move || verdict.with(|v| v.first_text.map(|w| w.data_value()).unwrap_or("none"))>
                {text}
            </p>
            <DataTableView table=table testid="consumer-table".to_string() />
        </Disclosure>
    }
}
