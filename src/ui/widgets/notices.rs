//! The banner that names every input the page could not use as given.

use crate::ui::context::use_notices;
use leptos::prelude::*;

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
                    {move || notices.get().into_iter().map(|notice| view! { <li data-key=notice.key>{notice.message}</li> }).collect_view()}
                </ul>
                <button type="button" class="quiet" on:click=move |_| notices.set(Vec::new())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
