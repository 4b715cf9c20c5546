//! Scenario buttons. The active one is named until a control moves away from what it set.

use crate::state::presets::PRESETS;
use crate::state::State;
use crate::ui::context::use_state;
use leptos::prelude::*;

#[component]
pub fn Presets() -> impl IntoView {
    let state = use_state();
    // The preset chosen and the state it produced: it stays active while nothing has changed.
    let chosen = RwSignal::new(None::<(usize, State)>);
    let active = Memo::new(move |_| {
        chosen.get().filter(|(_, produced)| state.with(|s| s == produced)).map(|(i, _)| i)
    });
    let buttons = PRESETS
        .iter()
        .enumerate()
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
        None => "No preset: these are your own settings.".to_string(),
    };
    view! {
        <nav class="presets" aria-label="Scenarios">
            <p class="presets-title">"Start from a scenario"</p>
            <ul>{buttons}</ul>
            <p class="preset-active" data-testid="preset-active" data-value=move || active.get().and_then(|i| PRESETS.get(i)).map(|p| p.key)>{status}</p>
        </nav>
    }
}
