//! A table built as elements, cell by cell, from a [`DataTable`]'s rows as a reader sees them:
//! for tables that change only when their data does (the workbench's review of two runs), where
//! writing markup as text (`data_table`, for the figures' tables that a slider rewrites at every
//! step) would gain nothing. Every text is a text node.

use crate::charts::table::DataTable;
use leptos::prelude::*;

#[component]
pub fn TableOf(table: Signal<DataTable<String>>, #[prop(into)] testid: String) -> impl IntoView {
    // Each cell's text as a reader sees it, and whether its words wrap (`Cell::words`).
    let rows = move || {
        table.with(|t| {
            let wraps = std::iter::once(Vec::new())
                .chain(t.rows.iter().map(|r| r.iter().map(|c| c.wraps).collect::<Vec<_>>()));
            t.text_rows()
                .into_iter()
                .zip(wraps)
                .map(|(texts, wraps)| {
                    let wraps = wraps.into_iter().chain(std::iter::repeat(false));
                    texts.into_iter().zip(wraps).collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    };
    let current = move || table.with(|t| t.current_row);
    view! {
        <div class="table-wrap">
            <table data-testid=testid>
                <caption>{move || table.with(|t| t.caption.clone())}</caption>
                <thead>
                    <tr>
                        {move || {
                            rows().into_iter().next().unwrap_or_default().into_iter()
                                .map(|(h, _)| view! { <th scope="col">{h}</th> })
                                .collect_view()
                        }}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let current = current();
                        rows().into_iter().skip(1).enumerate().map(|(i, row)| {
                            let mut cells = row.into_iter();
                            let (heading, _) = cells.next().unwrap_or_default();
                            view! {
                                <tr class=(current == Some(i)).then_some("current")>
                                    <th scope="row">{heading}</th>
                                    {cells.map(|(c, wraps)| view! { <td class=wraps.then_some("words")>{c}</td> }).collect_view()}
                                </tr>
                            }
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </div>
    }
}
