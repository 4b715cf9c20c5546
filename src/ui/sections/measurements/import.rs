//! The three ways in: the file picker (several files at once), files dropped on the section,
//! and pasted text. Each goes to the worker as it is; its answer adds runs, or shows a refusal
//! and keeps whatever was loaded before.
//!
//! The page keeps what it sent for each file that gave runs (the `File`, which the browser reads
//! from disk again, or the pasted text) so that a worker started after one failed can be sent
//! the same files, in the same order and under the same run ids ([`read_again`]). A file the
//! new worker stops on twice while reading it again is dropped with its runs, with a note, so
//! one file too large for the tab's memory cannot leave every later action unanswered.

use super::{results, worker, Loaded};
use crate::text::measurements::{decode_reply, not_read_again, stopped_reading_again};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use wasm_bindgen::{JsCast, JsValue};

/// A file the worker read into runs: what was sent, the ids its runs were given, and the
/// worker's answer, which the same file read again gives word for word.
#[derive(Clone)]
struct Source {
    name: String,
    payload: JsValue,
    ids: Range<usize>,
    reply: String,
    /// Restarted workers that stopped while reading this file again.
    stops: u8,
}

thread_local! {
    static SOURCES: RefCell<Vec<Source>> = const { RefCell::new(Vec::new()) };
    /// A file was found in the reading when this round's worker stopped: the files after it,
    /// unanswered too, were only waiting and are not to blame.
    static STOP_BLAMED: Cell<bool> = const { Cell::new(false) };
}

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
fn read(loaded: Loaded, name: &str, payload: JsValue) {
    loaded.imports.update(|i| i.pending += 1);
    progress(Some(0.0));
    let kept = (name.to_string(), payload.clone());
    worker::read(
        name,
        payload,
        |share| progress(Some(share)),
        move |reply| {
            let decoded = decode_reply(&reply);
            loaded.imports.update(|i| {
                i.pending = i.pending.saturating_sub(1);
                if i.pending == 0 {
                    progress(None);
                }
                match decoded {
                    Some(Ok(new_runs)) => {
                        if let (Some(first), Some(last)) = (new_runs.first(), new_runs.last()) {
                            let (name, payload) = kept;
                            let ids = first.id..last.id + 1;
                            let source = Source { name, payload, ids, reply, stops: 0 };
                            SOURCES.with_borrow_mut(|s| s.push(source));
                        }
                        i.selected = i.runs.len();
                        i.runs.extend(new_runs);
                        i.error = None;
                        i.applied.clear();
                        // The figures' canvases are in the markup just placed: drawn once it is.
                        results::draw_soon(loaded);
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

/// Sends every file that gave runs to a newly started worker, in the order first read and with
/// its runs' ids. A file that no longer gives the same runs (changed or moved on disk since) is
/// dropped with its runs, and the page says so. If the new worker stops too, the file it was
/// reading is counted against: it is tried once more (the stop may have come from elsewhere),
/// and dropped the second time.
pub(super) fn read_again(loaded: Loaded) {
    STOP_BLAMED.set(false);
    let count = SOURCES.with_borrow(Vec::len);
    for n in 0..count {
        let Some(source) = SOURCES.with_borrow(|s| s.get(n).cloned()) else { continue };
        let message: js_sys::Array = [
            JsValue::from("read"),
            JsValue::from(source.name.as_str()),
            source.payload.clone(),
            JsValue::from_f64(source.ids.start as f64),
        ]
        .into_iter()
        .collect();
        worker::ask(message, None, move |reply| {
            let Some(reply) = reply.as_string() else {
                if STOP_BLAMED.replace(true) {
                    return;
                }
                let stops = SOURCES.with_borrow_mut(|s| {
                    let kept = s.iter_mut().find(|s| s.ids == source.ids)?;
                    kept.stops += 1;
                    Some(kept.stops)
                });
                match stops {
                    Some(1) => results::draw_soon(loaded),
                    Some(_) => drop_source(loaded, &source, stopped_reading_again(&source.name)),
                    None => {}
                }
                return;
            };
            if reply != source.reply {
                drop_source(loaded, &source, not_read_again(&source.name));
            }
        });
    }
}

/// Takes a file and its runs off the page, shows `note`, and draws what is chosen after.
fn drop_source(loaded: Loaded, source: &Source, note: String) {
    loaded.imports.update(|i| {
        SOURCES.with_borrow_mut(|s| s.retain(|s| s.ids != source.ids));
        let shown = i.runs.get(i.selected).map(|r| r.id);
        i.runs.retain(|r| !source.ids.contains(&r.id));
        i.selected = i.runs.iter().position(|r| Some(r.id) == shown).unwrap_or(0);
        i.error = Some(note);
        results::draw_soon(loaded);
    });
}
