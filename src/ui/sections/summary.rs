//! The lesson in a few lines, each naming a section it keeps, and the way on to the workbench.

use crate::text::embed::workbench_href;
use crate::ui::arrival::prose;
use crate::ui::context::use_link_at_settings;
use leptos::prelude::*;

#[component]
pub fn Summary() -> impl IntoView {
    view! {
        <section class="summary" id="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">"In short"</h2>
            {prose!("summary-points" =>
                <ul>
                    <li>"Every answer has two waits: the first token, after any queue and prefill, and the last, after decode."</li>
                    <li>"Streaming changes which wait a reader feels, not when the answer ends; a program still waits for the last token."</li>
                    <li>"Your prompt sets the first wait; past the crossing it sets most of the total too."</li>
                    <li>"Prefill's rate comes from the chip's arithmetic, decode's from its memory bandwidth; more bandwidth speeds decode alone and moves the crossing to shorter prompts."</li>
                    <li>"The crossing says which phase owns a request; the crossover, which of two deployments finishes an answer first. Rank by the milestone your user or program feels, at real lengths and load."</li>
                    <li>"Latency says nothing about quality: a quicker deployment still faces the same accuracy evaluation."</li>
                    <li>"Queues sit outside both phases, and huge prompts or long answers bend the straight lines: measure there."</li>
                </ul>
            )}
            <WorkbenchLink />
        </section>
    }
}

/// The lesson's way on to the review workbench, carrying the page's settings.
#[component]
pub fn WorkbenchLink() -> impl IntoView {
    let href = use_link_at_settings(workbench_href);
    view! {
        <p class="workbench-link">
            <a href=href data-testid="lesson-to-workbench">"Open the review workbench"</a>
            " to decide between two deployments of your own: typed in, worked out from two chips, or fitted to two benchmark result files."
        </p>
    }
}
