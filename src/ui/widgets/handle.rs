//! A value the reader can take hold of on the figure itself: the reader's prompt on Figure 2,
//! the race's answer on Figure 5. An element over the canvas, where the figure draws that
//! value's dashed rule, dragged by mouse, pen or finger, or focused and moved with the keys a
//! slider takes. It moves the same state as the slider, through the same bounds; which value a
//! pointer points at is read off the figure's own axis (`charts::Handle`).

use super::canvas::Drawn;
use crate::charts::{FigureInputs, Handle, Palette, Style};
use crate::state::{Figure, Param};
use crate::ui::context::use_state;
use crate::ui::erased::memo;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn DragHandle(
    figure: Figure,
    param: Param,
    inputs: Memo<FigureInputs>,
    drawn: RwSignal<Option<Drawn>>,
) -> impl IntoView {
    let state = use_state();
    let spec = param.spec();
    let handle = memo(move || {
        drawn.get().and_then(|d| {
            // Only the sizes of what is drawn place the axis, not its colours.
            let style = Style { scale: d.scale, palette: Palette::LIGHT };
            let px_per_css = f64::from(d.backend.0) / d.width_css.max(1.0);
            inputs.with(|i| i.handle(d.backend, &style, px_per_css))
        })
    });
    let bounds = memo(move || state.with(|s| s.spec_of(param)));
    let set = move |v: f64| {
        state.update(|s| {
            s.set(param, v);
        })
    };
    // The axis and where the overlay sat when the drag began: the axis can widen as the value
    // moves (Figure 5's does for long answers), and the drag follows the pointer, not the rescale.
    let dragging = StoredValue::new(None::<(Handle, f64)>);
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        let Some(h) = handle.get_untracked() else { return };
        let target = event_target::<web_sys::HtmlElement>(&ev);
        let Some(overlay) = target.parent_element() else { return };
        let _ = target.set_pointer_capture(ev.pointer_id());
        let _ = target.focus();
        ev.prevent_default();
        dragging.set_value(Some((h, overlay.get_bounding_client_rect().left())));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if let Some((h, left)) = dragging.get_value() {
            set(h.axis.value_at(f64::from(ev.client_x()) - left));
        }
    };
    let on_up = move |_: leptos::ev::PointerEvent| dragging.set_value(None);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let current = state.with_untracked(|s| s.get(param));
        if let Some(next) = bounds.get_untracked().after_key(&ev.key(), current) {
            ev.prevent_default();
            set(next);
        }
    };
    // One effect writes where the handle stands and what it says, rather than a reactive
    // binding per attribute: they all move together, with the value or the figure's size.
    let here = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let (Some(overlay), h, b) = (here.get(), handle.get(), bounds.get()) else { return };
        let value = state.with(|s| s.get(param));
        place(&overlay, h, (b.min, b.max, value), &spec.value_text(value));
    });
    view! {
        <div class="handles" hidden node_ref=here>
            <div class="handle" role="slider" tabindex="0" aria-orientation="horizontal"
                data-testid=format!("{}-{}-handle", figure.slug(), spec.key)
                aria-label=format!("{} on the figure", spec.label)
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
                on:keydown=on_key>
            </div>
        </div>
    }
}

/// Writes the handle's place over the figure and what it says to assistive tech into the
/// overlay `overlay`: hidden until the figure's axis is known.
fn place(
    overlay: &web_sys::Element,
    handle: Option<Handle>,
    (min, max, value): (f64, f64, f64),
    text: &str,
) {
    let set = |element: &web_sys::Element, name: &str, value: &str| {
        let _ = element.set_attribute(name, value);
    };
    let Some(h) = handle else {
        set(overlay, "hidden", "");
        return;
    };
    let _ = overlay.remove_attribute("hidden");
    let axis = h.axis;
    set(overlay, "data-axis-left", &axis.left.to_string());
    set(overlay, "data-axis-right", &axis.right.to_string());
    set(overlay, "data-axis-min", &axis.scale.at_fraction(0.0).to_string());
    set(overlay, "data-axis-max", &axis.scale.at_fraction(1.0).to_string());
    let Some(grip) = overlay.first_element_child() else { return };
    set(&grip, "aria-valuemin", &min.to_string());
    set(&grip, "aria-valuemax", &max.to_string());
    set(&grip, "aria-valuenow", &value.to_string());
    set(&grip, "aria-valuetext", text);
    // Through the style object, not the attribute: the page's policy refuses inline style text.
    if let Some(grip) = grip.dyn_ref::<web_sys::HtmlElement>() {
        let style = grip.style();
        for (name, px) in
            [("left", axis.x_of(h.value)), ("top", axis.top), ("height", axis.bottom - axis.top)]
        {
            let _ = style.set_property(name, &format!("{px}px"));
        }
    }
}
