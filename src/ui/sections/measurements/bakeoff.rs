//! A bake-off from two runs. "Use as A" and "Use as B" ask the worker for the chosen run as a
//! deployment at the chosen TTFT percentile and put its numbers into that side of the panel
//! (`state::measured`); which run it was is kept beside the state, never in it, so that the
//! side's line names the run while its controls still hold the run's numbers. Once both sides
//! are runs', the worker is asked for their comparison, placed under Figure 5 with its points
//! drawn behind the figure's lines.

use super::section::Section;
use crate::measurements::compare::{both_from_runs, Overlay, RunSide};
use crate::measurements::protocol::{
    CompareAsked, DeploymentApplied, DeploymentAsked, Reply, Request, SideAsked,
};
use crate::model::deployments::Which;
use crate::render::export::download_text;
use crate::state::measured::MeasuredSide;
use crate::state::quantity::Quantity;
use crate::state::DecisionWorkload;
use crate::state::Param;
use crate::text::compare::{
    deployment_applied_text, LINK_HOLDS_NUMBERS, NOT_COMPARED, USE_AS_UNANSWERED,
};
use crate::text::comparison::{ComparisonView, RUNS_LINES};
use crate::text::measurements::sentences::ANSWER_UNREADABLE;
use crate::ui::context::{ComparisonShown, RunsComparison};
use crate::ui::erased::memo;
use crate::ui::widgets::table_of::TableOf;
use leptos::prelude::*;
use std::sync::Arc;

/// "Use as A" or "Use as B" on the chosen run.
pub(super) fn use_as(section: Section, which: Which) {
    let Some(run_id) = section.chosen_id() else { return };
    use_run(section, which, run_id, false, None);
}

/// "Compare these as A and B": two runs, each used as its side.
pub(super) fn use_pair(section: Section, a: usize, b: usize) {
    use_run(section, Which::A, a, false, None);
    use_run(section, Which::B, b, true, None);
}

/// Two runs of a designed measurement (the workbench's live one) as A and B. Their answer
/// lengths were the plan's, chosen to read the rates, not a workload: the decision stays on
/// the answer lengths the reviewer types.
pub(super) fn use_designed_pair(section: Section, a: usize, b: usize) {
    use_run(section, Which::A, a, false, None);
    let typed: Box<dyn FnOnce()> = Box::new(move || {
        section.state.update(|s| {
            s.decide_for = DecisionWorkload::Traffic;
            // Figure 5 races the typed median, as the card decides for it.
            *s = s.race_the_decision_median();
        });
    });
    use_run(section, Which::B, b, true, Some(typed));
}

/// Run `run_id` as side `which`, its first token at the chosen percentile; what was done is
/// said in the note, after what it says already with `after`; `then` runs once the side is put.
fn use_run(
    section: Section,
    which: Which,
    run_id: usize,
    after: bool,
    then: Option<Box<dyn FnOnce()>>,
) {
    let side = SideAsked { run_id, percentile: section.percentile.get_untracked() };
    section.worker().ask(&Request::Deployment(side), None, move |reply| {
        // A reader who pressed the button hears what became of it, even with no answer.
        let Some(Reply::Deployment(answer)) = reply else {
            section.say_applied(USE_AS_UNANSWERED);
            return;
        };
        let d = match answer {
            Ok(d) => d,
            Err(why) => {
                section.say_applied(&why);
                return;
            }
        };
        let asked = DeploymentAsked {
            which,
            ttft_secs: d.ttft_secs,
            decode_tokens_per_sec: d.decode_tokens_per_sec,
            answer_tokens: d.answer_tokens,
            failed_requests: d.failed_requests as f64,
            requests: d.requests as f64,
        };
        let held = put(section, &asked);
        if let Some(then) = then {
            then();
        }
        let mut note = deployment_applied_text(&d.label, side.percentile, &asked, &held);
        if after {
            // Said once, after both.
            let before = section.applied.get_untracked();
            note = format!("{}{note}", before.strip_suffix(LINK_HOLDS_NUMBERS).unwrap_or(&before));
        }
        section.say_applied(&note);
        let run = RunSide {
            run_id,
            percentile: side.percentile,
            label: d.label,
            ttft_secs: held.ttft_secs,
            decode_tokens_per_sec: held.decode_tokens_per_sec,
            facts: d.facts,
        };
        section.sides.update(|sides| {
            if let Some(slot) = sides.get_mut(which.index()) {
                *slot = Some(run);
            }
        });
    });
}

/// Puts the run's numbers into their side as `state::measured` says, and returns what the
/// side's controls now hold.
fn put(section: Section, asked: &DeploymentAsked) -> DeploymentApplied {
    let side = MeasuredSide {
        ttft_secs: asked.ttft_secs,
        decode_tokens_per_sec: asked.decode_tokens_per_sec,
        answer_tokens: asked.answer_tokens,
        failed_share: asked.failed_share(),
    };
    let mut held = (f64::NAN, f64::NAN);
    section.state.update(|s| {
        section.measured.update_value(|sides| held = sides.put(s, asked.which, side));
    });
    DeploymentApplied { ttft_secs: held.0, decode_tokens_per_sec: held.1 }
}

/// Keeps the comparison up to date: asked of the worker whenever both sides are runs' and the
/// workload or the runs change, taken away when they no longer are.
pub(super) fn follow(section: Section) {
    let asked = memo(move || {
        section.sides.with(|sides| {
            section.state.with(|state| {
                let (a, b) = both_from_runs(sides, state)?;
                let lengths = state.decision_lengths();
                Some(CompareAsked {
                    a: SideAsked { run_id: a.run_id, percentile: a.percentile },
                    b: SideAsked { run_id: b.run_id, percentile: b.percentile },
                    answer_tokens: state.get(Param::RaceAnswer),
                    median_answer_tokens: lengths.median(),
                    p90_answer_tokens: lengths.quantile(0.9),
                })
            })
        })
    });
    Effect::new(move |_| match asked.get() {
        Some(shown) => compare(section, shown, move || asked.get_untracked() == Some(shown)),
        None => {
            section.comparison.set(ComparisonShown::default());
            if let Some(overlay) = section.overlay {
                overlay.set(None);
            }
        }
    });
}

/// Asks the worker for the comparison and places it, if it is `still_asked` when it comes.
fn compare(section: Section, asked: CompareAsked, still_asked: impl Fn() -> bool + 'static) {
    section.worker().ask(&Request::Compare(asked), None, move |reply| {
        let Some(Reply::Compared { view, overlay }) = reply else { return };
        if !still_asked() {
            return;
        }
        // Read here from the worker's data: the worker sends no markup.
        let shown = match view.as_deref().map(ComparisonView::from_wire) {
            Some(Some(view)) => ComparisonShown { view: Some(view), unavailable: None },
            Some(None) => ComparisonShown { view: None, unavailable: Some(ANSWER_UNREADABLE) },
            None => ComparisonShown { view: None, unavailable: Some(NOT_COMPARED) },
        };
        section.comparison.set(shown);
        if let Some(shown) = section.overlay {
            let overlay = Overlay::from_numbers(overlay).filter(|o| !o.is_empty());
            shown.set(overlay.map(Arc::new));
        }
    });
}

/// The comparison of the two runs, under Figure 5 while both sides are runs', with its table's
/// CSV button.
#[component]
pub fn ComparedRuns() -> impl IntoView {
    let comparison = use_context::<RunsComparison>().map(|c| c.0);
    let view = Signal::derive(move || comparison.and_then(|c| c.with(|c| c.view.clone())));
    let unavailable = move || comparison.and_then(|c| c.with(|c| c.unavailable));
    view! {
        <div class="compare-results claim" data-testid="compare-results">
            {move || unavailable().map(|said| view! { <p>{said}</p> })}
            {move || view.get().map(|v| view! { <Comparison view=v /> })}
        </div>
    }
}

/// The two runs compared: which runs they are, what makes the race unfair, the crossover with
/// how sure it is, who finishes the race's answer first, and the table with its CSV.
#[component]
fn Comparison(view: ComparisonView) -> impl IntoView {
    let straddled = match view.straddled {
        Some(true) => "true",
        Some(false) => "false",
        None => "unknown",
    };
    let (low, high) = match view.interval {
        Some((low, high)) => (
            Some(low.to_string()),
            Some(high.map_or_else(|| "Infinity".to_string(), |h| h.to_string())),
        ),
        None => (None, None),
    };
    let csv = view.table.to_csv();
    let download = move |_| download_text("crossover-bakeoff.csv", "text/csv", &csv);
    let findings = view.findings.clone();
    let table = Signal::stored(view.table.clone());
    view! {
        <h3>"A and B from your runs"</h3>
        <p data-testid="compare-runs">"A is "<bdi>{view.a_label.clone()}</bdi>" and B is "<bdi>{view.b_label.clone()}</bdi>". "{RUNS_LINES}</p>
        {(!findings.is_empty()).then(|| view! {
            <div class="notice compare-mismatch" role="note" data-testid="compare-mismatch">
                {findings.into_iter().map(|(id, text)| view! { <p data-finding=id>{text}</p> }).collect_view()}
            </div>
        })}
        <dl class="readout-grid key">
            <div class="readout">
                <dt>"Crossover from the runs"</dt>
                <dd data-testid="compare-nstar" data-quantity=Quantity::Crossover.key()
                    data-value=view.crossover_tokens.map(|t| t.to_string()) data-low=low data-high=high
                    data-certain=if view.interval_certain { "true" } else { "false" }>{view.crossover_text.clone()}</dd>
                <dd class="readout-note">{view.interval_text.clone()}</dd>
            </div>
        </dl>
        <p class="verdict" data-testid="compare-winner" data-quantity=Quantity::Winner.key() data-value=view.winner.clone()
            data-answer=view.answer_tokens.to_string() data-straddled=straddled>{view.winner_text.clone()}</p>
        <TableOf table=table testid="compare-table" />
        <div class="figure-tools">
            <button type="button" class="quiet" data-testid="compare-csv" on:click=download>"Table as CSV"</button>
        </div>
    }
}
