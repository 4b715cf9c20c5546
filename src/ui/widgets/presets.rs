//! Scenario buttons. Every scenario the page already is shows as pressed, until a control moves
//! away from what it set: some set different things (the deployments and the spread of answers),
//! so more than one can hold at once.

use crate::state::presets::{holds, Scope, PRESETS};
use crate::text::scenarios::active_scenarios;
use crate::ui::context::{use_shown_state, use_state};
use crate::ui::erased::memo;
use leptos::prelude::*;

/// The presets of one part of the lesson, beside the controls they set.
#[component]
pub fn Presets(scope: Scope, title: &'static str) -> impl IntoView {
    let state = use_state();
    let shown = use_shown_state();
    let active = memo(move || {
        shown.with(|s| {
            PRESETS
                .iter()
                .enumerate()
                .filter(|(_, p)| p.scope == scope && holds(p, s))
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        })
    });
    let buttons = PRESETS
        .iter()
        .enumerate()
        .filter(|(_, preset)| preset.scope == scope)
        .map(|(i, preset)| {
            let choose = move |_| state.update(|s| *s = (preset.apply)(*s));
            let pressed = move || if active.with(|a| a.contains(&i)) { "true" } else { "false" };
            view! {
                <li>
                    <button type="button" class="preset" data-testid=format!("preset-{}", preset.key) title=preset.description
                        aria-pressed=pressed on:click=choose>
                        {preset.name}
                    </button>
                </li>
            }
        })
        .collect_view();
    let keys = move || {
        active.with(|a| {
            let keys: Vec<&str> = a.iter().filter_map(|&i| PRESETS.get(i)).map(|p| p.key).collect();
            (!keys.is_empty()).then(|| keys.join(" "))
        })
    };
    let status =
        move || active.with(|a| active_scenarios(a.iter().filter_map(|&i| PRESETS.get(i))));
    // One status line for each part's scenarios.
    let testid = match scope {
        Scope::Request => "preset-active",
        Scope::Deployments => "preset-active-deployments",
        Scope::Hardware => "preset-active-hardware",
    };
    view! {
        <nav class="presets" aria-label=title>
            <p class="presets-title">{title}</p>
            <ul>{buttons}</ul>
            <p class="preset-active" data-testid=testid data-value=keys>{status}</p>
        </nav>
    }
}
