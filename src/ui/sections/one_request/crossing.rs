//! After the challenge: the crossing named and computed, Figure 2, and the lesson's table.

use crate::charts::crossing::lesson_data;
use crate::format;
use crate::model::Request;
use crate::state::Figure;
use crate::ui::arrival::follow_when_near;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::Readout;
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

#[component]
pub fn Crossing(revealed: RwSignal<bool>) -> impl IntoView {
    let shown = follow_when_near("crossing-title");
    let request = Memo::new(move |_| shown.with(|s| s.request()));
    let of = move |f: fn(&Request) -> f64| Signal::derive(move || request.with(f));
    let ratio = of(Request::crossing_ratio);
    let prompt = of(Request::crossing_prompt_tokens);
    view! {
        <section class="crossing" aria-labelledby="crossing-title" data-veiled=move || (!revealed.get()).then_some("")>
            <h2 id="crossing-title">"The crossing"</h2>
            <VeilNote revealed=revealed testid="crossing-reveal"
                said="The numbers below are blurred until you lock a guess in the challenge above." />
            <p>
                "Reading and writing cost the same when the prompt holds as many tokens per answer token as prefill is faster than decode. "
                "That prompt length is the "<em>"crossing"</em>". Short of it, the answer owns the clock and a shorter prompt barely helps; past it, the prompt does. "
                "Keep the word apart from the "<em>"crossover"</em>" of the second half, which is about two deployments, not two phases: the answer length at which they finish together."
            </p>
            <dl class="readout-grid">
                <Readout testid="crossing-ratio" label="Crossing ratio" value=ratio
                    text=Signal::derive(move || format::trimmed(ratio.get(), 1))
                    note=Signal::derive(|| "prompt tokens per answer token at which the phases cost the same (prefill rate ÷ decode rate)".to_string()) />
                <Readout testid="crossing-prompt" label="Crossing at this answer length" value=prompt
                    text=Signal::derive(move || format::tokens(prompt.get()))
                    note=Signal::derive(move || format!("the ratio times the answer, {}", format::tokens(request.with(|r| r.output_tokens)))) />
            </dl>
            <FigureCard figure=Figure::Crossing number="Figure 2." />
            <DataTableView table=Signal::derive(move || shown.with(lesson_data)) testid="lesson-table".to_string() />
        </section>
    }
}
