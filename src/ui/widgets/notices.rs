//! The banner that names every input the page could not use as given.

// Each message is set as markup only through `markup`, which escapes all of it and adds
// nothing but the <bdi> around quoted excerpts.
use crate::state::notice::{markup, more_line, LISTED_NOTICES};
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
                    {move || notices.with(|all| {
                        // The first notices, then one line counting the rest, if any.
                        let listed = all.iter().take(LISTED_NOTICES).map(|n| (n.key.clone(), n.message.clone()));
                        let more = more_line(all.len()).map(|line| ("more".to_string(), line));
                        listed.chain(more).map(|(key, message)| view! { <li data-key=key inner_html=markup(&message)></li> }).collect_view()
                    })}
                </ul>
                <button type="button" class="quiet" on:click=move |_| notices.set(Vec::new())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
