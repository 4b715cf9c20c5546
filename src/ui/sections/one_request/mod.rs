//! The first half of the lesson, around one request: the problem, the two phases, the
//! predict-then-check challenge, the crossing, streaming and what to do. It is one "lab": the
//! request's controls stay in a panel beside the text (above it on a phone) while the reader
//! scrolls through every figure they move.

mod advice;
mod challenge;
mod crossing;
mod opening;
mod panel;
mod phases;
mod streaming;

use crate::ui::arrival::{stage, Later};
use leptos::prelude::*;

/// `children` are the lab's second half, [`StreamingAndAdvice`], as the page composes it: a part
/// fetched on its own (`ui::parts`), which this section does not reach for.
#[component]
pub fn OneRequest(children: Children) -> impl IntoView {
    view! {
        <div class="lab" id="one-request">
            <panel::RequestPanel />
            <div class="lab-main" data-takeover>
                // On the first screen too, but built in a task of its own: with the panel it
                // made one long stretch of a phone's main thread.
                <Later stage=stage::OPENING>
                    <opening::Opening />
                </Later>
                <Later stage=stage::PHASES>
                    <phases::Phases />
                </Later>
                <Later stage=stage::CHALLENGE_AND_CROSSING>
                    // Until the reader has committed to a guess (or asked to see the answer
                    // anyway) the crossing below the challenge is veiled (`Revealed`), so the
                    // answer is not on screen beside the question.
                    <challenge::Challenge />
                    <crossing::Crossing />
                </Later>
                {children()}
            </div>
        </div>
    }
}

/// Streaming and the advice, a part of the page fetched as the reader nears it (`ui::parts`):
/// the first screen is a screen away from it, unlike the challenge, which is built at once.
#[component]
pub fn StreamingAndAdvice() -> impl IntoView {
    view! {
        <streaming::Streaming />
        <advice::Advice />
    }
}
