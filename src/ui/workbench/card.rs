//! The workbench's pieces of the decision card ([`ReviewCard`]): the pair checked before any
//! verdict (`measurements::review::standing`), so that a pair not raced alike gets "not
//! comparable as run" with what differs and what run would settle it, and a pair whose runs
//! cannot tell which finishes first says so; and, with both sides from runs, what they observed
//! beside the fitted lines, with the verdict able to rest on goodput at the reviewer's two
//! limits (`text::review`). In the workbench's part: the lesson's card has none of it.

use crate::measurements::review::standing::{PairCheck, Standing};
use crate::state::decision::Decision;
use crate::state::{Basis, Param};
use crate::text::deployments::decision::decision_text;
use crate::text::review::{
    difference_line, failure_lines, headline, limits, models_note, observed_of, observed_table,
    reference_title, settle_text,
};
use crate::ui::context::{
    use_review_sources, use_shown_state, use_state, ReviewCard, ReviewPair, RunsComparison,
};
use crate::ui::erased::memo;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::table_of::TableOf;
use leptos::prelude::*;

/// Gives the decision card under this owner the workbench's pieces.
pub fn provide_review_card() {
    provide_context(ReviewCard { pair, headline: card_headline, standing, observed });
}

/// The pair as the workbench checks it, from the card's decision: the runs' crossover interval
/// counts where the sides are both runs' and the worker compared them.
fn pair(decision: Memo<Decision>) -> ReviewPair {
    let sources = use_review_sources().unwrap_or_else(|| memo(Default::default));
    let comparison = use_context::<RunsComparison>().map(|c| c.0);
    let interval =
        move || comparison.and_then(|c| c.with(|c| c.view.as_ref().and_then(|v| v.interval)));
    let check = memo(move || {
        let mean = decision.with(|d| d.mean_tokens);
        sources.with(|[a, b]| PairCheck::of(a, b, mean, interval()))
    });
    ReviewPair { shown: use_shown_state(), decision, check, sources }
}

/// The card's headline: the verdict, or that the pair cannot be judged as run.
fn card_headline(pair: ReviewPair, verdict: String) -> String {
    let state = pair.shown.with(|s| *s);
    pair.check.with(|c| pair.sources.with(|src| headline(c, &verdict, &state, src).0))
}

fn standing(pair: ReviewPair) -> AnyView {
    view! { <PairStanding pair=pair /> }.into_any()
}

fn observed(pair: ReviewPair) -> AnyView {
    view! { <Observed pair=pair /> }.into_any()
}

/// Under the headline: what it rests on, what differs between the sides, what run would settle
/// a pair not raced alike, that a verdict between two models is about speed, and the fitted race
/// labelled as a reference where the pair is not judged on it.
#[component]
fn PairStanding(pair: ReviewPair) -> impl IntoView {
    let ReviewPair { shown, decision, check, sources } = pair;
    let why = move || {
        let state = shown.with(|s| *s);
        let verdict = decision.with(|d| decision_text(d, &state).verdict);
        check.with(|c| sources.with(|src| headline(c, &verdict, &state, src).1))
    };
    let standing = move || {
        check.with(|c| match c.standing {
            Standing::Comparable => "comparable",
            Standing::EitherMayFinishFirst { .. } => "either",
            Standing::NotComparable => "not-comparable",
        })
    };
    let lines =
        move || check.with(|c| c.differences.iter().map(difference_line).collect::<Vec<_>>());
    view! {
        <p data-testid="decision-standing" data-value=standing hidden=move || why().is_empty()>{why}</p>
        <Show when=move || check.with(|c| !c.differences.is_empty())>
            <p class="decision-changes-title">"What differs between A and B"</p>
            <ul data-testid="decision-pair">
                {move || lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
        </Show>
        {move || check.with(settle_text).map(|s| view! { <p data-testid="decision-settle">{s}</p> })}
        {move || check.with(models_note).map(|s| view! { <p class="aside" data-testid="decision-models">{s}</p> })}
        {move || check.with(reference_title).map(|t| view! { <p class="decision-changes-title">{t}</p> })}
    }
}

/// What the runs observed, when both sides are runs': the reviewer's two limits, what the verdict
/// rests on, the table of percentiles, failures and goodput, and why the failures failed.
#[component]
fn Observed(pair: ReviewPair) -> impl IntoView {
    let state = use_state();
    let sources = pair.sources;
    let both = move || sources.with(|s| observed_of(s).iter().all(Option::is_some));
    let table = Signal::derive(move || {
        let limits = state.with(limits);
        sources.with(|s| observed_table(s, limits)).unwrap_or_default().owned()
    });
    let failures = move || sources.with(failure_lines);
    let basis = Signal::derive(move || state.with(|s| s.basis));
    let set_basis = Callback::new(move |b: Basis| state.update(|s| s.basis = b));
    view! {
        <Show when=both>
            <div class="decision-observed" data-testid="decision-observed">
                <p class="decision-changes-title">"What the runs observed"</p>
                <Controls legend="Your limits for a request that counts" params=&Param::LIMITS />
                <fieldset class="choice">
                    <legend>"The verdict rests on"</legend>
                    <Choice name="basis" testid="basis-mean" label="the mean whole answer on the fitted lines" value=Basis::Mean current=basis set=set_basis />
                    <Choice name="basis" testid="basis-goodput" label="the share of each run's requests within both limits" value=Basis::Goodput current=basis set=set_basis />
                </fieldset>
                <TableOf table=table testid="decision-observed-table" />
                {move || failures().into_iter().map(|f| view! { <p data-testid="decision-failure-kinds">{f}</p> }).collect_view()}
            </div>
        </Show>
    }
}
