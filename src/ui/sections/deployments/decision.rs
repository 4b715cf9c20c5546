//! The card an engineer closing the lab reads: ship A or B for this consumer, spread of answers
//! and hour, by how much, what a router adds, and what would change it. Computed in
//! `state::decision`, worded in `text::deployments::decision`; the numbers it rests on are in its
//! `data-` attributes, unrounded, for anyone checking the arithmetic.

use crate::model::deployments::Which;
use crate::state::decision::Decision;
use crate::text::deployments::decision::decision_text;
use crate::text::veil::AFTER_THE_CROSSOVER_GUESS;
use crate::ui::context::{derived, use_revealed, use_shown_state};
use leptos::prelude::*;

#[component]
pub fn DecisionCard() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let shown = use_shown_state();
    let decision = derived(Decision::of);
    let text = Memo::new(move |_| decision.with(|d| shown.with(|s| decision_text(d, s))));
    let number = move |f: fn(&Decision) -> f64| move || decision.with(|d| f(d).to_string());
    let line = move |f: fn(&crate::text::deployments::decision::DecisionText) -> String| {
        move || text.with(f)
    };
    view! {
        <section class="decision" aria-labelledby="decision-title">
            <h3 id="decision-title">"The decision"</h3>
            <Show when=move || revealed.get() fallback=|| view! { <p class="aside veiled-part" data-testid="decision-veiled">{AFTER_THE_CROSSOVER_GUESS}</p> }>
                <div class="decision-card" data-testid="decision"
                    data-ship=move || decision.with(|d| d.ship.map_or("either", Which::label))
                    data-consumer=move || decision.with(|d| match d.consumer { crate::model::deployments::Consumer::Reader => "reader", crate::model::deployments::Consumer::Machine => "machine" })
                    data-load=move || decision.with(|d| d.load.key())
                    data-mean-tokens=number(|d| d.mean_tokens)
                    data-mean-a=number(|d| d.mean.a_secs)
                    data-mean-b=number(|d| d.mean.b_secs)
                    data-median-tokens=number(|d| d.median.tokens)
                    data-median-a=number(|d| d.median.race.a_secs)
                    data-median-b=number(|d| d.median.race.b_secs)
                    data-p90-tokens=number(|d| d.p90.tokens)
                    data-p90-a=number(|d| d.p90.race.a_secs)
                    data-p90-b=number(|d| d.p90.race.b_secs)
                    data-router-saved=number(|d| d.router.saved_secs())
                    data-break-even=move || decision.with(|d| d.break_even.map(|b| b.tokens_per_sec.to_string()))>
                    <span class="workload" data-testid="workload-decision">{line(|t| t.workload.clone())}</span>
                    <p class="decision-verdict" data-testid="decision-verdict">{line(|t| t.verdict.clone())}</p>
                    <p data-testid="decision-reason">{line(|t| t.reason.clone())}</p>
                    <p data-testid="decision-margins">{line(|t| t.margins.clone())}</p>
                    <p data-testid="decision-first-words">{line(|t| t.first_words.clone())}</p>
                    <p data-testid="decision-router">{line(|t| t.router.clone())}</p>
                    <p class="decision-changes-title">"What would change it"</p>
                    <ul data-testid="decision-changes">
                        <li>{line(|t| t.length_change.clone())}</li>
                        <li>{line(|t| t.load_change.clone())}</li>
                        <li>{line(|t| t.consumer_change.clone())}</li>
                    </ul>
                </div>
            </Show>
        </section>
    }
}
