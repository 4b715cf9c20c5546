//! The few browser facts the components need, each failing soft: a missing window or a refused
//! call must never take the page down.
//!
//! The page is also rendered natively, to write its markup into index.html at build time
//! (`crate::prerender`). There is no browser then: each function has a native twin at the end of
//! this file that answers as a page with an empty address would, so the components build the
//! lesson at its defaults without a `cfg` of their own.

/// Whether this is the native build that renders the page's markup, not the browser's.
pub const AT_BUILD_TIME: bool = !cfg!(target_arch = "wasm32");

#[cfg(target_arch = "wasm32")]
pub use browser::*;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen::{JsCast, JsValue};

    /// The page's query string, or empty if it cannot be read.
    pub fn query_string() -> String {
        web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
    }

    /// Rewrites the address bar's query without adding a history entry or scrolling, so a link
    /// copied at any moment reproduces what is on screen.
    pub fn replace_query(query: &str) {
        let Some(window) = web_sys::window() else { return };
        // The call is synchronous and costs milliseconds even when nothing changes: on a page
        // opened at an address that already says what is on screen, it is skipped.
        let search = window.location().search().unwrap_or_default();
        if search.trim_start_matches('?') == query {
            return;
        }
        let Ok(history) = window.history() else { return };
        let path = window.location().pathname().unwrap_or_default();
        let hash = window.location().hash().unwrap_or_default();
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{path}?{query}{hash}")),
        );
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
    /// stylesheet can trim the page margins. An attribute on the root rather than a
    /// `body:has(…)` rule: with that rule, every node a step inserts anywhere (a table's rows)
    /// makes the browser recompute the body's style, and it does so before the figure's first
    /// label can be drawn.
    pub fn mark_embedded() {
        let Some(root) = root() else { return };
        let _ = root.set_attribute("data-embed", "");
    }

    /// Marks the root element `data-present` for presentation mode, for the same reason as
    /// [`mark_embedded`].
    pub fn mark_presenting() {
        let Some(root) = root() else { return };
        let _ = root.set_attribute("data-present", "");
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
        let id =
            js_sys::decode_uri_component(id).map(String::from).unwrap_or_else(|_| id.to_string());
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

    /// The system's dark-mode query, to follow it while the reader has not chosen a theme.
    pub fn dark_scheme_query() -> Option<web_sys::MediaQueryList> {
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
    }

    /// Runs `f` after the browser has painted what is built so far.
    pub fn after_first_paint(f: impl FnOnce() + 'static) {
        leptos::prelude::request_animation_frame(move || {
            leptos::prelude::set_timeout(f, std::time::Duration::ZERO)
        });
    }

    /// Marks the nodes of the lesson rendered at build time (index.html's `#prerendered`), so the
    /// live page can stand in for them.
    const PRERENDERED_ID: &str = "prerendered";
    /// The element the live page is built in, beside the prerendered lesson.
    const MOUNT_ID: &str = "app";
    /// What the prerendered nodes still shown carry until the live ones replace them: their
    /// place among their container's children.
    const STANDING_IN: &str = "data-prerendered";
    /// The nodes marked [`STANDING_IN`], written out: a selector built at run time costs code.
    const ANY_STANDING_IN: &str = "[data-prerendered]";
    /// Marks a container whose children are built in stages: a selector for them.
    const TAKEOVERS: &str = "[data-takeover]";

    /// Where the live page is built: a new element where the build put the prerendered lesson,
    /// hidden until the page's frame is complete and takes that lesson's place
    /// ([`take_over_prerendered`]). The page body if that markup is missing (a plain `trunk serve`
    /// of the unprocessed page) or already gone (a page showing one figure).
    pub fn mount_point() -> Option<web_sys::HtmlElement> {
        let document = web_sys::window()?.document()?;
        let body = document.body()?;
        let Some(prerendered) = document.get_element_by_id(PRERENDERED_ID) else {
            return Some(body);
        };
        let point = document.create_element("div").ok()?.dyn_into::<web_sys::HtmlElement>().ok()?;
        point.set_id(MOUNT_ID);
        point.set_hidden(true);
        prerendered.before_with_node_1(&point).ok()?;
        Some(point)
    }

    /// Shows the live page's frame, built out of sight over several tasks, in place of the
    /// prerendered lesson, in one task, so the browser never paints between the two. Parts built
    /// in later tasks (`widgets::later`) are not there yet: in each container marked
    /// `data-takeover`, the prerendered children beyond those already built move into the live
    /// container, after them, and stand in until their live twins are built.
    pub fn take_over_prerendered() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Some(live) = document.get_element_by_id(MOUNT_ID) else { return };
        let Some(prerendered) = document.get_element_by_id(PRERENDERED_ID) else { return };
        remember_focus_within(&document, &prerendered);
        if let (Ok(built), Ok(live_parts)) =
            (prerendered.query_selector_all(TAKEOVERS), live.query_selector_all(TAKEOVERS))
        {
            for i in 0..built.length().min(live_parts.length()) {
                let (Some(from), Some(to)) = (element(built.item(i)), element(live_parts.item(i)))
                else {
                    continue;
                };
                let children: Vec<web_sys::Element> =
                    (0..from.children().length()).filter_map(|c| from.children().item(c)).collect();
                let already = to.child_element_count() as usize;
                for (index, child) in children.into_iter().enumerate().skip(already) {
                    let _ = child.set_attribute(STANDING_IN, &index.to_string());
                    let _ = to.append_child(&child);
                }
            }
        }
        prerendered.remove();
        let _ = live.remove_attribute("hidden");
        refocus_lost(&document);
    }

    /// Removes the prerendered children whose live twins are now built: in each container, those
    /// at a place the live children have reached.
    pub fn remove_standing_in() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(parts) = document.query_selector_all(TAKEOVERS) else { return };
        for i in 0..parts.length() {
            let Some(part) = element(parts.item(i)) else { continue };
            let children: Vec<web_sys::Element> =
                (0..part.children().length()).filter_map(|c| part.children().item(c)).collect();
            let live = children.iter().filter(|c| !c.has_attribute(STANDING_IN)).count();
            for child in children {
                let place = child.get_attribute(STANDING_IN).and_then(|p| p.parse::<usize>().ok());
                if place.is_some_and(|place| place < live) {
                    remember_focus_within(&document, &child);
                    child.remove();
                }
            }
        }
        refocus_lost(&document);
    }

    /// Removes every prerendered node still standing in: the live page is complete. A control
    /// the reader had focused in one passes the focus to its live twin.
    pub fn remove_all_standing_in() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(all) = document.query_selector_all(ANY_STANDING_IN) else { return };
        for i in 0..all.length() {
            if let Some(element) = element(all.item(i)) {
                remember_focus_within(&document, &element);
                element.remove();
            }
        }
        refocus_lost(&document);
    }

    /// Notes how to find the twin of the focused element if it is inside `node`, about to be
    /// moved or removed: a node leaving the page takes the focus with it.
    fn remember_focus_within(document: &web_sys::Document, node: &web_sys::Element) {
        let Some(focused) = document.active_element() else { return };
        if !node.contains(Some(&focused)) {
            return;
        }
        // The same component renders both twins, so they carry the same id or test id.
        let twin = match (focused.id(), focused.get_attribute("data-testid")) {
            (id, _) if !id.is_empty() => format!("[id=\"{id}\"]"),
            (_, Some(test_id)) => format!("[data-testid=\"{test_id}\"]"),
            _ => return,
        };
        REFOCUS.with(|cell| *cell.borrow_mut() = Some(twin));
    }

    /// Focuses the twin of a focused element that left the page, unless the focus has gone
    /// somewhere since. A twin still standing in takes it until its own removal passes it on.
    fn refocus_lost(document: &web_sys::Document) {
        let Some(twin) = REFOCUS.with(|cell| cell.borrow_mut().take()) else { return };
        let body: Option<web_sys::Element> = document.body().map(Into::into);
        if document.active_element() != body {
            return;
        }
        let found = document.query_selector(&twin).ok().flatten();
        if let Some(found) = found.and_then(|f| f.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = found.focus();
        }
    }

    fn element(node: Option<web_sys::Node>) -> Option<web_sys::Element> {
        node.and_then(|n| n.dyn_into::<web_sys::Element>().ok())
    }

    /// Marks the root element `data-builds-on-approach` while later stages wait for the reader
    /// (`widgets::later`), so scripts that need the whole page know to scroll through it.
    pub fn mark_builds_on_approach() {
        let Some(root) = root() else { return };
        let _ = root.set_attribute("data-builds-on-approach", "");
    }

    /// The address's `#fragment`, or empty.
    pub fn fragment() -> String {
        web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
    }

    /// Calls `near` once, when a prerendered node still standing in comes within a screen of the
    /// viewport (`false`) or a control inside one takes the focus (`true`). The focus passes to
    /// the control's live twin when the stand-in is removed.
    pub fn when_standing_in_is_near(near: impl FnOnce(bool) + 'static) {
        use std::cell::RefCell;
        use std::rc::Rc;
        use wasm_bindgen::closure::Closure;
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(standing) = document.query_selector_all(ANY_STANDING_IN) else { return };
        if standing.length() == 0 {
            return;
        }
        let near = Rc::new(RefCell::new(Some(near)));
        let observer_cell: Rc<RefCell<Option<web_sys::IntersectionObserver>>> = Rc::default();
        // The focus listener of this watch, taken off the page when it fires, so that watches
        // past do not pile up on the document.
        let focus_listener: Rc<RefCell<Option<js_sys::Function>>> = Rc::default();
        let fire = {
            let (near, observer_cell, focus_listener, document) =
                (near.clone(), observer_cell.clone(), focus_listener.clone(), document.clone());
            move |focused: bool| {
                if let Some(observer) = observer_cell.borrow_mut().take() {
                    observer.disconnect();
                }
                if let Some(listener) = focus_listener.borrow_mut().take() {
                    let _ = document.remove_event_listener_with_callback("focusin", &listener);
                }
                if let Some(near) = near.borrow_mut().take() {
                    near(focused);
                }
            }
        };
        let on_intersect = {
            let fire = fire.clone();
            Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                let close = entries.iter().any(|entry| {
                    entry
                        .dyn_into::<web_sys::IntersectionObserverEntry>()
                        .is_ok_and(|e| e.is_intersecting())
                });
                if close {
                    fire(false);
                }
            })
        };
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root_margin("100% 0px 100% 0px");
        if let Ok(observer) = web_sys::IntersectionObserver::new_with_options(
            on_intersect.as_ref().unchecked_ref(),
            &options,
        ) {
            for i in 0..standing.length() {
                if let Some(node) = element(standing.item(i)) {
                    observer.observe(&node);
                }
            }
            *observer_cell.borrow_mut() = Some(observer);
        }
        // Disconnected when it fires; like the focus listener below, one per stage.
        on_intersect.forget();
        let on_focus =
            Closure::<dyn FnMut(web_sys::FocusEvent)>::new(move |event: web_sys::FocusEvent| {
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let Some(target) = target else { return };
                if target.closest(ANY_STANDING_IN).ok().flatten().is_some() {
                    fire(true);
                }
            });
        let listener: js_sys::Function =
            on_focus.as_ref().unchecked_ref::<js_sys::Function>().clone();
        let _ = document.add_event_listener_with_callback("focusin", &listener);
        *focus_listener.borrow_mut() = Some(listener);
        // Removed from the page when it fires, never freed: a closure cannot free itself while
        // it runs, and there is one per stage.
        on_focus.forget();
    }

    /// The section whose heading has the id `title_id` (it is `aria-labelledby` that heading).
    pub fn section_titled(title_id: &str) -> Option<web_sys::Element> {
        let document = web_sys::window()?.document()?;
        document.query_selector(&format!("section[aria-labelledby=\"{title_id}\"]")).ok()?
    }

    /// Calls `near` with whether `element` is on screen or within half a screen of it: once the
    /// browser has laid the page out, and again each time that changes. The watch ends when
    /// the component that started it is cleaned up.
    pub fn watch_near(element: &web_sys::Element, near: impl Fn(bool) + 'static) {
        use wasm_bindgen::closure::Closure;
        let seen = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            if let Some(entry) = entries
                .iter()
                .last()
                .and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
            {
                near(entry.is_intersecting());
            }
        });
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root_margin("50% 0px 50% 0px");
        if let Ok(observer) =
            web_sys::IntersectionObserver::new_with_options(seen.as_ref().unchecked_ref(), &options)
        {
            observer.observe(element);
            let kept = send_wrapper::SendWrapper::new((observer, seen));
            leptos::prelude::on_cleanup(move || kept.0.disconnect());
        }
    }

    thread_local! {
        /// How to find the twin of a focused prerendered node that left the page: a selector.
        static REFOCUS: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    }

    /// Runs `f` in a task of its own, after whatever the browser has queued.
    pub fn next_task(f: impl FnOnce() + 'static) {
        leptos::prelude::set_timeout(f, std::time::Duration::ZERO)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    /// No address: the page at its defaults.
    pub fn query_string() -> String {
        String::new()
    }

    pub fn replace_query(_query: &str) {}

    pub fn mark_url_pending(_pending: bool) {}

    pub fn mark_embedded() {}

    pub fn mark_presenting() {}

    pub fn mark_complete() {}

    pub fn scroll_to_fragment() {}

    pub fn device_pixel_ratio() -> f64 {
        1.0
    }

    /// No system to follow: the markup is written light, and the live page follows the system.
    pub fn dark_scheme_query() -> Option<web_sys::MediaQueryList> {
        None
    }

    /// The markup holds the whole lesson: what the browser builds after its first paint is
    /// built at once.
    pub fn after_first_paint(f: impl FnOnce() + 'static) {
        f()
    }

    /// At build time every stage is built at once.
    pub fn next_task(f: impl FnOnce() + 'static) {
        f()
    }

    pub fn remove_standing_in() {}

    pub fn mark_builds_on_approach() {}

    /// No address: no fragment.
    pub fn fragment() -> String {
        String::new()
    }

    pub fn watch_near(_element: &web_sys::Element, _near: impl Fn(bool) + 'static) {}

    pub fn section_titled(_title_id: &str) -> Option<web_sys::Element> {
        None
    }

    /// At build time nothing stands in and every stage is built at once.
    pub fn when_standing_in_is_near(near: impl FnOnce(bool) + 'static) {
        near(true)
    }

    pub fn remove_all_standing_in() {}

    /// At build time the page is the prerendered lesson.
    pub fn take_over_prerendered() {}
}
