//! The card an engineer closing the lab reads: ship A or B for this consumer, spread of answers
//! and hour, by how much, what a router adds, and what would change it. Computed in
//! `state::decision`, worded and written as markup in `text::deployments::decision`; the numbers
//! it rests on are in its `data-decision` attribute, unrounded, for anyone checking the
//! arithmetic.

use crate::state::decision::Decision;
use crate::text::deployments::decision::{decision_data, decision_html, decision_text};
use crate::ui::context::{use_revealed, use_shown_state};
use crate::ui::erased::memo;
use leptos::prelude::*;

#[component]
pub fn DecisionCard() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let shown = use_shown_state();
    let card = memo(move || {
        shown.with(|s| {
            let d = Decision::of(s);
            (decision_html(&decision_text(&d, s)), decision_data(&d))
        })
    });
    // Until the crossover is guessed the card is left out whole: the note over Figure 3 already
    // says that the numbers after it wait.
    view! {
        <Show when=move || revealed.get()>
            <section class="decision" aria-labelledby="decision-title">
                <h3 id="decision-title">"The decision"</h3>
                <div class="decision-card" data-testid="decision" data-decision=move || card.with(|c| c.1.clone())
                    inner_html=move || card.with(|c| c.0.clone())></div>
            </section>
        </Show>
    }
}
