//! The workbench's body, fetched apart from the page's wasm when the door opens (`ui::parts`):
//! at the top, the two deployments' inputs beside the decision and Figure 5; below, where their
//! numbers can come from, each opened on purpose: two chips (the roofline calculator) or two
//! result files (the measurements section), each with "Use as A" and "Use as B".
//!
//! Nothing here is a prediction: the workbench states every answer at once (no `Revealed` is
//! provided, so every question reads as answered).

use crate::measurements::compare::sources;
use crate::measurements::review::standing::PairCheck;
use crate::render::export::download_canvas;
use crate::state::decision::Decision;
use crate::state::Figure;
use crate::text::deployments::design_doc::{design_doc, Record, OBSERVED_PNG, RACE_PNG};
use crate::text::embed::{lesson_href, present_review_href, CHIP_CALCULATOR_FRAGMENT};
use crate::text::review::held;
use crate::ui::context::{
    use_link_at_settings, use_query_source, use_review_sources, use_state, ChipSides,
    ComparisonShown, CurrentQuery, LiveMeasured, ReviewSources, RunSides, RunsComparison,
};
use crate::ui::dom;
use crate::ui::erased::memo;
use crate::ui::sections::deployments::{DecisionCard, DeploymentsPanel, Race};
use crate::ui::sections::hardware::ChipCalculator;
use crate::ui::sections::measurements::{ComparedRuns, Measurements};
use crate::ui::widgets::share::{copy, current_href};
use leptos::prelude::*;

#[component]
pub fn Review() -> impl IntoView {
    // The runs the sides were set from, and their comparison: the measurements section writes
    // them, the panel and the place under Figure 5 show them.
    let runs = RwSignal::new([None, None]);
    let chips = RwSignal::new([None, None]);
    provide_context(RunSides(runs));
    provide_context(ChipSides(chips));
    provide_context(RunsComparison(RwSignal::new(ComparisonShown::default())));
    // The live measurement, handed to the measurements section to read as a file.
    provide_context(LiveMeasured(RwSignal::new(None)));
    let state = use_state();
    let sources = Memo::new(move |_| {
        runs.with(|runs| chips.with(|chips| state.with(|s| sources(s, runs, chips))))
    });
    provide_context(ReviewSources(sources));
    super::card::provide_review_card();
    view! {
        <div class="lab" id="workbench-deployments">
            <DeploymentsPanel failures=true />
            <div class="lab-main">
                <Intro />
                // The verdict first, for the meeting; the figure and readouts it rests on next.
                <DecisionCard />
                <DesignDoc />
                <div class="race">
                    <Race />
                    // The runs' own times beside Figure 5's fitted lines, once a side is a run's.
                    <super::observed::ObservedRuns />
                    // Both deployments from loaded runs ("Use as A", "Use as B").
                    <ComparedRuns />
                </div>
            </div>
        </div>
        <Sources />
    }
}

#[component]
fn Intro() -> impl IntoView {
    let lesson = use_link_at_settings(lesson_href);
    view! {
        <section class="workbench-intro" aria-labelledby="workbench-title">
            <h2 id="workbench-title">"Two deployments, one decision"</h2>
            <p>
                "Set A and B in the panel, typed in, or take their rates from two chips or two result files further down. "
                {format!("The card decides for the answer lengths your workload produces, and {} below it shows where the two finish.", Figure::Completion.name())}
            </p>
            <p class="aside">
                <a href=lesson data-testid="workbench-to-lesson">"The lesson at these settings"</a>
                " explains each number on this page, from the two waits of one request to the crossover between two deployments."
            </p>
        </section>
    }
}

/// "Copy for the design doc": the record as Markdown with the link that reopens it, shown in a
/// box too, since a browser may refuse the clipboard; and the figures it refers to, saved as the
/// PNG files it names.
#[component]
fn DesignDoc() -> impl IntoView {
    // The page's state as it is when the button is pressed: the card above shows the same.
    let state = use_state();
    let query = use_query_source();
    let status = RwSignal::new(None::<String>);
    let text = RwSignal::new(String::new());
    let sources = use_review_sources();
    // The two runs' comparison under Figure 5, when the sides come from runs.
    let compared = use_context::<RunsComparison>().map(|c| c.0);
    // The presentation states the card's headline where the fitted lines alone would not.
    let held = memo(move || {
        let sides = sources.map(|s| s.get()).unwrap_or_default();
        let interval = compared.and_then(|c| c.with(|c| c.view.as_ref().and_then(|v| v.interval)));
        state.with(|s| {
            let mean = s.decision_lengths().mean();
            held(&PairCheck::of(&sides[0], &sides[1], mean, interval), s, &sides)
        })
    });
    let settings = use_context::<CurrentQuery>();
    let present =
        move || present_review_href(&settings.map(|q| q.0.get()).unwrap_or_default(), held.get());
    let copy_doc = move |_| {
        let link = current_href(&query());
        let view = compared.and_then(|c| c.with_untracked(|c| c.view.clone()));
        let sides = sources.map(|s| s.get_untracked()).unwrap_or_default();
        let doc = state.with_untracked(|s| {
            let d = Decision::of(s);
            design_doc(&Record {
                decision: &d,
                state: s,
                sources: &sides,
                comparison: view.as_ref(),
                link: &link,
            })
        });
        text.set(doc.clone());
        copy(doc, status, "Copied as Markdown, with the link that reopens these numbers. Save the figures it names with the buttons beside it, and attach them.");
    };
    let save = |testid: &'static str, file: &'static str| {
        move |_| {
            if let Some(canvas) = dom::canvas_by_testid(testid) {
                download_canvas(file, &canvas);
            }
        }
    };
    view! {
        <div class="design-doc">
            <button type="button" data-testid="workbench-copy-doc" on:click=copy_doc>"Copy for the design doc"</button>
            " "
            <button type="button" class="quiet" data-testid="workbench-race-png" on:click=save("completion-canvas", RACE_PNG)>{format!("Save {} as {RACE_PNG}", Figure::Completion.name())}</button>
            " "
            <button type="button" class="quiet" data-testid="workbench-observed-png" on:click=save("observed-canvas", OBSERVED_PNG)>{format!("Save {}b as {OBSERVED_PNG}", Figure::Completion.name())}</button>
            " "
            <a href=present target=dom::PRESENTATION_TAB data-testid="workbench-present">"Present it on a projector"</a>
            " "
            <span class="share-status" role="status" data-testid="workbench-doc-status">{move || status.get().unwrap_or_default()}</span>
            <Show when=move || !text.with(String::is_empty)>
                <textarea class="embed-code" readonly rows="8" aria-label="The decision as Markdown" data-testid="workbench-doc" prop:value=move || text.get()></textarea>
            </Show>
        </div>
    }
}

/// Where A's and B's numbers can come from besides the panel: each opened on purpose, or by a
/// link to the calculator (the lesson's chip section has one).
#[component]
fn Sources() -> impl IntoView {
    let calculator_asked = dom::fragment() == CHIP_CALCULATOR_FRAGMENT;
    view! {
        <section class="workbench-sources" aria-labelledby="workbench-sources-title">
            <h2 id="workbench-sources-title">"Rates from hardware or from measurements"</h2>
            <details class="workbench-source" data-testid="workbench-chips" open=calculator_asked>
                <summary>"Two chips: rates from the roofline"</summary>
                <ChipCalculator />
            </details>
            <details class="workbench-source" data-testid="workbench-runs">
                <summary>"Two result files: rates measured on your deployments"</summary>
                <Measurements />
            </details>
            <details class="workbench-source" data-testid="workbench-live">
                <summary>"Two live servers: measured from this page"</summary>
                <super::live::LiveMeasure />
            </details>
        </section>
    }
}
