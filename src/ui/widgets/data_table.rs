//! A table of numbers as the page shows it, with the row of the current setting marked.

use crate::charts::table::DataTable;
use leptos::prelude::*;

/// Renders a [`DataTable`], highlighting the row for the reader's current setting.
///
/// The table is written as one HTML string, and only when its contents change: a slider step
/// recomputes every table, but most come out the same and leave the DOM alone, and a changed one
/// costs one `innerHTML` write instead of a diff over every cell (which re-set each cell's
/// attributes and made the browser restyle the page on every step).
///
/// With `written`, the table is written only while it is true (its details are open): closed, a
/// step costs neither the table's numbers nor any DOM work.
#[component]
pub fn DataTableView(
    table: Signal<DataTable>,
    testid: String,
    #[prop(optional)] written: Option<Signal<bool>>,
) -> impl IntoView {
    let html = Memo::new(move |_| {
        if written.is_none_or(|w| w.get()) {
            table.with(DataTable::to_html)
        } else {
            String::new()
        }
    });
    view! {
        <div class="table-wrap">
            <table data-testid=testid inner_html=move || html.get()></table>
        </div>
    }
}
