//! Streaming: which of the two waits a person feels, and what a program feels instead.

use crate::charts::{Chart, StreamingInputs};
use crate::model::deployments::Consumer;
use crate::state::{Figure, Param};
use crate::text::request::felt_wait;
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::context::use_state;
use crate::ui::erased::memo;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn Streaming() -> impl IntoView {
    let state = use_state();
    let shown = follow_when_near("streaming-title");
    // Who consumes the answer lives in the state (and so in the URL).
    let consumer = memo(move || shown.with(|s| s.consumer));
    let set_consumer = Callback::new(move |c: Consumer| state.update(|s| s.consumer = c));
    let numbers = memo(move || {
        shown.with(|s| (s.headline(), s.get(Param::Decode), s.reading().tokens_per_sec()))
    });
    let felt = move || {
        let (h, _, _) = numbers.get();
        if consumer.get() == Consumer::Machine {
            h.total_secs
        } else {
            h.client_ttft_secs
        }
    };
    let (felt_value, felt_text) = secs_signals(felt);
    let explanation = move || {
        let (h, decode, reading) = numbers.get();
        felt_wait(consumer.get(), &h, decode, reading)
    };
    let (saved_value, saved_text) =
        secs_signals(move || shown.with(|s| StreamingInputs::of(s).saved_secs()));
    view! {
        <section class="streaming" aria-labelledby="streaming-title">
            <h2 id="streaming-title">"Streaming moves the wait, not the finish"</h2>
            {prose!("streaming-intro" =>
                <p>
                    "Streaming shows each token the moment it is written. The work and its pace stay the same, so the last token comes no sooner; what changes is the wait a person sits through: the blank ends at the first token, not at the total time. "
                    "After that the question is whether the text outruns the reader, who takes in about 240 words a minute silently (Brysbaert, 2019, measured 238 for non-fiction), near 5.3 tokens a second."
                </p>
            )}
            // The panel beside the text holds both on a wide screen; on a phone its strip holds
            // the request, so the figure's own two sit above it.
            <div class="figure-with-controls">
                <div class="phone-only"><Controls legend="The reader and the stream" params=&Param::STREAMING prefix="streaming-" /></div>
                <FigureCard figure=Figure::Streaming />
            </div>
            <fieldset class="consumer">
                <legend>"Who is waiting for the answer?"</legend>
                <Choice name="consumer" testid="consumer-person" label="A person reading a chat reply" value=Consumer::Reader current=consumer set=set_consumer />
                <Choice name="consumer" testid="consumer-machine" label="A program that needs the whole answer (a parser, the next model call)" value=Consumer::Machine current=consumer set=set_consumer />
            </fieldset>
            <dl class="readout-grid">
                <Readout testid="felt-wait" label="Felt wait" value=felt_value text=felt_text />
                <Readout testid="streaming-saved" label="Streaming lets this reader finish sooner by" value=saved_value text=saved_text />
            </dl>
            <p data-testid="felt-wait-text">{explanation}</p>
            {prose!("streaming-price" =>
                <p>
                    "So for a person reading a stream, tune the first token: a shorter prompt, a cached prefix (an opening the server kept from an earlier request, so prefill skips it) or fewer retrieved passages (document chunks pasted into the prompt) are felt at once; decode past reading speed goes unnoticed. "
                    "The price: streamed text reaches the reader before a filter or validator can judge it whole, so an answer bound for a parser, such as JSON, cannot stream, and any hop that collects the whole reply first (a gateway, a logger) undoes the stream."
                </p>
            )}
            {prose!("streaming-limits" =>
                <p class="aside">
                    "Waits are commonly judged against three limits, which the figures draw as grey dashed rules: 0.1 s feels instant, 1 s keeps a train of thought, and past 10 s attention wanders (Miller, 1968; Card et al., 1991; Nielsen, 1993)."
                </p>
            )}
        </section>
    }
}
