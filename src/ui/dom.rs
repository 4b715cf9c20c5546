//! The few browser facts the components need, each failing soft: a missing window or a refused
//! call must never take the page down.

use wasm_bindgen::JsValue;

/// The page's query string, or empty if it cannot be read.
pub fn query_string() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// Rewrites the address bar's query without adding a history entry or scrolling, so a link
/// copied at any moment reproduces what is on screen.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let path = window.location().pathname().unwrap_or_default();
    let hash = window.location().hash().unwrap_or_default();
    let _ =
        history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}?{query}{hash}")));
}

/// The `<html>` element, where the page states what scripts may wait on.
fn root() -> Option<web_sys::Element> {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
}

/// Sets or clears `data-url-pending` on the root element.
pub fn mark_url_pending(pending: bool) {
    let Some(root) = root() else { return };
    let _ = if pending {
        root.set_attribute("data-url-pending", "")
    } else {
        root.remove_attribute("data-url-pending")
    };
}

/// Marks the root element `data-embed` for a page showing one embedded figure, so the
/// stylesheet can trim the page margins. (A `body:has(.single.embed)` rule did the same, but
/// made the browser recompute the whole page's style on every slider step, 0.33 ms each.)
pub fn mark_embedded() {
    let Some(root) = root() else { return };
    let _ = root.set_attribute("data-embed", "");
}

/// Marks the root element `data-complete` once every section of the page is built, so scripts
/// (and the browser tests) can wait for the whole page rather than its first screen.
pub fn mark_complete() {
    let Some(root) = root() else { return };
    let _ = root.set_attribute("data-complete", "");
}

/// Scrolls to the element the address's `#fragment` names, if there is one. A link to a section
/// built after the first paint arrives before its target exists, so the browser's own jump to
/// the fragment finds nothing; this repeats it once the page is whole.
pub fn scroll_to_fragment() {
    let Some(window) = web_sys::window() else { return };
    let Ok(hash) = window.location().hash() else { return };
    let Some(id) = hash.strip_prefix('#').filter(|id| !id.is_empty()) else { return };
    let id = js_sys::decode_uri_component(id).map(String::from).unwrap_or_else(|_| id.to_string());
    if let Some(target) = window.document().and_then(|d| d.get_element_by_id(&id)) {
        target.scroll_into_view();
    }
}

/// Device pixels per CSS pixel, for crisp canvases on high-density screens.
pub fn device_pixel_ratio() -> f64 {
    let ratio = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0);
    if ratio.is_finite() && ratio > 0.0 {
        ratio.min(4.0)
    } else {
        1.0
    }
}
