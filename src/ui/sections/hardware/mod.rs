//! Where the two rates come from: the chip beneath them. A lab of its own between the two
//! halves: the first half took its prefill and decode rates on trust, and the second compares
//! deployments whose rates differ because their hardware does. Its panel picks a chip, a model,
//! precisions and how the model is served; the section explains the roofline, asks for a
//! prediction about the H200, shows Figure 5 and hands the rates to either half.

mod challenge;
mod panel;
mod rates;
mod sources;

use crate::state::presets::Scope;
use crate::text::roofline as text;
use crate::ui::arrival::prose;
use crate::ui::context::use_revealed;
use crate::ui::erased::derive;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::presets::Presets;
use crate::ui::widgets::veil::VeilNote;
use leptos::prelude::*;

#[component]
pub fn Hardware() -> impl IntoView {
    // Until the reader locks a guess about the H200 (or asks to see anyway), the table of worked
    // settings, which lists the H200's numbers, is left out, and so is every number that states
    // the crossing while the H200 is in the panel (`Revealed::hides_h200`).
    let revealed = use_revealed().h200;
    view! {
        <div class="lab" id="hardware">
            <panel::HardwarePanel />
            <div class="lab-main">
                <Intro />
                <challenge::H200Challenge revealed=revealed />
                // The worked settings come before Figure 5, the figure their buttons change, as
                // every group of scenarios in the lesson does; their table then follows the
                // prediction that holds it back.
                <WorkedCases revealed=revealed />
                <rates::Rates />
                <sources::Sources />
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
                    "The first half asked you to take its two rates as given. Both come from one chip doing two different jobs. "
                    "To read a prompt it fetches every weight from memory once and multiplies it with all the prompt's tokens together, so the pass waits on arithmetic: it is "
                    <em>"compute-bound"</em>". To write, it makes one token per sequence per step, and every step fetches every weight again, with the cached keys and values of each sequence it is writing: the step waits on memory, "
                    <em>"memory-bound"</em>"."
                </p>
                <p>
                    "A token costs about two FLOP per parameter. So prefill runs at the chip's arithmetic over two FLOP per parameter, and decode at its memory bandwidth over the bytes of all the weights. "
                    "The chip's peak FLOP per second over its bytes per second is its "<em>"ridge point"</em>", in FLOP per byte: the work each byte fetched must carry before arithmetic becomes the limit. "
                    "With one sequence the ratio of the two rates is that ridge, times the share of peak arithmetic prefill reaches (MFU) over the share of bandwidth decode reaches (MBU), times the bytes per weight over two."
                </p>
            )}
            <p data-testid="hw-lesson-rates">{text::lesson_rates_sentence()}</p>
        </section>
    }
}

/// The lesson's worked settings: one click each puts a setting in the panel, and the table gives
/// all of them at once. It names the H200's numbers, so it is left out of the page until the
/// reader has guessed (or asked to see it).
#[component]
fn WorkedCases(revealed: RwSignal<bool>) -> impl IntoView {
    // The lesson's table, at its efficiencies and answer length: the same whatever the panel says.
    let table = derive(text::worked_cases_table);
    view! {
        <section class="hw-cases" aria-labelledby="hw-cases-title">
            <h3 id="hw-cases-title">"Six settings worked through"</h3>
            <Presets scope=Scope::Hardware title="Put a worked setting in the panel" />
            <VeilNote revealed=revealed testid="hw-cases-reveal"
                said="The table of all six, the H200 among them, appears once you lock a guess above." />
            {move || revealed.get().then(|| view! { <DataTableView table=table testid="hw-cases-table".to_string() /> })}
        </section>
    }
}
