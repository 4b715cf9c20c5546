//! The lesson's parts as a short list under the title, the one being read marked, so a reader
//! can see how far they are and jump to a part.

use super::dom;
use leptos::prelude::*;

/// Each part: the id of the element that holds it, and its name.
const PARTS: [(&str, &str); 5] = [
    ("one-request", "One request"),
    ("hardware", "The chip beneath"),
    ("deployments", "Two deployments"),
    ("deeper-lab", "Where lines bend"),
    ("summary", "In short"),
];

#[component]
pub fn Contents() -> impl IntoView {
    let reading = RwSignal::new(None::<usize>);
    let ids = PARTS.map(|(id, _)| id);
    // A scroll event can come every frame; the list is rewritten only when the part changes.
    let _ = window_event_listener(leptos::ev::scroll, move |_| {
        let now = dom::reading_among(&ids);
        if reading.get_untracked() != now {
            reading.set(now);
        }
    });
    let items = PARTS
        .iter()
        .enumerate()
        .map(|(i, (id, name))| {
            let current = move || (reading.get() == Some(i)).then_some("location");
            view! { <li><a href=format!("#{id}") aria-current=current>{*name}</a></li> }
        })
        .collect_view();
    view! {
        <nav class="contents" aria-label="The lesson's parts" data-testid="contents">
            <ol>{items}</ol>
        </nav>
    }
}
