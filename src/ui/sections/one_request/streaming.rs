//! Streaming: which of the two waits a person feels, and what a program feels instead.

use crate::charts::{Chart, StreamingInputs};
use crate::format;
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
                    "Streaming sends each token to the screen as soon as it is written. The work and its pace stay the same, so the last token arrives no sooner; "
                    "what changes is which wait a person sits through. Without streaming, the answer appears whole at the total time. With it, the blank screen ends at the first token, "
                    "and from then on the question is whether the text arrives faster than the person reads. "
                    "A typical adult reads about 240 words a minute (Brysbaert, 2019, puts silent reading of non-fiction near 238), which is roughly 5.3 tokens a second. "
                    "Figure 1b follows one person through the answer: the green dashed lines are how far they have read. Streamed, they start at the first token, and unless the text comes slower than they read, they never catch up with it; not streamed, they start only when the last token lands. "
                    "Change the reading speed, or slow the stream below it, and watch which line the reader ends up following."
                </p>
            )}
            <div class="figure-with-controls">
                <Controls legend="The reader and the stream" params=&Param::STREAMING prefix="streaming-" />
                <FigureCard figure=Figure::Streaming number="Figure 1b." />
            </div>
            <dl class="readout-grid">
                <Readout testid="streaming-saved" label="Streaming lets this reader finish sooner by" value=saved_value text=saved_text />
            </dl>
            <fieldset class="consumer">
                <legend>"Who is waiting for the answer?"</legend>
                <Choice name="consumer" testid="consumer-person" label="A person reading a chat reply" value=Consumer::Reader current=consumer set=set_consumer />
                <Choice name="consumer" testid="consumer-machine" label="A program that needs the whole answer (a JSON parser, a validator, the next model call)" value=Consumer::Machine current=consumer set=set_consumer />
            </fieldset>
            <p class="big-number">
                "Felt wait: "
                <strong data-testid="felt-wait" data-value=move || felt().to_string()>{move || format::duration(felt())}</strong>
            </p>
            <p data-testid="felt-wait-text">{explanation}</p>
            {prose!("streaming-price" =>
                <p>
                    "So once an answer streams to a person, the first token is the number to tune: a shorter prompt, a cached prefix (an opening the server has already read for an earlier request and kept, which prefill then skips) or fewer retrieved passages (the document chunks a search step pastes into the prompt, each adding its tokens to prefill) are felt at once, while decode beyond reading speed is barely noticed. "
                    "Streaming has a price, though. Text shown as it is written reaches the reader before anything can check it whole, whether a moderation filter, a validator or a refusal; an answer with a strict contract, such as JSON for another program, cannot stream. "
                    "And any step that gathers the whole reply before passing it on (a gateway, a function that returns one payload, a logger) silently turns the stream back into one late delivery."
                </p>
            )}
            {prose!("streaming-limits" =>
                <p class="aside">
                    "Three limits describe how waits are usually felt: up to 0.1 s seems instant, up to 1 s keeps a train of thought unbroken, and past 10 s attention drifts (Miller, 1968; Card, Robertson and Mackinlay, 1991; Nielsen, 1993). Figure 1 marks each one that falls well inside its time axis with a grey dashed rule: with the summariser only the 1 s rule does (0.1 s would sit against the axis's start), a short enough request brings in the 0.1 s one, and a long enough one the 10 s one."
                </p>
            )}
        </section>
    }
}
