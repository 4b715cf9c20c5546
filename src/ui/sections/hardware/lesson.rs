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
use crate::ui::context::{use_revealed, CurrentQuery};
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
                    "So far the two rates were given. Both come from one chip doing two kinds of work. A model's "<em>"weights"</em>" (its parameters) are billions of numbers held in the chip's memory, and each token costs about two arithmetic operations per weight: two "<em>"FLOP"</em>" per parameter. "
                    "Prefill sends all the prompt's tokens through each weight in one pass, so a weight fetched once serves thousands of tokens and the pass waits on arithmetic: it is "<em>"compute-bound"</em>". "
                    "Decode makes one token per step, and every step fetches every weight again for that one token, with the keys and values cached for each token already in the context: it waits on memory, "<em>"memory-bound"</em>". "
                    "Decoding several sequences together, a "<em>"batch"</em>", shares each fetch among them."
                </p>
                <p>
                    "So prefill's rate is the chip's arithmetic per second (in TFLOP/s, trillions of FLOP a second) over two FLOP per parameter, and decode's is its memory bandwidth (in GB/s) over the bytes the weights fill (two per weight in bf16, the usual 16-bit format). "
                    "Peak arithmetic over bandwidth, in FLOP per byte, is the chip's "<em>"ridge point"</em>": the work each byte fetched must carry before arithmetic becomes the limit. "
                    "No phase reaches a peak: "<em>"MFU"</em>" is the share of peak arithmetic prefill reaches, "<em>"MBU"</em>" the share of bandwidth decode reaches. With bf16 weights the ratio of the two rates is the ridge point times MFU over MBU."
                </p>
            )}
            <p data-testid="hw-lesson-rates">{text::lesson_rates_sentence()}</p>
        </section>
    }
}

/// Figure 5 with the sentences that read it: the crossing the chip in the panel gives (held back
/// for the H200 until its prediction is answered) and what a decode step waits on.
#[component]
fn ChipFigure(revealed: RwSignal<bool>) -> impl IntoView {
    let hides = use_revealed();
    let shown = follow_when_near("hw-rates-title");
    let serving = memo(move || shown.with(State::serving));
    let answer = memo(move || shown.with(|s| s.get(Param::Output)));
    view! {
        <section class="hw-rates" aria-labelledby="hw-rates-title">
            <h3 id="hw-rates-title">"What the chip in the panel gives"</h3>
            <Show when=move || !hides.hides_h200()
                fallback=move || view! {
                    <div class="aside veiled-part" data-testid="hw-rates-veiled">
                        <VeilNote revealed=revealed testid="hw-reveal" said=H200_AFTER_THE_GUESS />
                    </div>
                }>
                <p data-testid="hw-crossing-sentence">{move || serving.with(|s| text::crossing_sentence(s, answer.get()))}</p>
            </Show>
            <FigureCard figure=Figure::Roofline number="Figure 5." />
            <p data-testid="hw-bound-sentence">{move || serving.with(text::bound_sentence)}</p>
        </section>
    }
}

/// The way on to the calculator, at the page's settings.
#[component]
fn ToTheWorkbench() -> impl IntoView {
    let query = use_context::<CurrentQuery>().map(|q| q.0);
    let href = move || chip_calculator_href(&query.map(|q| q.get()).unwrap_or_default());
    view! {
        <p class="workbench-link">
            "A bigger model, weights stored in fewer bits, a chip of your own: "
            <a href=href data-testid="hw-to-workbench">"the review workbench"</a>
            " works the two rates out for any of them, with the range published efficiencies allow, and hands them to the deployments you compare."
        </p>
    }
}
