//! "Your own measurements": the reader loads a serving benchmark's result file, the page fits
//! the lesson's straight lines to it and can move the lesson's controls to the fitted rates.
//! Reading and fitting happen in a Web Worker in the reader's browser; nothing is uploaded.
//! A plain section rather than a lab: no figure here is moved by the controls.
//!
//! The results are markup the worker wrote (`text::measurements::run_html`), placed as they
//! come, and the section listens for its controls' events in one place rather than through a
//! component per control: the section then adds little to the first page load, which every
//! reader pays for, while the reader who loads a file fetches the rest with the worker.

mod import;
mod results;
mod worker;

use crate::charts::Palette;
use crate::state::State;
use crate::text::measurements::{results_html, PageRun};
use crate::ui::context::{use_palette, use_state};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What the section holds: every run loaded so far, the one chosen, the last refusal, how many
/// files are still being read, and what "Use these rates" last did. One signal for all of it:
/// each signal type costs the page's wasm its own copy of the signal code.
#[derive(Clone, Default)]
struct Imports {
    runs: Vec<PageRun>,
    selected: usize,
    error: Option<String>,
    pending: usize,
    applied: String,
}

#[derive(Clone, Copy)]
struct Loaded {
    imports: RwSignal<Imports>,
    /// The page's state, fetched while building: event handlers run outside the component tree.
    state: RwSignal<State>,
    /// The figures' palette, which the worker draws them in.
    palette: Signal<Palette>,
}

/// The heading, the introduction and the controls, which never change: written once as markup
/// (the section hears the controls' events), which costs the page's wasm less than a view.
const STATIC: &str = concat!(
    r#"<h2 id="measurements-title">Your own measurements</h2>"#,
    r#"<p>Everything so far used the lesson&#39;s numbers. If you have run a serving benchmark "#,
    r#"against your own deployment, load its result file here and the page fits the same "#,
    r#"straight lines to it: the fixed time before the first token, the prefill rate, the "#,
    r#"decode rate, and where your requests leave the lines. It reads the per-request results "#,
    r#"of vLLM, SGLang, AIPerf, GenAI-Perf, LLMPerf, GuideLLM and llm-load-test, and any CSV or "#,
    r#"JSON table with a row per request.</p>"#,
    r#"<p class="aside">The file is read by this page inside your browser and is never "#,
    r#"uploaded: the page is not allowed to send anything to any server, and it does not.</p>"#,
    r#"<p class="import-pick"><label for="import-file">Result files (one run or more each): </label>"#,
    r#"<input type="file" id="import-file" data-testid="import-file" multiple "#,
    r#"accept=".json,.jsonl,.csv,.txt,application/json,text/csv,text/plain"> "#,
    r#"or drop them anywhere on this section.</p>"#,
    r#"<details class="paste"><summary>Paste a file&#39;s text instead</summary>"#,
    r#"<label for="import-paste">The contents of a result file</label>"#,
    r#"<textarea id="import-paste" data-testid="import-paste" rows="6" spellcheck="false"></textarea>"#,
    r#"<button type="button" data-testid="import-paste-go">Read the pasted text</button></details>"#,
    // Shown and moved by the worker's progress reports (`import::progress`), outside the view:
    // an element with reactive attributes costs the page's wasm more than these few calls.
    r#"<p class="import-progress" id="import-progress-box" hidden>"#,
    r#"<label for="import-progress">Reading and fitting: </label>"#,
    r#"<progress id="import-progress" data-testid="import-progress" max="1" value="0"></progress></p>"#,
);

#[component]
pub fn Measurements() -> impl IntoView {
    let imports = RwSignal::new(Imports::default());
    let loaded = Loaded { imports, state: use_state(), palette: use_palette() };
    // A worker started after one failed is first sent the files the old one held.
    worker::on_restart(move || import::read_again(loaded));
    let results = Memo::new(move |_| {
        imports.with(|i| {
            let choices: Vec<&str> = i.runs.iter().map(|r| r.choice.as_str()).collect();
            let html = i.runs.get(i.selected).map_or("", |r| r.html.as_str());
            results_html(&choices, i.selected, html)
        })
    });
    let busy = move || match imports.with(|i| i.pending) {
        0 => String::new(),
        1 => "Reading one file…".to_string(),
        n => format!("Reading {n} files…"),
    };
    let on_change = move |ev: leptos::ev::Event| match target(&ev) {
        Some((element, id)) if id == "import-file" => import::picked(loaded, element),
        Some((element, id)) if id == "import-run" => results::chosen(loaded, &element),
        _ => {}
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((_, id)) = target(&ev) else { return };
        match id.as_str() {
            "import-paste-go" => import::pasted(loaded),
            "import-apply" => results::apply(loaded),
            "import-csv-fit" => results::download(loaded, "fit"),
            "import-csv-residuals" => results::download(loaded, "residuals"),
            other => {
                results::export_figure(loaded, other);
            }
        }
    };
    // The figures follow the page's palette and the section's width.
    Effect::new(move |_| {
        loaded.palette.track();
        results::draw(loaded);
    });
    let _ = window_event_listener_untyped("resize", move |_| results::draw(loaded));
    // Dragging is heard on the window, both events by one handler (cheaper for the page's wasm
    // than a typed listener per event on the section), and acted on over this section only.
    let on_drag = move |ev: web_sys::Event| import::dragged(loaded, ev);
    let _ = window_event_listener_untyped("dragover", on_drag);
    let _ = window_event_listener_untyped("drop", on_drag);
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title"
            on:change=on_change on:click=on_click>
            <div inner_html=STATIC></div>
            <p class="import-status" role="status" data-testid="import-busy">{busy}</p>
            <p class="import-error" role="alert" data-testid="import-error" hidden=move || imports.with(|i| i.error.is_none())>
                {move || imports.with(|i| i.error.clone().unwrap_or_default())}
            </p>
            <div class="import-results" inner_html=move || results.get()></div>
            <p class="aside" role="status" data-testid="import-applied">{move || imports.with(|i| i.applied.clone())}</p>
        </section>
    }
}
/// The element with a test id that an event came from (or from inside), and that id.
fn target(ev: &web_sys::Event) -> Option<(web_sys::Element, String)> {
    let element =
        ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest("[data-testid]").ok()??;
    let id = element.get_attribute("data-testid")?;
    Some((element, id))
}
