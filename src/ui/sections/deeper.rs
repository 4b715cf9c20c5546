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
use crate::ui::widgets::disclosure::follows_toggle;
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
    // Figure 8's own controls are in the panel only while its part is open: folded away, the
    // figure they move is not on the page. It starts open when a link counts the page's TTFT
    // from another clock.
    let clocks_open =
        RwSignal::new(use_shown_state().get_untracked().ttft_definition != TtftDefinition::Client);

    view! {
        <div class="lab" id="deeper-lab">
            <LabPanel label="Where the straight lines bend: inputs" line=|s| folded_line(Lab::Deeper, s) testid_prefix="deeper-">
                <Controls legend="The request" params=&REQUEST prefix="deeper-" />
                <Controls legend="Deeper model" params=&Param::DEEP />
                {move || clocks_open.get().then(|| view! { <Controls legend="The clocks' own request" params=&Param::CLOCKS /> })}
            </LabPanel>
            <div class="lab-main">
        <section class="deeper" id="deeper" aria-labelledby="deeper-title">
            <h2 id="deeper-title">"Where the straight lines bend"</h2>
            {prose!("deeper-bends" =>
                <p>"The straight lines leave out three things, and each makes them optimistic."</p>
                <ul>
                    <li>
                        <strong>"Attention grows with the square of the prompt. "</strong>
                        "Reading compares every prompt token with every other, a small part of the work for short prompts and a curve bending up and away from the line for very long ones. "
                        "The "<em>"attention knee"</em>" is the prompt length where that part equals all the rest."
                    </li>
                    <li>
                        <strong>"Decode slows as the context grows. "</strong>
                        "Each new token reads the cache of all before it, one entry longer each time. "
                        "The "<em>"KV-cache knee"</em>" is the context at which a step takes twice as long as on an empty one."
                    </li>
                    <li>
                        <strong>"The queue is not a fixed wait. "</strong>
                        "The lines add the network and the queue as a set wait before prefill, yet a queue lengthens as load rises, which no phase rate reveals."
                    </li>
                </ul>
                <p>"The first two bend the same way, so where prompts are huge the crossing the lines give is least to be trusted: measure there."</p>
            )}
            <fieldset class="choice">
                <legend>"The numbers and figures of the page follow"</legend>
                <Choice name="model" testid="model-linear" label="the straight lines" value=ModelView::Linear current=model set=set_model />
                <Choice name="model" testid="model-deep" label="the deeper model" value=ModelView::Deep current=model set=set_model />
            </fieldset>
            <FigureCard figure=Figure::Bend />
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
            <details class="more" data-testid="knees-details">
                <summary>"Where the knees' defaults come from"</summary>
                <p class="aside">{knee_origins()}</p>
            </details>
            <Clocks open=clocks_open />
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
fn Clocks(open: RwSignal<bool>) -> impl IntoView {
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
    // Closed unless the page's readouts already count from another clock (a link that set
    // one): then the reader sees at once why the TTFT differs from the first half's.
    view! {
        <details class="more" data-testid="clocks-details" open=open.get_untracked() on:toggle=follows_toggle(open)>
        <summary>"Which clock starts the TTFT? (" {Figure::Clocks.name()} ")"</summary>
        {prose!("deeper-clocks" =>
            <p>
                "Every TTFT ends at the first token, but tools start the clock in different places. "
                "Client benchmarks (AIPerf, GenAI-Perf, LLMPerf, "<code>"vllm bench serve"</code>") start it when the request is sent, so network, queue and prefill all count; a person also waits for their own connection, any gateway and the browser drawing the text. "
                "vLLM's own TTFT metric starts on arrival at the server: the queue counts, the network does not. Its prefill time runs from scheduling to the first token, with the queue reported apart. "
                {Figure::Clocks.name()} " reads one first token on all three clocks, behind a network and queue of its own set in the panel. Always say which clock a number uses."
            </p>
        )}
        <FigureCard figure=Figure::Clocks />
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
        </details>
    }
}
