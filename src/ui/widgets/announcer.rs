//! One polite live region for the few changes worth interrupting a screen-reader user for: the
//! request crossing from one phase owning the clock to the other, and the faster deployment
//! changing. Everything else updates silently; announcing every slider tick would drown them.

use crate::model::deployments::Winner;
use crate::model::Bound;
use crate::text::announce::{bound_sentence, winner_sentence};
use crate::ui::context::use_state;
use crate::ui::erased::memo;
use leptos::prelude::*;

#[component]
pub fn Announcer() -> impl IntoView {
    let state = use_state();
    let bound = memo(move || state.with(|s| s.headline().bound()));
    let winner = memo(move || {
        state.with(|s| s.comparison().winner_at(s.get(crate::state::Param::RaceAnswer)))
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
