//! A number the page shows, as a term and its value: the page's one readout. Each carries its
//! unrounded value in `data-value`, so tests (and curious readers of the markup) can check the
//! arithmetic against the text on screen.

use crate::format;
use crate::state::quantity::Quantity;
use crate::ui::context::use_shown_state;
use crate::ui::erased::derive;
use leptos::prelude::*;

/// What a readout puts in `data-value`.
#[derive(Clone, Copy)]
pub enum DataValue {
    /// A number, written unrounded.
    Number(Signal<f64>),
    /// A word (a winner), or nothing where there is no value (a crossover that does not exist).
    Text(Signal<Option<String>>),
}

impl From<Signal<f64>> for DataValue {
    fn from(value: Signal<f64>) -> Self {
        DataValue::Number(value)
    }
}

impl From<Signal<Option<String>>> for DataValue {
    fn from(value: Signal<Option<String>>) -> Self {
        DataValue::Text(value)
    }
}

impl DataValue {
    fn attribute(self) -> Option<String> {
        match self {
            DataValue::Number(n) => Some(n.get().to_string()),
            DataValue::Text(t) => t.get(),
        }
    }
}

/// The two ends of a range a readout's value could take.
pub type Ends = (Signal<f64>, Signal<f64>);

#[component]
pub fn Readout(
    testid: &'static str,
    label: &'static str,
    #[prop(into)] value: DataValue,
    text: Signal<String>,
    #[prop(optional)] note: Option<Signal<String>>,
    /// A range the value could take (the rates a data sheet allows), in `data-low` and
    /// `data-high`.
    #[prop(optional)]
    span: Option<Ends>,
    /// The quantity shown, when the page states it elsewhere too (`state::quantity`), in
    /// `data-quantity`.
    #[prop(optional, into)]
    quantity: Option<Signal<Quantity>>,
    /// The note holds a file's own words (a run's name): isolated, text written in another
    /// direction cannot reorder the page's words around it.
    #[prop(optional)]
    isolated: bool,
) -> impl IntoView {
    let end = move |pick: fn(Ends) -> Signal<f64>| move || span.map(|s| pick(s).get().to_string());
    let quantity = move || quantity.map(|q| q.get().key());
    // A readout with no value to state shows words instead (the stylesheet sets them as text).
    let worded = move || matches!(value, DataValue::Text(t) if t.with(Option::is_none));
    view! {
        <div class="readout">
            <dt>{label}</dt>
            <dd data-testid=testid class:worded=worded data-quantity=quantity data-value=move || value.attribute() data-low=end(|s| s.0) data-high=end(|s| s.1)>{move || text.get()}</dd>
            {note.map(|note| if isolated {
                view! { <dd class="readout-note"><bdi>{move || note.get()}</bdi></dd> }.into_any()
            } else {
                view! { <dd class="readout-note">{move || note.get()}</dd> }.into_any()
            })}
        </div>
    }
}

/// A quantity's value as the state shown here gives it (`Quantity::of`, the one computation of
/// it), for a readout's `data-value`.
pub fn quantity_value(quantity: Quantity) -> Signal<Option<String>> {
    let shown = use_shown_state();
    derive(move || shown.with(|s| quantity.of(s).attribute()))
}

/// A duration readout: the value in `data-value`, the lesson's rounding on screen.
pub fn secs_signals(
    value: impl Fn() -> f64 + Copy + Send + Sync + 'static,
) -> (Signal<f64>, Signal<String>) {
    (derive(value), derive(move || format::duration(value())))
}
