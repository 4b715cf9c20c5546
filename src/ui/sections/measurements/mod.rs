//! "Your own measurements", in the review workbench: the reviewer loads a serving benchmark's
//! result file for each deployment, the page fits the lesson's straight lines to each run, and a
//! run's rates go to side A or B of the panel. Reading and fitting happen in a Web Worker in the
//! reader's browser; nothing is uploaded. A plain section rather than a lab: no figure here is
//! moved by the controls.
//!
//! The workbench's part holds only the section's markup and the few lines here that hand its
//! events on. What the section does with them (sending files to the worker, listing the runs,
//! drawing and exporting their figures, "Use as A" and "Use as B") comes with the worker's script
//! when a reviewer first loads a file (`module`, and the worker crate's `page/`), so a reviewer
//! who never does never downloads it.
//!
//! An event is handed on by the `data-action` of the control it came from (the protocol's
//! [`Action`]); test ids are for the tests alone.

mod module;
mod sample;

use crate::measurements::protocol::{
    action_attribute, name, Action, ACTION_ATTRIBUTE, APPLY_DEPLOYMENT, APPLY_RATES,
    BUTTON_ACTION_SELECTOR, READ_SAMPLE, RUNS_OVERLAY,
};
use crate::ui::context::{use_runs_overlay, use_state};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The heading and the introduction. Markup rather than a view, as [`CONTROLS`] is: the
/// workbench has no prerendered twin to copy prose from, and a string costs its part less.
const INTRO: &str = concat!(
    r#"<h2 id="measurements-title">Your own measurements</h2>"#,
    r#"<p>Ran a serving benchmark against a deployment? Load its result file and the page draws "#,
    r#"the lesson&#39;s two straight lines through the run: the fixed wait before the first "#,
    r#"token, the prefill rate, the decode rate, and how far your requests stray from the "#,
    r#"lines. Load one file per deployment, pick a run in the list, and send it to the panel "#,
    r#"with &#8220;Use as A&#8221; or &#8220;Use as B&#8221;; once both sides come from runs, "#,
    r#"the decision above weighs the two runs&#39; own answer lengths, and Figure 3 gives the "#,
    r#"crossover with its interval. Result files of vLLM, SGLang, AIPerf, GenAI-Perf, LLMPerf, "#,
    r#"GuideLLM and llm-load-test are read, and so is any CSV or JSON table with one row per "#,
    r#"request.</p>"#,
    r#"<p class="aside">Your file stays in this browser tab: the page reads it here and has no "#,
    r#"permission to send anything to a server, and it sends nothing.</p>"#,
);

/// The controls, which never change: written once as markup (the section hears their events),
/// which costs the page's wasm less than a view. They are not fixed prose: the prerendered page
/// writes a typed field as text (`site::field_stand_ins`), and the live page needs the field.
/// The names the module uses come from the protocol, at compile time.
const CONTROLS: &str = concat!(
    r#"<p class="import-pick"><label for="import-file">Result files (one run or more each): </label>"#,
    r#"<input type="file" id="import-file" data-testid="import-file""#,
    action_attribute!(read_files),
    r#" multiple accept=".json,.jsonl,.csv,.txt,application/json,text/csv,text/plain"> "#,
    r#"or drop them anywhere on this section.</p>"#,
    r#"<p class="import-sample"><button type="button" data-testid="import-sample""#,
    action_attribute!(read_sample),
    r#">Try a sample run</button> "#,
    r#"<span class="aside">The sample is the LLMPerf leaderboard&#39;s run against a 70B "#,
    r#"model on Anyscale&#39;s endpoint (late 2023), 150 requests sent five at a time, every prompt 550 "#,
    r#"tokens long. It shows what such a file tells, and what a run at one prompt length cannot "#,
    r#"(a prefill rate).</span></p>"#,
);

/// What to know before measuring, as [`INTRO`].
const ADVICE: &str = concat!(
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
    r#"of the lesson&#39;s three clocks). Each run says so again under &#8220;How this run was read and "#,
    r#"fitted&#8221;.</p>"#,
    r#"<p><strong>The floor</strong> is the line under nine requests in ten, drawn against prompt "#,
    r#"length: roughly the first token&#39;s time for a request that met no queue.</p></details>"#,
);

/// The pasted text's field and the progress line, as [`CONTROLS`].
const PASTE: &str = concat!(
    r#"<details class="paste"><summary>Paste a file&#39;s text instead</summary>"#,
    r#"<label for=""#,
    name!(paste_box),
    r#"">The contents of a result file</label><textarea id=""#,
    name!(paste_box),
    r#"" data-testid="import-paste" rows="6" spellcheck="false"></textarea>"#,
    r#"<button type="button" data-testid="import-paste-go""#,
    action_attribute!(read_pasted),
    r#">Read the pasted text</button></details>"#,
    // Shown and moved by the module as the worker reports its progress.
    r#"<p class="import-progress" id=""#,
    name!(progress_line),
    r#"" hidden><label for=""#,
    name!(progress_bar),
    r#"">Reading and fitting: </label><progress id=""#,
    name!(progress_bar),
    r#"" data-testid="import-progress" max="1" value="0"></progress></p>"#,
);

#[component]
pub fn Measurements() -> impl IntoView {
    let state = use_state();
    let _ = window_event_listener_untyped(APPLY_RATES, move |ev| module::apply(state, &ev));
    let _ = window_event_listener_untyped(APPLY_DEPLOYMENT, move |ev| {
        module::apply_deployment(state, &ev);
    });
    if let Some(runs) = use_runs_overlay() {
        let _ = window_event_listener_untyped(RUNS_OVERLAY, move |ev| module::overlay(runs, &ev));
    }
    let on_change = move |ev: leptos::ev::Event| {
        // A change comes from the control itself (a file input or a list).
        let Some(element) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
            return;
        };
        let Some(action) = element.get_attribute(ACTION_ATTRIBUTE) else { return };
        if action == Action::ReadFiles.name() {
            // The markup above makes it the file input. Files given to the section before it
            // was built come here too: boot.js hands them to it as a choice.
            let input = element.unchecked_into::<web_sys::HtmlInputElement>();
            module::send(&action, files(input.files()).into(), true);
            // The same file can then be chosen again (after changing it on disk, say).
            input.set_value("");
        } else {
            module::send(&action, element.into(), false);
        }
    };
    // Of clicks, only those on buttons do anything (a list's choice comes as a change).
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some((element, action)) = button(&ev) {
            // The sample is fetched by the page itself, then handed on as a chosen file.
            if action == READ_SAMPLE {
                sample::load();
                return;
            }
            module::send(&action, element.into(), action == Action::ReadPasted.name());
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
            let files = files(dropped.and_then(|d| d.files()));
            module::send(Action::ReadFiles.name(), files.into(), true);
        }
    };
    let _ = window_event_listener_untyped("dragover", on_drag);
    let _ = window_event_listener_untyped("drop", on_drag);
    // The places below are written by the module: the busy line, the refusal, the results and
    // what "Use as A", "Use as B" or "Set MFU and MBU from this run" did. It finds them by the protocol's `place` selectors; their
    // classes are literals, which keeps them out of the wasm's view code, and a test below holds
    // them to the protocol.
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title"
            on:change=on_change on:click=on_click>
            <div inner_html=INTRO></div>
            <div inner_html=CONTROLS></div>
            <div inner_html=ADVICE></div>
            <div inner_html=PASTE></div>
            <p class="import-status" role="status" data-testid="import-busy"></p>
            <p class="import-error" role="alert" data-testid="import-error" hidden></p>
            <div class="import-results"></div>
            <p class="aside import-applied" role="status" data-testid="import-applied"></p>
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

/// The button with an action that a click came from, or from inside, and its action.
fn button(ev: &web_sys::Event) -> Option<(web_sys::Element, String)> {
    let element = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let element = element.closest(BUTTON_ACTION_SELECTOR).ok()??;
    let action = element.get_attribute(ACTION_ATTRIBUTE)?;
    Some((element, action))
}

#[cfg(test)]
mod tests {
    use super::Measurements;
    use crate::measurements::protocol::{place, Action, ACTION_ATTRIBUTE, READ_SAMPLE};
    use crate::state::State;
    use crate::ui::context::StateContext;
    use crate::ui::render_lesson;
    use leptos::prelude::*;

    /// The section as it is built (natively: effects and handlers do not run).
    fn section() -> String {
        // A server's context, as the build renders with: event listeners are not added.
        let shared = hydration_context::SsrSharedContext::new();
        let owner = Owner::new_root(Some(std::sync::Arc::new(shared)));
        let html = owner.with(|| {
            provide_context(StateContext(RwSignal::new(State::default())));
            view! { <Measurements /> }.to_html()
        });
        owner.unset();
        html
    }

    #[test]
    fn the_lesson_leaves_measurements_to_the_workbench() {
        let lesson = render_lesson();
        assert!(!lesson.contains("id=\"measurements\""), "the section is the workbench's");
        assert!(!lesson.contains("data-testid=\"import-file\""), "no picker in the lesson");
    }

    #[test]
    fn the_section_writes_its_own_words() {
        let html = section();
        for words in ["Your own measurements", "Use as A", "Before you measure", "sends nothing"] {
            assert!(html.contains(words), "{words}: {html}");
        }
    }

    #[test]
    fn the_markup_has_every_place_and_action_the_module_uses() {
        let html = section();
        let classes: Vec<&str> = html
            .split(" class=\"")
            .skip(1)
            .flat_map(|rest| rest.split('"').next().unwrap().split(' '))
            .collect();
        let places = [
            place::PASTE,
            place::PROGRESS,
            place::PROGRESS_LINE,
            place::BUSY,
            place::ERROR,
            place::RESULTS,
            place::APPLIED,
        ];
        for selector in places {
            let found = match selector.split_at(1) {
                ("#", id) => html.matches(&format!(" id=\"{id}\"")).count() == 1,
                (".", class) => classes.iter().filter(|c| **c == class).count() == 1,
                _ => false,
            };
            assert!(found, "one place in the section for {selector}");
        }
        for (control, action) in [
            ("import-file", Action::ReadFiles.name()),
            ("import-paste-go", Action::ReadPasted.name()),
            ("import-sample", READ_SAMPLE),
        ] {
            let attributes = format!("data-testid=\"{control}\" {ACTION_ATTRIBUTE}=\"{action}\"");
            assert!(html.contains(&attributes), "{attributes}");
        }
    }
}
