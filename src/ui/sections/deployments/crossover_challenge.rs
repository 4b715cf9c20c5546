//! Predict, then check, for two deployments: the reader guesses the crossover before any figure
//! shows it.

use crate::state::value::accept;
use crate::state::Param;
use crate::text::deployments::crossover_feedback;
use crate::ui::context::derived;
use leptos::prelude::*;

#[component]
pub fn CrossoverChallenge() -> impl IntoView {
    let pair = derived(|s| s.comparison());
    let guess_text = RwSignal::new(String::new());
    let guess = RwSignal::new(None::<f64>);
    let guess_error = RwSignal::new(None::<String>);
    let lock = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match accept(Param::Answer.spec(), &guess_text.get_untracked()) {
            (_, Some(problem)) if problem.has_no_number() => guess_error
                .set(Some("Type a number of answer tokens, for example 100.".to_string())),
            (value, _) => {
                guess.set(Some(value));
                guess_error.set(None);
            }
        }
    };
    let feedback = move || pair.with(|c| crossover_feedback(c, guess.get()));
    view! {
        <section class="challenge" data-testid="crossover-challenge" aria-labelledby="crossover-challenge-title">
            <h3 id="crossover-challenge-title">"Predict the crossover"</h3>
            <p>
                "B starts later but writes faster. How many tokens long must an answer be before B finishes it first? Commit to a number before you scroll on."
            </p>
            <form class="guess" on:submit=lock>
                <label for="crossover-guess-field">"My guess (answer tokens)"</label>
                <input
                    id="crossover-guess-field"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    data-testid="crossover-guess-input"
                    aria-describedby="crossover-guess-error"
                    prop:value=move || guess_text.get()
                    on:input=move |ev| guess_text.set(event_target_value(&ev))
                    disabled=move || guess.with(Option::is_some)
                />
                <button type="submit" data-testid="crossover-guess-lock" disabled=move || guess.with(Option::is_some)>"Lock in my guess"</button>
                <p id="crossover-guess-error" class="field-error" role="alert" hidden=move || guess_error.with(Option::is_none)>
                    {move || guess_error.get().unwrap_or_default()}
                </p>
            </form>
            <p class="feedback" data-testid="crossover-feedback" data-state=move || if guess.with(Option::is_some) { "revealed" } else { "guess" } aria-live="polite">{feedback}</p>
            <button type="button" class="quiet" hidden=move || guess.with(Option::is_none) on:click=move |_| {
                guess.set(None);
                guess_text.set(String::new());
            }>"Guess again"</button>
        </section>
    }
}
