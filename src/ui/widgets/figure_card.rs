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
/// memo unchanged, and with it the drawing, the text alternative and the table. Figure 5 also
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
    let parts = Parts::of(figure);
    if compact {
        compact_card(parts, hide_caption, fill, children).into_any()
    } else {
        page_card(parts, children).into_any()
    }
}

/// What both layouts of a figure are made of: its words, its drawing, what it plays, its tools
/// and its table.
#[derive(Clone, Copy)]
struct Parts {
    figure: Figure,
    canvas_ref: NodeRef<leptos::html::Canvas>,
    /// Whether the figure may state what it shows (not before the prediction it would answer).
    shows: Memo<bool>,
    /// Its text alternative: what it shows, or why it is blurred.
    label: Memo<String>,
    /// What it is drawn from, at the moment a player marks.
    drawn_inputs: Memo<FigureInputs>,
    drawn: RwSignal<Option<super::canvas::Drawn>>,
    deck: Option<Deck>,
    table: Signal<crate::charts::table::DataTable>,
    zoom: RwSignal<f64>,
    /// The data table's disclosure, open or not.
    open: RwSignal<bool>,
    written: Signal<bool>,
}

impl Parts {
    fn of(figure: Figure) -> Parts {
        let inputs = inputs_of(figure);
        // Until the reader has answered the prediction this figure would give away, it is drawn
        // blurred, and its words, numbers and exports stay out of the page: a text alternative
        // or a table states the answer as plainly as a readout.
        let revealed = use_revealed();
        let shows = memo(move || revealed.shows(figure));
        let label = memo(move || {
            if shows.get() {
                inputs.with(FigureInputs::summary)
            } else {
                veiled_figure(figure).to_string()
            }
        });
        // A figure that plays marks the moment being played; its words and table stay as they
        // are. Its player and its handles come with its words: the race's answers say who
        // finishes first.
        let deck = Deck::of(figure);
        let open = RwSignal::new(false);
        let printing = use_printing();
        Parts {
            figure,
            canvas_ref: NodeRef::new(),
            shows,
            label,
            drawn_inputs: memo(move || inputs.get().at_moment(deck.and_then(Deck::moment))),
            drawn: RwSignal::new(None),
            deck,
            table: derive(move || inputs.with(FigureInputs::table)),
            zoom: RwSignal::new(1.0),
            open,
            written: derive(move || open.get() || printing.get()),
        }
    }

    fn title_id(self) -> String {
        format!("{}-caption", self.figure.slug())
    }

    fn player(self) -> impl IntoView {
        let shows = self.shows;
        move || self.deck.filter(|_| shows.get()).map(|deck| view! { <Player deck=deck /> })
    }

    /// `sketched`: also drawn into the page at build time, if it is one of the figures a reader
    /// sees first (`render::sketch::SKETCHED`).
    fn canvas(self, fill: bool, sized_at_once: bool, sketched: bool) -> impl IntoView {
        let Parts { figure, drawn_inputs, label, canvas_ref, zoom, drawn, shows, .. } = self;
        let handles = move || shows.get().then(|| handles(figure, drawn_inputs, drawn));
        let sketched = sketched && crate::render::sketch::SKETCHED.contains(&figure);
        view! { <FigureCanvas slug=figure.slug() inputs=drawn_inputs label=label canvas_ref=canvas_ref fill=fill zoom=zoom sized_at_once=sized_at_once drawn=drawn sketched=sketched>{handles}</FigureCanvas> }
    }

    /// The canvas's accessible name, shown for everyone who does not hear it.
    fn summary(self) -> impl IntoView {
        let label = self.label;
        view! { <p class="figure-summary" aria-hidden="true">{move || label.get()}</p> }
    }

    fn tools(self) -> impl IntoView {
        view! { <FigureTools figure=self.figure canvas_ref=self.canvas_ref zoom=self.zoom /> }
    }

    fn data(self) -> impl IntoView {
        let open = self.open;
        let toggled = move |ev: web_sys::Event| {
            open.set(event_target::<web_sys::Element>(&ev).has_attribute("open"))
        };
        view! {
            <details class="data" on:toggle=toggled>
                <summary>"The numbers behind this figure"</summary>
                <DataTableView table=self.table testid=format!("{}-table", self.figure.slug()) written=self.written />
            </details>
        }
    }
}

/// One figure alone (an embed, a presentation): the caption a line, the tools, the words and
/// the table behind one menu, and `children` (the link to the full page) on the menu's line.
fn compact_card(
    parts: Parts,
    hide_caption: bool,
    fill: bool,
    children: Option<Children>,
) -> impl IntoView {
    let figure = parts.figure;
    view! {
        <figure class="figure compact" aria-labelledby=parts.title_id() data-figure=figure.slug()>
            <figcaption id=parts.title_id() class:visually-hidden=hide_caption data-testid="figure-caption">
                <strong>{figure.title()} "."</strong>
            </figcaption>
            {parts.canvas(fill, true, false)}
            {parts.player()}
            <div class="figure-bar">
                <details class="figure-menu" data-testid=format!("{}-menu", figure.slug())>
                    <summary>"Export and data"</summary>
                    <div class="figure-menu-panel">
                        {parts.summary()}
                        {parts.tools()}
                        {parts.data()}
                    </div>
                </details>
                {children.map(|c| c())}
            </div>
        </figure>
    }
}

/// A figure on the page: `children` (the workload it is drawn for) in the caption after its
/// number and title, the words under it, and its tools and table once it may state them.
fn page_card(parts: Parts, children: Option<Children>) -> impl IntoView {
    let (figure, shows) = (parts.figure, parts.shows);
    view! {
        <figure class="figure" aria-labelledby=parts.title_id() data-figure=figure.slug() data-veiled=move || (!shows.get()).then_some("")>
            <figcaption id=parts.title_id()>
                <strong>{figure.name()} ". " {figure.title()} "."</strong>
                {children.map(|c| c())}
            </figcaption>
            {parts.canvas(false, false, true)}
            {parts.player()}
            {parts.summary()}
            <Show when=move || shows.get()>
                {parts.tools()}
                {parts.data()}
            </Show>
        </figure>
    }
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
