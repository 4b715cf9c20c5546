//! One slider and one typed field per input. The slider moves in positions (log-spaced where
//! the range spans decades); the field takes any accepted number.

use crate::format;
use crate::state::value::typed;
use crate::state::Param;
use crate::text::fields::field_text;
use crate::ui::context::{use_shown_state, use_state};
use crate::ui::erased::memo;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

/// A group of controls under one legend. `prefix` tells apart a second control for the same
/// input elsewhere on the page (the challenge's own prompt slider): it goes before every id and
/// `data-testid`, so both stay unique.
#[component]
pub fn Controls(
    legend: &'static str,
    params: &'static [Param],
    #[prop(optional)] prefix: &'static str,
) -> impl IntoView {
    view! {
        <fieldset class="controls">
            <legend>{legend}</legend>
            {params.iter().map(|&param| view! { <ParamControl param=param prefix=prefix /> }).collect_view()}
        </fieldset>
    }
}

#[component]
fn ParamControl(param: Param, prefix: &'static str) -> impl IntoView {
    let state = use_state();
    let spec = param.spec();
    // Bounds can depend on other inputs (the cached prefix on the prompt), so the slider mapping
    // is read from the state each time.
    // One memo for both, not two: every control on the page subscribes to the whole state, so
    // each slider step wakes all of them, and that fan-out is paid per memo.
    // Read as shown here: a control is moved where the reader sees it, and there its section
    // shows the page state (`ui::arrival`).
    let shown = use_shown_state();
    let held = memo(move || shown.with(|s| (s.spec_of(param), s.get(param))));
    // While the reader types, the field shows their text, not the stored value, so a
    // half-typed "16000." is not rewritten under their cursor.
    let draft = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let set_value = move |v: f64| {
        state.update(|s| {
            s.set(param, v);
        })
    };
    // A signal that is set notifies its readers even when its value is unchanged; a slider
    // step would otherwise rewrite the message's three bindings on every step.
    let clear_error = move || error.maybe_update(|e| e.take().is_some());

    let on_slider_input = move |ev: leptos::ev::Event| {
        if let Some(position) = crate::state::number::parse_f64(&event_target_value(&ev)) {
            set_value(held.with_untracked(|(b, _)| b.from_position(position)));
            clear_error();
        }
    };
    // The app steps the quantity itself so every key press moves it by a visible amount, as the
    // WAI-ARIA slider pattern expects, even where neighbouring positions round alike.
    let on_slider_key = move |ev: KeyboardEvent| {
        let (spec, current) = held.get_untracked();
        let Some(next) = spec.after_key(&ev.key(), current) else { return };
        ev.prevent_default();
        set_value(next);
        clear_error();
    };
    let on_field_input = move |ev: leptos::ev::Event| {
        let raw = event_target_value(&ev);
        draft.set(Some(raw.clone()));
        let (bounds, current) = held.get_untracked();
        let (v, message) = typed(&bounds, &raw, current);
        set_value(v);
        error.set(message);
    };
    // Leaving the field shows the value actually held, and any message about the typed text
    // goes with it.
    let commit = move || {
        draft.set(None);
        clear_error();
    };

    let stem = format!("{prefix}{}", spec.key);
    let id = format!("{stem}-field");
    let hint_id = format!("{stem}-hint");
    let error_id = format!("{stem}-error");
    let range = move || {
        held.with(|(b, _)| {
            format!("{} to {} {}", format::trimmed(b.min, 2), format::trimmed(b.max, 2), b.unit)
        })
    };
    view! {
        <div class="control">
            <label for=id.clone() class="control-label">{spec.label}</label>
            <div class="control-row">
                <input
                    // An id, like the field's, lets a slider focused in the prerendered lesson
                    // hand the focus to its live twin (`ui::arrival`).
                    id=format!("{stem}-slider")
                    type="range"
                    class="slider"
                    min="0"
                    max="1000"
                    step="1"
                    data-testid=format!("{stem}-slider")
                    aria-label=format!("{} slider", spec.label)
                    aria-valuetext=move || held.with(|h| spec.value_text(h.1))
                    // The attribute, written once, is the value in the markup rendered at build
                    // time, which has no properties; the property follows the state.
                    value=held.with_untracked(|(b, v)| b.to_position(*v).to_string())
                    prop:value=move || held.with(|(b, v)| b.to_position(*v).to_string())
                    on:input=on_slider_input
                    on:keydown=on_slider_key
                />
                <span class="field">
                    <input
                        id=id
                        type="text"
                        inputmode="decimal"
                        autocomplete="off"
                        spellcheck="false"
                        data-testid=format!("{stem}-input")
                        // The value held, unrounded: the field shows it at the control's
                        // precision, and a value handed from a run or a chip has more.
                        data-value=move || held.with(|h| h.1.to_string())
                        aria-describedby=format!("{hint_id} {error_id}")
                        aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                        value=held.with_untracked(|h| field_text(spec, h.1))
                        prop:value=move || draft.get().unwrap_or_else(|| held.with(|h| field_text(spec, h.1)))
                        on:input=on_field_input
                        on:change=move |_| commit()
                        on:blur=move |_| commit()
                    />
                    <span class="unit" aria-hidden="true">{spec.unit}</span>
                </span>
            </div>
            <p id=hint_id class="hint">{range}</p>
            <p id=error_id.clone() class="field-error" data-testid=error_id role="alert" hidden=move || error.with(Option::is_none)
                inner_html=move || error.with(|e| e.as_deref().map(crate::state::notice::markup).unwrap_or_default())>
            </p>
        </div>
    }
}
