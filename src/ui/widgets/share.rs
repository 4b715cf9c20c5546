//! Sharing: copy the link to exactly what is on screen, or the code to embed one figure.

use crate::charts::Figure;
use crate::shared_names::files::HOST_SCRIPT_SELECTOR;
use crate::text::embed;
use crate::ui::context::use_query_source;
use leptos::prelude::*;

/// The link to what is on screen: this page's address with the query built from the state
/// (the address bar itself is updated a moment after the controls stop).
pub fn current_href(query: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .as_ref()
        .map(|l| format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default()))
        .unwrap_or_default();
    format!("{base}?{query}")
}

/// Copies `text` to the clipboard, reporting the outcome to `status`. Clipboard access can be
/// refused (insecure origins, permissions), so the text is always shown for copying by hand too.
pub fn copy(text: String, status: RwSignal<Option<String>>, done: &'static str) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        status.set(Some("Copy it from the box below.".to_string()));
        return;
    };
    let promise = clipboard.write_text(&text);
    leptos::task::spawn_local(async move {
        let outcome = wasm_bindgen_futures::JsFuture::from(promise).await;
        status.set(Some(if outcome.is_ok() {
            done.to_string()
        } else {
            "The browser did not allow copying; copy it from the box below.".to_string()
        }));
    });
}

/// This build's host script, as index.html names it: an inert `<script type="text/plain">`
/// (the page never runs it) whose address and integrity hash trunk writes at each build.
fn host_script() -> Option<(String, String)> {
    let document = web_sys::window()?.document()?;
    let tag = document.query_selector(HOST_SCRIPT_SELECTOR).ok()??;
    let integrity = tag.get_attribute("integrity")?;
    // The element's `src` property is the attribute resolved against the page: absolute.
    let src = js_sys::Reflect::get(&tag, &"src".into()).ok()?.as_string()?;
    Some((src, integrity))
}

/// The embed snippet for `figure` at the current settings, if this build has a host script.
fn embed_code(figure: Figure, query: &str) -> Option<String> {
    let (src, integrity) = host_script()?;
    Some(embed::snippet(figure, query, embed::HostScript { src: &src, integrity: &integrity }))
}

#[component]
pub fn ShareBar() -> impl IntoView {
    let status = RwSignal::new(None::<String>);
    let link_text = RwSignal::new(String::new());
    let query = use_query_source();
    let copy_link = move |_| {
        let href = current_href(&query());
        link_text.set(href.clone());
        copy(href, status, "Link copied: it opens this page with every control as it is now.");
    };
    view! {
        <div class="share">
            <button type="button" data-testid="copy-link" on:click=copy_link>"Copy link to these settings"</button>
            <span class="share-status" data-testid="share-status" role="status">{move || status.get().unwrap_or_default()}</span>
            <Show when=move || !link_text.with(String::is_empty)>
                <input class="share-text" type="text" readonly aria-label="Link to these settings" prop:value=move || link_text.get() />
            </Show>
        </div>
    }
}

#[component]
pub fn EmbedButton(figure: Figure) -> impl IntoView {
    let status = RwSignal::new(None::<String>);
    let code = RwSignal::new(String::new());
    let query = use_query_source();
    let copy_code = move |_| match embed_code(figure, &query()) {
        Some(snippet) => {
            code.set(snippet.clone());
            copy(snippet, status, "Embed code copied: paste it where the figure should appear.");
        }
        None => status.set(Some(embed::NO_HOST_SCRIPT.to_string())),
    };
    view! {
        <button type="button" class="quiet" data-testid=format!("{}-embed", figure.slug()) on:click=copy_code>"Embed"</button>
        <span class="share-status" role="status">{move || status.get().unwrap_or_default()}</span>
        <Show when=move || !code.with(String::is_empty)>
            <textarea class="embed-code" readonly rows="3" aria-label="Embed code" data-testid=format!("{}-embed-code", figure.slug()) prop:value=move || code.get()></textarea>
        </Show>
    }
}
