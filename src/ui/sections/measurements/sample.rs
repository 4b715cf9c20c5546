//! The sample run: a real result file bundled with the page, fetched only when a reader asks,
//! checked against the integrity hash the build wrote beside its name (`site::sample_run`), and
//! handed to the section as if the reader had chosen it.

use super::import;
use super::section::Section;
use crate::shared_names::files::{META_INTEGRITY, SAMPLE_META_SELECTOR, SAMPLE_RUN_SOURCE};
use crate::text::sample_run::SAMPLE_RUN_FAILED;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Fetches the sample and reads it as a chosen file.
pub(super) fn load(section: Section) {
    section.fetching_sample.set(true);
    if fetch(section).is_none() {
        failed(section);
    }
}

fn fetch(section: Section) -> Option<()> {
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
                let chosen = Closure::once(move |text: JsValue| chosen(section, text));
                let refused = Closure::once(move |_: JsValue| failed(section));
                let _ = text.then2(&chosen, &refused);
                chosen.forget();
                refused.forget();
            }
            _ => failed(section),
        }
    });
    let refused = Closure::once(move |_: JsValue| failed(section));
    let _ = response.then2(&body, &refused);
    // Each runs once at most; the page keeps none of them after.
    body.forget();
    refused.forget();
    Some(())
}

/// The sample's text, read as the file a reader would have chosen.
fn chosen(section: Section, text: JsValue) {
    let parts = js_sys::Array::of1(&text);
    match web_sys::File::new_with_str_sequence(&parts, SAMPLE_RUN_SOURCE) {
        Ok(file) => {
            section.fetching_sample.set(false);
            import::read_files(section, vec![file]);
        }
        Err(_) => failed(section),
    }
}

fn failed(section: Section) {
    section.fetching_sample.set(false);
    section.error.set(Some(SAMPLE_RUN_FAILED.to_string()));
}
