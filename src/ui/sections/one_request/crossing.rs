//! After the challenge: the crossing named and computed on the chosen model, each phase's share
//! of the request where the claim is made, Figure 2, and the lesson's table. Until the reader
//! locks a guess, nothing here states the crossing: the figure is blurred and its words, the
//! readouts and the table are left out of the page.

use crate::charts::crossing::lesson_data;
use crate::format;
use crate::state::quantity::Quantity;
use crate::state::{Figure, ModelView};
use crate::text::request::{
    crossing_prompt_note, crossing_ratio_note, crossing_tokens, phase_shares,
};
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::context::use_revealed;
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::{quantity_value, Readout};
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

#[component]
pub fn Crossing() -> impl IntoView {
    let revealed = use_revealed().crossing;
    let shown = follow_when_near("crossing-title");
    let crossing = memo(move || shown.with(|s| s.crossing()));
    let straight = memo(move || shown.with(|s| s.crossing_under(ModelView::Linear)));
    let shares = memo(move || shown.with(|s| phase_shares(&s.headline())));
    let ratio = derive(move || crossing.with(|c| c.ratio().map(|r| r.to_string())));
    view! {
        <section class="crossing" aria-labelledby="crossing-title" data-veiled=move || (!revealed.get()).then_some("")>
            <h2 id="crossing-title">"The crossing"</h2>
            <VeilNote revealed=revealed testid="crossing-reveal"
                said="The figure below and the crossing's numbers stay blurred until you lock a guess above." />
            {prose!("crossing-meaning" =>
                <p>
                    "Reading and writing take equally long when the prompt has as many tokens per answer token as prefill is faster than decode: that prompt length is the "<em>"crossing"</em>". "
                    "It is about the total: short of it the answer costs more, so trimming the prompt saves at most the smaller share; past it the prompt costs more. "
                    "The first token waits for the whole prompt either way, so a shorter prompt always brings it sooner. "
                    "Not to be confused with the "<em>"crossover"</em>" further down, the answer length at which two deployments finish together."
                </p>
            )}
            <Show when=move || revealed.get()>
                <dl class="readout-grid">
                    <Readout testid="crossing-ratio" label="Crossing ratio" value=ratio
                        text=derive(move || crossing.with(|c| c.ratio().map_or_else(|| "none".to_string(), |r| format::trimmed(r, 1))))
                        note=derive(move || crossing.with(crossing_ratio_note)) />
                    <Readout testid="crossing-prompt" label="Crossing at this answer length" value=quantity_value(Quantity::CrossingPrompt) quantity=Quantity::CrossingPrompt
                        text=derive(move || crossing.with(crossing_tokens))
                        note=derive(move || crossing.with(|c| straight.with(|l| crossing_prompt_note(c, l)))) />
                </dl>
                <p data-testid="crossing-shares">{move || shares.get()}</p>
            </Show>
            <FigureCard figure=Figure::Crossing />
            // The figure carries the table's numbers; the table itself is there for whoever wants
            // every row, without lengthening the lesson for everyone else.
            <Show when=move || revealed.get()>
                <details class="more" data-testid="lesson-table-details">
                    <summary>"The lesson's table: each phase's time by prompt length"</summary>
                    <DataTableView table=derive(move || shown.with(lesson_data)) testid="lesson-table".to_string() />
                </details>
            </Show>
        </section>
    }
}
