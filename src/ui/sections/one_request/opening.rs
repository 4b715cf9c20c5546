//! The problem the lesson starts from, the two phases in a sentence each, and Figure 1: the
//! first screen shows a figure and the controls that move it.

use crate::state::Figure;
use crate::ui::arrival::follow_when_near;
use crate::ui::widgets::figure_card::FigureCard;
use leptos::prelude::*;

#[component]
pub fn Opening() -> impl IntoView {
    follow_when_near("opening-title");
    view! {
        <section class="opening" aria-labelledby="opening-title">
            <h2 id="opening-title">"Before the first word, and after it"</h2>
            <p>
                "A summariser shows nothing for two seconds and is done after seven; its users report the blank screen as a hang. "
                "A bake-off ranks two deployments by how soon their first word appears and picks the one that, for the bot's typical 600-token answers, finishes three times later. "
                "The summariser's team took a phase of the work for a fault: its blank seconds are the model reading a long prompt, a wait the prompt itself controls. The bake-off's figures were right, but they timed the first word, when what the bot's users need is the whole answer."
            </p>
            <p>
                "A model answers in two phases. "<strong class="prefill">"Prefill"</strong>" reads the whole prompt and ends with the first token: it sets the "
                <em>"time to first token"</em>" (TTFT), the blank screen. "<strong class="decode">"Decode"</strong>" then writes the answer a "<em>"token"</em>
                " (a piece of a word, about three quarters of one) at a time and sets the "<em>"total time"</em>". The panel starts on the summariser."
            </p>
            <FigureCard figure=Figure::Timeline number="Figure 1." />
        </section>
    }
}
