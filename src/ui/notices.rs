//! The banner that names every input the page could not use as given.

use super::app::use_notices;
use leptos::prelude::*;

#[component]
pub fn Notices() -> impl IntoView {
    let notices = use_notices();
    view! {
        <Show when=move || !notices.with(Vec::is_empty)>
            <div class="notice" data-testid="notice" role="status">
                <p class="notice-title">"Some settings in the link could not be used as written:"</p>
                <ul>
                    <For each=move || notices.get() key=|n| n.message.clone() let:notice>
                        <li data-key=notice.key.clone()>{notice.message.clone()}</li>
                    </For>
                </ul>
                <button type="button" class="quiet" on:click=move |_| notices.set(Vec::new())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
