//! One figure with its own controls and nothing else: for iframes in documentation sites
//! (`?embed=`) and for projectors (`?present=`).

use crate::charts::Figure;
use crate::shared_names::{embed::HEIGHT_MESSAGE, root};
use crate::state::presets::{next_slide, slides_for, Preset};
use crate::state::Param;
use crate::text::embed;
use crate::text::slides::slide_line;
use crate::ui::context::{use_notices, use_state, CurrentQuery};
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::notices::Notices;
use crate::ui::widgets::player::PLAY_SELECTOR;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Sends the document's height to the parent frame unless it is the same as last time.
fn send_height(parent: &web_sys::Window, last: &std::rc::Rc<std::cell::Cell<f64>>) {
    // The height of the root element's box, which is the content's. Not its scrollHeight: that
    // is never less than the frame's own height, so a frame could grow but never shrink back.
    let Some(height) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .map(|e| e.get_bounding_client_rect().height())
    else {
        return;
    };
    if (height - last.get()).abs() < 1.0 {
        return;
    }
    last.set(height);
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &JsValue::from_f64(height));
    // The height is not a secret, and the host's origin is unknown: "*" is the only target
    // that works for any site, which is why the message carries nothing else.
    let _ = parent.post_message(&message, "*");
}

/// Inside an iframe, tells the parent page how tall the content is whenever it changes, so the
/// host can size the frame. The message holds a type tag and the height, nothing else.
fn post_height_to_parent() {
    let Some(window) = web_sys::window() else { return };
    let Ok(Some(parent)) = window.parent() else { return };
    if parent == window {
        return;
    }
    let Some(body) = window.document().and_then(|d| d.body()) else { return };
    let last = std::rc::Rc::new(std::cell::Cell::new(0.0_f64));
    let (observer_parent, observer_last) = (parent.clone(), last.clone());
    let send = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        send_height(&observer_parent, &observer_last)
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(send.as_ref().unchecked_ref()) {
        observer.observe(&body);
        let kept = SendWrapper::new((observer, send));
        on_cleanup(move || kept.0.disconnect());
    }
    // Browsers skip rendering work, resize observers included, for cross-origin frames that are
    // scrolled out of view; a timer still runs, so the host learns the height before the reader
    // scrolls to the frame.
    for delay_ms in [0, 400] {
        let (parent, last) = (parent.clone(), last.clone());
        let once = Closure::once_into_js(move || send_height(&parent, &last));
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(once.unchecked_ref(), delay_ms);
    }
}

#[component]
pub fn SingleFigure(
    figure: Figure,
    presentation: bool,
    /// The controls shown, in order; none shows the figure alone.
    controls: Vec<Param>,
    /// Whether the caption is seen (screen readers keep it either way).
    caption: bool,
    /// Presenting another door's own steps (the workbench's decision) instead of the lesson's
    /// scenarios for the figure.
    #[prop(optional)]
    steps: Option<Steps>,
) -> impl IntoView {
    let leave_to = steps.as_ref().map(|s| s.leave_to);
    if !presentation {
        post_height_to_parent();
    }
    Effect::new(move |_| super::dom::mark_root(root::COMPLETE, true));
    // A notice above the figure moves its canvas down from where `boot.js` showed the build's
    // drawing of it: the drawing goes at once rather than cover the notice.
    if !use_notices().with_untracked(Vec::is_empty) {
        super::dom::remove_embed_stand_in();
    }
    // Built from the settings as they are now, not the address the frame opened with, so the
    // link follows the sliders (and drops the notices of a link already corrected).
    let query = expect_context::<CurrentQuery>().0;
    // A door's own steps (the workbench's review) are a presentation of what it opened on:
    // leaving goes back to those settings, whatever step is showing.
    let opened_query =
        StoredValue::new(steps.as_ref().filter(|s| s.from_opening).map(|_| query.get_untracked()));
    let full_page = move || {
        if let Some(leave_to) = leave_to {
            let settings = opened_query.get_value().unwrap_or_else(|| query.get_untracked());
            return leave_to(&settings);
        }
        let page = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
        embed::full_page(&page, &query.get_untracked())
    };
    let leave_label = steps.as_ref().map(|s| s.leave_label);
    // In presentation the link leaves as Escape does (closing the tab the workbench opened).
    let leave = move |ev: web_sys::MouseEvent| {
        if presentation && !(ev.ctrl_key() || ev.meta_key() || ev.shift_key()) {
            ev.prevent_default();
            super::dom::leave_presentation(&full_page());
        }
    };
    let link = move || {
        view! {
            <p class="single-link">
                <a href=move || { query.track(); full_page() } target=if presentation { "_self" } else { "_blank" } rel="noopener" on:click=leave>
                    {match (presentation, &leave_label) {
                        (true, Some(label)) => label,
                        (true, None) => "Leave presentation mode",
                        (false, _) => "Open the full explainer",
                    }}
                </a>
            </p>
        }
    };
    let (slides, beside) = match steps {
        Some(Steps { slides, from_opening, line, beside, .. }) => {
            (Slides { slides, from_opening, line }, Some(beside))
        }
        None => {
            (Slides { slides: slides_for(figure), from_opening: false, line: slide_line }, None)
        }
    };
    let slide = presentation.then(|| presentation_keys(slides, full_page));
    let inputs = (!controls.is_empty()).then(|| {
        // `Controls` takes a list that lives as long as the page, as the page's own lists do;
        // this view is built once per load, so the one list chosen by the link is kept for good.
        let params: &'static [Param] = Vec::leak(controls);
        view! { <Controls legend="Inputs" params=params /> }
    });
    view! {
        <div class=if presentation { "single presentation" } else { "single embed" } data-testid="single-figure">
            <Notices />
            <main>
                <FigureCard figure=figure compact=true hide_caption=!caption fill=presentation>
                    {link()}
                </FigureCard>
                <div class="single-side">
                    {slide}
                    {beside}
                    {inputs}
                </div>
            </main>
        </div>
    }
}

/// Whether a key goes to a field being typed in, where a full stop is part of a number.
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|input| input.type_() != "range")
}

/// Presses the figure's play control, if it has one.
fn play_or_pause() {
    let document = web_sys::window().and_then(|w| w.document());
    let button = document.and_then(|d| d.query_selector(PLAY_SELECTOR).ok().flatten());
    if let Some(button) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        button.click();
    }
}

/// A presentation's own steps, given by the door that presents: its slides, how each is set,
/// the line that names them, what stands beside the figure, and the way back.
pub struct Steps {
    pub slides: Vec<&'static Preset>,
    /// Each step set from the settings the presentation opened with, so that stepping back
    /// undoes the step before; otherwise from the settings as they are.
    pub from_opening: bool,
    pub line: fn(Option<(usize, &str)>, usize) -> String,
    pub beside: AnyView,
    pub leave_label: &'static str,
    /// The way back, from the page's current query.
    pub leave_to: fn(&str) -> String,
}

/// The slides the keys step through.
struct Slides {
    slides: Vec<&'static Preset>,
    from_opening: bool,
    line: fn(Option<(usize, &str)>, usize) -> String,
}

/// Presentation keys, on the whole window and before any control sees them: PageDown and
/// PageUp (what a presenter's clicker sends) step through the slides (the lesson's scenarios
/// for the figure, or the presenting door's own steps), B or a full stop plays the figure's
/// request (where it has one), and Escape goes back to the whole page at the same settings.
/// Returns the line naming the current slide, a live region so the change is also heard.
fn presentation_keys(given: Slides, full_page: impl Fn() -> String + 'static) -> impl IntoView {
    let state = use_state();
    let Slides { slides, from_opening, line } = given;
    let opened = from_opening.then(|| state.get_untracked());
    let count = slides.len();
    let current = RwSignal::new(None::<usize>);
    let key_slides = slides.clone();
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let forward = match ev.key().as_str() {
            "PageDown" => true,
            "PageUp" => false,
            // The blank-screen button of most clickers: it plays and pauses the figure's request
            // (PowerPoint blanks the screen on either).
            "b" | "B" | "." if !typing(&ev) => {
                ev.prevent_default();
                play_or_pause();
                return;
            }
            "Escape" => {
                super::dom::leave_presentation(&full_page());
                return;
            }
            _ => return,
        };
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        // A slider would otherwise take PageDown as a large step of its own.
        ev.prevent_default();
        ev.stop_propagation();
        let Some(next) = next_slide(current.get_untracked(), count, forward) else { return };
        if let Some(preset) = key_slides.get(next) {
            state.set((preset.apply)(opened.unwrap_or_else(|| state.get_untracked())));
            current.set(Some(next));
        }
    };
    let listener = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(on_key);
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback_and_bool(
            "keydown",
            listener.as_ref().unchecked_ref(),
            true,
        );
    }
    let kept = SendWrapper::new(listener);
    on_cleanup(move || {
        if let Some(window) = web_sys::window() {
            let _ = window.remove_event_listener_with_callback_and_bool(
                "keydown",
                kept.as_ref().unchecked_ref(),
                true,
            );
        }
    });
    let named = slides.clone();
    let text = move || line(current.get().and_then(|i| named.get(i).map(|p| (i, p.name))), count);
    view! {
        <p class="slide-name" data-testid="slide-name" aria-live="polite"
            data-value=move || current.get().and_then(|i| slides.get(i)).map(|p| p.key)>{text}</p>
    }
}
