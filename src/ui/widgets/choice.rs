//! One radio button of a choice held in the state: the page's one way to write a radio, so
//! every choice looks, reads out and behaves alike.

use crate::ui::erased::derive;
use leptos::prelude::*;

#[component]
pub fn Choice<T: Copy + PartialEq + Send + Sync + 'static>(
    name: &'static str,
    #[prop(into)] testid: String,
    label: &'static str,
    value: T,
    #[prop(into)] current: Signal<T>,
    set: Callback<T>,
) -> impl IntoView {
    let checked = derive(move || current.get() == value);
    radio(name, testid, label, checked, Callback::new(move |()| set.run(value)))
}

/// The radio itself, written once whatever the type of the choice: only the comparison and the
/// write above are compiled per type.
pub fn radio(
    name: &'static str,
    testid: String,
    label: &'static str,
    checked: Signal<bool>,
    pick: Callback<()>,
) -> AnyView {
    view! {
        <label>
            <input type="radio" name=name data-testid=testid checked=checked.get_untracked() prop:checked=move || checked.get() on:change=move |_| pick.run(()) />
            " " {label}
        </label>
    }
    .into_any()
}
