//! The lesson in a few lines, and the question of when its advice stops holding.

use crate::text::embed::workbench_href;
use crate::ui::arrival::prose;
use crate::ui::context::CurrentQuery;
use leptos::prelude::*;

#[component]
pub fn Summary() -> impl IntoView {
    view! {
        <section class="summary" id="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">"In short"</h2>
            {prose!("summary-points" =>
                <ul>
                    <li>"Every answer has two waits: the first token, set by the wait before prefill and by prefill reading the prompt; and the last token, set mostly by decode writing the answer."</li>
                    <li>"Your prompt shapes only the first. What the second adds after it is the writing, whose pace belongs to the model and its hardware and whose length belongs to the answer."</li>
                    <li>"Both rates come from the chip: prefill from its arithmetic, decode from how fast its memory is read. More bandwidth speeds decode alone and moves the crossing to shorter prompts."</li>
                    <li>"The crossing says which of the two owns a request; the crossover says which of two deployments finishes first for an answer of a given length."</li>
                    <li>"Rank anything by the milestone your user or program actually feels, at your real answer lengths and load."</li>
                </ul>
                <h3>"When does this advice stop holding?"</h3>
                <p>
                    "When prompts grow past the crossing, trimming the prompt starts to matter more than streaming. When a queue dominates, neither phase is the problem. "
                    "When the consumer is a program, the first token stops mattering at all. And at very long prompts and answers the straight lines bend, so measure rather than compute. "
                    "Before acting on the rest, check whether the feature you are building is one of these cases."
                </p>
            )}
            <WorkbenchLink />
        </section>
    }
}

/// The lesson's way on to the review workbench, carrying the page's settings.
#[component]
pub fn WorkbenchLink() -> impl IntoView {
    let query = use_context::<CurrentQuery>().map(|q| q.0);
    let href = move || workbench_href(&query.map(|q| q.get()).unwrap_or_default());
    view! {
        <p class="workbench-link">
            <a href=href data-testid="lesson-to-workbench">"Open the review workbench"</a>
            " to decide between two deployments of your own. There A and B are typed in, worked out from two chips, or measured: load a benchmark's result file for each and the page fits these lines to your own requests. The decision card and Figure 3 sit at the top, with a link that keeps them."
        </p>
    }
}
