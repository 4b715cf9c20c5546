//! The three ways in: a file picker (several files at once), dropping files on the section, and
//! pasting text. Each file goes to the worker as it is; a refusal is shown where the reader
//! looks, and whatever was loaded before stays.

use super::Loaded;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub(super) fn Import(loaded: Loaded) -> impl IntoView {
    let dragging = RwSignal::new(false);
    let paste = RwSignal::new(String::new());
    let read_files = move |files: Option<web_sys::FileList>| {
        let Some(files) = files else { return };
        for i in 0..files.length() {
            if let Some(file) = files.item(i) {
                loaded.read(&file.name(), file.into());
            }
        }
    };
    let on_pick = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        read_files(input.files());
        // The same file can be chosen again (after changing it on disk, say).
        input.set_value("");
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        read_files(ev.data_transfer().and_then(|d| d.files()));
    };
    let on_drag_over = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(true);
    };
    let on_paste_go = move |_| {
        let text = paste.get_untracked();
        if text.trim().is_empty() {
            loaded.error.set(Some(
                "The paste box is empty: paste the contents of a result file first.".to_string(),
            ));
            return;
        }
        loaded.read("pasted text", text.into());
    };
    let busy = move || match loaded.pending.get() {
        0 => String::new(),
        1 => "Reading one file…".to_string(),
        n => format!("Reading {n} files…"),
    };
    view! {
        <div class="import" class:dragging=move || dragging.get()
            on:dragover=on_drag_over on:dragleave=move |_| dragging.set(false) on:drop=on_drop>
            <p>
                <label for="import-file">"A result file, or several (one run each): "</label>
                <input type="file" id="import-file" data-testid="import-file" multiple
                    accept=".json,.jsonl,.csv,.txt,application/json,text/csv,text/plain" on:change=on_pick />
                <span class="aside">" or drop them anywhere on this section."</span>
            </p>
            <details class="paste">
                <summary>"Paste the file's text instead"</summary>
                <label for="import-paste">"The contents of a result file"</label>
                <textarea id="import-paste" data-testid="import-paste" rows="6" spellcheck="false"
                    prop:value=move || paste.get() on:input=move |ev| paste.set(event_target_value(&ev))></textarea>
                <button type="button" data-testid="import-paste-go" on:click=on_paste_go>"Read the pasted text"</button>
            </details>
            <p class="import-status" role="status" data-testid="import-busy">{busy}</p>
            <Show when=move || loaded.error.with(Option::is_some)>
                <p class="import-error" role="alert" data-testid="import-error">
                    {move || loaded.error.get().unwrap_or_default()}
                    {move || (!loaded.runs.with(Vec::is_empty)).then_some(" The runs loaded before are still below.")}
                </p>
            </Show>
        </div>
    }
}
