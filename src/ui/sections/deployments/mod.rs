//! The second half: two deployments compared on the whole answer. One starts sooner, the other
//! writes faster; the section asks the reader to predict where that flips, then shows it, what it
//! means for who reads the answer, under load, per model verbosity, across a spread of lengths and
//! with a router. Like the first half it is a lab: the deployments' inputs stay in a panel beside
//! the text while Figures 3 and 4 move with them.

mod crossover_challenge;
mod inputs;
mod load;
mod race;
mod workload;

use crate::format;
use crate::state::presets::Scope;
use crate::state::Param;
use crate::ui::context::{derived, use_state};
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::presets::Presets;
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

const ANSWER: [Param; 1] = [Param::RaceAnswer];
const LENGTHS: [Param; 2] = [Param::Median, Param::P90];
const THRESHOLD: [Param; 1] = [Param::Threshold];

#[component]
pub fn Deployments() -> impl IntoView {
    // Whether the reader has locked a guess (or asked to see the answer anyway): until then the
    // race below the challenge, which names the crossover, is veiled, as the crossing is in the
    // first half.
    let revealed = RwSignal::new(false);
    view! {
        <div class="lab" id="deployments">
            <Panel />
            <div class="lab-main">
                <Intro />
                <crossover_challenge::CrossoverChallenge revealed=revealed />
                <div class="race" data-veiled=move || (!revealed.get()).then_some("")>
                    <VeilNote revealed=revealed testid="race-reveal"
                        said="Figure 3 and the numbers after it are blurred until you lock a guess above." />
                    <race::Race />
                    <race::LessonRaceTable />
                </div>
                <race::WhoIsWaiting />
                <load::PeakLoad />
                <load::Verbosity />
                <workload::LengthSpread />
                <workload::Routing />
                <workload::Abandonment />
                <Closing />
            </div>
        </div>
    }
}

/// Everything Figures 3 and 4 are drawn from.
#[component]
fn Panel() -> impl IntoView {
    let state = use_state();
    let at_crossover = derived(|s| s.route_at_crossover);
    let set_route = Callback::new(move |v: bool| state.update(|s| s.route_at_crossover = v));
    view! {
        <aside class="lab-panel" aria-label="Two deployments: inputs">
            <inputs::DeploymentInputs />
            <Controls legend="The answer they race on" params=&ANSWER />
            <Controls legend="Answer lengths in your traffic" params=&LENGTHS />
            <fieldset class="choice">
                <legend>"Router threshold"</legend>
                <Choice name="route" testid="route-crossover" label="at the crossover" value=true current=at_crossover set=set_route />
                <Choice name="route" testid="route-fixed" label="at a fixed length" value=false current=at_crossover set=set_route />
            </fieldset>
            <Controls legend="Fixed threshold" params=&THRESHOLD />
        </aside>
    }
}

#[component]
fn Intro() -> impl IntoView {
    let pair = derived(|s| s.comparison());
    let described = move || {
        pair.with(|c| {
            format!(
                "In the panel, A shows its first token after {} and then writes {}; B waits {} and then writes {}.",
                format::duration(c.a.ttft()),
                format::rate(1.0 / c.a.secs_per_token()),
                format::duration(c.b.ttft()),
                format::rate(1.0 / c.b.secs_per_token()),
            )
        })
    };
    view! {
        <section class="deployments-intro" aria-labelledby="deployments-title">
            <h2 id="deployments-title">"Two deployments: the first token is not the finish"</h2>
            <p>
                "Back to the bake-off from the top of the page. With the lesson's numbers, deployment A answers its first token in 0.2 s and then writes 30 tokens a second; "
                "B takes 0.9 s to start and then writes 110 a second. Ranked by first token, A is four and a half times quicker. "
                <span data-testid="deployments-described">{described}</span>
            </p>
            <p>
                "An answer of n tokens is complete after TTFT + n ÷ rate: a straight line in n that starts at the TTFT and climbs one over the rate per token. "
                "Two straight lines meet once at most. Shorter answers finish first on the early starter, longer ones on the fast writer; the length where they finish together is the "
                <em>"crossover"</em>"."
            </p>
            <Presets scope=Scope::Deployments title="Try a ready-made comparison" />
        </section>
    }
}

#[component]
fn Closing() -> impl IntoView {
    view! {
        <section class="deployments-closing" aria-labelledby="deployments-closing-title">
            <h3 id="deployments-closing-title">"What the comparison comes down to"</h3>
            <ul>
                <li>"Rank deployments by the milestone your consumer feels, at the answer lengths your traffic really has, under the load it really sees."</li>
                <li>"A fixed head start is worth less with every token; a faster writer gains with every token. The crossover is where those balance."</li>
                <li>"Latency says nothing about quality: a quicker or cheaper deployment is a candidate for the same accuracy evaluation, not a free win."</li>
            </ul>
        </section>
    }
}
