//! One radio button of a choice held in the state: the page's one way to write a radio, so
//! every choice looks, reads out and behaves alike.

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
    view! {
        <label>
            <input type="radio" name=name data-testid=testid checked=current.get_untracked() == value prop:checked=move || current.get() == value on:change=move |_| set.run(value) />
            " " {label}
        </label>
    }
}
