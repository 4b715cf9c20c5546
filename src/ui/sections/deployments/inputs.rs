//! The two deployments as the reader describes them: for each, a time to first token typed in
//! or built from the prompt, and a decode rate. A bake-off sends both the same prompt, so its
//! controls are shared, shown once either deployment builds its first token from it.

use crate::format;
use crate::measurements::protocol::name;
use crate::model::deployments::{PromptTtft, Which};
use crate::state::{Param, State, TtftSource};
use crate::text::deployments::prompt::{built_against_measured, passages_lever, prefill_note};
use crate::ui::context::derived;
use crate::ui::context::{use_state, RunSides};
use crate::ui::erased::derive;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::readout::Readout;
use leptos::prelude::*;

const A_GIVEN: [Param; 2] = [Param::ATtft, Param::ARate];
const B_GIVEN: [Param; 2] = [Param::BTtft, Param::BRate];
const A_FROM_PROMPT: [Param; 3] = [Param::APrefill, Param::AOverhead, Param::ARate];
const B_FROM_PROMPT: [Param; 3] = [Param::BPrefill, Param::BOverhead, Param::BRate];

/// What differs between A's inputs and B's.
#[derive(Clone, Copy)]
struct Side {
    which: Which,
    legend: &'static str,
    source_legend: &'static str,
    name: &'static str,
    given_testid: &'static str,
    prompt_testid: &'static str,
    prompt_tokens_testid: &'static str,
    ttft_testid: &'static str,
    differs_testid: &'static str,
    run_id: &'static str,
    given: &'static [Param],
    given_ttft: fn(&State) -> f64,
    from_prompt: &'static [Param],
    source: fn(&State) -> TtftSource,
    set_source: fn(&mut State, TtftSource),
    prompt: fn(&State) -> PromptTtft,
}

const SIDES: [Side; 2] = [
    Side {
        which: Which::A,
        legend: "Deployment A",
        source_legend: "A's first-token wait",
        name: "a_ttft_from",
        given_testid: "a-ttft-from-given",
        prompt_testid: "a-ttft-from-prompt",
        prompt_tokens_testid: "a-derived-prompt",
        ttft_testid: "a-derived-ttft",
        differs_testid: "a-derived-differs",
        run_id: name!(run_side_a),
        given: &A_GIVEN,
        given_ttft: |s| s.get(Param::ATtft),
        from_prompt: &A_FROM_PROMPT,
        source: |s| s.a_ttft_source,
        set_source: |s, v| s.a_ttft_source = v,
        prompt: State::a_prompt_ttft,
    },
    Side {
        which: Which::B,
        legend: "Deployment B",
        source_legend: "B's first-token wait",
        name: "b_ttft_from",
        given_testid: "b-ttft-from-given",
        prompt_testid: "b-ttft-from-prompt",
        prompt_tokens_testid: "b-derived-prompt",
        ttft_testid: "b-derived-ttft",
        differs_testid: "b-derived-differs",
        run_id: name!(run_side_b),
        given: &B_GIVEN,
        given_ttft: |s| s.get(Param::BTtft),
        from_prompt: &B_FROM_PROMPT,
        source: |s| s.b_ttft_source,
        set_source: |s, v| s.b_ttft_source = v,
        prompt: State::b_prompt_ttft,
    },
];

#[component]
pub fn DeploymentInputs() -> impl IntoView {
    let any_from_prompt = derived(|s: &State| {
        s.a_ttft_source == TtftSource::Prompt || s.b_ttft_source == TtftSource::Prompt
    });
    let prompt_tokens = derived(|s: &State| s.b_prompt_ttft().prompt_tokens());
    view! {
        <div class="deployment-inputs">
            {SIDES.into_iter().map(|side| view! { <OneDeployment side=side /> }).collect_view()}
        </div>
        <Show when=move || any_from_prompt.get()>
            <div class="bakeoff-prompt" data-testid="bakeoff-prompt">
                <Controls legend="The prompt both are sent" params=&Param::BAKEOFF_PROMPT />
                <dl class="readout-grid">
                    <Readout testid="bakeoff-prompt-tokens" label="Prompt" value=derive(move || Some(prompt_tokens.get().to_string())) text=derive(move || format::tokens(prompt_tokens.get())) />
                </dl>
            </div>
        </Show>
    }
}

#[component]
fn OneDeployment(side: Side) -> impl IntoView {
    let state = use_state();
    let source = derived(side.source);
    let set = Callback::new(move |v: TtftSource| state.update(|s| (side.set_source)(s, v)));
    // The run this side was set from, in the workbench, while its controls hold the run's numbers.
    let sides = use_context::<RunSides>();
    let run = move || sides.and_then(|sides| state.with(|s| sides.line(s, side.which)));
    let controls = move || match source.get() {
        TtftSource::Given => view! { <Controls legend=side.legend params=side.given /> }.into_any(),
        TtftSource::Prompt => view! {
            <Controls legend=side.legend params=side.from_prompt />
            <PromptReadouts side=side />
        }
        .into_any(),
    };
    view! {
        <div class="deployment">
            <p class="aside run-side" id=side.run_id data-testid=side.run_id>{run}</p>
            // After the numbers it changes: a first-token wait is either one measured time, or
            // built from the prompt the deployment reads and its prefill rate.
            {controls}
            <fieldset class="choice">
                <legend>{side.source_legend}</legend>
                <Choice name=side.name testid=side.given_testid.to_string() label="a measured time" value=TtftSource::Given current=source set=set />
                <Choice name=side.name testid=side.prompt_testid.to_string() label="built from a prompt" value=TtftSource::Prompt current=source set=set />
            </fieldset>
        </div>
    }
}

/// The prompt, the TTFT it gives, and what the passage count does to it.
#[component]
fn PromptReadouts(side: Side) -> impl IntoView {
    let prompt = derived(side.prompt);
    let given = derived(side.given_ttft);
    let tokens = move || prompt.with(PromptTtft::prompt_tokens);
    let ttft = move || prompt.with(PromptTtft::ttft_secs);
    let split_note = derive(move || prompt.with(prefill_note));
    let lever = move || prompt.with(|p| passages_lever(p, side.which));
    // Built from the prompt, the TTFT rarely equals the measured one exactly; the figures use
    // the built one, and the reader should know by how much it moved.
    let differs = move || built_against_measured(ttft(), given.get());
    view! {
        <dl class="readout-grid">
            <Readout testid=side.prompt_tokens_testid label="Prompt" value=derive(move || Some(tokens().to_string())) text=derive(move || format::tokens(tokens())) />
            <Readout testid=side.ttft_testid label="Time to first token" value=derive(move || Some(ttft().to_string())) text=derive(move || format::duration(ttft())) note=split_note />
        </dl>
        <p class="aside">{lever}</p>
        <p class="aside" data-testid=side.differs_testid>{differs}</p>
    }
}
