//! The three ways in: the file picker (several files at once), files dropped on the section,
//! and pasted text. Each goes to the worker as it is; its answer adds runs, or shows a refusal
//! and keeps whatever was loaded before.

use super::{results, worker, Loaded};
use crate::text::measurements::decode_reply;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub(super) fn picked(loaded: Loaded, element: web_sys::Element) {
    let Ok(input) = element.dyn_into::<web_sys::HtmlInputElement>() else { return };
    read_files(loaded, input.files());
    // The same file can then be chosen again (after changing it on disk, say).
    input.set_value("");
}

/// A `dragover` or `drop` anywhere on the page: over this section, the browser is kept from
/// opening the file itself, and a dropped file is read.
pub(super) fn dragged(loaded: Loaded, ev: web_sys::Event) {
    let over_section = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("#measurements").ok().flatten())
        .is_some();
    if !over_section {
        return;
    }
    ev.prevent_default();
    if ev.type_() == "drop" {
        let files = ev.dyn_ref::<web_sys::DragEvent>().and_then(|d| d.data_transfer());
        read_files(loaded, files.and_then(|d| d.files()));
    }
}

pub(super) fn pasted(loaded: Loaded) {
    let text = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("import-paste"))
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    if text.trim().is_empty() {
        loaded.imports.update(|i| {
            i.error =
                Some("The paste box is empty: paste the contents of a result file first.".into())
        });
        return;
    }
    read(loaded, "pasted text", text.into());
}

/// Shows the progress bar at `share` (0 to 1) of the file being read, or hides it.
fn progress(share: Option<f64>) {
    let document = web_sys::window().and_then(|w| w.document());
    let element = |id| document.as_ref().and_then(|d| d.get_element_by_id(id));
    let (Some(bar), Some(shown)) = (element("import-progress"), element("import-progress-box"))
    else {
        return;
    };
    let _ = match share {
        Some(share) => {
            let _ = bar.set_attribute("value", &format!("{share}"));
            shown.remove_attribute("hidden")
        }
        None => shown.set_attribute("hidden", ""),
    };
}

fn read_files(loaded: Loaded, files: Option<web_sys::FileList>) {
    let Some(files) = files else { return };
    for i in 0..files.length() {
        if let Some(file) = files.item(i) {
            read(loaded, &file.name(), file.into());
        }
    }
}

/// Sends one file (a `File`, passed by reference) or pasted text to the worker and takes in its
/// answer: new runs are added and the first of them chosen; a refusal is shown and what was
/// loaded before is kept.
fn read(loaded: Loaded, name: &str, payload: wasm_bindgen::JsValue) {
    loaded.imports.update(|i| i.pending += 1);
    progress(Some(0.0));
    worker::read(
        name,
        payload,
        |share| progress(Some(share)),
        move |reply| {
            loaded.imports.update(|i| {
                i.pending = i.pending.saturating_sub(1);
                if i.pending == 0 {
                    progress(None);
                }
                match decode_reply(&reply) {
                    Some(Ok(new_runs)) => {
                        i.selected = i.runs.len();
                        i.runs.extend(new_runs);
                        i.error = None;
                        i.applied.clear();
                        // The figures' canvases are in the markup just placed: drawn once it is.
                        request_animation_frame(move || results::draw(loaded));
                    }
                    Some(Err(message)) => i.error = Some(message),
                    None => {
                        i.error = Some(
                            "The file reader gave an answer the page cannot read; reload the page \
                         and try again."
                                .into(),
                        )
                    }
                }
            });
        },
    );
}
