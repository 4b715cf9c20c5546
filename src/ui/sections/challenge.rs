//! Predict, then check: the reader commits to a guess before the page reveals where the
//! crossing lies for a 300-token answer.

use crate::format;
use crate::model::Bound;
use crate::state::value::accept;
use crate::state::Param;
use crate::ui::context::use_state;
use leptos::prelude::*;

/// The answer length the challenge is posed at.
const CHALLENGE_OUTPUT_TOKENS: f64 = 300.0;

#[component]
pub fn Challenge() -> impl IntoView {
    let state = use_state();
    let guess_text = RwSignal::new(String::new());
    let guess = RwSignal::new(None::<f64>);
    let guess_error = RwSignal::new(None::<String>);

    let lock = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let spec = Param::Prompt.spec();
        match accept(spec, &guess_text.get_untracked()) {
            (_, Some(problem)) if problem.has_no_number() => {
                guess_error.set(Some(
                    "Type a whole number of prompt tokens, for example 25000.".to_string(),
                ));
            }
            (value, _) => {
                guess.set(Some(value));
                guess_error.set(None);
                // The challenge is posed at a fixed answer length; set it so the reader only
                // has the prompt to move.
                state.update(|s| {
                    s.set(Param::Output, CHALLENGE_OUTPUT_TOKENS);
                });
            }
        }
    };

    let progress = Memo::new(move |_| {
        let s = state.get();
        let r = s.request();
        (
            r.prefill_secs(),
            r.decode_secs(),
            r.bound(),
            r.crossing_prompt_tokens(),
            s.get(Param::Output),
        )
    });
    let phase = move || match (guess.get(), progress.get()) {
        (None, _) => "guess",
        (Some(_), (_, _, Bound::Prefill, _, output)) if output == CHALLENGE_OUTPUT_TOKENS => {
            "passed"
        }
        (Some(_), _) => "not-yet",
    };
    let feedback = move || {
        let (prefill, decode, _, crossing, output) = progress.get();
        match (phase(), guess.get()) {
            ("guess", _) => "Lock in a guess to start.".to_string(),
            ("passed", Some(g)) => {
                let off = (g - crossing) / crossing;
                let verdict = if off.abs() < 0.1 {
                    "That is within ten percent: well judged.".to_string()
                } else if off < 0.0 {
                    format!("You guessed {} too short: the prompt can grow further than intuition says before it matters.", format::percent(-off))
                } else {
                    format!("You guessed {} too long.", format::percent(off))
                };
                format!(
                    "You crossed it. Prefill now takes {} against {} of decode. At these rates the two phases balance at {}; your guess was {}. {verdict}",
                    format::duration(prefill),
                    format::duration(decode),
                    format::tokens(crossing),
                    format::tokens(g),
                )
            }
            _ if output != CHALLENGE_OUTPUT_TOKENS => format!(
                "The challenge fixes the answer at 300 tokens, and it is now {}. Set it back (the button below does it) and move only the prompt.",
                format::tokens(output)
            ),
            _ => format!(
                "Not there yet: reading the prompt takes {}, writing the answer {}. Keep growing the prompt.",
                format::duration(prefill),
                format::duration(decode)
            ),
        }
    };

    view! {
        <section class="challenge" aria-labelledby="challenge-title">
            <h2 id="challenge-title">"Predict, then check"</h2>
            <p>
                "Hold the answer at 300 tokens. How long does the prompt have to be before reading it takes longer than writing the answer? "
                "Commit to a number first; then drag the prompt slider up until the page says you have passed it."
            </p>
            <form class="guess" on:submit=lock>
                <label for="guess-field">"My guess (prompt tokens)"</label>
                <input
                    id="guess-field"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    data-testid="guess-input"
                    aria-describedby="guess-error"
                    prop:value=move || guess_text.get()
                    on:input=move |ev| guess_text.set(event_target_value(&ev))
                    disabled=move || guess.with(Option::is_some)
                />
                <button type="submit" data-testid="guess-lock" disabled=move || guess.with(Option::is_some)>"Lock in my guess"</button>
                <p id="guess-error" class="field-error" role="alert" hidden=move || guess_error.with(Option::is_none)>
                    {move || guess_error.get().unwrap_or_default()}
                </p>
            </form>
            <p class="feedback" data-testid="challenge-feedback" data-state=phase>{feedback}</p>
            <div class="challenge-actions" hidden=move || guess.with(Option::is_none)>
                <button type="button" class="quiet" on:click=move |_| state.update(|s| {
                    s.set(Param::Output, CHALLENGE_OUTPUT_TOKENS);
                })>
                    "Set the answer to 300 tokens"
                </button>
                <button type="button" class="quiet" on:click=move |_| {
                    guess.set(None);
                    guess_text.set(String::new());
                }>"Start again"</button>
            </div>
        </section>
    }
}
