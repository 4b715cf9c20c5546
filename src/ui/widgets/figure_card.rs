//! A figure as the page shows it: caption, canvas, export buttons and its data as a table. A
//! compact figure (an embed, a presentation) keeps the export buttons, the table and the
//! sentence describing it behind one small menu under the canvas.

use super::canvas::FigureCanvas;
use super::data_table::DataTableView;
use super::player::{Deck, Player};
use super::share::EmbedButton;
use crate::charts::{FigureInputs, Style};
use crate::render::export;
use crate::state::Figure;
use crate::text::veil::veiled_figure;
use crate::ui::context::use_palette;
use crate::ui::context::{use_printing, use_revealed, use_runs_overlay, use_shown_state};
use crate::ui::erased::{derive, memo};
use leptos::prelude::*;

/// What `figure` is drawn from, and only that: moving a control elsewhere on the page leaves the
/// memo unchanged, and with it the drawing, the text alternative and the table. Figure 3 also
/// draws two loaded runs behind its lines, when both deployments are theirs.
fn inputs_of(figure: Figure) -> Memo<FigureInputs> {
    let shown = use_shown_state();
    let runs = use_runs_overlay().filter(|_| figure == Figure::Completion);
    memo(move || {
        let mut inputs = shown.with(|s| figure.inputs(s));
        if let (FigureInputs::Completion(c), Some(runs)) = (&mut inputs, runs) {
            c.runs = runs.get();
        }
        inputs
    })
}

#[component]
pub fn FigureCard(
    figure: Figure,
    number: &'static str,
    /// One figure alone: the menu instead of the row of buttons, and `children` (the link to
    /// the full page) on the menu's line. On the page, `children` go in the caption after the
    /// figure's title (the workload it is drawn for).
    #[prop(optional)]
    compact: bool,
    /// With `compact`, whether the caption is seen; hidden, it still names the figure for
    /// screen readers.
    #[prop(optional)]
    hide_caption: bool,
    /// With `compact`, fill the height the stylesheet gives the canvas, drawing larger.
    #[prop(optional)]
    fill: bool,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let inputs = inputs_of(figure);
    // Until the reader has answered the prediction this figure would give away, it is drawn
    // blurred, and its words, numbers and exports stay out of the page: a text alternative or a
    // table states the answer as plainly as a readout.
    let revealed = use_revealed();
    let shows = memo(move || revealed.shows(figure));
    let label = memo(move || {
        if shows.get() {
            inputs.with(FigureInputs::summary)
        } else {
            veiled_figure(figure).to_string()
        }
    });
    // A figure that plays marks the moment being played; its words and table stay as they are.
    // Its player and its handles come with its words: the race's answers say who finishes first.
    let deck = Deck::of(figure);
    let drawn_inputs = memo(move || inputs.get().at_moment(deck.and_then(Deck::moment)));
    let player = move || deck.filter(|_| shows.get()).map(|deck| view! { <Player deck=deck /> });
    let drawn = RwSignal::new(None);
    let handles = move || shows.get().then(|| handles(figure, drawn_inputs, drawn));
    let table = derive(move || inputs.with(FigureInputs::table));
    let title_id = format!("{}-caption", figure.slug());
    let labelled_by = title_id.clone();

    let zoom = RwSignal::new(1.0_f64);
    let open = RwSignal::new(false);
    let printing = use_printing();
    let written = derive(move || open.get() || printing.get());
    let toggled = move |ev: web_sys::Event| {
        open.set(event_target::<web_sys::Element>(&ev).has_attribute("open"))
    };

    let tools = move || view! { <FigureTools figure=figure canvas_ref=canvas_ref zoom=zoom /> };
    let data = move || {
        view! {
            <details class="data" on:toggle=toggled>
                <summary>"The numbers behind this figure"</summary>
                <DataTableView table=table testid=format!("{}-table", figure.slug()) written=written />
            </details>
        }
    };

    if compact {
        return view! {
            <figure class="figure compact" aria-labelledby=labelled_by data-figure=figure.slug()>
                <figcaption id=title_id class:visually-hidden=hide_caption data-testid="figure-caption">
                    <strong>{figure.title()} "."</strong>
                </figcaption>
                <FigureCanvas figure=figure inputs=drawn_inputs label=label canvas_ref=canvas_ref fill=fill zoom=zoom sized_at_once=true drawn=drawn>{handles}</FigureCanvas>
                {player}
                <div class="figure-bar">
                    <details class="figure-menu" data-testid=format!("{}-menu", figure.slug())>
                        <summary>"Export and data"</summary>
                        <div class="figure-menu-panel">
                            // The canvas's accessible name, for everyone who does not hear it.
                            <p class="figure-summary" aria-hidden="true">{move || label.get()}</p>
                            {tools()}
                            {data()}
                        </div>
                    </details>
                    {children.map(|c| c())}
                </div>
            </figure>
        }
        .into_any();
    }

    view! {
        <figure class="figure" aria-labelledby=labelled_by data-figure=figure.slug() data-veiled=move || (!shows.get()).then_some("")>
            <figcaption id=title_id>
                <strong>{number} " " {figure.title()} "."</strong>
                {children.map(|c| c())}
            </figcaption>
            <FigureCanvas figure=figure inputs=drawn_inputs label=label canvas_ref=canvas_ref zoom=zoom drawn=drawn>{handles}</FigureCanvas>
            {player}
            // The same words are the canvas's accessible name; shown here for everyone else.
            <p class="figure-summary" aria-hidden="true">{move || label.get()}</p>
            <Show when=move || shows.get()>
                {tools()}
                {data()}
            </Show>
        </figure>
    }
    .into_any()
}

/// What the reader can drag on the figure, laid over its canvas once it is drawn: only in the
/// browser, where it can be drawn and dragged.
#[cfg(target_arch = "wasm32")]
fn handles(
    figure: Figure,
    inputs: Memo<FigureInputs>,
    drawn: RwSignal<Option<super::canvas::Drawn>>,
) -> impl IntoView {
    use super::handle::DragHandle;
    figure
        .dragged()
        .map(|param| view! { <DragHandle figure=figure param=param inputs=inputs drawn=drawn /> })
}

#[cfg(not(target_arch = "wasm32"))]
fn handles(
    _figure: Figure,
    _inputs: Memo<FigureInputs>,
    _drawn: RwSignal<Option<super::canvas::Drawn>>,
) -> impl IntoView {
}

/// The figure's export buttons: PNG from the canvas as drawn, SVG at the size and zoom it was
/// drawn at, CSV of its data, and the embed snippet.
#[component]
fn FigureTools(
    figure: Figure,
    canvas_ref: NodeRef<leptos::html::Canvas>,
    zoom: RwSignal<f64>,
) -> impl IntoView {
    let shown = use_shown_state();
    let palette = use_palette();
    let png = move |_| {
        if let Some(canvas) = canvas_ref.get_untracked() {
            export::download_png(figure, &shown.get_untracked(), &canvas);
        }
    };
    let svg = move |_| {
        let (w, h) = canvas_ref
            .get_untracked()
            .map(|c| (c.client_width().max(0) as u32, c.client_height().max(0) as u32))
            .unwrap_or((800, 400));
        export::download_svg(
            figure,
            &shown.get_untracked(),
            Style { scale: zoom.get_untracked(), palette: palette.get_untracked() },
            w,
            h,
        );
    };
    let csv = move |_| export::download_csv(figure, &shown.get_untracked());
    view! {
        <div class="figure-tools" role="group" aria-label=format!("Export {}", figure.title())>
            <button type="button" class="quiet" data-testid=format!("{}-png", figure.slug()) on:click=png>"PNG"</button>
            <button type="button" class="quiet" data-testid=format!("{}-svg", figure.slug()) on:click=svg>"SVG"</button>
            <button type="button" class="quiet" data-testid=format!("{}-csv", figure.slug()) on:click=csv>"CSV"</button>
            <EmbedButton figure=figure />
        </div>
    }
}
