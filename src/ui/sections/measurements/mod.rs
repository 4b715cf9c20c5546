//! "Your own measurements": the reader loads a serving benchmark's result file, the page fits
//! the lesson's straight lines to it and can move the lesson's controls to the fitted rates.
//! Reading and fitting happen in a Web Worker in the reader's browser; nothing is uploaded.
//! A plain section rather than a lab: no figure here is moved by the controls.

mod import;
mod results;
mod worker;

use crate::text::measurements::{decode_reply, PageRun};
use leptos::prelude::*;

/// What the section holds: every run loaded so far, the one chosen, the last refusal, and how
/// many files are still being read.
#[derive(Clone, Copy)]
struct Loaded {
    runs: RwSignal<Vec<PageRun>>,
    selected: RwSignal<usize>,
    error: RwSignal<Option<String>>,
    pending: RwSignal<usize>,
}

impl Loaded {
    /// Sends one file (or pasted text) to the worker and takes in its answer: new runs are added
    /// and the first of them chosen; a refusal is shown and what was loaded before is kept.
    fn read(self, name: &str, payload: wasm_bindgen::JsValue) {
        self.pending.update(|n| *n += 1);
        worker::read(name, payload, move |reply| {
            self.pending.update(|n| *n = n.saturating_sub(1));
            match decode_reply(&reply) {
                Some(Ok(new_runs)) => {
                    let first_new = self.runs.with_untracked(Vec::len);
                    self.runs.update(|runs| runs.extend(new_runs));
                    self.selected.set(first_new);
                    self.error.set(None);
                }
                Some(Err(message)) => self.error.set(Some(message)),
                None => self.error.set(Some("The file reader gave an answer the page cannot read; reload the page and try again.".to_string())),
            }
        });
    }
}

#[component]
pub fn Measurements() -> impl IntoView {
    let loaded = Loaded {
        runs: RwSignal::new(Vec::new()),
        selected: RwSignal::new(0),
        error: RwSignal::new(None),
        pending: RwSignal::new(0),
    };
    view! {
        <section class="measurements" id="measurements" aria-labelledby="measurements-title">
            <h2 id="measurements-title">"Your own measurements"</h2>
            <p>
                "Everything so far used the lesson's numbers. If you have run a serving benchmark against your own deployment, load its result file here and the page fits the same straight lines to it: the fixed time before the first token, the prefill rate, the decode rate, and where your requests leave the lines. "
                "It reads the per-request results of vLLM, SGLang, AIPerf, GenAI-Perf, LLMPerf, GuideLLM and llm-load-test, and any CSV or JSON table with a row per request."
            </p>
            <p class="aside">
                "The file is read by this page inside your browser and is never uploaded: the page is not allowed to send anything to any server, and it does not."
            </p>
            <import::Import loaded=loaded />
            <results::Results loaded=loaded />
        </section>
    }
}
