//! Predict, then check: the form where a reader commits to a number before the page shows the
//! answer. Both challenges use it; each decides what locking reveals.

use crate::state::value::accept;
use crate::state::Param;
use leptos::prelude::*;

/// A reader's guess: the text in the field, and the number once locked in.
#[derive(Clone, Copy)]
pub struct Guess {
    text: RwSignal<String>,
    value: RwSignal<Option<f64>>,
}

impl Guess {
    pub fn new() -> Self {
        Guess { text: RwSignal::new(String::new()), value: RwSignal::new(None) }
    }

    /// The locked-in number, if any (tracked).
    pub fn value(self) -> Option<f64> {
        self.value.get()
    }

    pub fn is_locked(self) -> bool {
        self.value.with(Option::is_some)
    }

    /// Back to an empty, open field, for another try.
    pub fn clear(self) {
        self.value.set(None);
        self.text.set(String::new());
    }
}

/// The field, its lock button and its error line. Ids and `data-testid`s start with `prefix`
/// (`guess-input`, `guess-lock`), so two challenges on one page stay apart. A typed value out of
/// `param`'s range is taken at the nearest bound, as everywhere else on the page; text with no
/// number in it is refused with `hint`.
#[component]
pub fn GuessForm(
    guess: Guess,
    param: Param,
    prefix: &'static str,
    label: &'static str,
    hint: &'static str,
    #[prop(optional)] on_lock: Option<Callback<f64>>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let lock = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match accept(param.spec(), &guess.text.get_untracked()) {
            (_, Some(problem)) if problem.has_no_number() => error.set(Some(hint.to_string())),
            (value, _) => {
                guess.value.set(Some(value));
                error.set(None);
                if let Some(on_lock) = on_lock {
                    on_lock.run(value);
                }
            }
        }
    };
    let field_id = format!("{prefix}guess-field");
    let error_id = format!("{prefix}guess-error");
    view! {
        <form class="guess" on:submit=lock>
            <label for=field_id.clone()>{label}</label>
            <input
                id=field_id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                data-testid=format!("{prefix}guess-input")
                aria-describedby=error_id.clone()
                prop:value=move || guess.text.get()
                on:input=move |ev| guess.text.set(event_target_value(&ev))
                disabled=move || guess.is_locked()
            />
            <button type="submit" data-testid=format!("{prefix}guess-lock") disabled=move || guess.is_locked()>"Lock in my guess"</button>
            <p id=error_id class="field-error" role="alert" hidden=move || error.with(Option::is_none)>
                {move || error.get().unwrap_or_default()}
            </p>
        </form>
    }
}
