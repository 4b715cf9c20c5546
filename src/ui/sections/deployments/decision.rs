//! The card an engineer closing the lab reads: ship A or B for this consumer, spread of answers
//! and hour, by how much, what a router adds, and what would change it. Computed in
//! `state::decision` and worded in `text::deployments::decision`; the numbers it rests on are in
//! its `data-decision` attribute, unrounded, for anyone checking the arithmetic.
//!
//! In the review workbench the card first checks the pair, and says what the runs observed: the
//! workbench's part provides those pieces ([`ReviewCard`], written in `ui::workbench::card`), so
//! the lesson's deployments part carries none of their code.

use crate::state::decision::Decision;
use crate::text::deployments::decision::{decision_data, decision_text, DecisionText};
use crate::ui::context::{use_revealed, use_shown_state, ReviewCard};
use crate::ui::erased::memo;
use leptos::prelude::*;

#[component]
pub fn DecisionCard() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let shown = use_shown_state();
    let decision = memo(move || shown.with(Decision::of));
    let said = memo(move || shown.with(|s| decision.with(|d| decision_text(d, s))));
    let data = move || decision.with(decision_data);
    // The workbench's review of the pair, whose code is the workbench's (`ui::workbench::card`).
    let review = use_context::<ReviewCard>().map(|card| (card, (card.pair)(decision)));
    let verdict = move || {
        let t = said.with(|t| t.verdict.clone());
        match review {
            Some((card, pair)) => (card.headline)(pair, t),
            None => t,
        }
    };
    let line = move |f: fn(&DecisionText) -> String| move || said.with(f);
    // Until the crossover is guessed the card is left out whole: the note over Figure 5 already
    // says that the numbers after it wait.
    view! {
        <Show when=move || revealed.get()>
            <section class="decision" aria-labelledby="decision-title">
                <h3 id="decision-title">"The decision"</h3>
                <div class="decision-card" data-testid="decision" data-decision=data>
                    <span class="workload" data-testid="workload-decision">{line(|t| t.workload.clone())}</span>
                    <p class="decision-verdict" data-testid="decision-verdict">{verdict}</p>
                    {review.map(|(card, pair)| (card.standing)(pair))}
                    <p data-testid="decision-reason">{line(|t| t.reason.clone())}</p>
                    {move || said.with(|t| t.failures.clone()).map(|f| view! { <p data-testid="decision-failures">{f}</p> })}
                    <p data-testid="decision-margins">{line(|t| t.margins.clone())}</p>
                    <p data-testid="decision-first-words">{line(|t| t.first_words.clone())}</p>
                    <p data-testid="decision-router">{line(|t| t.router.clone())}</p>
                    <p class="decision-changes-title">"What would change it"</p>
                    <ul data-testid="decision-changes"
                        data-quantity=move || said.with(|t| t.crossover.map(|(q, _)| q.key()))
                        data-value=move || said.with(|t| t.crossover.map(|(_, n)| n.to_string()))>
                        <li>{line(|t| t.length_change.clone())}</li>
                        <li>{line(|t| t.load_change.clone())}</li>
                        <li>{line(|t| t.consumer_change.clone())}</li>
                    </ul>
                    {review.map(|(card, pair)| (card.observed)(pair))}
                </div>
            </section>
        </Show>
    }
}
