//! Why the two phases are slow for different reasons, and the straight lines that follow.

use crate::state::presets::Scope;
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::widgets::presets::Presets;
use leptos::prelude::*;

#[component]
pub fn Phases() -> impl IntoView {
    follow_when_near("phases-title");
    view! {
        <section class="phases" aria-labelledby="phases-title">
            <h2 id="phases-title">"One request: reading, then writing"</h2>
            <Presets scope=Scope::Request title="Try a ready-made request" />
            {prose!("phases-why" =>
                <p>
                    "The two phases are slow for different reasons. Prefill handles every prompt token at once, so its cost grows with the prompt and is set by how much arithmetic the chip can do. "
                    "While reading, it stores what it worked out about each prompt token in the "<em>"KV cache"</em>", the model's notes on the context. "
                    "Decode has little arithmetic per token but, for every single token, must read all of the model's weights and the whole KV cache from memory, so its pace is set by "
                    <em>"memory bandwidth"</em>", how fast the chip can read its own memory, and the prompt's length barely changes it."
                </p>
                <p>"With a steady rate for each phase, the two milestones are straight lines:"</p>
                <p class="formula">"TTFT = wait before prefill + prompt ÷ prefill rate + 1 ÷ decode rate"</p>
                <p class="formula">"total = wait before prefill + prompt ÷ prefill rate + answer ÷ decode rate"</p>
                <p class="aside">
                    "Two conventions hide in these lines. Engines produce the first token from the prefill pass itself; adding one decode step for it, as here, is this lesson's simplification. "
                    "The comparison of two deployments further down starts from a measured TTFT instead and adds answer ÷ decode rate to it, so an answer there holds one token more than the same length here: a difference that vanishes at hundreds of tokens. "
                    "And the wait before prefill is two things the page keeps apart: the network between client and server, and the server's own queue."
                </p>
            )}
        </section>
    }
}
