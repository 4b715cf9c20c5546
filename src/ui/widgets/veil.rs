//! The line above numbers blurred until the reader has answered a prediction: what is hidden,
//! and a button that shows it anyway. The blur itself is the stylesheet's, on `[data-veiled]`.

use leptos::prelude::*;

/// `said` names what is blurred; the button (`data-testid=testid`) lifts the veil, and the line
/// goes with it.
#[component]
pub fn VeilNote(
    revealed: RwSignal<bool>,
    said: &'static str,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <p class="veil-note" hidden=move || revealed.get()>
            {said}" "
            <button type="button" class="quiet" data-testid=testid on:click=move |_| revealed.set(true)>"Show them anyway"</button>
        </p>
    }
}
