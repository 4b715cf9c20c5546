//! "Your own measurements", in the review workbench: the reviewer loads a serving benchmark's
//! result file for each deployment, the page fits the lesson's straight lines to each run, and a
//! run's rates go to side A or B of the panel. Reading and fitting happen in a Web Worker in the
//! reader's browser; nothing is uploaded. A plain section rather than a lab: no figure here is
//! moved by the controls.
//!
//! The section is the workbench's, so its code comes with the workbench's part (`ui::parts`) and
//! the worker's only when a reviewer first loads a file. Its rooms: what it holds and shows
//! ([`section`]), the worker's client ([`client`]), the three ways in ([`import`] and
//! [`sample`]), a run's figures and downloads ([`results`]), the chip section's efficiencies
//! from a run ([`calibrate`]) and two runs as the panel's sides ([`bakeoff`]).
//!
//! An event is handed on by the `data-action` of the control it came from (the protocol's
//! [`Action`]): the results are markup built from the worker's data, so their controls are
//! heard here rather than each given a handler. Test ids are for the tests alone.

mod bakeoff;
mod calibrate;
mod client;
mod import;
mod results;
mod sample;
mod section;

pub use bakeoff::ComparedRuns;

use crate::measurements::protocol::{
    action_attribute, name, Action, RunFile, ACTION_ATTRIBUTE, BUTTON_ACTION_SELECTOR, READ_SAMPLE,
};
use crate::model::deployments::Which;
use leptos::prelude::*;
use section::Section;
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
/// The names the section's code and the tests use come from the protocol, at compile time.
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

/// The pasted text's field, as [`CONTROLS`].
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
);

#[component]
pub fn Measurements() -> impl IntoView {
    let section = Section::provided();
    // A worker started after one stopped is first sent the files the old one held.
    client::on_restart(move || import::read_again(section));
    bakeoff::follow(section);
    calibrate::follow(section);
    // The chosen run's figures, drawn by the worker at the canvases' width and in the page's
    // palette: again whenever the results are written anew, the palette changes or the
    // window is resized.
    Effect::new(move |_| {
        section.list.track();
        section.dark.track();
        results::draw_soon(section);
    });
    let _ = window_event_listener(leptos::ev::resize, move |_| results::draw_soon(section));
    let on_change = move |ev: leptos::ev::Event| {
        // A change comes from the control itself (a file input or a list).
        let Some(element) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
            return;
        };
        let action = element.get_attribute(ACTION_ATTRIBUTE);
        if action.as_deref() == Some(Action::ReadFiles.name()) {
            // The markup above makes it the file input.
            let input = element.unchecked_into::<web_sys::HtmlInputElement>();
            import::read_files(section, files(input.files()));
            // The same file can then be chosen again (after changing it on disk, say).
            input.set_value("");
        } else if let Some(action) = action.as_deref().and_then(Action::from_name) {
            act(section, action, &element);
        }
    };
    // Of clicks, only those on buttons do anything (a list's choice comes as a change).
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((element, action)) = button(&ev) else { return };
        if action == READ_SAMPLE {
            sample::load(section);
        } else if let Some(action) = Action::from_name(&action) {
            act(section, action, &element);
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
            import::read_files(section, files(dropped.and_then(|d| d.files())));
        }
    };
    let _ = window_event_listener_untyped("dragover", on_drag);
    let _ = window_event_listener_untyped("drop", on_drag);
    let results = Memo::new(move |_| section.list.with(section::RunList::results_markup));
    // The classes and ids of the places are the protocol's names (a test below holds them to
    // it): the results' markup and the tests find them by those.
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title"
            on:change=on_change on:click=on_click>
            <div inner_html=INTRO></div>
            <div inner_html=CONTROLS></div>
            <div inner_html=ADVICE></div>
            <div inner_html=PASTE></div>
            <p class="import-progress" id={name!(progress_line)} hidden=move || section.progress.with(Option::is_none)>
                <label for={name!(progress_bar)}>"Reading and fitting: "</label>
                <progress id={name!(progress_bar)} data-testid="import-progress" max="1" prop:value=move || section.progress.get().unwrap_or(0.0)></progress>
            </p>
            <p class="import-status" role="status" data-testid="import-busy">{move || section.busy_text()}</p>
            <p class="import-error" role="alert" data-testid="import-error" hidden=move || section.error.with(Option::is_none)>
                {move || section.error.get()}
            </p>
            <div class="import-results" inner_html=results></div>
            <p class="aside import-applied" role="status" data-testid="import-applied">{move || section.applied.get()}</p>
        </section>
    }
}

/// What a control of the results (or the paste button) does, by its action; its `value` says
/// which run, file or side.
fn act(section: Section, action: Action, element: &web_sys::Element) {
    let value = || js_sys::Reflect::get(element, &"value".into()).ok()?.as_string();
    match action {
        // Heard as a change, with the files.
        Action::ReadFiles => {}
        Action::ReadPasted => import::pasted(section),
        Action::ChooseRun => {
            if let Some(index) = value().and_then(|v| v.parse().ok()) {
                results::chosen(section, index);
            }
        }
        Action::Download => {
            if let Some(file) = value().as_deref().and_then(RunFile::from_name) {
                results::download(section, file);
            }
        }
        Action::UseAs => match value().as_deref() {
            Some("a") => bakeoff::use_as(section, Which::A),
            Some("b") => bakeoff::use_as(section, Which::B),
            _ => {}
        },
        Action::ComparePair => {
            let pair = value().and_then(|v| {
                let (a, b) = v.split_once(',')?;
                Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
            });
            if let Some((a, b)) = pair {
                bakeoff::use_pair(section, a, b);
            }
        }
        Action::Calibrate => calibrate::apply(section),
    }
}

/// The files of a picker or a drop.
fn files(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    list.map(|list| (0..list.length()).filter_map(|i| list.item(i)).collect()).unwrap_or_default()
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
