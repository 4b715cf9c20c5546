//! The two deployments as the reader describes them: for each, a time to first token typed in
//! or built from its prompt, and a decode rate; then the answer length they race on.

use crate::format;
use crate::model::deployments::{PromptTtft, Which};
use crate::state::{Param, State, TtftSource};
use crate::text::deployments::about_secs;
use crate::ui::context::derived;
use crate::ui::context::use_state;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::readout::Readout;
use leptos::prelude::*;

const A_GIVEN: [Param; 2] = [Param::ATtft, Param::ARate];
const B_GIVEN: [Param; 2] = [Param::BTtft, Param::BRate];
const A_FROM_PROMPT: [Param; 6] = [
    Param::ABase,
    Param::APassages,
    Param::APassageTokens,
    Param::APrefill,
    Param::AOverhead,
    Param::ARate,
];
const B_FROM_PROMPT: [Param; 6] = [
    Param::BBase,
    Param::BPassages,
    Param::BPassageTokens,
    Param::BPrefill,
    Param::BOverhead,
    Param::BRate,
];

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
    given: &'static [Param],
    from_prompt: &'static [Param],
    source: fn(&State) -> TtftSource,
    set_source: fn(&mut State, TtftSource),
    prompt: fn(&State) -> PromptTtft,
}

const SIDES: [Side; 2] = [
    Side {
        which: Which::A,
        legend: "Deployment A",
        source_legend: "A's time to first token",
        name: "a_ttft_from",
        given_testid: "a-ttft-from-given",
        prompt_testid: "a-ttft-from-prompt",
        prompt_tokens_testid: "a-derived-prompt",
        ttft_testid: "a-derived-ttft",
        given: &A_GIVEN,
        from_prompt: &A_FROM_PROMPT,
        source: |s| s.a_ttft_source,
        set_source: |s, v| s.a_ttft_source = v,
        prompt: State::a_prompt_ttft,
    },
    Side {
        which: Which::B,
        legend: "Deployment B",
        source_legend: "B's time to first token",
        name: "b_ttft_from",
        given_testid: "b-ttft-from-given",
        prompt_testid: "b-ttft-from-prompt",
        prompt_tokens_testid: "b-derived-prompt",
        ttft_testid: "b-derived-ttft",
        given: &B_GIVEN,
        from_prompt: &B_FROM_PROMPT,
        source: |s| s.b_ttft_source,
        set_source: |s, v| s.b_ttft_source = v,
        prompt: State::b_prompt_ttft,
    },
];

#[component]
pub fn DeploymentInputs() -> impl IntoView {
    view! {
        <div class="workbench-grid">
            {SIDES.into_iter().map(|side| view! { <OneDeployment side=side /> }).collect_view()}
        </div>
    }
}

#[component]
fn OneDeployment(side: Side) -> impl IntoView {
    let state = use_state();
    let source = derived(side.source);
    let set = Callback::new(move |v: TtftSource| state.update(|s| (side.set_source)(s, v)));
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
            <fieldset class="choice">
                <legend>{side.source_legend}</legend>
                <Choice name=side.name testid=side.given_testid.to_string() label="as measured" value=TtftSource::Given current=source set=set />
                <Choice name=side.name testid=side.prompt_testid.to_string() label="built from its prompt" value=TtftSource::Prompt current=source set=set />
            </fieldset>
            {controls}
        </div>
    }
}

/// The prompt, the TTFT it gives, and what the passage count does to it.
#[component]
fn PromptReadouts(side: Side) -> impl IntoView {
    let prompt = derived(side.prompt);
    let tokens = move || prompt.with(PromptTtft::prompt_tokens);
    let ttft = move || prompt.with(PromptTtft::ttft_secs);
    let prefill_note = Signal::derive(move || {
        prompt.with(|p| {
            format!(
                "{} of prefill plus {} of queue, network and scheduling",
                format::duration(p.prefill_secs()),
                format::duration(p.ttft_secs() - p.prefill_secs())
            )
        })
    });
    let lever = move || {
        prompt.with(|p| {
            let per_passage = p.with_passages(1.0).ttft_secs() - p.with_passages(0.0).ttft_secs();
            format!(
                "Retrieval is the lever here: each passage adds {} before {}'s first token. With four passages it would come after about {}; with twelve, after about {}. No prompt can make {} decode any faster: the first token depends partly on your prompt, the decode rate only on the model and its hardware.",
                format::duration(per_passage),
                side.which.label(),
                about_secs(p.with_passages(4.0).ttft_secs()),
                about_secs(p.with_passages(12.0).ttft_secs()),
                side.which.label(),
            )
        })
    };
    view! {
        <dl class="readout-grid">
            <Readout testid=side.prompt_tokens_testid label="Prompt" value=Signal::derive(move || Some(tokens().to_string())) text=Signal::derive(move || format::tokens(tokens())) />
            <Readout testid=side.ttft_testid label="Time to first token" value=Signal::derive(move || Some(ttft().to_string())) text=Signal::derive(move || format::duration(ttft())) note=prefill_note />
        </dl>
        <p class="aside">{lever}</p>
    }
}
