//! What the chip in the calculator's panel gives: Figure 4, the chip's own figures after
//! precision and chip count, whether the model fits, the sentences that read them, and the
//! buttons that hand the rates to deployment A or B.

use crate::measurements::compare::ChipSide;
use crate::model::deployments::Which;
use crate::model::roofline::Serving;
use crate::state::hardware::RateTarget;
use crate::state::{Figure, Param, State};
use crate::text::roofline as text;
use crate::ui::arrival::follow_when_near;
use crate::ui::context::{use_state, ChipSides};
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::Readout;
use leptos::prelude::*;

#[component]
pub fn Rates() -> impl IntoView {
    let shown = follow_when_near("hw-rates-title");
    let serving = memo(move || shown.with(State::serving));
    let answer = memo(move || shown.with(|s| s.get(Param::Output)));
    let words = move |f: fn(&Serving) -> String| move || serving.with(f);
    let precision = move || serving.with(text::precision_note);
    view! {
        <section class="hw-rates" aria-labelledby="hw-rates-title">
            <h3 id="hw-rates-title">"What the chip in the panel gives"</h3>
            <p>
                <span data-testid="hw-crossing-sentence">{move || serving.with(|s| text::crossing_sentence(s, answer.get()))}</span>
                " "<span data-testid="hw-precision-note">{move || precision().unwrap_or_default()}</span>
            </p>
            <FigureCard figure=Figure::Roofline />
            <p data-testid="hw-bound-sentence">{words(text::bound_sentence)}</p>
            <ChipReadouts serving=serving />
            <p data-testid="hw-range-sentence">{words(text::range_sentence)}</p>
            <MemoryReadouts serving=serving />
            <p data-testid="hw-fit-sentence">{words(text::fit_sentence)}</p>
            <UseRates />
        </section>
    }
}

/// A number of the setting, unrounded. This and the helpers below take plain functions, so
/// every readout of the section shares their few closure types.
pub(super) fn number(serving: Memo<Serving>, value: fn(&Serving) -> f64) -> Signal<f64> {
    derive(move || serving.with(value))
}

/// A number of the setting as a readout's value and its text.
pub(super) fn of(
    serving: Memo<Serving>,
    value: fn(&Serving) -> f64,
    shown: fn(f64) -> String,
) -> (Signal<f64>, Signal<String>) {
    (number(serving, value), derive(move || shown(serving.with(value))))
}

/// Words about the setting.
pub(super) fn said(serving: Memo<Serving>, words: fn(&Serving) -> String) -> Signal<String> {
    derive(move || serving.with(words))
}

/// A readout's value that is a word (`memory`, `yes`).
fn word(serving: Memo<Serving>, key: fn(&Serving) -> &'static str) -> Signal<Option<String>> {
    derive(move || Some(serving.with(key).to_string()))
}

/// The chip's figures as the arithmetic uses them, and what they make of a decode step.
#[component]
fn ChipReadouts(serving: Memo<Serving>) -> impl IntoView {
    let (flops, flops_text) = of(serving, Serving::chip_flops_per_sec, text::tflop_per_sec);
    let (bandwidth, bandwidth_text) = of(serving, Serving::chip_bytes_per_sec, text::gb_per_sec);
    let (memory, memory_text) = of(serving, Serving::chip_memory_bytes, text::gigabytes);
    let (ridge, ridge_text) = of(serving, Serving::ridge_flop_per_byte, text::ridge);
    let (all, all_text) = of(serving, Serving::throughput_tokens_per_sec, text::throughput);
    let bound = word(serving, text::bound_key);
    let note = move |f: fn(&Serving) -> String| said(serving, f);
    view! {
        <dl class="readout-grid">
            <Readout testid="hw-chip-flops" label="Peak arithmetic" value=flops text=flops_text note=note(text::arithmetic_note) />
            <Readout testid="hw-chip-bw" label="Memory bandwidth" value=bandwidth text=bandwidth_text note=note(text::chips_note) />
            <Readout testid="hw-ridge" label="Ridge point" value=ridge text=ridge_text note=note(text::ridge_note) />
            <Readout testid="hw-bound" label="A decode step waits on" value=bound
                text=said(serving, |s| format!("{}-bound", text::bound_key(s))) />
            <Readout testid="hw-throughput" label="Decode, all sequences" value=all text=all_text note=note(text::batch_note) />
            <Readout testid="hw-chip-mem" label="Memory" value=memory text=memory_text note=note(text::chips_note) />
        </dl>
    }
}

/// Weights and cache against the chips' memory.
#[component]
fn MemoryReadouts(serving: Memo<Serving>) -> impl IntoView {
    let (weights, weights_text) = of(serving, Serving::weights_bytes, text::gigabytes);
    let (kv, kv_text) = of(serving, Serving::kv_bytes_per_token, text::bytes);
    let fits = word(serving, text::fits_key);
    let note = move |f: fn(&Serving) -> String| said(serving, f);
    view! {
        <dl class="readout-grid">
            <Readout testid="hw-weights-bytes" label="Weights" value=weights text=weights_text note=note(text::weights_note) />
            <Readout testid="hw-kv-per-token" label="KV cache per token" value=kv text=kv_text note=note(text::kv_note) />
            <Readout testid="hw-fits" label="Fits in memory" value=fits text=said(serving, text::fits_readout) />
        </dl>
    }
}

/// "Use as A" and "Use as B", and what the last of them did.
#[component]
fn UseRates() -> impl IntoView {
    let state = use_state();
    let note = RwSignal::new(None::<String>);
    // In the workbench, the side keeps the chip it came from for the review's record.
    let chips = use_context::<ChipSides>().map(|c| c.0);
    let take = move |target: RateTarget| {
        let mut handed = None;
        let mut side = None;
        state.update(|s| {
            let serving = s.serving();
            handed = Some(s.take_hardware_rates(target));
            let (prefill, decode) = target.params();
            side = Some(ChipSide {
                serving,
                prefill_tokens_per_sec: s.get(prefill),
                decode_tokens_per_sec: s.get(decode),
            });
        });
        if let (Some(chips), Some(side)) = (chips, side) {
            let which = match target {
                RateTarget::A => Which::A,
                RateTarget::B => Which::B,
            };
            chips.update(|c| {
                if let Some(slot) = c.get_mut(which.index()) {
                    *slot = Some(side);
                }
            });
        }
        let said = handed.map(|h| state.with_untracked(|s| text::applied_note(target, &h, s)));
        note.set(said);
    };
    let button = move |target: RateTarget, testid: &'static str, label: &'static str| {
        view! { <button type="button" data-testid=testid on:click=move |_| take(target)>{label}</button> }
    };
    view! {
        <div class="hw-use">
            <p>"Send these rates to deployment A or B at the top of the page, which then builds its first token from the shared prompt at this prefill rate."</p>
            <div class="hw-use-buttons">
                {button(RateTarget::A, "hw-use-a", "Use as A")}
                {button(RateTarget::B, "hw-use-b", "Use as B")}
            </div>
            <p data-testid="hw-applied" role="status" hidden=move || note.with(Option::is_none)>{move || note.get().unwrap_or_default()}</p>
        </div>
    }
}
