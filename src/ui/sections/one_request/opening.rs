//! The problem the lesson starts from, the two phases in a sentence each, and Figure 1: the
//! first screen shows a figure and the controls that move it.

use crate::state::Figure;
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::widgets::figure_card::FigureCard;
use leptos::prelude::*;

#[component]
pub fn Opening() -> impl IntoView {
    follow_when_near("opening-title");
    view! {
        <section class="opening" aria-labelledby="opening-title">
            <h2 id="opening-title">"Before the first word, and after it"</h2>
            {prose!("opening-problem" =>
                <p>
                    "A summariser shows nothing for two seconds and is done after seven; its users call the blank a hang. "
                    "A bake-off for a support bot picks the deployment with the sooner first word; on the bot's typical 600-token answers it finishes three times later. "
                    "The blank is the model reading a long prompt, not a fault; the bake-off timed the first word, not the last."
                </p>
                <p>
                    "A model answers in two phases. "<strong class="prefill">"Prefill"</strong>" reads the whole prompt and ends with the first token: it sets the "
                    <em>"time to first token"</em>" (TTFT), the blank screen. "<strong class="decode">"Decode"</strong>" then writes the answer a "<em>"token"</em>
                    " (a piece of a word, about three quarters of one) at a time and sets the "<em>"total time"</em>". The controls start on the summariser."
                </p>
            )}
            <FigureCard figure=Figure::Timeline />
        </section>
    }
}
