//! One slider and one typed field per input. The slider moves in positions (log-spaced where
//! the range spans decades); the field takes any accepted number.

use crate::format;
use crate::state::value::typed;
use crate::state::{Param, ParamSpec, State};
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

/// What one control holds and what the reader is typing into it, shared by its slider and its
/// field.
#[derive(Clone, Copy)]
struct Held {
    param: Param,
    state: RwSignal<State>,
    /// The bounds (some follow other inputs) and the value, as shown here.
    now: Memo<(ParamSpec, f64)>,
    /// While the reader types, the field shows their text, not the stored value, so a
    /// half-typed "16000." is not rewritten under their cursor.
    draft: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
}

impl Held {
    fn of(param: Param) -> Held {
        // Read as shown here: a control is moved where the reader sees it, and there its section
        // shows the page state (`ui::arrival`). One memo for bounds and value, not two: every
        // control subscribes to the whole state, so each slider step wakes all of them, and that
        // fan-out is paid per memo.
        let shown = use_shown_state();
        Held {
            param,
            state: use_state(),
            now: memo(move || shown.with(|s| (s.spec_of(param), s.get(param)))),
            draft: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    fn set(self, v: f64) {
        self.state.update(|s| {
            s.set(self.param, v);
        });
    }

    /// A signal that is set notifies its readers even when its value is unchanged; a slider
    /// step would otherwise rewrite the message's three bindings on every step.
    fn clear_error(self) {
        self.error.maybe_update(|e| e.take().is_some());
    }
}

#[component]
fn ParamControl(param: Param, prefix: &'static str) -> impl IntoView {
    let held = Held::of(param);
    let spec = param.spec();
    let stem = format!("{prefix}{}", spec.key);
    let error = held.error;
    let error_id = format!("{stem}-error");
    let range = move || {
        held.now.with(|(b, _)| {
            format!("{} to {} {}", format::trimmed(b.min, 2), format::trimmed(b.max, 2), b.unit)
        })
    };
    view! {
        // Its input's URL key: what finds the controls of a figure (`dom::strip_to_controls`).
        <div class="control" data-param=spec.key>
            <label for=format!("{stem}-field") class="control-label">{spec.label}</label>
            <div class="control-row">
                {slider(held, &stem)}
                {field(held, &stem)}
            </div>
            <p id=format!("{stem}-hint") class="hint">{range}</p>
            <p id=error_id.clone() class="field-error" data-testid=error_id role="alert" hidden=move || error.with(Option::is_none)
                inner_html=move || error.with(|e| e.as_deref().map(crate::state::notice::markup).unwrap_or_default())>
            </p>
        </div>
    }
}

/// The control's slider, moved by pointer or by key.
fn slider(held: Held, stem: &str) -> impl IntoView {
    let spec = held.param.spec();
    let now = held.now;
    let on_input = move |ev: leptos::ev::Event| {
        if let Some(position) = crate::state::number::parse_f64(&event_target_value(&ev)) {
            held.set(now.with_untracked(|(b, _)| b.from_position(position)));
            held.clear_error();
        }
    };
    // The app steps the quantity itself so every key press moves it by a visible amount, as the
    // WAI-ARIA slider pattern expects, even where neighbouring positions round alike.
    let on_key = move |ev: KeyboardEvent| {
        let (spec, current) = now.get_untracked();
        let Some(next) = spec.after_key(&ev.key(), current) else { return };
        ev.prevent_default();
        held.set(next);
        held.clear_error();
    };
    view! {
        <input
            // An id, like the field's, lets a slider focused in the prerendered lesson hand the
            // focus to its live twin (`ui::arrival`).
            id=format!("{stem}-slider")
            type="range"
            class="slider"
            min="0"
            max="1000"
            step="1"
            data-testid=format!("{stem}-slider")
            aria-label=format!("{} slider", spec.label)
            aria-valuetext=move || now.with(|h| spec.value_text(h.1))
            // The attribute, written once, is the value in the markup rendered at build time,
            // which has no properties; the property follows the state.
            value=now.with_untracked(|(b, v)| b.to_position(*v).to_string())
            prop:value=move || now.with(|(b, v)| b.to_position(*v).to_string())
            on:input=on_input
            on:keydown=on_key
        />
    }
}

/// The control's typed field, with its unit.
fn field(held: Held, stem: &str) -> impl IntoView {
    let spec = held.param.spec();
    let Held { now, draft, error, .. } = held;
    let on_input = move |ev: leptos::ev::Event| {
        let raw = event_target_value(&ev);
        draft.set(Some(raw.clone()));
        let (bounds, current) = now.get_untracked();
        let (v, message) = typed(&bounds, &raw, current);
        held.set(v);
        error.set(message);
    };
    // Leaving the field shows the value actually held, and any message about the typed text
    // goes with it.
    let commit = move || {
        draft.set(None);
        held.clear_error();
    };
    view! {
        <span class="field">
            <input
                id=format!("{stem}-field")
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                data-testid=format!("{stem}-input")
                // The value held, unrounded: the field shows it at the control's precision, and
                // a value handed from a run or a chip has more.
                data-value=move || now.with(|h| h.1.to_string())
                aria-describedby=format!("{stem}-hint {stem}-error")
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                value=now.with_untracked(|h| field_text(spec, h.1))
                prop:value=move || draft.get().unwrap_or_else(|| now.with(|h| field_text(spec, h.1)))
                on:input=on_input
                on:change=move |_| commit()
                on:blur=move |_| commit()
            />
            <span class="unit" aria-hidden="true">{spec.unit}</span>
        </span>
    }
}
