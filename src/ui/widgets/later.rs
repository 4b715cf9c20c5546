//! Parts of the page built in later tasks. The lesson is on screen from the markup written at
//! build time, so nothing waits for the live page; building all of it in one task would keep a
//! phone's main thread busy for a long stretch, while a tap waits. Each stage is built in a task
//! of its own, and the prerendered nodes stand in until their live twins are built.

use crate::ui::context::BuildStage;
use crate::ui::dom;
use leptos::prelude::*;

/// The last stage: everything is built.
pub const LAST_STAGE: u8 = 4;

/// Starts the stages: the first after the browser has painted, each later one in the next task.
/// In the native render every stage is built at once.
pub fn provide_stages() {
    let built = RwSignal::new(0_u8);
    provide_context(BuildStage(built));
    dom::after_first_paint(move || next_stage(built));
}

fn next_stage(built: RwSignal<u8>) {
    built.update(|stage| *stage = stage.saturating_add(1));
    if built.get_untracked() < LAST_STAGE {
        dom::next_task(move || next_stage(built));
    }
}

/// `children`, built at `stage`; then the prerendered nodes the live ones replace are removed,
/// in the same task.
#[component]
pub fn Later(stage: u8, children: ChildrenFn) -> impl IntoView {
    let built = use_context::<BuildStage>().map(|b| b.0);
    let ready = move || built.is_none_or(|b| b.get() >= stage);
    view! {
        <Show when=ready>
            {children()}
            <Built />
        </Show>
    }
}

/// Built after the stage's own nodes, so its effect runs once they are in the page.
#[component]
fn Built() -> impl IntoView {
    Effect::new(move |_| dom::remove_standing_in());
}
