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
                    "The phases are slow for different reasons. Prefill takes all the prompt's tokens in one pass, so its cost grows with the prompt and rests on how much arithmetic the chip does per second. "
                    "On the way it files what it learned about every prompt token in the "<em>"KV cache"</em>". "
                    "Decode does little arithmetic per token, yet each token must fetch every weight of the model and the whole cache from memory, so its pace rests on "
                    <em>"memory bandwidth"</em>", and the prompt's length hardly touches it."
                </p>
                <p>"With a steady rate for each phase, the two milestones are straight lines:"</p>
                <p class="formula">"TTFT = wait before prefill + prompt ÷ prefill rate + 1 ÷ decode rate"</p>
                <p class="formula">"total = wait before prefill + prompt ÷ prefill rate + answer ÷ decode rate"</p>
                <p class="aside">
                    "Two simplifications: engines sample the first token from the prefill pass itself, where these lines charge it one decode step; and the wait before prefill is two waits the controls keep apart, the network and the server's queue."
                </p>
            )}
        </section>
    }
}
