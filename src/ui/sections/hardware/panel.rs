//! The chip lab's panel: the choices (chip, model, precisions), the numbers of how the model is
//! served, and the two rates with what they make of the crossing.

use super::rates::{number, of, said};
use crate::model::chips::Chip;
use crate::model::llms::Llm;
use crate::model::precision::{KvPrecision, WeightPrecision};
use crate::model::roofline::Serving;
use crate::state::{Param, State};
use crate::text::roofline as text;
use crate::text::strip::{folded_line, Lab};
use crate::text::veil::H200_AFTER_THE_GUESS;
use crate::ui::context::{derived, use_revealed, use_state};
use crate::ui::erased::derive;
use crate::ui::widgets::choice::radio;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::lab_panel::LabPanel;
use crate::ui::widgets::readout::Readout;
use leptos::prelude::*;

/// A choice of the panel: its URL key (the radios' name and the stem of their test ids), its
/// legend, its options as (URL value, label), and how it reads and writes the state by URL value.
struct Group {
    key: &'static str,
    legend: &'static str,
    options: &'static [(&'static str, &'static str)],
    get: fn(&State) -> &'static str,
    set: fn(&mut State, &str),
}

const GROUPS: [Group; 4] = [
    Group {
        key: "chip",
        legend: "Chip",
        options: &[
            ("a100", "A100"),
            ("h100", "H100"),
            ("h200", "H200"),
            ("l4", "L4"),
            ("mi300x", "MI300X"),
            ("custom", "your own"),
        ],
        get: |s| s.chip.key(),
        set: |s, v| s.chip = Chip::from_key(v).unwrap_or(s.chip),
    },
    Group {
        key: "hw_model",
        legend: "Model (Llama 3.1)",
        options: &[
            ("llama8b", "8B"),
            ("llama70b", "70B"),
            ("llama405b", "405B"),
            ("custom", "your own"),
        ],
        get: |s| s.llm.key(),
        set: |s, v| s.llm = Llm::from_key(v).unwrap_or(s.llm),
    },
    Group {
        key: "weights",
        legend: "Weights stored in",
        options: &[("bf16", "bf16"), ("fp8", "fp8"), ("int4", "4 bits")],
        get: |s| s.weights.key(),
        set: |s, v| s.weights = WeightPrecision::from_key(v).unwrap_or(s.weights),
    },
    Group {
        key: "kv",
        legend: "KV cache stored in",
        options: &[("bf16", "bf16"), ("fp8", "fp8")],
        get: |s| s.kv.key(),
        set: |s, v| s.kv = KvPrecision::from_key(v).unwrap_or(s.kv),
    },
];

const PROMPT: [Param; 1] = [Param::Prompt];

/// The panel of the calculator (`full`): every choice and number of how the model is served; or
/// the lesson's: the published chips and Figure 4's own controls (how the model is served),
/// with the prompt the figure draws.
#[component]
pub fn HardwarePanel(full: bool) -> impl IntoView {
    let [chip, llm, weights, kv] = &GROUPS;
    let model = full.then(|| {
        let custom_chip = derived(|s| s.chip == Chip::Custom);
        let custom_llm = derived(|s| s.llm == Llm::Custom);
        view! {
            {while_chosen(custom_chip, "Your chip (dense, any precision)", &Param::CUSTOM_CHIP)}
            <ChoiceGroup group=llm full=true />
            {while_chosen(custom_llm, "Your model", &Param::CUSTOM_LLM)}
            <div class="choice-pair"><ChoiceGroup group=weights full=true /><ChoiceGroup group=kv full=true /></div>
        }
    });
    // The calculator leads with what it works out; the lesson's panel puts the rates after the
    // choices that make them, so a reader meets them after the prose that builds them.
    let rates_first = full.then(|| view! { <KeyRates /> });
    let rates_last = (!full).then(|| view! { <KeyRates /> });
    view! {
        <LabPanel label="The chip beneath the rates: inputs and rates" line=|s| folded_line(Lab::Hardware, s) testid_prefix="hardware-">
            {rates_first}
            <ChoiceGroup group=chip full=full />
            {model}
            <Controls legend="How it is served" params=&Param::SERVING />
            // Figure 4 draws the lesson's prompt as prefill's point: its length sets how much
            // arithmetic each weight read buys.
            <Controls legend="The lesson's prompt" params=&PROMPT prefix="hw-" />
            {rates_last}
        </LabPanel>
    }
}

/// The numbers of a custom chip or model, in the panel only while it is the one chosen.
fn while_chosen(
    chosen: Memo<bool>,
    legend: &'static str,
    params: &'static [Param],
) -> impl IntoView {
    move || chosen.get().then(|| view! { <Controls legend=legend params=params /> })
}

/// A group's radios; the lesson's (`full` false) offers only the published ones, since it has
/// no fields for numbers of your own.
#[component]
fn ChoiceGroup(group: &'static Group, full: bool) -> impl IntoView {
    let state = use_state();
    let radios = group
        .options
        .iter()
        .filter(move |&&(value, _)| full || value != "custom")
        .map(|&(value, label)| {
            let checked = derived(move |s| (group.get)(s) == value);
            let pick = Callback::new(move |()| state.update(|s| (group.set)(s, value)));
            radio(group.key, format!("{}-{value}", group.key), label, checked.into(), pick)
        })
        .collect_view();
    view! {
        <fieldset class="choice">
            <legend>{group.legend}</legend>
            {radios}
        </fieldset>
    }
}

/// The two rates with the range a data sheet allows, their ratio and the crossing at the
/// lesson's answer length: what the rest of the lesson is built on.
#[component]
fn KeyRates() -> impl IntoView {
    let revealed = use_revealed();
    let serving = derived(State::serving);
    let answer = derived(|s| s.get(Param::Output));
    let (prefill, prefill_text) = of(serving, Serving::prefill_tokens_per_sec, text::prefill_rate);
    let (decode, decode_text) = of(serving, Serving::decode_tokens_per_sec, text::decode_rate);
    let (ratio, ratio_text) = of(serving, Serving::ratio, text::ratio);
    let prefill_span = (
        number(serving, |s| s.published_rates().prefill_tokens_per_sec.low),
        number(serving, |s| s.published_rates().prefill_tokens_per_sec.high),
    );
    let decode_span = (
        number(serving, |s| s.published_rates().decode_tokens_per_sec.low),
        number(serving, |s| s.published_rates().decode_tokens_per_sec.high),
    );
    let prefill_note = said(serving, |s| {
        let span = s.published_rates().prefill_tokens_per_sec;
        text::span_note((span.low, span.high), 0)
    });
    let decode_note = said(serving, |s| {
        let span = s.published_rates().decode_tokens_per_sec;
        text::span_note((span.low, span.high), 1)
    });
    let crossing = derive(move || serving.with(|s| s.crossing_prompt_tokens(answer.get())));
    view! {
        <dl class="readout-grid key">
            <Readout testid="hw-prefill-rate" label="Prefill" value=prefill span=prefill_span text=prefill_text note=prefill_note />
            <Readout testid="hw-decode-rate" label="Decode, each sequence" value=decode span=decode_span text=decode_text note=decode_note />
            <Show when=move || !revealed.hides_h200()
                fallback=|| view! { <div class="readout veiled-part" data-testid="hw-crossing-veiled"><dt>"Ratio and crossing"</dt><dd class="readout-note">{H200_AFTER_THE_GUESS}</dd></div> }>
                <Readout testid="hw-ratio" label="Ratio" value=ratio text=ratio_text
                    note=said(serving, |_| "prefill rate ÷ decode rate".to_string()) />
                <Readout testid="hw-crossing" label="Crossing" value=crossing
                    text=derive(move || text::crossing_tokens(crossing.get()))
                    note=derive(move || text::answer_note(answer.get())) />
            </Show>
        </dl>
    }
}
