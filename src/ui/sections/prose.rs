//! The lesson's text around the figures. Short paragraphs; the numbers in them are live where
//! they depend on the controls.

use crate::format;
use crate::model::deployments::Consumer;
use crate::ui::context::use_state;
use crate::ui::widgets::choice::Choice;
use leptos::prelude::*;

#[component]
pub fn Intro() -> impl IntoView {
    view! {
        <section class="intro" aria-labelledby="intro-title">
            <h2 id="intro-title">"Reading, then writing"</h2>
            <p>
                "A language model answers a request in two stages that stress the hardware differently. "
                <strong class="prefill">"Prefill"</strong>
                " takes in the entire prompt at once. It is arithmetic-heavy, and its cost rises in step with the number of prompt tokens. "
                <strong class="decode">"Decode"</strong>
                " then produces the reply one token at a time; every token needs another pass over the model's weights, so its pace is set by memory bandwidth and hardly notices how long the prompt was."
            </p>
            <p>
                "Two clocks follow from this. "
                <em>"Time to first token"</em>
                " (TTFT) covers any queueing, the whole of prefill and one decode step: it is how long the screen stays blank. "
                <em>"Total time"</em>
                " runs until the final token, so it grows with every token of the answer. In this simple model:"
            </p>
            <p class="formula">"TTFT = wait + prompt ÷ prefill rate + 1 ÷ decode rate"</p>
            <p class="formula">"total = wait + prompt ÷ prefill rate + answer ÷ decode rate"</p>
            <p>
                "The page opens on a summariser: a 16,000-token document in, a 300-token summary out, 8,000 tokens per second of prefill and 60 of decode. "
                "The document is more than fifty times longer than the summary, yet the summary takes most of the time. Move the controls and watch which phase the clock belongs to."
            </p>
        </section>
    }
}

#[component]
pub fn Streaming() -> impl IntoView {
    let state = use_state();
    // Who consumes the answer lives in the state (and so in the URL).
    let consumer = Memo::new(move |_| state.with(|s| s.consumer));
    let machine = Memo::new(move |_| consumer.get() == Consumer::Machine);
    let set_consumer = Callback::new(move |c: Consumer| state.update(|s| s.consumer = c));
    let numbers = Memo::new(move |_| {
        let s = state.get();
        let h = s.headline();
        (
            h.client_ttft_secs,
            h.total_secs,
            s.get(crate::state::Param::Decode),
            s.reading().tokens_per_sec(),
        )
    });
    let visible_wait = move || {
        let (ttft, total, _, _) = numbers.get();
        if machine.get() {
            total
        } else {
            ttft
        }
    };
    let explanation = move || {
        let (ttft, total, decode, reading) = numbers.get();
        if machine.get() {
            format!(
                "A parser, a schema check or another model call can do nothing with half an answer, so it waits the full {}. Streaming changes nothing for it; only a shorter answer or faster decode helps.",
                format::duration(total)
            )
        } else {
            let pace = if decode >= reading {
                format!("After that the words come in at {}, quicker than the reader's {}, so the reader never waits again.", format::rate(decode), format::rate(reading))
            } else {
                format!("After that the words trickle in at {}, slower than the reader's {}, so the reader keeps catching up and waiting.", format::rate(decode), format::rate(reading))
            };
            format!(
                "Streamed, the blank screen lasts {}; unstreamed it would last {}. {pace}",
                format::duration(ttft),
                format::duration(total)
            )
        }
    };
    view! {
        <section class="streaming" aria-labelledby="streaming-title">
            <h2 id="streaming-title">"Streaming moves the wait, not the finish"</h2>
            <p>
                "Sending tokens as they are made does not make the request end any sooner: nothing about the work or its pace changes. "
                "What changes is which of the two clocks a person stares at. Without streaming the reply appears in one piece at the total time; with it, the blank screen ends at the first token."
            </p>
            <fieldset class="consumer">
                <legend>"Who is waiting for the answer?"</legend>
                <Choice name="consumer" testid="consumer-person" label="A person reading a chat reply" value=Consumer::Reader current=consumer set=set_consumer />
                <Choice name="consumer" testid="consumer-machine" label="A program that needs the whole answer (JSON parser, validator, next model call)" value=Consumer::Machine current=consumer set=set_consumer />
            </fieldset>
            <p class="big-number">
                "Felt wait: "
                <strong data-testid="felt-wait" data-value=move || visible_wait().to_string()>{move || format::duration(visible_wait())}</strong>
            </p>
            <p>{explanation}</p>
            <p>
                "Streaming has quiet enemies. Anything between the model and the screen that collects the whole body before passing it on (a gateway, a serverless function that returns one payload, a request logger, a response validator) turns the stream back into one late delivery. "
                "And an answer with a strict contract, such as JSON another program will parse, usually cannot be shown piece by piece, because it cannot be checked until it is complete. For those features the total is the only number."
            </p>
        </section>
    }
}

#[component]
pub fn Assumptions() -> impl IntoView {
    view! {
        <section class="assumptions" aria-labelledby="assumptions-title">
            <h2 id="assumptions-title">"What the straight lines leave out"</h2>
            <ul>
                <li>
                    <strong>"Attention is not linear. "</strong>
                    "During prefill every prompt token is compared with every other, a cost that grows with the square of the prompt. For short prompts the linear part swamps it; for very long ones the real curve bends upward, away from the line drawn here."
                </li>
                <li>
                    <strong>"Decode slows as the context grows. "</strong>
                    "Each new token reads the cached keys and values of everything before it, so later tokens cost a little more than early ones. A single constant rate flatters long answers."
                </li>
                <li>
                    <strong>"Both errors point the same way. "</strong>
                    "Straight lines flatter long prompts and long answers alike, so the crossing they report is least reliable exactly where prompts are huge. Measure there rather than trust the arithmetic."
                </li>
                <li>
                    <strong>"The queue is invisible to both phases. "</strong>
                    "Waiting for a slot, batching, the network and fixed costs all land before the first token. Use the wait control to add them; neither phase figure will show them."
                </li>
            </ul>
            <h3>"What to do about it"</h3>
            <ul>
                <li>"Stream, unless something downstream needs the whole answer at once. When most of the time is decode, nothing else buys as much."</li>
                <li>"Track time to first token and total time as separate series with separate budgets, and alert on the first. A single average blends two causes and explains neither."</li>
                <li>"Trim prompts only where the crossing says prompt reading dominates: a long-document question with a one-line answer, yes; an ordinary chat reply, no."</li>
                <li>"Set the answer-length cap from what your evaluation set actually needs, not from the provider's maximum."</li>
                <li>"Check for queueing before trusting any of these numbers."</li>
                <li>
                    "Past the crossing the levers change: streaming helps less, and what helps is caching a stable prefix, retrieving fewer passages, splitting a document and summarising the parts in parallel, or moving the work off the request path and notifying the user later. "
                    "Whole-document summaries, labelling long texts and answering one question over a big codebase or transcript tend to live there."
                </li>
            </ul>
        </section>
    }
}
