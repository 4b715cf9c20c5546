//! The sample run: a real result file bundled with the page, fetched only when a reader asks,
//! checked against the integrity hash the build wrote beside its name (`site::sample_run`), and
//! handed to the section as if the reader had chosen it.

use super::module;
use crate::measurements::protocol::{place, Action};
use crate::shared_names::files::{META_INTEGRITY, SAMPLE_META_SELECTOR, SAMPLE_RUN_SOURCE};
use crate::text::sample_run::{SAMPLE_RUN_FAILED, SAMPLE_RUN_FETCHING};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Fetches the sample and sends it to the section's module as a chosen file.
pub(super) fn load() {
    say(place::BUSY, SAMPLE_RUN_FETCHING);
    if fetch().is_none() {
        failed(JsValue::NULL);
    }
}

fn fetch() -> Option<()> {
    let window = web_sys::window()?;
    let meta = window.document()?.query_selector(SAMPLE_META_SELECTOR).ok()??;
    let (url, hash) = (meta.get_attribute("content")?, meta.get_attribute(META_INTEGRITY)?);
    // fetch(url, { integrity }): a body that does not match the hash is refused.
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"integrity".into(), &hash.into()).ok()?;
    let fetch = js_sys::Reflect::get(&window, &"fetch".into()).ok()?;
    let fetch = fetch.dyn_into::<js_sys::Function>().ok()?;
    let response = fetch.call2(&window, &url.into(), &options).ok()?;
    let response = response.dyn_into::<js_sys::Promise>().ok()?;
    let body = Closure::once(move |response: JsValue| {
        let ok = js_sys::Reflect::get(&response, &"ok".into()).ok().and_then(|v| v.as_bool());
        let text = js_sys::Reflect::get(&response, &"text".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call0(&response).ok())
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
        match (ok, text) {
            (Some(true), Some(text)) => {
                let chosen = Closure::once(chosen);
                let refused = Closure::once(failed);
                let _ = text.then2(&chosen, &refused);
                chosen.forget();
                refused.forget();
            }
            _ => failed(JsValue::NULL),
        }
    });
    let refused = Closure::once(failed);
    let _ = response.then2(&body, &refused);
    // Each runs once at most; the page keeps none of them after.
    body.forget();
    refused.forget();
    Some(())
}

/// The sample's text, handed over as the file a reader would have chosen.
fn chosen(text: JsValue) {
    let parts = js_sys::Array::of1(&text);
    match web_sys::File::new_with_str_sequence(&parts, SAMPLE_RUN_SOURCE) {
        Ok(file) => module::send(Action::ReadFiles.name(), js_sys::Array::of1(&file).into(), true),
        Err(e) => failed(e),
    }
}

fn failed(_: JsValue) {
    say(place::BUSY, "");
    say(place::ERROR, SAMPLE_RUN_FAILED);
}

/// Puts a constant sentence in one of the section's places, and shows it.
fn say(selector: &str, text: &str) {
    let place = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten());
    if let Some(place) = place {
        place.set_text_content(Some(text));
        if !text.is_empty() {
            let _ = place.remove_attribute("hidden");
        }
    }
}
