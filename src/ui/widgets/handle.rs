//! A value the reader can take hold of on the figure itself: the reader's prompt on Figure 2,
//! the race's answer on Figure 3. An element over the canvas, where the figure draws that
//! value's dashed rule, dragged by mouse, pen or finger, or focused and moved with the keys a
//! slider takes. It moves the same state as the slider, through the same bounds; which value a
//! pointer points at is read off the figure's own axis (`charts::Handle`).

use super::canvas::Drawn;
use crate::charts::{FigureInputs, Handle, Palette, Style};
use crate::state::{Figure, Param};
use crate::ui::context::use_state;
use leptos::prelude::*;

#[component]
pub fn DragHandle(
    figure: Figure,
    param: Param,
    inputs: Memo<FigureInputs>,
    drawn: RwSignal<Option<Drawn>>,
) -> impl IntoView {
    let state = use_state();
    let spec = param.spec();
    let handle = Memo::new(move |_| {
        drawn.get().and_then(|d| {
            // Only the sizes of what is drawn place the axis, not its colours.
            let style = Style { scale: d.scale, palette: Palette::LIGHT };
            let px_per_css = f64::from(d.backend.0) / d.width_css.max(1.0);
            inputs.with(|i| i.handle(d.backend, &style, px_per_css))
        })
    });
    let bounds = Memo::new(move |_| state.with(|s| s.spec_of(param)));
    let set = move |v: f64| {
        state.update(|s| {
            s.set(param, v);
        })
    };
    // The axis and where the overlay sat when the drag began: the axis can widen as the value
    // moves (Figure 3's does for long answers), and the drag follows the pointer, not the rescale.
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
    let at =
        move |f: fn(&Handle) -> f64| move || handle.with(|h| h.map(|h| format!("{}px", f(&h))));
    let axis = move |f: fn(&Handle) -> f64| move || handle.with(|h| h.map(|h| f(&h).to_string()));
    let value = move || state.with(|s| s.get(param));
    view! {
        <div class="handles" hidden=move || handle.with(Option::is_none)
            data-axis-left=axis(|h| h.axis.left) data-axis-right=axis(|h| h.axis.right)
            data-axis-min=axis(|h| h.axis.scale.at_fraction(0.0)) data-axis-max=axis(|h| h.axis.scale.at_fraction(1.0))>
            <div class="handle" role="slider" tabindex="0" aria-orientation="horizontal"
                data-testid=format!("{}-{}-handle", figure.slug(), spec.key)
                aria-label=format!("{} on the figure", spec.label)
                aria-valuemin=move || bounds.get().min.to_string() aria-valuemax=move || bounds.get().max.to_string()
                aria-valuenow=move || value().to_string() aria-valuetext=move || spec.value_text(value())
                style:left=at(|h| h.axis.x_of(h.value)) style:top=at(|h| h.axis.top)
                style:height=at(|h| h.axis.bottom - h.axis.top)
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
                on:keydown=on_key>
            </div>
        </div>
    }
}
