//! Scenario buttons. The active one is named until a control moves away from what it set.

use crate::state::presets::{matching, Scope, PRESETS};
use crate::state::State;
use crate::ui::context::{use_shown_state, use_state};
use leptos::prelude::*;

/// The presets of one part of the lesson, beside the controls they set.
#[component]
pub fn Presets(scope: Scope, title: &'static str) -> impl IntoView {
    let state = use_state();
    // The preset chosen and the state it produced: it stays active while nothing has changed.
    // Otherwise the first scenario the state already is: several can be at once (the bake-off
    // and its reader at the page's defaults), and the one clicked is the one to name.
    let chosen = RwSignal::new(None::<(usize, State)>);
    let shown = use_shown_state();
    let active = Memo::new(move |_| {
        shown.with(|s| {
            chosen
                .get()
                .filter(|(_, produced)| s == produced)
                .map(|(i, _)| i)
                .or_else(|| matching(scope, s))
        })
    });
    let buttons = PRESETS
        .iter()
        .enumerate()
        .filter(|(_, preset)| preset.scope == scope)
        .map(|(i, preset)| {
            let choose = move |_| {
                let produced = (preset.apply)(state.get_untracked());
                state.set(produced);
                chosen.set(Some((i, produced)));
            };
            view! {
                <li>
                    <button type="button" class="preset" data-testid=format!("preset-{}", preset.key) title=preset.description
                        aria-pressed=move || if active.get() == Some(i) { "true" } else { "false" } on:click=choose>
                        {preset.name}
                    </button>
                </li>
            }
        })
        .collect_view();
    let status = move || match active.get().and_then(|i| PRESETS.get(i)) {
        Some(p) => format!("Showing “{}”: {}.", p.name, p.description),
        None => "No scenario: these are your own settings.".to_string(),
    };
    // One status line for the page's scenarios, whichever group was clicked last.
    let testid = match scope {
        Scope::Request => "preset-active",
        Scope::Deployments => "preset-active-deployments",
        Scope::Hardware => "preset-active-hardware",
    };
    view! {
        <nav class="presets" aria-label=title>
            <p class="presets-title">{title}</p>
            <ul>{buttons}</ul>
            <p class="preset-active" data-testid=testid data-value=move || active.get().and_then(|i| PRESETS.get(i)).map(|p| p.key)>{status}</p>
        </nav>
    }
}
