//! The banner that names every input the page could not use as given.

use crate::state::notice::{more_line, segments, LISTED_NOTICES};
use crate::ui::context::use_notices;
use leptos::prelude::*;

/// A message with each excerpt of the reader's own text in a `<bdi>`, so text written right to
/// left (or anything else the link held) cannot reorder the sentence around it.
pub fn with_quotes(message: &str) -> impl IntoView {
    segments(message)
        .into_iter()
        .map(|(quoted, text)| {
            let text = text.to_string();
            if quoted {
                view! { <bdi>{text}</bdi> }.into_any()
            } else {
                text.into_any()
            }
        })
        .collect_view()
}

#[component]
pub fn Notices() -> impl IntoView {
    let notices = use_notices();
    view! {
        <Show when=move || !notices.with(Vec::is_empty)>
            <div class="notice" data-testid="notice" role="status">
                <p class="notice-title">"Some settings in the link could not be used as written:"</p>
                <ul>
                    // A plain list, not a keyed <For>: the notices are set once from the link and
                    // only ever cleared, so there is nothing to diff, and <For> adds weight.
                    {move || notices.with(|all| all.iter().take(LISTED_NOTICES).map(|notice| view! { <li data-key=notice.key.clone()>{with_quotes(&notice.message)}</li> }).collect_view())}
                </ul>
                {move || notices.with(|all| more_line(all.len())).map(|line| view! { <p data-testid="notice-more">{line}</p> })}
                <button type="button" class="quiet" on:click=move |_| notices.set(Vec::new())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
