//! The review workbench, the page's second door (its own page, `workbench.html`): deployments A
//! and B, from numbers typed in, two chips or two result files, compared on one decision, for an
//! engineer who must choose in a meeting. It shares the lesson's state, figures and text; the
//! door itself, this frame and its body, is a part fetched when it is opened (`ui::parts`), so a
//! reader of the lesson never downloads it.
//!
//! The build writes the workbench at its defaults into its page (`site::workbench_page`), so it
//! reads before the wasm arrives. The frame is built in the lesson's stages (`ui::arrival`) and
//! takes that markup's place in one task, as the lesson's does; the body's prerendered twin
//! stands in until it is built (its containers are marked for the takeover).

pub mod card;
pub mod live;
pub mod observed;
pub mod presented;
pub mod review;

use super::arrival::{provide_stages, stage, Arrival, Complete, Later, LAST_STAGE};
use super::context::{RunsOverlay, ThemeChoice};
use super::widgets::masthead::Masthead;
use leptos::prelude::*;

#[component]
pub fn WorkbenchPage() -> impl IntoView {
    let theme = expect_context::<ThemeChoice>().0;
    provide_stages(Arrival::AtOnce);
    provide_context(RunsOverlay(RwSignal::new(None)));
    view! {
        <Masthead kicker="Crossover · review workbench" title="Deployment A or B, decided on your workload" theme=theme />
        <Later stage=stage::MAIN>
            <main id="main" class="workbench" data-takeover>
                <Later stage=stage::WORKBENCH>
                    <review::Review />
                </Later>
                <Later stage=LAST_STAGE>
                    <Complete />
                </Later>
            </main>
        </Later>
    }
}
