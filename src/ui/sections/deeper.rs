//! Where the straight lines bend: what the simple model leaves out, the deeper model's inputs,
//! and which clock a TTFT figure is read from.

use crate::charts::{Chart, ClocksInputs};
use crate::format;
use crate::model::deep::{DeepRequest, TtftDefinition};
use crate::state::{Figure, ModelView, Param};
use crate::text::deeper::knee_origins;
use crate::text::request::crossing_tokens;
use crate::text::strip::{folded_line, Lab};
use crate::text::veil::AFTER_THE_CROSSING_GUESS;
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::context::{use_revealed, use_shown_state, use_state};
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::lab_panel::LabPanel;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn Deeper() -> impl IntoView {
    let state = use_state();
    let shown = follow_when_near("deeper-title");
    let model = memo(move || shown.with(|s| s.model));
    let set_model = Callback::new(move |m: ModelView| state.update(|s| s.model = m));
    let deep = memo(move || shown.with(|s| s.deep_request()));
    let optimism = memo(move || deep.with(DeepRequest::optimism));
    // Both crossings from the one place that states the crossing, and like every statement of
    // it, only once the first half's prediction is answered.
    let revealed = use_revealed().crossing;
    let crossing_deep = memo(move || shown.with(|s| s.crossing_under(ModelView::Deep)));
    let crossing_line = memo(move || shown.with(|s| s.crossing_under(ModelView::Linear)));

    view! {
        <div class="lab" id="deeper-lab">
            <LabPanel label="Where the straight lines bend: inputs" line=|s| folded_line(Lab::Deeper, s) testid_prefix="deeper-">
                <Controls legend="The request" params=&REQUEST prefix="deeper-" />
                <Controls legend="Deeper model" params=&Param::DEEP />
                <Controls legend="The clocks' own request" params=&Param::CLOCKS />
            </LabPanel>
            <div class="lab-main">
        <section class="deeper" id="deeper" aria-labelledby="deeper-title">
            <h2 id="deeper-title">"Where the straight lines bend"</h2>
            {prose!("deeper-bends" =>
                <p>"The arithmetic so far leaves out three things, and all three make it optimistic."</p>
                <ul>
                    <li>
                        <strong>"Attention grows with the square of the prompt. "</strong>
                        "While reading, every prompt token is compared with every other. For short prompts that part is small beside the rest of the work and the straight line fits; for very long ones the real curve bends upward, away from the line. "
                        "The "<em>"attention knee"</em>" below is the prompt length at which that part has grown as large as everything else."
                    </li>
                    <li>
                        <strong>"Decode slows as the context grows. "</strong>
                        "Every new token reads the KV cache of everything before it, and the cache grows by one entry per token, so late tokens cost a little more than early ones. "
                        "The "<em>"KV-cache knee"</em>" is the context length at which one step takes twice as long as on an empty context."
                    </li>
                    <li>
                        <strong>"The queue is in neither phase. "</strong>
                        "Network time and waiting for a slot land before the first token, and neither the prefill nor the decode number shows them: that is what the two wait controls add."
                    </li>
                </ul>
                <p>
                    "The first two errors point the same way, so the crossing the straight lines report is least trustworthy exactly where prompts are huge: measure there rather than compute. "
                    "A "<em>"cached prefix"</em>" is the part of the prompt the server has already read for an earlier request and kept, so prefill skips it."
                </p>
            )}
            <fieldset class="choice">
                <legend>"The numbers and figures of the page follow"</legend>
                <Choice name="model" testid="model-linear" label="the straight lines" value=ModelView::Linear current=model set=set_model />
                <Choice name="model" testid="model-deep" label="the deeper model" value=ModelView::Deep current=model set=set_model />
            </fieldset>
            <FigureCard figure=Figure::Bend number="Figure 2b." />
            <dl class="readout-grid">
                <Readout testid="optimism-ttft" label="Straight lines understate TTFT by" value=derive(move || optimism.get().ttft_gap_secs)
                    text=derive(move || { let o = optimism.get(); format!("{} ({})", format::duration(o.ttft_gap_secs), format::percent(o.ttft_gap_fraction)) }) />
                <Readout testid="optimism-total" label="Straight lines understate the total by" value=derive(move || optimism.get().total_gap_secs)
                    text=derive(move || { let o = optimism.get(); format!("{} ({})", format::duration(o.total_gap_secs), format::percent(o.total_gap_fraction)) }) />
            </dl>
            <Show when=move || revealed.get() fallback=|| view! { <p class="aside" data-testid="crossing-deep-veiled">{AFTER_THE_CROSSING_GUESS}</p> }>
                <dl class="readout-grid">
                    <Readout testid="crossing-prompt-deep" label="Crossing under the deeper model" value=derive(move || crossing_deep.with(|c| c.prompt_tokens.map(|t| t.to_string())))
                        text=derive(move || crossing_deep.with(crossing_tokens)) note=derive(move || format!("straight lines: {}", crossing_line.with(crossing_tokens))) />
                </dl>
            </Show>
            <p class="aside">{knee_origins()}</p>
            <Clocks />
        </section>
            </div>
        </div>
    }
}

/// The request the deeper model and the clocks are drawn for, as in the first half's panel,
/// whose own network and queue stay there: the clocks have theirs.
const REQUEST: [Param; 4] = [Param::Prompt, Param::Output, Param::Prefill, Param::Decode];

/// Where the TTFT clock starts: three definitions in use, and one request on each, behind a
/// network and a queue of its own.
#[component]
fn Clocks() -> impl IntoView {
    let state = use_state();
    let shown = use_shown_state();
    let definition = memo(move || shown.with(|s| s.ttft_definition));
    let set_definition =
        Callback::new(move |d: TtftDefinition| state.update(|s| s.ttft_definition = d));
    let clocks = memo(move || shown.with(ClocksInputs::of));
    let on = move |d: TtftDefinition| secs_signals(move || clocks.with(|c| c.counted_secs(d)));
    let (client_value, client_text) = on(TtftDefinition::Client);
    let (server_value, server_text) = on(TtftDefinition::Server);
    let (scheduled_value, scheduled_text) = on(TtftDefinition::Scheduled);
    view! {
        <h3>"Which clock starts the TTFT?"</h3>
        {prose!("deeper-clocks" =>
            <p>
                "Every TTFT figure stops at the first token, but tools start the clock in different places. "
                "Client-side benchmarks (AIPerf, GenAI-Perf, LLMPerf, "<code>"vllm bench serve"</code>") start it when the client sends the request, so the network, the server's queue and prefill all count. That is the nearest of the three to what a person waits, but still short of it: the benchmark's client usually sits near the server, and a person's own connection, any gateway on the way and their browser drawing the text all come on top. "
                "vLLM's own TTFT metric starts when the request reaches the server: the queue counts, the network does not. "
                "And vLLM reports the stretch from scheduling to the first token as its prefill time, with the queue as a separate metric. "
                "Figure 1c puts this page's request behind a network and a queue of its own (set them in the panel beside it; the first half's panel keeps its own, which start at zero) and reads its first token on all three clocks. Always say which one a number uses."
            </p>
        )}
        <FigureCard figure=Figure::Clocks number="Figure 1c." />
        <dl class="readout-grid">
            <Readout testid="ttft-client" label="From sending" value=client_value text=client_text />
            <Readout testid="ttft-server" label="From arrival" value=server_value text=server_text />
            <Readout testid="ttft-scheduled" label="From scheduling" value=scheduled_value text=scheduled_text />
        </dl>
        <fieldset class="choice">
            <legend>"The page's TTFT readouts count from"</legend>
            <Choice name="ttft_def" testid="ttft-def-client" label="sending (client)" value=TtftDefinition::Client current=definition set=set_definition />
            <Choice name="ttft_def" testid="ttft-def-server" label="arrival at the server" value=TtftDefinition::Server current=definition set=set_definition />
            <Choice name="ttft_def" testid="ttft-def-scheduled" label="scheduling on the server" value=TtftDefinition::Scheduled current=definition set=set_definition />
        </fieldset>
    }
}
