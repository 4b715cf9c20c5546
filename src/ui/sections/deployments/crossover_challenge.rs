//! Predict, then check, for two deployments: the reader guesses the crossover before any figure
//! shows it (the race below stays veiled until a guess is locked).

use crate::model::deployments::Comparison;
use crate::state::Param;
use crate::text::deployments::{crossover_feedback, LockedGuess};
use crate::ui::arrival::prose;
use crate::ui::context::{derived, use_revealed};
use crate::ui::widgets::guess::{Guess, GuessForm};
use leptos::prelude::*;

#[component]
pub fn CrossoverChallenge() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let pair = derived(|s| s.comparison());
    let guess = Guess::new();
    // The pair the question was asked about, kept at the lock: a scenario chosen afterwards
    // changes the pair, not the question the guess answered.
    let asked = RwSignal::new(None::<Comparison>);
    let on_lock = Callback::new(move |_: f64| {
        asked.set(Some(pair.get_untracked()));
        revealed.set(true);
    });
    let feedback = move || {
        let locked =
            guess.value().zip(asked.get()).map(|(tokens, asked)| LockedGuess { tokens, asked });
        pair.with(|c| crossover_feedback(c, locked))
    };
    view! {
        <section class="challenge" data-testid="crossover-challenge" aria-labelledby="crossover-challenge-title">
            <h3 id="crossover-challenge-title">"Predict the crossover"</h3>
            {prose!("crossover-question" =>
                <p>
                    "B starts later but writes faster. How many tokens long must an answer be before B finishes it first? Commit to a number before you scroll on."
                </p>
            )}
            <GuessForm guess=guess param=Param::RaceAnswer prefix="crossover-" label="My guess (answer tokens)" hint="Type a number of answer tokens, for example 100." on_lock=on_lock />
            <p class="feedback" data-testid="crossover-feedback" data-state=move || if guess.is_locked() { "revealed" } else { "guess" } aria-live="polite">{feedback}</p>
            <button type="button" class="quiet" hidden=move || !guess.is_locked() on:click=move |_| guess.clear()>"Guess again"</button>
        </section>
    }
}
