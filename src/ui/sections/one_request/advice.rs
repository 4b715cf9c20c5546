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
                    <li>"Stream, unless something downstream needs the whole answer at once. When decode holds most of the time, nothing else buys as much."</li>
                    <li>"Track time to first token and total time as two series with two budgets, and alert on the time to first token: one averaged latency moves for two reasons and explains neither."</li>
                    <li>"Trim the prompt for the wait you are fixing. A shorter or cached prompt always brings the first token sooner; it brings the finish much sooner only past the crossing, where whole-document summaries, labels for long texts and one question over a large codebase live."</li>
                    <li>"Cap answer length at what your evaluation set needs, not at the provider's maximum."</li>
                    <li>"Rule out queueing first: it lands before the first token and neither phase shows it."</li>
                </ul>
            )}
            <h3>"Levers, tried on this request"</h3>
            <p data-testid="levers-verdict">{verdict}</p>
            // The verdict says what each lever does here; the table behind it gives both waits
            // before and after, for whoever weighs them one by one.
            <details class="more" data-testid="levers-details">
                <summary>"Each lever's two waits, before and after"</summary>
                <DataTableView table=table testid="levers-table".to_string() />
                {prose!("advice-splitting" =>
                    <p class="aside">
                        "Splitting, as computed here: the parts share the prompt equally, each with a short instruction, run at once, and one more request reads their answers and writes the result, queueing again first."
                    </p>
                )}
            </details>
        </section>
    }
}
