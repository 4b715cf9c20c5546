//! The workbench's chip calculator: any chip, model, precision and way of serving, the rates the
//! roofline gives with the range published efficiencies allow, the lesson's worked settings a
//! click away, and "Use as A" and "Use as B". The workbench asks no predictions, so every number
//! shows at once.

use super::panel::HardwarePanel;
use super::rates::Rates;
use super::sources::Sources;
use crate::state::presets::Scope;
use crate::text::embed::CHIP_CALCULATOR_FRAGMENT;
use crate::text::roofline as text;
use crate::ui::erased::derive;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::presets::Presets;
use leptos::prelude::*;

#[component]
pub fn ChipCalculator() -> impl IntoView {
    view! {
        <div class="lab" id=CHIP_CALCULATOR_FRAGMENT.trim_start_matches('#')>
            <HardwarePanel full=true />
            <div class="lab-main">
                <p>
                    "Choose a chip, a model, how its weights and cache are stored and how it is served. "
                    "Prefill runs at the chip's arithmetic over two FLOP per parameter, decode at its memory bandwidth over the bytes each step reads; "
                    "MFU and MBU are the shares of those peaks each phase reaches."
                </p>
                <WorkedCases />
                <Rates />
                <Sources />
            </div>
        </div>
    }
}

/// The lesson's worked settings: one click each puts a setting in the panel, and the table gives
/// all of them at once.
#[component]
fn WorkedCases() -> impl IntoView {
    // The lesson's table, at its efficiencies and answer length: the same whatever the panel says.
    let table = derive(text::worked_cases_table);
    view! {
        <section class="hw-cases" aria-labelledby="hw-cases-title">
            <h3 id="hw-cases-title">"Six settings worked through"</h3>
            <Presets scope=Scope::Hardware title="Put a worked setting in the panel" />
            <DataTableView table=table testid="hw-cases-table".to_string() />
        </section>
    }
}
