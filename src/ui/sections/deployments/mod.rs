//! The second half: two deployments compared on the whole answer. One starts sooner, the other
//! writes faster; the section asks the reader to predict where that flips, then shows it in
//! Figure 5, then tells the story's turn in the main line (the two rankings, why the crossover
//! sits where it does, the same pair at the busiest hour and at each model's own length) and
//! closes on one decision card. Depth a reader can skip (who is waiting, the busiest hour's
//! figures, verbosity, the spread of lengths, routing, abandonment) sits in disclosures. Like the first half it is a lab: the deployments'
//! inputs stay in a panel beside the text while the figures move with them.
//!
//! The lab holds three workloads (one answer length, a spread of lengths, each model's own
//! length), and every group of numbers carries the label of the one it rests on.

mod crossover_challenge;
mod decision;
mod inputs;
mod load;
mod race;
mod workload;

// The review workbench shows the same inputs, Figure 5 and decision, without the lesson around
// them.
pub use decision::DecisionCard;
pub use race::Race;

use crate::format;
use crate::state::presets::Scope;
use crate::state::Figure;
use crate::state::{DecisionWorkload, Param, Spread, State};
use crate::text::strip::{folded_line, Lab};
use crate::ui::arrival::prose;
use crate::ui::context::{derived, use_revealed, use_state};
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::lab_panel::LabPanel;
use crate::ui::widgets::presets::Presets;
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

const ANSWER: [Param; 1] = [Param::RaceAnswer];
const TRAFFIC: [Param; 2] = [Param::Median, Param::P90];
const BOT: [Param; 1] = [Param::BotP90];
const RUNS: [Param; 2] = [Param::RunsMedian, Param::RunsP90];
const THRESHOLD: [Param; 1] = [Param::Threshold];

#[component]
pub fn Deployments() -> impl IntoView {
    // Until the reader has locked a guess (or asked to see the answer anyway), nothing below the
    // challenge that names the crossover is in the page (`Revealed`).
    let revealed = use_revealed().crossover;
    view! {
        <div class="lab" id="deployments">
            <DeploymentsPanel />
            <div class="lab-main">
                <Intro />
                <crossover_challenge::CrossoverChallenge />
                <div class="race" data-veiled=move || (!revealed.get()).then_some("")>
                    <VeilNote revealed=revealed testid="race-reveal"
                        said="The race below is blurred, and the numbers after it wait, until you lock a guess above." />
                    <Race />
                    // A closure rather than `Show`: its children would be boxed and memoised
                    // again, several kilobytes of this part's wasm.
                    {move || revealed.get().then(|| view! { <race::Trap /> <load::WorkloadTurns /> })}
                    <DecisionCard />
                </div>
                <section class="deployments-details" aria-labelledby="deployments-details-title">
                    <h3 id="deployments-details-title">"Further, for a closer look"</h3>
                    <race::WhoIsWaiting />
                    <load::PeakLoad />
                    <load::Verbosity />
                    <workload::LengthSpread />
                    <workload::Routing />
                    <workload::Abandonment />
                </section>
            </div>
        </div>
    }
}

/// Everything Figures 5 and 6 and the decision are drawn from, in one screen's height. The
/// share of each side's requests that failed is there in the workbench (`failures`), and in
/// the lesson only when a link brings some.
#[component]
pub fn DeploymentsPanel(#[prop(optional)] failures: bool) -> impl IntoView {
    let state = use_state();
    let failing = derived(|s| s.failed_shares().iter().any(|share| *share > 0.0));
    let revealed = use_revealed().crossover;
    let review = state.with_untracked(State::in_review);
    view! {
        <LabPanel label="Two deployments: inputs" line=|s| folded_line(Lab::Deployments, s) testid_prefix="deployments-">
            <inputs::DeploymentInputs />
            <Show when=move || failures || failing.get()>
                <Controls legend="Requests that failed" params=&Param::FAILURES />
            </Show>
            // On a phone the race's answer and its reader also sit above Figure 5, so a reader
            // there need not look for them in the strip; the spread of Figure 6 and the router
            // have their controls beside them at every size.
            <Controls legend="The answer they race on" params=&ANSWER />
            <Controls legend="The person reading the answer" params=&race::READER prefix="panel-" />
            {decision_workload_choice()}
            {decision_controls()}
            // The workbench has no routing part of its own, so its router sits here; the lesson's
            // is in "Routing by predicted length", beside the numbers it moves.
            {review.then_some(move || revealed.get().then(router_controls))}
        </LabPanel>
    }
}

/// Whether the router splits at the crossover or at a fixed length, and that length.
fn router_controls() -> impl IntoView {
    let state = use_state();
    let at_crossover = derived(|s| s.route_at_crossover);
    let set_route = Callback::new(move |v: bool| state.update(|s| s.route_at_crossover = v));
    view! {
        <fieldset class="choice">
            <legend>"Router threshold"</legend>
            <Choice name="route" testid="route-crossover" label="at the crossover" value=true current=at_crossover set=set_route />
            <Choice name="route" testid="route-fixed" label="fixed" value=false current=at_crossover set=set_route />
        </fieldset>
        <Controls legend="Fixed threshold" params=&THRESHOLD />
    }
}

/// The spread Figure 6, the router and the people who give up weigh, and its answer lengths:
/// beside Figure 6, which it shapes (the panel holds the decision's answers instead).
fn spread_choice() -> impl IntoView {
    let state = use_state();
    let spread = derived(|s| s.spread);
    let set_spread = Callback::new(move |v: Spread| state.update(|s| s.spread = v));
    let controls = move || {
        match spread.get() {
        Spread::Traffic => {
            view! { <Controls legend="The mixed traffic's answers" params=&TRAFFIC prefix="spread-" /> }
                .into_any()
        }
        Spread::Bot => {
            view! { <Controls legend="The bot's own answers" params=&BOT prefix="spread-" /> }
                .into_any()
        }
    }
    };
    view! {
        <fieldset class="choice">
            <legend>"The spread in " {Figure::Lengths.name()} " and the router"</legend>
            <Choice name="spread" testid="spread-traffic" label="mixed chat traffic" value=Spread::Traffic current=spread set=set_spread />
            <Choice name="spread" testid="spread-bot" label="the bot's own answers" value=Spread::Bot current=spread set=set_spread />
        </fieldset>
        {controls}
    }
}

/// Which answers the decision card decides for: the bot's (whose answer Figure 5 races), the
/// mixed traffic, or, once both sides came from runs, the runs' own. In the workbench, which tells
/// no story, the lengths the reviewer types or the runs' own, and Figure 5 races the one chosen.
fn decision_workload_choice() -> impl IntoView {
    let state = use_state();
    let current = derived(|s| s.decide_for);
    let review = state.with_untracked(State::in_review);
    let set = Callback::new(move |w: DecisionWorkload| {
        state.update(|s| {
            s.decide_for = w;
            if s.in_review() {
                *s = s.race_the_decision_median();
            }
        });
    });
    let story = (!review).then(|| view! {
        <Choice name="decide" testid="decide-bot" label="the bot's answers" value=DecisionWorkload::Bot current=current set=set />
    });
    let typed = if review { "typed answer lengths" } else { "mixed chat traffic" };
    view! {
        <fieldset class="choice">
            <legend>"The decision is for"</legend>
            {story}
            <Choice name="decide" testid="decide-traffic" label=typed value=DecisionWorkload::Traffic current=current set=set />
            // The runs' answers mean something only once both sides came from runs.
            {move || (current.get() == DecisionWorkload::Runs).then(|| view! {
                <Choice name="decide" testid="decide-runs" label="the runs' own answers" value=DecisionWorkload::Runs current=current set=set />
            })}
        </fieldset>
    }
}

/// The controls of the answers the decision is for.
fn decision_controls() -> impl IntoView {
    let workload = derived(|s| s.decide_for);
    let review = use_state().with_untracked(State::in_review);
    move || match workload.get() {
        DecisionWorkload::Bot => {
            view! { <Controls legend="The bot's own answers" params=&BOT /> }.into_any()
        }
        DecisionWorkload::Traffic if review => {
            view! { <Controls legend="Your answer lengths" params=&TRAFFIC /> }.into_any()
        }
        DecisionWorkload::Traffic => {
            view! { <Controls legend="The mixed traffic's answers" params=&TRAFFIC /> }.into_any()
        }
        DecisionWorkload::Runs => {
            view! { <Controls legend="The runs' answers" params=&RUNS /> }.into_any()
        }
    }
}

#[component]
fn Intro() -> impl IntoView {
    let pair = derived(|s| s.comparison());
    let described = move || {
        pair.with(|c| {
            format!(
                "In the controls, A shows its first token after {} and then writes {}; B waits {} and then writes {}.",
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
                "Back to the bake-off from the top of the page, which ranked A four and a half times quicker than B by first token. "
                <span data-testid="deployments-described">{described}</span>
            </p>
            {prose!("deployments-lines" =>
                <p>
                    "An answer of n tokens is done after TTFT + n ÷ rate: a straight line in n, starting at the TTFT. "
                    "Two such lines meet at most once: shorter answers finish first on the early starter, longer ones on the fast writer, and the length where they tie is the "
                    <em>"crossover"</em>"."
                </p>
            )}
            <Presets scope=Scope::Deployments title="Try a ready-made comparison" />
        </section>
    }
}
