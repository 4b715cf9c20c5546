//! The page: state from the URL, then the lesson's sections in reading order.

use super::canvas::FigureCanvas;
use super::challenge::Challenge;
use super::controls::Controls;
use super::deeper::Deeper;
use super::dom;
use super::notices::Notices;
use super::prose::{Assumptions, Intro, Streaming};
use super::readouts::Readouts;
use super::tables::{CrossingTable, LessonTable, TimelineTable};
use crate::charts::{crossing, timeline::Timeline, Figure};
use crate::state::{query, Notice, Param, State};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let parsed = query::parse(&dom::query_string());
    let state = RwSignal::new(parsed.state);
    let notices = RwSignal::new(parsed.notices);
    provide_context(state);
    provide_context(notices);

    // Keep the address bar in step with the controls. The first run also normalises a URL that
    // held bad values, so a copied link never carries them on.
    Effect::new(move |_| dom::replace_query(&query::to_query(&state.get())));

    let timeline_label = Memo::new(move |_| Timeline::of(&state.get()).summary());
    let crossing_label = Memo::new(move |_| crossing::summary(&state.get()));

    view! {
        <header class="masthead">
            <p class="kicker">"Crossover · an explainer of LLM response time"</p>
            <h1>"Two waits in every answer"</h1>
        </header>
        <Notices />
        <main id="main">
            <Intro />
            <section class="workbench" aria-labelledby="workbench-title">
                <h2 id="workbench-title">"Try it: one request"</h2>
                <div class="workbench-grid">
                    <Controls legend="Inputs" params=&Param::REQUEST />
                    <Readouts />
                </div>
                <figure class="figure" aria-labelledby="timeline-title">
                    <figcaption id="timeline-title">
                        <strong>"Figure 1. "</strong>
                        "One request on a clock: the empty screen, then the answer arriving, and a person reading it."
                    </figcaption>
                    <FigureCanvas figure=Figure::Timeline label=timeline_label />
                    <TimelineTable />
                </figure>
                <figure class="figure" aria-labelledby="crossing-title">
                    <figcaption id="crossing-title">
                        <strong>"Figure 2. "</strong>
                        "Where reading the prompt starts to cost more than writing the answer."
                    </figcaption>
                    <FigureCanvas figure=Figure::Crossing label=crossing_label />
                    <CrossingTable />
                </figure>
                <LessonTable />
            </section>
            <Challenge />
            <Streaming />
            <Assumptions />
            <Deeper />
        </main>
        <footer class="colophon">
            <p>"Numbers follow a deliberately simple linear model; the last section says where it bends."</p>
        </footer>
    }
}

/// The shared state signal, provided by [`App`].
pub fn use_state() -> RwSignal<State> {
    expect_context::<RwSignal<State>>()
}

/// Notices about inputs that could not be used as given.
pub fn use_notices() -> RwSignal<Vec<Notice>> {
    expect_context::<RwSignal<Vec<Notice>>>()
}
