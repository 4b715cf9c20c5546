//! What the reader does with a loaded run: choose it from the list, read its fit (readouts,
//! sentences, percentiles, how it was read), see its figures (drawn by the worker, which holds
//! the run), download its fit, residuals and figures, and send it to a side of the panel.

use super::bakeoff;
use super::calibrate::Calibration;
use super::section::Section;
use crate::charts::measured::RunFigure;
use crate::format;
use crate::measurements::compare::TtftPercentile;
use crate::measurements::protocol::{CssSize, FigureFormat, Reply, Request, RunFile};
use crate::model::deployments::Which;
use crate::render::export::{download_canvas, download_text};
use crate::state::embed_layout::canvas_height_css;
use crate::text::measurements::sentences::records_text;
use crate::text::measurements::{percentile_table, FigureView, RunView};
use crate::ui::widgets::readout::Readout;
use crate::ui::widgets::table_of::TableOf;
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// A drawing is being made in the worker; another asked meanwhile waits for it, so a window
/// being resized does not queue a drawing per pixel.
#[derive(Clone, Copy, Debug, Default)]
pub struct Drawing {
    busy: bool,
    again: bool,
}

/// The list of loaded runs with the chosen one's results, and the buttons that act on it. Empty
/// until a run is loaded.
#[component]
pub fn Results(section: Section) -> impl IntoView {
    let any = move || section.list.with(|l| !l.runs.is_empty());
    let shown = section.shown;
    view! {
        <Show when=any>
            // Which run the results below are: a script can wait for the list's choice to reach
            // them (`data-shown`, its place in the list).
            <div class="import-results" data-testid="import-results" data-shown=move || section.list.with(|l| l.selected)>
                <PairOffer section=section />
                <RunChoice section=section />
                {move || shown.get().map(|run| view! { <RunShown section=section run=run /> })}
                <Calibration section=section />
                <RunActions section=section />
            </div>
        </Show>
    }
}

/// Two files chosen together, offered as A and B at once.
#[component]
fn PairOffer(section: Section) -> impl IntoView {
    let pair = move || section.list.with(super::section::RunList::pair_named);
    move || {
        pair().map(|[(a, a_name), (b, b_name)]| {
            view! {
                <p class="import-pair">
                    <button type="button" data-testid="import-compare-pair" on:click=move |_| bakeoff::use_pair(section, a, b)>
                        "Compare these as A and B"
                    </button>
                    " "
                    <span class="aside">"A: "<bdi>{a_name}</bdi>"; B: "<bdi>{b_name}</bdi>", each with its first token at the percentile chosen below."</span>
                </p>
            }
        })
    }
}

/// The list of runs loaded: choosing one shows it.
#[component]
fn RunChoice(section: Section) -> impl IntoView {
    let choose = move |ev: leptos::ev::Event| {
        let chosen = event_target_value(&ev).parse::<usize>().ok();
        if let Some(index) = chosen {
            // A notice about one run's rates does not belong to the next one chosen.
            section.list.update(|l| l.selected = index);
            section.say_applied("");
        }
    };
    let options = move || {
        section.list.with(|l| {
            l.runs
                .iter()
                .enumerate()
                .map(|(i, run)| {
                    // An option holds text only, so the run's name is isolated by the characters
                    // `<bdi>` stands for (first-strong isolate … pop directional isolate).
                    let text = format!("\u{2068}{}\u{2069}", run.choice);
                    view! { <option value=i.to_string() selected=i == l.selected>{text}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <p class="run-choice">
            <label for="import-run">"Run shown: "</label>
            <select id="import-run" data-testid="import-run" on:change=choose
                prop:value=move || section.list.with(|l| l.selected.to_string())>
                {options}
            </select>
        </p>
    }
}

/// The chosen run's readouts, sentences, figures, percentiles and notes.
#[component]
fn RunShown(section: Section, run: Arc<RunView>) -> impl IntoView {
    let fixed = |s: String| Signal::stored(s);
    let value = |x: Option<f64>| Signal::stored(x.filter(|x| x.is_finite()).map(|x| x.to_string()));
    let not_fitted = |x: Option<f64>, show: fn(f64) -> String| {
        fixed(x.map_or_else(|| "not fitted".to_string(), show))
    };
    let count = |n: usize| Signal::stored(Some(n.to_string()));
    let percentiles = Signal::stored(percentile_table(&run).owned());
    let figures = run.figures.clone();
    let notes = run.notes.clone();
    view! {
        <dl class="readout-grid">
            <Readout testid="import-format" label="Read as" value=Signal::stored(Some(run.format_id.clone()))
                text=fixed(run.format_name.clone()) note=fixed(run.label.clone()) isolated=true />
            <Readout testid="fit-records" label="Requests fitted" value=count(run.used)
                text=fixed(records_text(run.used, run.records)) />
            <Readout testid="fit-dropped" label="Left out" value=count(run.dropped)
                text=fixed(format::with_separators(run.dropped as f64, 0)) note=fixed(run.dropped_text.clone()) />
            <Readout testid="fit-overhead" label="Fixed time before the first token" value=value(run.overhead_secs)
                text=not_fitted(run.overhead_secs, format::duration) note=fixed(run.intervals[0].clone()) />
            <Readout testid="fit-prefill" label="Prefill rate" value=value(run.prefill_tokens_per_sec)
                text=fixed(run.prefill_text.clone()) note=fixed(run.intervals[1].clone()) />
            <Readout testid="fit-decode" label="Decode rate" value=value(run.decode_tokens_per_sec)
                text=not_fitted(run.decode_tokens_per_sec, format::rate) note=fixed(run.intervals[2].clone()) />
            <Readout testid="fit-crossing-ratio" label="Crossing ratio" value=value(run.crossing_ratio)
                text=not_fitted(run.crossing_ratio, |x| format::trimmed(x, 1)) />
            <Readout testid="fit-crossing-prompt" label="Crossing prompt at the median answer" value=value(run.crossing_prompt_tokens)
                text=not_fitted(run.crossing_prompt_tokens, format::tokens) />
        </dl>
        <p data-testid="fit-crossing">{run.crossing_text.clone()}</p>
        <p data-testid="fit-bending">{run.bending_text.clone()}</p>
        {figures.into_iter().map(|figure| view! { <RunFigureCard section=section figure=figure /> }).collect_view()}
        <TableOf table=percentiles testid="fit-percentiles" />
        <p class="aside">"Time per output token: "{run.tpot_definition.clone()}</p>
        <details class="fit-notes">
            <summary>"How this run was read and fitted"</summary>
            <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
        </details>
    }
}

/// A figure of the run as the page's figure card lays one out: caption, canvas (drawn by the
/// worker) named by its summary, the summary shown, export buttons, and the table behind a
/// disclosure.
#[component]
fn RunFigureCard(section: Section, figure: FigureView) -> impl IntoView {
    let (slug, title) = (figure.figure.slug(), figure.figure.title());
    let canvas = section.canvases.get(figure.figure.index()).copied().unwrap_or_default();
    let table = Signal::stored(figure.table);
    let summary = figure.summary;
    let button = move |format: FigureFormat| {
        let file = RunFile::Figure { slug: slug.to_string(), format };
        view! {
            <button type="button" class="quiet" data-testid=format!("{slug}-{}", format.extension())
                on:click=move |_| download(section, file.clone())>{format.label()}</button>
        }
    };
    view! {
        <figure class="figure" aria-labelledby=format!("{slug}-title") data-figure=slug>
            <figcaption id=format!("{slug}-title")><strong>{title}"."</strong></figcaption>
            <div class="canvas-box">
                <canvas node_ref=canvas id=format!("{slug}-canvas") data-testid=format!("{slug}-canvas") role="img" aria-label=summary.clone()></canvas>
            </div>
            <p class="figure-summary" aria-hidden="true" data-testid=format!("{slug}-summary")>{summary}</p>
            <div class="figure-tools" role="group" aria-label=format!("Export {title}")>
                {FigureFormat::ALL.map(button).into_iter().collect_view()}
            </div>
            <details class="data">
                <summary>"The numbers behind this figure"</summary>
                <TableOf table=table testid=format!("{slug}-table") />
            </details>
        </figure>
    }
}

/// What can be done with the chosen run: send it to a side of the panel at a first-token
/// percentile, or download its fit and residuals.
#[component]
fn RunActions(section: Section) -> impl IntoView {
    let choose = move |ev: leptos::ev::Event| {
        if let Some(p) = TtftPercentile::parse(&event_target_value(&ev)) {
            section.percentile.set(p);
        }
    };
    view! {
        <div class="import-actions">
            <span class="import-use" role="group" aria-label="Use this run as a deployment">
                <label for="import-percentile">"First token at"</label>
                " "
                <select id="import-percentile" data-testid="import-percentile" on:change=choose
                    prop:value=move || section.percentile.get().id().to_string()>
                    <option value="p50">"p50 (the median)"</option>
                    <option value="p90">"p90"</option>
                    <option value="p99">"p99"</option>
                </select>
                " "
                <button type="button" data-testid="import-use-a" on:click=move |_| bakeoff::use_as(section, Which::A)>"Use as A"</button>
                <button type="button" data-testid="import-use-b" on:click=move |_| bakeoff::use_as(section, Which::B)>"Use as B"</button>
            </span>
            <button type="button" class="quiet" data-testid="import-csv-fit" on:click=move |_| download(section, RunFile::Fit)>"Fit as CSV"</button>
            <button type="button" class="quiet" data-testid="import-csv-residuals" on:click=move |_| download(section, RunFile::Residuals)>"Each request's residual as CSV"</button>
        </div>
    }
}

/// Asks the worker for the chosen run's figures at the canvases' width and the page's palette.
pub(super) fn draw(section: Section, dark: bool) {
    let busy = section.drawing.with_value(|d| d.busy);
    if busy {
        section.drawing.update_value(|d| d.again = true);
        return;
    }
    let Some(id) = section.chosen_id() else { return };
    let Some(first) = section.canvases.first().and_then(|c| c.get_untracked()) else { return };
    let width = first.parent_element().map_or(0, |p| p.client_width()) as f64;
    if width <= 0.0 {
        return;
    }
    let height = canvas_height_css(width);
    let pixel_ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let request = Request::Draw { id, size: CssSize { width, height }, pixel_ratio, dark };
    section.drawing.update_value(|d| d.busy = true);
    // Until the worker's drawings arrive the canvases may hold another run's, or this one's at
    // another size: marked stale, as every figure is, so a script reading their pixels waits.
    for canvas in section.canvases.iter().filter_map(|c| c.get_untracked()) {
        let _ = canvas.set_attribute(crate::shared_names::figure::STALE, "");
    }
    section.worker().ask(&request, None, move |reply| {
        section.drawing.update_value(|d| d.busy = false);
        if let Some(Reply::Drawn { id: drawn, bitmaps }) = reply {
            let current = drawn == id && section.chosen_id() == Some(id);
            let most = Size { width: width * pixel_ratio, height: height * pixel_ratio };
            paint(section, current, height, most, bitmaps);
        }
        let again = section.drawing.with_value(|d| d.again);
        if again {
            section.drawing.update_value(|d| d.again = false);
            draw(section, dark);
        }
    });
}

/// [`draw`] once the views placed now are laid out, in the page's palette as it is then.
pub(super) fn draw_soon(section: Section) {
    let dark = section.dark.get_untracked();
    request_animation_frame(move || draw(section, dark));
}

/// A bitmap's largest size the page takes: what it asked for, with a pixel to spare.
#[derive(Clone, Copy)]
struct Size {
    width: f64,
    height: f64,
}

/// Puts the worker's drawings on the canvases if they are `current` (of the run still chosen)
/// and no larger than was asked (an altered worker's could make the page hold any size), and
/// frees them.
fn paint(
    section: Section,
    current: bool,
    height_css: f64,
    most: Size,
    bitmaps: Vec<web_sys::ImageBitmap>,
) {
    for (canvas, bitmap) in section.canvases.iter().zip(bitmaps) {
        let fits = f64::from(bitmap.width()) <= most.width.ceil() + 1.0
            && f64::from(bitmap.height()) <= most.height.ceil() + 1.0;
        if let Some(canvas) = canvas.get_untracked().filter(|_| current && fits) {
            canvas.set_width(bitmap.width());
            canvas.set_height(bitmap.height());
            let _ = web_sys::HtmlElement::style(&canvas)
                .set_property("height", &format!("{height_css}px"));
            let context = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
            if let Some(context) = context {
                let _ = context.draw_image_with_image_bitmap(&bitmap, 0.0, 0.0);
                let _ = canvas.set_attribute(crate::shared_names::figure::DRAWN, "");
                let _ = canvas.remove_attribute(crate::shared_names::figure::STALE);
            }
        }
        bitmap.close();
    }
}

/// A download of the chosen run: a figure's PNG from its canvas as drawn, any other file from
/// the worker's contents. The page names every file and gives it its type.
pub(super) fn download(section: Section, file: RunFile) {
    let Some((id, stem)) =
        section.list.with_untracked(|l| l.chosen().map(|r| (r.id, r.file_stem.clone())))
    else {
        return;
    };
    let name = file.file_name(&stem);
    if let RunFile::Figure { slug, format: FigureFormat::Png } = &file {
        let figure = RunFigure::ALL.into_iter().find(|f| f.slug() == slug);
        let canvas =
            figure.and_then(|f| section.canvases.get(f.index())).and_then(|c| c.get_untracked());
        if let Some(canvas) = canvas {
            download_canvas(&name, &canvas);
        }
        return;
    }
    let first = section.canvases.first().and_then(|c| c.get_untracked());
    let size = first.map_or(CssSize { width: 800.0, height: 400.0 }, |c| CssSize {
        width: f64::from(c.client_width()),
        height: f64::from(c.client_height()),
    });
    let dark = section.dark.get_untracked();
    let mime = file.media_type();
    section.worker().ask(&Request::Export { id, file, size, dark }, None, move |reply| {
        if let Some(Reply::File(Some(content))) = reply {
            download_text(&name, mime, &content);
        }
    });
}
