//! One polite live region for the few changes worth interrupting a screen-reader user for: the
//! request crossing from one phase owning the clock to the other, and the faster deployment
//! changing. Everything else updates silently; announcing every slider tick would drown them.

use super::app::use_state;
use crate::model::deployments::Winner;
use crate::model::Bound;
use leptos::prelude::*;

fn bound_sentence(bound: Bound) -> &'static str {
    match bound {
        Bound::Prefill => "Crossed: reading the prompt now takes longer than writing the answer.",
        Bound::Decode => {
            "Crossed back: writing the answer now takes longer than reading the prompt."
        }
        Bound::Balanced => "Exactly on the crossing: both phases take the same time.",
    }
}

fn winner_sentence(winner: Winner) -> &'static str {
    match winner {
        Winner::A => "Deployment A now finishes first.",
        Winner::B => "Deployment B now finishes first.",
        Winner::Tie => "A and B now finish at the same moment.",
    }
}

#[component]
pub fn Announcer() -> impl IntoView {
    let state = use_state();
    let bound = Memo::new(move |_| state.with(|s| s.headline().bound()));
    let winner = Memo::new(move |_| {
        state.with(|s| s.comparison().winner_at(s.get(crate::state::Param::Answer)))
    });
    let message = RwSignal::new(String::new());
    // Memos only notify on a real change, so these effects run once at start (skipped) and then
    // only when the verdict flips.
    Effect::new(move |previous: Option<Bound>| {
        let now = bound.get();
        if previous.is_some_and(|p| p != now) {
            message.set(bound_sentence(now).to_string());
        }
        now
    });
    Effect::new(move |previous: Option<Winner>| {
        let now = winner.get();
        if previous.is_some_and(|p| p != now) {
            message.set(winner_sentence(now).to_string());
        }
        now
    });
    view! { <div class="visually-hidden" role="status" aria-live="polite" data-testid="announcer">{move || message.get()}</div> }
}
