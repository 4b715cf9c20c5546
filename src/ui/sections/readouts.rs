//! The numbers the figures show, as text. Each carries its unrounded value in `data-value`
//! so tests (and curious readers of the markup) can check the arithmetic.

use crate::format;
use crate::model::deep::TtftDefinition;
use crate::model::{Bound, Request};
use crate::state::{Headline, ModelView};
use crate::ui::context::use_state;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn Readouts() -> impl IntoView {
    let state = use_state();
    let headline = Memo::new(move |_| state.with(|s| s.headline()));
    let request = Memo::new(move |_| state.with(|s| s.request()));
    let deep = Memo::new(move |_| state.with(|s| s.model == ModelView::Deep));
    let of = move |f: fn(&Headline) -> f64| secs_signals(move || headline.with(f));
    let linear = move |f: fn(&Request) -> f64| secs_signals(move || request.with(f));
    let share = move |f: fn((f64, f64, f64)) -> f64| {
        Signal::derive(move || {
            format!("{} of the total", format::percent(f(headline.with(Headline::shares))))
        })
    };

    let (ttft_value, ttft_text) = of(|h| h.ttft_secs);
    let (total_value, total_text) = of(|h| h.total_secs);
    let (prefill_value, prefill_text) = of(|h| h.prefill_secs);
    let (decode_value, decode_text) = of(|h| h.decode_secs);
    let (ttft_linear_value, ttft_linear_text) = linear(Request::ttft_secs);
    let (total_linear_value, total_linear_text) = linear(Request::total_secs);
    let ttft_note = Signal::derive(move || {
        let basis = if deep.get() { "deeper model" } else { "straight-line model" };
        match state.with(|s| s.ttft_definition) {
            TtftDefinition::Client => format!("how long the screen stays empty when streaming ({basis}, client-side, queue included)"),
            TtftDefinition::Server => format!("from the moment the server schedules the request ({basis}, queue left out)"),
        }
    });
    let total_note = Signal::derive(move || {
        if deep.get() {
            "when the last token is written (deeper model)"
        } else {
            "when the last token is written"
        }
        .to_string()
    });

    let bound = Memo::new(move |_| headline.with(Headline::bound));
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
                <Readout testid="ttft" label="Time to first token" value=ttft_value text=ttft_text note=ttft_note />
                <Readout testid="total" label="Total time" value=total_value text=total_text note=total_note />
            </dl>
            <Show when=move || deep.get()>
                <dl class="readout-grid compare">
                    <Readout testid="ttft-linear" label="TTFT on the straight line" value=ttft_linear_value text=ttft_linear_text />
                    <Readout testid="total-linear" label="Total on the straight line" value=total_linear_value text=total_linear_text />
                </dl>
            </Show>
            <dl class="readout-grid">
                <Readout testid="prefill-time" label="Prefill (reading the prompt)" value=prefill_value text=prefill_text note=share(|s| s.1) />
                <Readout testid="decode-time" label="Decode (writing the answer)" value=decode_value text=decode_text note=share(|s| s.2) />
                <Readout testid="crossing-ratio" label="Crossing ratio" value=Signal::derive(move || request.with(Request::crossing_ratio))
                    text=Signal::derive(move || format::trimmed(request.with(Request::crossing_ratio), 1))
                    note=Signal::derive(|| "prompt tokens per answer token at which the phases cost the same".to_string()) />
                <Readout testid="crossing-prompt" label="Crossing prompt at this answer length" value=Signal::derive(move || request.with(Request::crossing_prompt_tokens))
                    text=Signal::derive(move || format::tokens(request.with(Request::crossing_prompt_tokens))) />
            </dl>
            <p class="verdict" data-testid="bound" data-value=bound_value>{bound_text}</p>
        </section>
    }
}
