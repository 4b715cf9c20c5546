//! The second section: two deployments compared on the whole answer. One deployment starts
//! sooner, the other writes faster; the section finds where that flips, what it means for who
//! reads the answer, under load, across a spread of lengths, per model verbosity and with people
//! who give up. Every number comes from `model` through the state.

mod inputs;
mod load;
mod race;
mod workload;

use crate::state::Figure;
use crate::ui::widgets::figure_card::FigureCard;
use leptos::prelude::*;

#[component]
pub fn Deployments() -> impl IntoView {
    view! {
        <section class="deployments" aria-labelledby="deployments-title">
            <h2 id="deployments-title">"Two deployments: starting first is not finishing first"</h2>
            <p>
                "Leaderboards love time to first token, because it is the number a person notices. Picture choosing between two deployments for a support assistant. "
                "A shows its first token after 0.2 s and then streams 30 tokens a second; B keeps you waiting 0.9 s and then streams 110 a second."
            </p>
            <p>
                "An answer of n tokens is done after TTFT + n ÷ rate: a straight line in n, starting at the TTFT and rising by one over the rate per token. "
                "Two straight lines cross once at most. Below that length the early starter is done first; above it the fast writer is. "
                "Put in your own two deployments and see which side your answers fall on."
            </p>
            <inputs::DeploymentInputs />
            <race::Race />
            <FigureCard figure=Figure::Completion number="Figure 3." />
            <race::LessonRaceTable />
            <race::WhoIsWaiting />
            <load::PeakLoad />
            <workload::LengthSpread />
            <workload::Routing />
            <load::Verbosity />
            <workload::Abandonment />
        </section>
    }
}
