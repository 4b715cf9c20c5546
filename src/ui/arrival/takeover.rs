//! The takeover: the live page, built out of sight beside the lesson written at build time,
//! takes that lesson's place, and the prerendered nodes of parts built in later stages stand in
//! until their live twins are built. A control the reader had focused in a node that leaves the
//! page hands the focus to its live twin.
//!
//! The native render has no prerendered lesson to take over: each function has a twin at the end
//! of this file that does nothing, or builds at once.

#[cfg(target_arch = "wasm32")]
pub use browser::*;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod browser {
    use crate::shared_names::takeover::{
        MOUNT_ID, PRERENDERED_ID, STAGED_SELECTOR, STANDING_IN, STANDING_IN_SELECTOR,
    };
    use wasm_bindgen::JsCast;

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
    /// in later stages (`stages`) are not there yet: in each container marked [`STAGED_SELECTOR`],
    /// the prerendered children beyond those already built move into the live container, after
    /// them, and stand in until their live twins are built.
    pub fn take_over_prerendered() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Some(live) = document.get_element_by_id(MOUNT_ID) else { return };
        let Some(prerendered) = document.get_element_by_id(PRERENDERED_ID) else { return };
        remember_focus_within(&document, &prerendered);
        if let (Ok(built), Ok(live_parts)) = (
            prerendered.query_selector_all(STAGED_SELECTOR),
            live.query_selector_all(STAGED_SELECTOR),
        ) {
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
        let Ok(parts) = document.query_selector_all(STAGED_SELECTOR) else { return };
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
        let Ok(all) = document.query_selector_all(STANDING_IN_SELECTOR) else { return };
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

    /// Calls `near` once, when a prerendered node still standing in comes within a screen of the
    /// viewport (`false`) or a control inside one takes the focus (`true`). The focus passes to
    /// the control's live twin when the stand-in is removed.
    pub fn when_standing_in_is_near(near: impl FnOnce(bool) + 'static) {
        use std::cell::RefCell;
        use std::rc::Rc;
        use wasm_bindgen::closure::Closure;
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(standing) = document.query_selector_all(STANDING_IN_SELECTOR) else { return };
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
                if target.closest(STANDING_IN_SELECTOR).ok().flatten().is_some() {
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

    thread_local! {
        /// How to find the twin of a focused prerendered node that left the page: a selector.
        static REFOCUS: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    /// At build time the page is the prerendered lesson.
    pub fn take_over_prerendered() {}

    pub fn remove_standing_in() {}

    pub fn remove_all_standing_in() {}

    /// At build time nothing stands in and every stage is built at once.
    pub fn when_standing_in_is_near(near: impl FnOnce(bool) + 'static) {
        near(true)
    }
}
