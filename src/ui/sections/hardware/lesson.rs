//! The lesson's chip section: a short one between the two halves. The first half took its two
//! rates on trust; here the reader sees where they come from, predicts what a chip with more
//! bandwidth does, and finds the lesson's rates on ordinary hardware. Working the rates out for
//! other chips and models is the workbench's (`ChipCalculator`), linked at the page's settings.

use super::challenge::H200Challenge;
use super::panel::HardwarePanel;
use super::sources::Sources;
use crate::state::{Figure, Param, State};
use crate::text::embed::chip_calculator_href;
use crate::text::roofline as text;
use crate::text::veil::H200_AFTER_THE_GUESS;
use crate::ui::arrival::{follow_when_near, prose};
use crate::ui::context::{use_link_at_settings, use_revealed};
use crate::ui::erased::memo;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

#[component]
pub fn ChipBeneath() -> impl IntoView {
    // Until the reader locks a guess about the H200 (or asks to see anyway), every number that
    // states the crossing while the H200 is in the panel is left out (`Revealed::hides_h200`).
    let revealed = use_revealed().h200;
    view! {
        <div class="lab" id="hardware">
            <HardwarePanel full=false />
            <div class="lab-main">
                <Intro />
                <H200Challenge revealed=revealed />
                <ChipFigure revealed=revealed />
                <ToTheWorkbench />
                <details class="hw-more">
                    <summary>"What this arithmetic leaves out, and where its figures come from"</summary>
                    <Sources />
                </details>
            </div>
        </div>
    }
}

#[component]
fn Intro() -> impl IntoView {
    view! {
        <section class="hardware-intro" aria-labelledby="hardware-title">
            <h2 id="hardware-title">"Where the two rates come from: the chip beneath them"</h2>
            {prose!("hardware-why" =>
                <p>
                    "Both rates come from one chip doing two kinds of work. A model's "<em>"weights"</em>", its parameters, are billions of numbers held in the chip's memory, and each token costs about two arithmetic operations ("<em>"FLOP"</em>") per weight. "
                    "Prefill sends the whole prompt through each weight in one pass, so one read of the weights serves thousands of tokens and arithmetic sets the pace: prefill is "<em>"compute-bound"</em>". "
                    "Decode reads every weight again for each new token, so memory sets the pace: decode is "<em>"memory-bound"</em>"."
                </p>
                <p>
                    "Prefill's rate is the chip's FLOP per second over two per parameter; decode's, its memory bandwidth over the bytes of the weights (two each in 16-bit bf16). "
                    "Serving reaches only a share of each peak: "<em>"MFU"</em>" of the arithmetic, "<em>"MBU"</em>" of the bandwidth."
                </p>
            )}
            <p data-testid="hw-lesson-rates">{text::lesson_rates_sentence()}</p>
        </section>
    }
}

/// Figure 4 with the sentences that read it: the crossing the chip in the panel gives (held back
/// for the H200 until its prediction is answered) and what a decode step waits on.
#[component]
fn ChipFigure(revealed: RwSignal<bool>) -> impl IntoView {
    let hides = use_revealed();
    let shown = follow_when_near("hw-rates-title");
    let serving = memo(move || shown.with(State::serving));
    let answer = memo(move || shown.with(|s| s.get(Param::Output)));
    view! {
        <section class="hw-rates" aria-labelledby="hw-rates-title">
            <h3 id="hw-rates-title">"What the chosen chip gives"</h3>
            <Show when=move || !hides.hides_h200()
                fallback=move || view! {
                    <div class="aside veiled-part" data-testid="hw-rates-veiled">
                        <VeilNote revealed=revealed testid="hw-reveal" said=H200_AFTER_THE_GUESS />
                    </div>
                }>
                <p data-testid="hw-crossing-sentence">{move || serving.with(|s| text::crossing_sentence(s, answer.get()))}</p>
            </Show>
            <FigureCard figure=Figure::Roofline />
            <p data-testid="hw-bound-sentence">{move || serving.with(text::bound_sentence)}</p>
        </section>
    }
}

/// The way on to the calculator, at the page's settings.
#[component]
fn ToTheWorkbench() -> impl IntoView {
    let href = use_link_at_settings(chip_calculator_href);
    view! {
        <p class="workbench-link">
            "For a bigger model, fewer bits per weight or another chip, "
            <a href=href data-testid="hw-to-workbench">"the review workbench"</a>
            " works out both rates and hands them to the deployments you compare."
        </p>
    }
}
