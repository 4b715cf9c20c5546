//! A part of the lesson a reader opens on purpose: a summary line, and a body built only while
//! it is open (or the page is printed), so closed parts cost nothing as the controls move. A body
//! that would give a prediction away is replaced by a line saying so until it is answered.

use crate::text::veil::AFTER_THE_CROSSOVER_GUESS;
use crate::ui::context::use_printing;
use leptos::prelude::*;

/// A `<details>` element's toggle handler that keeps `opened` equal to whether it is open,
/// setting it only when that changed (the browser also fires `toggle` when the page opens it).
pub fn follows_toggle(opened: RwSignal<bool>) -> impl Fn(web_sys::Event) + Copy + 'static {
    move |ev: web_sys::Event| {
        let now = event_target::<web_sys::Element>(&ev).has_attribute("open");
        if opened.get_untracked() != now {
            opened.set(now);
        }
    }
}

#[component]
pub fn Disclosure(
    summary: &'static str,
    testid: &'static str,
    /// Whether the body may be shown: false while it would state an answer not yet predicted.
    #[prop(into)]
    shows: Signal<bool>,
    /// Opens the disclosure whenever it turns true (a link or a scenario that brings what the
    /// body is about); the reader opens and closes it freely, and toggling it changes nothing
    /// else.
    #[prop(optional)]
    opens_with: Option<Signal<bool>>,
    children: ChildrenFn,
) -> impl IntoView {
    let printing = use_printing();
    let opened = RwSignal::new(opens_with.is_some_and(|o| o.get_untracked()));
    if let Some(asked) = opens_with {
        Effect::new(move |_| {
            if asked.get() {
                opened.set(true);
            }
        });
    }
    let is_open = move || opened.get();
    let toggled = follows_toggle(opened);
    // Plain closures rather than `Show`: this widget is used seven times, and each `Show` would
    // add its own memo and boxed branches to the page's wasm.
    let body = move || (shows.get() && (is_open() || printing.get())).then(|| children());
    let veiled = move || {
        (!shows.get())
            .then(|| view! { <p class="aside veiled-part">{AFTER_THE_CROSSOVER_GUESS}</p> })
    };
    view! {
        <details class="more" data-testid=testid open=is_open() prop:open=is_open on:toggle=toggled>
            <summary>{summary}</summary>
            {veiled}
            {body}
        </details>
    }
}
