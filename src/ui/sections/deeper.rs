//! Where the straight lines bend: the deeper model's inputs, the two TTFT definitions, and the
//! levers that work once a request is prompt-bound.

use crate::format;
use crate::model::deep::{derived_attention_knee, derived_kv_knee, DeepRequest, TtftDefinition};
use crate::state::{ModelView, Param};
use crate::text::levers::levers_table;
use crate::ui::context::use_state;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn Deeper() -> impl IntoView {
    let state = use_state();
    let model = Memo::new(move |_| state.with(|s| s.model));
    let definition = Memo::new(move |_| state.with(|s| s.ttft_definition));
    let set_model = Callback::new(move |m: ModelView| state.update(|s| s.model = m));
    let set_definition =
        Callback::new(move |d: TtftDefinition| state.update(|s| s.ttft_definition = d));
    let deep = Memo::new(move |_| state.with(|s| s.deep_request()));

    let (client_value, client_text) =
        secs_signals(move || state.with(|s| s.headline().client_ttft_secs));
    let (server_value, server_text) = secs_signals(move || {
        state.with(|s| (s.headline().client_ttft_secs - s.headline().wait_secs).max(0.0))
    });
    let optimism = Memo::new(move |_| deep.with(DeepRequest::optimism));
    let crossing_deep =
        Memo::new(move |_| deep.with(|d| d.with_cached(0.0).crossing_prompt_tokens()));
    let crossing_text = move || match crossing_deep.get() {
        Some(tokens) => format::tokens(tokens),
        None => "none: prefill never catches up".to_string(),
    };
    let levers = Signal::derive(move || state.with(levers_table));

    view! {
        <section class="deeper" aria-labelledby="deeper-title">
            <h2 id="deeper-title">"Bending the straight lines"</h2>
            <p>
                "The deeper model adds the two costs the lesson's arithmetic ignores. Prefill gains a term that grows with the square of the prompt; the "
                <em>"attention knee"</em>
                " is the prompt length at which that term has grown as large as the linear work. Each decode step gets slower as the context it reads grows; the "
                <em>"KV-cache knee"</em>
                " is the context at which one step takes twice as long as on an empty context. A cached prefix is prompt the server has already read."
            </p>
            <p class="aside">
                {format!(
                    "Where the defaults come from: for a model of roughly 8 billion parameters, the non-attention work is about 16 GFLOP per token and attention about 0.5 MFLOP per token of context, which balance over a whole prompt near {} tokens; its KV cache of roughly 128 KB per token adds as much memory traffic as its 16 GB of weights near {} tokens. The page rounds these to 60,000 and 120,000. Treat them as orders of magnitude, not measurements.",
                    format::with_separators(derived_attention_knee(), 0),
                    format::with_separators(derived_kv_knee(), 0),
                )}
            </p>
            <fieldset class="choice">
                <legend>"Numbers at the top of the page follow"</legend>
                <Choice name="model" testid="model-linear".to_string() label="the straight lines" value=ModelView::Linear current=model set=set_model />
                <Choice name="model" testid="model-deep".to_string() label="the deeper model" value=ModelView::Deep current=model set=set_model />
            </fieldset>
            <Controls legend="Deeper model" params=&Param::DEEP />
            <dl class="readout-grid">
                <Readout testid="optimism-ttft" label="Straight line understates TTFT by" value=Signal::derive(move || optimism.get().ttft_gap_secs)
                    text=Signal::derive(move || { let o = optimism.get(); format!("{} ({})", format::duration(o.ttft_gap_secs), format::percent(o.ttft_gap_fraction)) }) />
                <Readout testid="optimism-total" label="Straight line understates the total by" value=Signal::derive(move || optimism.get().total_gap_secs)
                    text=Signal::derive(move || { let o = optimism.get(); format!("{} ({})", format::duration(o.total_gap_secs), format::percent(o.total_gap_fraction)) }) />
                <Readout testid="crossing-prompt-deep" label="Crossing under the deeper model" value=Signal::derive(move || crossing_deep.get().map(|c| c.to_string()))
                    text=Signal::derive(crossing_text) note=Signal::derive(move || format!("straight line: {}", state.with(|s| format::tokens(s.request().crossing_prompt_tokens())))) />
            </dl>

            <h3>"Which clock starts the TTFT?"</h3>
            <p>
                "Tools disagree on when time to first token starts. Client-side benchmarks such as NVIDIA's NIM and AIPerf start it when the request is sent, so queueing, network and prefill all count. "
                "vLLM's per-request figure starts when the scheduler picks the request up and reports the queue separately. The difference is exactly the wait; always say which one a number uses."
            </p>
            <fieldset class="choice">
                <legend>"TTFT readout counts from"</legend>
                <Choice name="ttft_def" testid="ttft-def-client".to_string() label="sending the request (client-side)" value=TtftDefinition::Client current=definition set=set_definition />
                <Choice name="ttft_def" testid="ttft-def-server".to_string() label="scheduling on the server (server-side)" value=TtftDefinition::Server current=definition set=set_definition />
            </fieldset>
            <dl class="readout-grid">
                <Readout testid="ttft-client" label="Client-side TTFT" value=client_value text=client_text />
                <Readout testid="ttft-server" label="Server-side TTFT" value=server_value text=server_text />
            </dl>

            <h3>"Levers once the prompt owns the clock"</h3>
            <p>"Each row changes one thing about the current request and shows what happens to both waits. Past the crossing they pay off; below it, most of them barely move the total."</p>
            <DataTableView table=levers testid="levers-table".to_string() />
            <p class="aside">
                "Splitting, as computed here: each part gets an equal share of the prompt plus a short instruction, all parts run at once, and a final request reads the partial answers and writes the result (paying the wait again). "
                "Taking the work off the request path means the person only waits for an acknowledgement and is told when the result is ready; the result itself is no faster."
            </p>
        </section>
    }
}
