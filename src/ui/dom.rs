//! The few browser facts the components need, each failing soft: a missing window or a refused
//! call must never take the page down.
//!
//! The page is also rendered natively, to write its markup into index.html at build time
//! (`crate::site`). There is no browser then: each function has a native twin at the end of
//! this file that answers as a page with an empty address would, so the components build the
//! lesson at its defaults without a `cfg` of their own.

/// Whether this is the native build that renders the page's markup, not the browser's.
pub const AT_BUILD_TIME: bool = !cfg!(target_arch = "wasm32");

/// The tab the workbench opens its presentation in (a link's `target`): the review, with the
/// files it was read from, stays in its own tab, and leaving the presentation closes this one.
pub const PRESENTATION_TAB: &str = "crossover-presentation";

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

    /// Sets (`on`) or clears the root element's attribute `mark`, one of
    /// [`crate::shared_names::root`]'s, with an empty value.
    /// Leaves a presentation: a tab the workbench opened for it ([`super::PRESENTATION_TAB`])
    /// closes, back to the review; otherwise, or where the browser keeps the tab open, the
    /// page goes to `full_page`.
    pub fn leave_presentation(full_page: &str) {
        let Some(window) = web_sys::window() else { return };
        if window.name().is_ok_and(|n| n == super::PRESENTATION_TAB) {
            let _ = window.close();
            if window.closed().unwrap_or(false) {
                return;
            }
        }
        let _ = window.location().assign(full_page);
    }

    pub fn mark_root(mark: &str, on: bool) {
        let Some(root) = root() else { return };
        let _ = if on { root.set_attribute(mark, "") } else { root.remove_attribute(mark) };
    }

    /// Takes away the drawing `boot.js` showed where an embedded figure's canvas goes
    /// (`shared_names::embed::STAND_IN_ID`), if there is one.
    pub fn remove_embed_stand_in() {
        let stand_in = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(crate::shared_names::embed::STAND_IN_ID));
        if let Some(stand_in) = stand_in {
            stand_in.remove();
        }
    }

    /// The canvas the page drew a figure on, by its test id (`completion-canvas`): for saving the
    /// figures a design doc names from where they are drawn.
    pub fn canvas_by_testid(testid: &str) -> Option<web_sys::HtmlCanvasElement> {
        let document = web_sys::window()?.document()?;
        let found =
            document.query_selector(&format!("canvas[data-testid=\"{testid}\"]")).ok()??;
        found.dyn_into().ok()
    }

    /// Whether the root element carries `mark`, one of [`crate::shared_names::root`]'s.
    pub fn root_has(mark: &str) -> bool {
        root().is_some_and(|root| root.has_attribute(mark))
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

    /// The address's `#fragment`, or empty.
    pub fn fragment() -> String {
        web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
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
        watch_within(element, "50% 0px 50% 0px", near)
    }

    /// [`watch_near`] for any part of `element` on screen itself.
    pub fn watch_seen(element: &web_sys::Element, seen: impl Fn(bool) + 'static) {
        watch_within(element, "0px", seen)
    }

    fn watch_within(element: &web_sys::Element, margin: &str, near: impl Fn(bool) + 'static) {
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
        options.set_root_margin(margin);
        if let Ok(observer) =
            web_sys::IntersectionObserver::new_with_options(seen.as_ref().unchecked_ref(), &options)
        {
            observer.observe(element);
            let kept = send_wrapper::SendWrapper::new((observer, seen));
            leptos::prelude::on_cleanup(move || kept.0.disconnect());
        }
    }

    /// At a phone's width (where the stylesheet folds each lab's panel into a strip at the foot
    /// of the screen), the figure of the lab holding `panel` whose drawing is wholly on screen
    /// above the place the open strip reaches, so that opening it covers none of the drawing and
    /// only what follows it (its `data-figure` slug, or `None` when there is none); `None` at
    /// wider widths, where the panel is a column of its own and never folds.
    pub fn lab_figure_on_screen(panel: &web_sys::Element) -> Option<Option<String>> {
        let window = web_sys::window()?;
        // Whether the panel folds is the stylesheet's to say (its width rule shows the strip's
        // bar only where it folds): a bar that takes no box means a column of its own.
        let bar =
            panel.query_selector(".strip-bar").ok()??.dyn_into::<web_sys::HtmlElement>().ok()?;
        bar.offset_parent()?;
        // Once the lab is read past, its strip is the lab's last line, no longer at the foot
        // of the screen, and before the lab is reached it is below the screen: nothing on
        // screen is its lab's to open for.
        if strip_left_behind(panel) {
            return Some(None);
        }
        let height = window.inner_height().ok()?.as_f64()?;
        let figures =
            panel.parent_element()?.query_selector_all(".lab-main figure[data-figure]").ok()?;
        // The open strip covers at most the stylesheet's `--strip-share` of the screen up from
        // its foot.
        let root = window.document()?.document_element()?;
        let share = window
            .get_computed_style(&root)
            .ok()??
            .get_property_value(crate::shared_names::style::STRIP_SHARE)
            .ok()?;
        let share = crate::state::number::parse_f64(share.trim())?;
        const SLACK_PX: f64 = 8.0;
        let reach = panel.get_bounding_client_rect().bottom().min(height) - share * height;
        Some(
            (0..figures.length())
                .filter_map(|i| figures.item(i)?.dyn_into::<web_sys::Element>().ok())
                // A figure in a folded disclosure is not on screen, though the browser still
                // lays it out where it would open and reports that place.
                .filter(|figure| figure.closest("details:not([open])").ok().flatten().is_none())
                .find(|figure| {
                    let drawing = figure
                        .query_selector(".canvas-box, .canvas-waiting")
                        .ok()
                        .flatten()
                        .unwrap_or_else(|| figure.clone());
                    let r = drawing.get_bounding_client_rect();
                    r.height() > 0.0 && r.top() >= -SLACK_PX && r.bottom() <= reach + SLACK_PX
                })
                .and_then(|figure| figure.get_attribute("data-figure")),
        )
    }

    /// Whether the strip of `panel` is away from the foot of the screen: gone up with the end of
    /// its lab, or still below the screen before the lab is reached. Opened there, its controls
    /// would hang over the middle of the page, or rise over the text before the lab.
    pub fn strip_left_behind(panel: &web_sys::Element) -> bool {
        let Some(height) =
            web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64())
        else {
            return false;
        };
        (panel.get_bounding_client_rect().bottom() - height).abs() > 2.0
    }

    /// Scrolls the open strip of `panel` inside itself so that the first control of `keys`
    /// it holds starts at its top: the strip opens on the controls of the figure beside it.
    pub fn strip_to_controls(panel: &web_sys::Element, keys: &[&str]) {
        let Ok(Some(body)) = panel.query_selector(".strip-body") else { return };
        let controls = keys
            .iter()
            .map(|k| format!(".control[data-param=\"{k}\"]"))
            .collect::<Vec<_>>()
            .join(", ");
        let Ok(Some(control)) = body.query_selector(&controls) else { return };
        let by = control.get_bounding_client_rect().top() - body.get_bounding_client_rect().top();
        body.set_scroll_top(body.scroll_top() + by.round() as i32);
    }

    /// Of the elements with these ids, the last whose top has passed two fifths of the way down
    /// the screen: the part of the page being read.
    pub fn reading_among(ids: &[&str]) -> Option<usize> {
        let window = web_sys::window()?;
        let document = window.document()?;
        let line = window.inner_height().ok()?.as_f64()? * 0.4;
        ids.iter().rposition(|id| {
            document
                .get_element_by_id(id)
                .is_some_and(|e| e.get_bounding_client_rect().top() <= line)
        })
    }

    /// Whether the reader has asked their system for less motion.
    pub fn prefers_reduced_motion() -> bool {
        web_sys::window()
            .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
            .is_some_and(|query| query.matches())
    }

    /// Runs `f` in a task of its own, after whatever the browser has queued.
    pub fn next_task(f: impl FnOnce() + 'static) {
        leptos::prelude::set_timeout(f, std::time::Duration::ZERO)
    }

    /// Runs `f` with what `work` gives, once it is done.
    pub fn when_done<T: 'static>(
        work: impl std::future::Future<Output = T> + 'static,
        f: impl FnOnce(T) + 'static,
    ) {
        wasm_bindgen_futures::spawn_local(async move { f(work.await) })
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    /// No address: the page at its defaults.
    pub fn query_string() -> String {
        String::new()
    }

    pub fn replace_query(_query: &str) {}

    pub fn leave_presentation(_full_page: &str) {}

    pub fn mark_root(_mark: &str, _on: bool) {}

    pub fn remove_embed_stand_in() {}

    pub fn canvas_by_testid(_testid: &str) -> Option<web_sys::HtmlCanvasElement> {
        None
    }

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

    /// No address: no fragment.
    pub fn fragment() -> String {
        String::new()
    }

    pub fn watch_near(_element: &web_sys::Element, _near: impl Fn(bool) + 'static) {}

    pub fn watch_seen(_element: &web_sys::Element, _seen: impl Fn(bool) + 'static) {}

    /// The markup is written for every reader: the play control it holds is the one that plays.
    pub fn prefers_reduced_motion() -> bool {
        false
    }

    pub fn lab_figure_on_screen(_panel: &web_sys::Element) -> Option<Option<String>> {
        None
    }

    pub fn strip_left_behind(_panel: &web_sys::Element) -> bool {
        false
    }

    pub fn strip_to_controls(_panel: &web_sys::Element, _keys: &[&str]) {}

    pub fn reading_among(_ids: &[&str]) -> Option<usize> {
        None
    }

    pub fn section_titled(_title_id: &str) -> Option<web_sys::Element> {
        None
    }
}
