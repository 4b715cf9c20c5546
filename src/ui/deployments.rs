//! The second section: two deployments compared on the whole answer. One deployment starts
//! sooner, the other writes faster; the section finds where that flips, what it means for who
//! reads the answer, under load, across a spread of lengths, per model verbosity and with people
//! who give up. Every number comes from `model` through the state.

#[path = "deployments_inputs.rs"]
mod inputs;
#[path = "deployments_load.rs"]
mod load;
#[path = "deployments_race.rs"]
mod race;
#[path = "deployments_workload.rs"]
mod workload;

use super::app::use_state;
use super::deeper::Choice;
use super::figure::FigureCard;
use crate::charts::completion::crossover_tokens_text;
use crate::charts::Figure;
use crate::format;
use crate::model::deployments::{Comparison, Crossover, Speedup, Winner};
use crate::model::reading::WORDS_PER_TOKEN;
use crate::state::State;
use leptos::prelude::*;

/// A value derived from the state, recomputed only when the state changes and passed on only
/// when the value itself does.
fn derived<T: Clone + PartialEq + Send + Sync + 'static>(
    f: impl Fn(&State) -> T + Send + Sync + 'static,
) -> Memo<T> {
    let state = use_state();
    Memo::new(move |_| state.with(|s| f(s)))
}

/// A readout whose `data-value` may be absent (a crossover that does not exist) or not a
/// number (a winner).
#[component]
fn Out(
    testid: &'static str,
    label: &'static str,
    value: Signal<Option<String>>,
    text: Signal<String>,
    #[prop(optional)] note: Option<Signal<String>>,
) -> impl IntoView {
    view! {
        <div class="readout">
            <dt>{label}</dt>
            <dd data-testid=testid data-value=move || value.get()>{move || text.get()}</dd>
            {note.map(|note| view! { <dd class="readout-note">{move || note.get()}</dd> })}
        </div>
    }
}

/// The crossover as the readouts write it: its length, or in a few words why there is none.
fn crossover_text(c: &Comparison) -> String {
    match c.crossover() {
        Crossover::At { tokens, .. } => crossover_tokens_text(tokens),
        Crossover::Never { faster } => {
            format!("None: {} starts no later and writes no slower", faster.label())
        }
        Crossover::Identical => "None: A and B are identical".to_string(),
    }
}

/// What the crossover means, under its number.
fn crossover_note(c: &Comparison) -> String {
    match c.crossover() {
        Crossover::At { tokens, below, above } => format!(
            "about {} words; shorter answers finish first on {}, longer ones on {}",
            format::with_separators(tokens * WORDS_PER_TOKEN, 0),
            below.label(),
            above.label()
        ),
        Crossover::Never { faster } => format!(
            "{} finishes first at every answer length: the lines never meet",
            faster.label()
        ),
        Crossover::Identical => "every answer finishes on both at the same moment".to_string(),
    }
}

/// Seconds to three significant figures, for sums the reader may redo: "0.7 s", "0.0242 s".
fn precise_secs(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) || x >= 1.0 {
        return format::duration(x);
    }
    let decimals = (2.0 - x.log10().floor()).clamp(0.0, 12.0) as usize;
    format!("{} s", format::trimmed(x, decimals))
}

/// "an answer of 600 tokens"
fn an_answer_of(tokens: f64) -> String {
    format!("an answer of {}", format::tokens(tokens))
}

/// "B finishes first" and the like.
fn winner_text(w: Winner) -> String {
    match w {
        Winner::Tie => "A and B finish together".to_string(),
        w => format!("{} finishes first", w.data_value()),
    }
}

/// A ratio readout: the unrounded ratio, when it is finite.
fn ratio_value(s: Speedup) -> Option<String> {
    match s {
        Speedup::Same => Some("1".to_string()),
        Speedup::Times { times, .. } => Some(times.to_string()),
        Speedup::Unbounded { .. } => None,
    }
}

fn speedup_text(s: Speedup, milestone: &str) -> String {
    match s {
        Speedup::Same => format!("A and B are equally fast {milestone}"),
        Speedup::Times { faster, times } => {
            format!("{} is {}× faster {milestone}", faster.label(), format::trimmed(times, 1))
        }
        Speedup::Unbounded { faster } => {
            format!("{} takes no time at all {milestone}", faster.label())
        }
    }
}

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
