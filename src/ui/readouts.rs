//! The numbers the figures show, as text. Each carries its unrounded value in `data-value`
//! so tests (and curious readers of the markup) can check the arithmetic.

use super::app::use_state;
use crate::format;
use crate::model::{Bound, Request};
use leptos::prelude::*;

#[component]
fn Readout(testid: &'static str, label: &'static str, value: Signal<f64>, text: Signal<String>, #[prop(optional)] note: Option<Signal<String>>) -> impl IntoView {
    view! {
        <div class="readout">
            <dt>{label}</dt>
            <dd data-testid=testid data-value=move || value.get().to_string()>{move || text.get()}</dd>
            {note.map(|note| view! { <dd class="readout-note">{move || note.get()}</dd> })}
        </div>
    }
}

#[component]
pub fn Readouts() -> impl IntoView {
    let state = use_state();
    let request = Memo::new(move |_| state.with(|s| s.request()));
    let number = move |f: fn(&Request) -> f64| Signal::derive(move || request.with(f));
    let duration = move |f: fn(&Request) -> f64| Signal::derive(move || format::duration(request.with(f)));
    let share = move |f: fn((f64, f64, f64)) -> f64| Signal::derive(move || format!("{} of the total", format::percent(f(request.with(Request::shares)))));

    let bound = Memo::new(move |_| request.with(Request::bound));
    let bound_text = move || match bound.get() {
        Bound::Decode => "Writing the answer owns the clock (decode-bound).",
        Bound::Prefill => "Reading the prompt owns the clock (prefill-bound).",
        Bound::Balanced => "Both phases cost exactly the same: you are on the crossing.",
    };
    let bound_value = move || match bound.get() {
        Bound::Decode => "decode",
        Bound::Prefill => "prefill",
        Bound::Balanced => "balanced",
    };

    view! {
        <section class="readouts" aria-labelledby="readouts-title">
            <h3 id="readouts-title" class="visually-hidden">"Results"</h3>
            <dl class="readout-grid key">
                <Readout testid="ttft" label="Time to first token" value=number(Request::ttft_secs) text=duration(Request::ttft_secs)
                    note=Signal::derive(|| "how long the screen stays empty when streaming".to_string()) />
                <Readout testid="total" label="Total time" value=number(Request::total_secs) text=duration(Request::total_secs)
                    note=Signal::derive(|| "when the last token is written".to_string()) />
            </dl>
            <dl class="readout-grid">
                <Readout testid="prefill-time" label="Prefill (reading the prompt)" value=number(Request::prefill_secs) text=duration(Request::prefill_secs) note=share(|s| s.1) />
                <Readout testid="decode-time" label="Decode (writing the answer)" value=number(Request::decode_secs) text=duration(Request::decode_secs) note=share(|s| s.2) />
                <Readout testid="crossing-ratio" label="Crossing ratio" value=number(Request::crossing_ratio)
                    text=Signal::derive(move || format::trimmed(request.with(Request::crossing_ratio), 1))
                    note=Signal::derive(|| "prompt tokens per answer token at which the phases cost the same".to_string()) />
                <Readout testid="crossing-prompt" label="Crossing prompt at this answer length" value=number(Request::crossing_prompt_tokens)
                    text=Signal::derive(move || format::tokens(request.with(Request::crossing_prompt_tokens))) />
            </dl>
            <p class="verdict" data-testid="bound" data-value=bound_value aria-live="polite">{bound_text}</p>
        </section>
    }
}
