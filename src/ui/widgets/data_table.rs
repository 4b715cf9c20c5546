//! A table of numbers as the page shows it, with the row of the current setting marked.

use crate::charts::table::DataTable;
use crate::ui::dom;
use crate::ui::erased::memo;
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
    let html = memo(move || {
        if written.is_none_or(|w| w.get()) {
            table.with(DataTable::to_html)
        } else {
            String::new()
        }
    });
    // A table wider than its column scrolls sideways inside it, which a phone gives no sign
    // of: each time the table comes on screen, whether it is cut off is checked, and when it is
    // a line above it says so.
    let wrap = NodeRef::<leptos::html::Div>::new();
    let cut_off = RwSignal::new(false);
    Effect::new(move |_| {
        let Some(element) = wrap.get() else { return };
        let measured = element.clone();
        dom::watch_seen(&element, move |seen| {
            if seen {
                let wider = measured.scroll_width() > measured.client_width() + 1;
                cut_off.maybe_update(|c| std::mem::replace(c, wider) != wider);
            }
        });
    });
    let hint_id = format!("{testid}-scrolls");
    // The line stands in the space above the table, so its coming moves nothing on screen.
    view! {
        <div class="table-block">
            <Show when=move || cut_off.get()>
                <p class="scroll-hint" data-testid=hint_id.clone()>"Scroll the table sideways to see every column."</p>
            </Show>
            <div class="table-wrap" node_ref=wrap>
                <table data-testid=testid inner_html=move || html.get()></table>
            </div>
        </div>
    }
}
