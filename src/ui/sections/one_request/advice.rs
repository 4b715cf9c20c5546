//! What to do about one request, and the levers that change it, each tried on the request above.

use crate::text::levers::{levers_table, levers_verdict};
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::erased::derive;
use crate::ui::widgets::data_table::DataTableView;
use leptos::prelude::*;

#[component]
pub fn Advice() -> impl IntoView {
    let shown = follow_when_near("advice-title");
    let table = derive(move || shown.with(levers_table));
    let verdict = move || shown.with(levers_verdict);
    view! {
        <section class="advice" aria-labelledby="advice-title">
            <h2 id="advice-title">"What to do with one request"</h2>
            {prose!("advice-list" =>
                <ul>
                    <li>"Stream, unless something downstream needs the whole answer at once. When most of the time is decode, nothing else buys as much."</li>
                    <li>"Track time to first token and total time as two series with two budgets, and alert on the first. One averaged latency moves for two reasons and explains neither."</li>
                    <li>"Trim the prompt for the wait you are fixing. The first token always waits for the whole prompt, so on any streamed request, a chat reply included, a shorter or cached prompt is what makes it feel quicker. The finish is another matter: only past the crossing (a long document, a one-line answer) does a shorter prompt bring the whole answer much sooner; short of it, the answer's length decides that."</li>
                    <li>"Cap answer length from what your evaluation set needs, not from the provider's maximum."</li>
                    <li>"Rule out queueing before trusting any of these numbers: it lands before the first token and neither phase shows it."</li>
                </ul>
            )}
            <h3>"Levers on the prompt side"</h3>
            <p>"Each row changes one thing about the request in the panel and shows both waits, and when the result is actually ready."</p>
            <DataTableView table=table testid="levers-table".to_string() />
            <p data-testid="levers-verdict">{verdict}</p>
            {prose!("advice-splitting" =>
                <p class="aside">
                    "Splitting, as computed here: each part gets an equal share of the prompt plus a short instruction, the parts run at once, and one more request reads their partial answers and writes the result, waiting again before its own prefill. "
                    "Features that live past the crossing, where these levers pay, include summarising whole documents, labelling long texts and answering one question over a large codebase or transcript."
                </p>
            )}
        </section>
    }
}
