//! The request's controls and its headline numbers, kept in view beside the lesson's first half.

use crate::format;
use crate::model::Request;
use crate::state::quantity::Quantity;
use crate::state::{Headline, ModelView, Param};
use crate::text::request::{bound_key, bound_verdict, ttft_note};
use crate::text::strip::{folded_line, Lab};
use crate::ui::arrival::{stage, Later};
use crate::ui::context::use_state;
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::lab_panel::LabPanel;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn RequestPanel() -> impl IntoView {
    view! {
        <LabPanel label="One request: inputs and results" line=|s| folded_line(Lab::OneRequest, s) takeover=true>
            <Later stage=stage::REQUEST_CONTROLS>
                <Controls legend="One request" params=&Param::REQUEST />
            </Later>
            <Later stage=stage::READOUTS_AND_TOOLS>
                <KeyReadouts />
            </Later>
        </LabPanel>
    }
}

/// TTFT and total, each phase's time and who owns the clock; never the crossing itself, which
/// the challenge asks the reader to predict first.
#[component]
fn KeyReadouts() -> impl IntoView {
    let state = use_state();
    let headline = memo(move || state.with(|s| s.headline()));
    let request = memo(move || state.with(|s| s.request()));
    let deep = memo(move || state.with(|s| s.model == ModelView::Deep));
    let of = move |f: fn(&Headline) -> f64| secs_signals(move || headline.with(f));
    let linear = move |f: fn(&Request) -> f64| secs_signals(move || request.with(f));
    let share = move |f: fn((f64, f64, f64)) -> f64| {
        derive(move || {
            format!("{} of the total", format::percent(f(headline.with(Headline::shares))))
        })
    };

    let (ttft_value, ttft_text) = of(|h| h.ttft_secs);
    let (total_value, total_text) = of(|h| h.total_secs);
    let (prefill_value, prefill_text) = of(|h| h.prefill_secs);
    let (decode_value, decode_text) = of(|h| h.decode_secs);
    let (ttft_linear_value, ttft_linear_text) = linear(Request::ttft_secs);
    let (total_linear_value, total_linear_text) = linear(Request::total_secs);
    let ttft_note = derive(move || ttft_note(state.with(|s| s.ttft_definition), deep.get()));
    let total_note = derive(move || {
        if deep.get() { "the last token (deeper model)" } else { "the last token" }.to_string()
    });
    let bound = memo(move || headline.with(Headline::bound));
    let ttft_quantity = derive(move || state.with(|s| Quantity::ttft_on(s.ttft_definition)));

    view! {
        <div class="panel-readouts">
            <dl class="readout-grid key">
                <Readout testid="ttft" label="Time to first token" value=ttft_value text=ttft_text note=ttft_note quantity=ttft_quantity />
                <Readout testid="total" label="Total time" value=total_value text=total_text note=total_note quantity=Quantity::Total />
                <Readout testid="prefill-time" label="Prefill" value=prefill_value text=prefill_text note=share(|s| s.1) />
                <Readout testid="decode-time" label="Decode" value=decode_value text=decode_text note=share(|s| s.2) />
            </dl>
            <Show when=move || deep.get()>
                <dl class="readout-grid compare">
                    <Readout testid="ttft-linear" label="TTFT on the straight lines" value=ttft_linear_value text=ttft_linear_text />
                    <Readout testid="total-linear" label="Total on the straight lines" value=total_linear_value text=total_linear_text />
                </dl>
            </Show>
            <p class="verdict" data-testid="bound" data-value=move || bound_key(bound.get())>{move || bound_verdict(bound.get())}</p>
        </div>
    }
}
