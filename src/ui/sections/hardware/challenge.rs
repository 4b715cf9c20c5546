//! Predict, then check, about the chip: the H200 keeps the H100's arithmetic and adds
//! bandwidth. Which rate moves, and where does the crossing go? Locking a guess gives the answer
//! and lifts the veil on the worked settings.

use crate::state::Param;
use crate::text::roofline as text;
use crate::ui::context::use_state;
use crate::ui::widgets::guess::{Guess, GuessForm};
use leptos::prelude::*;

/// The worked settings' place of the H200 (in `worked_cases`' order).
const H200_CASE: usize = 2;

#[component]
pub fn H200Challenge(revealed: RwSignal<bool>) -> impl IntoView {
    let state = use_state();
    let guess = Guess::new();
    let on_lock = Callback::new(move |_: f64| revealed.set(true));
    let feedback = move || match guess.value() {
        Some(value) => text::h200_feedback(value),
        None => crate::text::veil::BEFORE_A_GUESS.to_string(),
    };
    let show = move |_| state.update(|s| *s = s.with_worked_case(H200_CASE));
    view! {
        <section class="challenge" data-testid="hw-challenge" aria-labelledby="hw-challenge-title">
            <h3 id="hw-challenge-title">"Predict, then check: a chip with more bandwidth"</h3>
            <p>{text::h200_question()}</p>
            <GuessForm guess=guess param=Param::Prompt prefix="hw-" label="My guess (prompt tokens at the H200's crossing)" hint="Type a number of prompt tokens, for example 50000." on_lock=on_lock />
            <p class="feedback" data-testid="hw-challenge-feedback" aria-live="polite"
                data-state=move || if guess.is_locked() { "answered" } else { "guess" }>{feedback}</p>
            <div class="challenge-actions" hidden=move || !guess.is_locked()>
                <button type="button" class="quiet" data-testid="hw-show-h200" on:click=show>"Put the H200 in the panel"</button>
                <button type="button" class="quiet" on:click=move |_| guess.clear()>"Start again"</button>
            </div>
        </section>
    }
}
