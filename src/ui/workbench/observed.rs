//! The workbench's Figure 5b, beside Figure 5's fitted lines: each side's requests as its run
//! timed them, the share whose whole answer had arrived by each moment, with the reviewer's
//! limit on the whole answer as a rule. Drawn on the page from the requests the sides' runs
//! handed over (`measurements::review`), so it follows the limit as it moves.

use crate::charts::observed::{ObservedInputs, ObservedSide};
use crate::charts::Chart;
use crate::render::export::download_canvas;
use crate::state::Figure;
use crate::state::Param;
use crate::text::deployments::design_doc::OBSERVED_PNG;
use crate::text::review::observed_of;
use crate::ui::context::{use_review_sources, use_state};
use crate::ui::erased::memo;
use crate::ui::widgets::canvas::FigureCanvas;
use crate::ui::widgets::table_of::TableOf;
use leptos::prelude::*;

#[component]
pub fn ObservedRuns() -> impl IntoView {
    let Some(sources) = use_review_sources() else { return ().into_any() };
    let state = use_state();
    let inputs = memo(move || {
        let sides = sources.with(|s| observed_of(s).map(|o| o.map(ObservedSide::of)));
        ObservedInputs { sides, limit_secs: state.with(|s| s.get(Param::SloE2e)) }
    });
    let any = move || inputs.with(|i| i.sides.iter().any(Option::is_some));
    let label = memo(move || inputs.with(Chart::summary));
    let table = Signal::derive(move || inputs.with(|i| i.table().owned()));
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let save = move |_| {
        if let Some(canvas) = canvas_ref.get_untracked() {
            download_canvas(OBSERVED_PNG, &canvas);
        }
    };
    view! {
        <Show when=any>
            <figure class="figure" aria-labelledby="observed-title" data-figure="observed">
                <figcaption id="observed-title">
                    <strong>{format!("{}b. Each side's requests as its run timed them.", Figure::Completion.name())}</strong>
                    {format!(" Beside {}'s fitted lines: what the runs' requests really took; a request its tool counted as failed is drawn as never arriving, whatever it sent.", Figure::Completion.name())}
                </figcaption>
                <FigureCanvas slug="observed" inputs=inputs label=label canvas_ref=canvas_ref />
                <p class="figure-summary" aria-hidden="true" data-testid="observed-summary">{move || label.get()}</p>
                <div class="figure-tools" role="group" aria-label=format!("Export {}b", Figure::Completion.name())>
                    <button type="button" class="quiet" data-testid="observed-png" on:click=save>"PNG"</button>
                </div>
                <details class="data">
                    <summary>"The numbers behind this figure"</summary>
                    <TableOf table=table testid="observed-table" />
                </details>
            </figure>
        </Show>
    }
    .into_any()
}
