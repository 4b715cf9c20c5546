//! "Your own measurements": the reader loads a serving benchmark's result file, the page fits
//! the lesson's straight lines to it and can move the lesson's controls to the fitted rates.
//! Reading and fitting happen in a Web Worker in the reader's browser; nothing is uploaded.
//! A plain section rather than a lab: no figure here is moved by the controls.
//!
//! Every reader's first load holds only the section's markup and the few lines here that hand
//! its events on. What the section does with them (sending files to the worker, listing the
//! runs, drawing and exporting their figures, "Use these rates") comes with the worker's script
//! when a reader first loads a file (`module`, and the worker crate's `page/`), so a reader who
//! never does never downloads it.

mod module;
mod sample;

use crate::ui::context::use_state;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
    r#"<p class="import-sample"><button type="button" data-testid="import-sample">Try a sample run</button> "#,
    r#"<span class="aside">Or try a sample run first: the LLMPerf leaderboard&#39;s run against a 70B "#,
    r#"model on Anyscale&#39;s endpoint (late 2023), 150 requests sent five at a time, every prompt 550 "#,
    r#"tokens long. It shows what such a file tells, and what a run at one prompt length cannot "#,
    r#"(a prefill rate).</span></p>"#,
    r#"<details class="advice"><summary>Before you measure: prompt lengths, the clock, the floor</summary>"#,
    r#"<p><strong>Prompts of several lengths.</strong> A prefill rate is the slope of the first "#,
    r#"token&#39;s time against the prompt&#39;s length, and a run at one length has no slope to read: "#,
    r#"a benchmark&#39;s usual fixed prompt length leaves it &#8220;not fitted&#8221;. Spread the lengths "#,
    r#"within one run: for <code>vllm bench serve</code>, <code>--random-range-ratio 0.9</code> with "#,
    r#"<code>--dataset-name random</code>; for SGLang&#39;s <code>bench_serving</code>, "#,
    r#"<code>--random-range-ratio 0.1</code>; for AIPerf and GenAI-Perf, "#,
    r#"<code>--synthetic-input-tokens-stddev</code> near three quarters of the mean; for LLMPerf, "#,
    r#"<code>--stddev-input-tokens</code> likewise; for GuideLLM, synthetic <code>--data</code> with "#,
    r#"<code>prompt_tokens_stdev</code>, <code>prompt_tokens_min</code> and <code>prompt_tokens_max</code>; "#,
    r#"for llm-load-test, a wide <code>min_input_tokens</code> to <code>max_input_tokens</code> in its "#,
    r#"config.</p>"#,
    r#"<p><strong>The clock.</strong> Every tool read here is a client benchmark: its TTFT starts when "#,
    r#"the client sends the request, so the network and the server&#39;s queue are in it (the first "#,
    r#"of the three clocks above). Each run says so again under &#8220;How this run was read and "#,
    r#"fitted&#8221;.</p>"#,
    r#"<p><strong>The floor</strong> is the line under nine requests in ten, drawn against prompt "#,
    r#"length: roughly the first token&#39;s time for a request that met no queue.</p></details>"#,
    r#"<details class="paste"><summary>Paste a file&#39;s text instead</summary>"#,
    r#"<label for="import-paste">The contents of a result file</label>"#,
    r#"<textarea id="import-paste" data-testid="import-paste" rows="6" spellcheck="false"></textarea>"#,
    r#"<button type="button" data-testid="import-paste-go">Read the pasted text</button></details>"#,
    // Shown and moved by the module as the worker reports its progress.
    r#"<p class="import-progress" id="import-progress-box" hidden>"#,
    r#"<label for="import-progress">Reading and fitting: </label>"#,
    r#"<progress id="import-progress" data-testid="import-progress" max="1" value="0"></progress></p>"#,
);

#[component]
pub fn Measurements() -> impl IntoView {
    let state = use_state();
    let _ = window_event_listener_untyped(module::APPLY_EVENT, move |ev| module::apply(state, &ev));
    let on_change = move |ev: leptos::ev::Event| {
        let Some((element, id)) = target(&ev, "[data-testid]") else { return };
        if id == "import-file" {
            // The markup above makes it the file input. Files given to the section before it
            // was built come here too: boot.js hands them to it as a choice.
            let input = element.unchecked_into::<web_sys::HtmlInputElement>();
            module::send("files", files(input.files()).into(), true);
            // The same file can then be chosen again (after changing it on disk, say).
            input.set_value("");
        } else {
            module::send(&id, element.into(), false);
        }
    };
    // Of clicks, only those on buttons do anything (a list's choice comes as a change).
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some((element, id)) = target(&ev, "button[data-testid]") {
            if id == "import-sample" {
                sample::load();
                return;
            }
            module::send(&id, element.into(), id == "import-paste-go");
        }
    };
    // Dragging is heard on the window, both events by one handler, and acted on over this
    // section only: there the browser is kept from opening the file itself. A drop's files are
    // taken at once, while the event still gives them.
    let on_drag = move |ev: web_sys::Event| {
        let over_section = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("#measurements").ok().flatten())
            .is_some();
        if !over_section {
            return;
        }
        ev.prevent_default();
        if ev.type_() == "drop" {
            let dropped = ev.unchecked_ref::<web_sys::DragEvent>().data_transfer();
            module::send("files", files(dropped.and_then(|d| d.files())).into(), true);
        }
    };
    let _ = window_event_listener_untyped("dragover", on_drag);
    let _ = window_event_listener_untyped("drop", on_drag);
    // The places below are written by the module: the busy line, the refusal, the results and
    // what "Use these rates" did.
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title"
            on:change=on_change on:click=on_click>
            <div inner_html=STATIC></div>
            <p class="import-status" role="status" data-testid="import-busy"></p>
            <p class="import-error" role="alert" data-testid="import-error" hidden></p>
            <div class="import-results"></div>
            <p class="aside" role="status" data-testid="import-applied"></p>
        </section>
    }
}

/// The files of a picker or a drop, as an array that outlives the event.
fn files(list: Option<web_sys::FileList>) -> js_sys::Array {
    let files = js_sys::Array::new();
    if let Some(list) = list {
        for file in (0..list.length()).filter_map(|i| list.item(i)) {
            files.push(&file);
        }
    }
    files
}

/// The element matching `selector` (one with a test id) that an event came from, or from
/// inside, and its test id.
fn target(ev: &web_sys::Event, selector: &str) -> Option<(web_sys::Element, String)> {
    let element = ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest(selector).ok()??;
    let id = element.get_attribute("data-testid")?;
    Some((element, id))
}
