//! The review workbench, the page's second door (`?workbench=1`): deployments A and B, from
//! numbers typed in, two chips or two result files, compared on one decision, for an engineer
//! who must choose in a meeting. It shares the lesson's state, figures and text; the door
//! itself, this frame and its body, is a part fetched when it is opened (`ui::parts`), so a
//! reader of the lesson never downloads it.
//!
//! The frame is built in the lesson's stages (`ui::arrival`), so it takes the place of the
//! lesson written at build time in one task, as the lesson does; nothing of that lesson stands
//! in (no container is marked for the takeover), and the stylesheet keeps it out of sight until
//! then (`boot.js` marks the root).

pub mod presented;
pub mod review;

use super::arrival::{provide_stages, stage, Complete, Later, LAST_STAGE};
use super::context::{RunsOverlay, ThemeChoice};
use super::widgets::announcer::Announcer;
use super::widgets::notices::Notices;
use super::widgets::share::ShareBar;
use super::widgets::theme::ThemeToggle;
use leptos::prelude::*;

#[component]
pub fn WorkbenchPage() -> impl IntoView {
    let theme = expect_context::<ThemeChoice>().0;
    provide_stages();
    provide_context(RunsOverlay(RwSignal::new(None)));
    view! {
        <Later stage=stage::MASTHEAD>
            <header class="masthead">
                <div class="masthead-top">
                    <p class="kicker">"Crossover · review workbench"</p>
                </div>
                <h1>"Deployment A or B, decided on your workload"</h1>
                <div class="page-tools">
                    <Later stage=stage::READOUTS_AND_TOOLS>
                        <ShareBar />
                        <ThemeToggle choice=theme />
                    </Later>
                </div>
            </header>
            <Notices />
            <Announcer />
        </Later>
        <Later stage=stage::MAIN>
            <main id="main" class="workbench">
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
