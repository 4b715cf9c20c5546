//! Predict, then check: before the page says where the crossing is, the reader commits to a
//! guess; locking it reveals the answer and how far off it was, and the challenge's own prompt
//! slider and bars let them watch the two phases meet.

use crate::format;
use crate::state::Param;
use crate::text::request::{challenge_feedback, ChallengeStage, CHALLENGE_OUTPUT_TOKENS};
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::context::{use_revealed, use_state};
use crate::ui::erased::memo;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::guess::{Guess, GuessForm};
use leptos::prelude::*;

const PROMPT: [Param; 1] = [Param::Prompt];

#[component]
pub fn Challenge() -> impl IntoView {
    let state = use_state();
    let revealed = use_revealed().crossing;
    let shown = follow_when_near("challenge-title");
    let guess = Guess::new();
    let hold_answer = move || {
        state.update(|s| {
            s.set(Param::Output, CHALLENGE_OUTPUT_TOKENS);
        })
    };
    // The question is about a 300-token answer: once the guess is in, hold it there so only the
    // prompt is left to move.
    let on_lock = Callback::new(move |_: f64| {
        revealed.set(true);
        hold_answer();
    });

    let stage = memo(move || shown.with(|s| ChallengeStage::of(guess.is_locked(), s)));
    let feedback = move || {
        shown.with(|s| challenge_feedback(stage.get(), guess.value().unwrap_or_default(), s))
    };
    // The phases on the footing the crossing is stated on (the chosen model, no cached prefix),
    // so the bars meet exactly where the reply says they do.
    let phases = memo(move || {
        shown.with(|s| {
            let c = s.crossing();
            (c.prefill_secs, c.decode_secs)
        })
    });
    // Each bar's length is its phase's share of the longer one, so the two meet at the crossing.
    // Set through the style object, which the page's CSP allows, not a style attribute.
    let bar = move |pick: fn((f64, f64)) -> f64| {
        move || {
            let (prefill, decode) = phases.get();
            let longest = prefill.max(decode);
            let share = if longest > 0.0 { pick((prefill, decode)) / longest } else { 0.0 };
            format!("{:.1}%", 100.0 * share)
        }
    };

    view! {
        <section class="challenge" data-testid="challenge" aria-labelledby="challenge-title">
            <h2 id="challenge-title">"Predict, then check"</h2>
            {prose!("challenge-question" =>
                <p>
                    "Keep the answer at 300 tokens and the rates where they start. How long must the prompt become before reading it takes longer than writing the answer? "
                    "Decide on a number before you touch anything."
                </p>
            )}
            <GuessForm guess=guess param=Param::Prompt prefix="" label="My guess (prompt tokens)" hint="Type a number of prompt tokens, for example 25000." on_lock=on_lock />
            <p class="feedback" data-testid="challenge-feedback" data-state=move || stage.get().key() aria-live="polite">{feedback}</p>
            <div class="challenge-check" hidden=move || !guess.is_locked()>
                <Controls legend="Grow the prompt" params=&PROMPT prefix="challenge-" />
                <div class="bars" role="img" aria-label=move || {
                    let (prefill, decode) = phases.get();
                    format!("Reading the prompt takes {}, writing the answer {}", format::duration(prefill), format::duration(decode))
                }>
                    <div class="bar-row">
                        <span class="bar-name prefill">"reading"</span>
                        <span class="bar-track">{bar_fill("bar prefill-bar", "challenge-prefill-bar", bar(|p| p.0))}</span>
                        <span class="bar-value">{move || format::duration(phases.get().0)}</span>
                    </div>
                    <div class="bar-row">
                        <span class="bar-name decode">"writing"</span>
                        <span class="bar-track">{bar_fill("bar decode-bar", "challenge-decode-bar", bar(|p| p.1))}</span>
                        <span class="bar-value">{move || format::duration(phases.get().1)}</span>
                    </div>
                </div>
                <p class="aside">
                    "Then try a request of your own: set its prompt and answer in the panel, and the crossing below says which phase you would be waiting on."
                </p>
                <div class="challenge-actions">
                    <button type="button" class="quiet" on:click=move |_| hold_answer()>
                        "Set the answer back to 300 tokens"
                    </button>
                    <button type="button" class="quiet" on:click=move |_| guess.clear()>"Start again"</button>
                </div>
            </div>
        </section>
    }
}

/// One bar, as long as `width` says, set through the element's style object as the state moves.
#[cfg(target_arch = "wasm32")]
fn bar_fill(
    class: &'static str,
    testid: &'static str,
    width: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    view! { <span class=class data-testid=testid style:width=width></span> }
}

/// In the markup written at build time the bars are hidden until a guess, and a `style`
/// attribute would be refused by the page's Content-Security-Policy: the bar is written empty.
#[cfg(not(target_arch = "wasm32"))]
fn bar_fill(
    class: &'static str,
    testid: &'static str,
    _width: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    view! { <span class=class data-testid=testid></span> }
}
