//! "Your own measurements", in the review workbench: the reviewer loads a serving benchmark's
//! result file for each deployment, the page fits the lesson's straight lines to each run, and a
//! run's rates go to side A or B of the panel. Reading and fitting happen in a Web Worker in the
//! reader's browser; nothing is uploaded. A plain section rather than a lab: no figure here is
//! moved by the controls.
//!
//! The section is the workbench's, so its code comes with the workbench's part (`ui::parts`) and
//! the worker's only when a reviewer first loads a file. Its rooms: what it holds and shows
//! ([`section`]), the worker's client ([`client`]), the three ways in ([`import`] and
//! [`sample`]), a run's results, figures and downloads ([`results`]), the run on the chip
//! calculator ([`calibrate`]) and two runs as the panel's sides ([`bakeoff`]). Every control has
//! its own handler; what the worker sends is data, laid out here by components. Test ids are for
//! the tests alone.

mod bakeoff;
mod calibrate;
mod client;
mod import;
mod results;
mod sample;
mod section;

pub use bakeoff::ComparedRuns;

use crate::ui::context::LiveMeasured;
use leptos::prelude::*;
use results::Results;
use section::Section;
use wasm_bindgen::JsCast;

#[component]
pub fn Measurements() -> impl IntoView {
    let section = Section::provided();
    // A worker started after one stopped is first sent the files the old one held.
    section.worker().on_restart(move || import::read_again(section));
    bakeoff::follow(section);
    // The workbench's live measurement, read as a file whenever it hands on a new text.
    if let Some(LiveMeasured(live)) = use_context::<LiveMeasured>() {
        Effect::new(move |_| {
            if let Some(file) = live.get() {
                import::live(section, file);
            }
        });
    }
    // The chosen run's figures, drawn by the worker at the canvases' width and in the page's
    // palette: again whenever the list is touched (a run chosen, even the one shown: the way to
    // ask again), the palette changes or the window is resized.
    Effect::new(move |_| {
        section.list.track();
        section.dark.track();
        results::draw_soon(section);
    });
    let _ = window_event_listener(leptos::ev::resize, move |_| results::draw_soon(section));
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
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title">
            <Intro />
            <Pick section=section />
            <Advice />
            <Paste section=section />
            <p class="import-progress" hidden=move || section.progress.with(Option::is_none)>
                <label for="import-progress">"Reading and fitting: "</label>
                <progress id="import-progress" data-testid="import-progress" max="1" prop:value=move || section.progress.get().unwrap_or(0.0)></progress>
            </p>
            <p class="import-status" role="status" data-testid="import-busy">{move || section.busy_text()}</p>
            <p class="import-error" role="alert" data-testid="import-error" hidden=move || section.error.with(Option::is_none)>
                {move || section.error.get()}
            </p>
            <Results section=section />
            <p class="aside import-applied" role="status" data-testid="import-applied">{move || section.applied.get()}</p>
        </section>
    }
}

/// The heading and what the section does.
#[component]
fn Intro() -> impl IntoView {
    view! {
        <h2 id="measurements-title">"Your own measurements"</h2>
        <p>
            "Ran a serving benchmark against a deployment? Load its result file and the page draws \
             the lesson's two straight lines through the run: the fixed wait before the first \
             token, the prefill rate, the decode rate, and how far your requests stray from the \
             lines. Load one file per deployment, pick a run in the list, and send it to the panel \
             with \u{201c}Use as A\u{201d} or \u{201c}Use as B\u{201d}; once both sides come from \
             runs, the decision above weighs the two runs' own answer lengths and what they \
             observed, and the race under the card gives the crossover with its interval. Result files of vLLM, \
             SGLang, AIPerf, GenAI-Perf, LLMPerf, GuideLLM and llm-load-test are read, and so is \
             any CSV or JSON table with one row per request."
        </p>
        <p class="aside">
            "Your file stays in this browser tab: the page reads it here and has no permission \
             to send anything to a server, and it sends nothing."
        </p>
    }
}

/// The file picker and the sample run.
#[component]
fn Pick(section: Section) -> impl IntoView {
    let chosen = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        import::read_files(section, files(input.files()));
        // The same file can then be chosen again (after changing it on disk, say).
        input.set_value("");
    };
    view! {
        <p class="import-pick">
            <label for="import-file">"Result files (one run or more each): "</label>
            <input type="file" id="import-file" data-testid="import-file" multiple
                accept=".json,.jsonl,.csv,.txt,application/json,text/csv,text/plain" on:change=chosen />
            " or drop them anywhere on this section."
        </p>
        <p class="import-sample">
            <button type="button" data-testid="import-sample" on:click=move |_| sample::load(section)>"Try a sample run"</button>
            " "
            <span class="aside">
                "The sample is the LLMPerf leaderboard's run against a 70B model on Anyscale's \
                 endpoint (late 2023), 150 requests sent five at a time, every prompt 550 tokens \
                 long. It shows what such a file tells, and what a run at one prompt length \
                 cannot (a prefill rate)."
            </span>
        </p>
    }
}

/// What to know before measuring.
#[component]
fn Advice() -> impl IntoView {
    view! {
        <details class="advice">
            <summary>"Before you measure: prompt lengths, the clock, the floor"</summary>
            <p>
                <strong>"Prompts of several lengths."</strong>
                " A prefill rate is the slope of the first token's time against the prompt's \
                 length, and a run at one length has no slope to read: a benchmark's usual fixed \
                 prompt length leaves it \u{201c}not fitted\u{201d}. Spread the lengths within one \
                 run: for "<code>"vllm bench serve"</code>", "<code>"--random-range-ratio 0.9"</code>
                " with "<code>"--dataset-name random"</code>"; for SGLang's "<code>"bench_serving"</code>
                ", "<code>"--random-range-ratio 0.1"</code>"; for AIPerf and GenAI-Perf, "
                <code>"--synthetic-input-tokens-stddev"</code>" near three quarters of the mean; for \
                 LLMPerf, "<code>"--stddev-input-tokens"</code>" likewise; for GuideLLM, synthetic "
                <code>"--data"</code>" with "<code>"prompt_tokens_stdev"</code>", "
                <code>"prompt_tokens_min"</code>" and "<code>"prompt_tokens_max"</code>
                "; for llm-load-test, a wide "<code>"min_input_tokens"</code>" to "
                <code>"max_input_tokens"</code>" in its config."
            </p>
            <p>
                <strong>"The clock."</strong>
                " Every tool read here is a client benchmark: its TTFT starts when the client \
                 sends the request, so the network and the server's queue are in it (the first of \
                 the lesson's three clocks). Each run says so again under \u{201c}How this run was \
                 read and fitted\u{201d}."
            </p>
            <p>
                <strong>"The floor"</strong>
                " is the line under nine requests in ten, drawn against prompt length: roughly the \
                 first token's time for a request that met no queue."
            </p>
        </details>
    }
}

/// The pasted text's field and its button.
#[component]
fn Paste(section: Section) -> impl IntoView {
    let field = NodeRef::<leptos::html::Textarea>::new();
    let read = move |_| {
        if let Some(field) = field.get_untracked() {
            import::pasted(section, field.value());
        }
    };
    view! {
        <details class="paste">
            <summary>"Paste a file's text instead"</summary>
            <label for="import-paste">"The contents of a result file"</label>
            <textarea id="import-paste" data-testid="import-paste" rows="6" spellcheck="false" node_ref=field></textarea>
            <button type="button" data-testid="import-paste-go" on:click=read>"Read the pasted text"</button>
        </details>
    }
}

/// The files of a picker or a drop.
fn files(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    list.map(|list| (0..list.length()).filter_map(|i| list.item(i)).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::Measurements;
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
}
