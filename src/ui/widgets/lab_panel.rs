//! A lab's panel: a column of controls beside the lesson on a wide screen; on a phone a strip
//! at the foot of the screen while its lab is read, folded to one line of numbers and a button
//! to open it. It opens by itself while a figure of its lab is drawn wholly above the reach of
//! the open strip, and folds again once none is (over prose, as the figure scrolls on, where the
//! figure sits in a folded disclosure, and once the lab is read past), so it covers only what
//! comes after the figure the reader has reached, never the lines above it being read nor the
//! figure it opened for, and open it covers at most the share of the screen the stylesheet sets
//! (`--strip-share`).
//! Opened beside a figure, it starts at that figure's own controls.

use crate::state::{Figure, State};
use crate::ui::context::use_state;
use crate::ui::dom;
use crate::ui::erased::memo;
use leptos::prelude::*;

#[component]
pub fn LabPanel(
    /// The panel's accessible name.
    label: &'static str,
    /// The folded strip's line of numbers.
    line: fn(&State) -> String,
    /// Goes before the strip's test ids, which are then unique on the page: none for the
    /// first lab's (`strip-toggle`), the lab's name for the others' (`hardware-strip-toggle`).
    #[prop(optional)]
    testid_prefix: &'static str,
    /// Whether the children are parts built later, which the live page pairs with the
    /// prerendered ones (`ui::arrival`).
    #[prop(optional)]
    takeover: bool,
    children: Children,
) -> impl IntoView {
    let state = use_state();
    let panel = NodeRef::<leptos::html::Aside>::new();
    // The figure of the lab on screen below the open strip's reach, by its slug.
    let figure_seen = RwSignal::new(None::<String>);
    // The reader's own choice, kept until a figure of the lab comes on screen or leaves it.
    let chosen = RwSignal::new(None::<bool>);
    let look = move || {
        let Some(element) = panel.get_untracked() else { return };
        // Opened by the reader, it still folds once its lab has been read past, or scrolled
        // back above.
        if dom::strip_left_behind(&element) && chosen.with_untracked(Option::is_some) {
            chosen.set(None);
        }
        if let Some(seen) = dom::lab_figure_on_screen(&element) {
            if figure_seen.with_untracked(|s| *s != seen) {
                // Opening beside a figure, the strip shows that figure's own controls first,
                // once it is laid out open.
                if let Some(keys) = seen.as_deref().and_then(own_keys) {
                    dom::after_first_paint(move || dom::strip_to_controls(&element, &keys));
                }
                figure_seen.set(seen);
                chosen.set(None);
            }
        }
    };
    Effect::new(move |_| {
        if panel.get().is_some() {
            look();
        }
    });
    let _ = window_event_listener(leptos::ev::scroll, move |_| look());
    let _ = window_event_listener(leptos::ev::resize, move |_| look());
    let open = memo(move || chosen.get().unwrap_or(figure_seen.with(Option::is_some)));
    let folded_line = memo(move || state.with(line));
    view! {
        <aside class="lab-panel" aria-label=label node_ref=panel data-open=move || open.get().then_some("")>
            <div class="strip-bar">
                <p class="strip-line" data-testid=format!("{testid_prefix}strip-line")>{move || folded_line.get()}</p>
                <button type="button" class="strip-toggle quiet" data-testid=format!("{testid_prefix}strip-toggle")
                    aria-expanded=move || open.get().to_string()
                    on:click=move |_| chosen.set(Some(!open.get_untracked()))>
                    // One label either way (the arrow turns): a label that changed its length
                    // would shift the strip's line as it opens.
                    "Controls"
                </button>
            </div>
            <div class="strip-body" data-takeover=takeover.then_some("")>{children()}</div>
        </aside>
    }
}

/// The URL keys of the controls the figure `slug` follows first (its own, as an embed shows).
fn own_keys(slug: &str) -> Option<Vec<&'static str>> {
    let figure = Figure::from_slug(slug)?;
    Some(figure.own_controls().iter().map(|p| p.spec().key).collect())
}
