//! The stage scheduler: parts of the page built in later tasks. The lesson is on screen from
//! the markup written at build time, so nothing waits for the live page; building all of it in
//! one task would keep a phone's main thread busy for a long stretch, while a tap waits. Each
//! stage is built in a task of its own, and the prerendered nodes stand in until their live
//! twins are built.
//!
//! On the page at its defaults, the prerendered nodes already say what the live ones would: a
//! stage is built only when the reader comes within a screen of what it replaces, or focuses one
//! of its controls, so a phone that shows the first screen does not spend seconds building
//! sections far below; once the reader changes a value, the rest is built. An address that sets
//! values or names a place builds every stage at once, one task after another: the prerendered
//! numbers are the defaults, not the address's.
//!
//! A stage whose code is delivered apart from the page's wasm (a `<Later>` given a `fetch`) is
//! reached only once that code has arrived: the stand-ins stay until the live part can be built
//! in one task, as for any other stage.

use super::takeover;
use crate::shared_names::root;
use crate::ui::context::StateContext;
use crate::ui::dom;
use leptos::prelude::*;

/// How many of the page's stages are built, and the code each later stage must fetch first.
#[derive(Clone, Copy)]
struct BuildStage {
    built: RwSignal<u8>,
    fetches: StoredValue<Vec<(u8, FetchPart)>>,
}

/// Fetches the code a part of the page is built with, delivered apart from the page's wasm
/// (`ui::parts`); done once the fetch has ended, the code arrived or not (a part that could not
/// be fetched says so itself).
pub type FetchPart = fn() -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;

/// The order the full page's parts are built in, after the mount (stage 0), which reads the
/// address and builds nothing: the page's frame out of sight, one part per task, before it takes
/// the prerendered lesson's place; then the first screen's parts one task each, then the lesson
/// from the top down.
pub mod stage {
    /// The masthead and the notices, the first part of the frame.
    pub const MASTHEAD: u8 = 1;
    /// The page's main element with the labs' containers.
    pub const MAIN: u8 = 2;
    /// The colophon, the frame's last part.
    pub const COLOPHON: u8 = 3;
    /// The request's controls beside the opening.
    pub const REQUEST_CONTROLS: u8 = 4;
    /// The request's readouts, and the page's tools (share, theme) in the masthead.
    pub const READOUTS_AND_TOOLS: u8 = 5;
    /// The opening, with Figure 1.
    pub const OPENING: u8 = 6;
    pub const PHASES: u8 = 7;
    pub const CHALLENGE_AND_CROSSING: u8 = 8;
    pub const STREAMING_AND_ADVICE: u8 = 9;
    /// The chip beneath the rates, between the two halves.
    pub const HARDWARE: u8 = 10;
    pub const DEPLOYMENTS: u8 = 11;
    /// The review workbench's body (`ui::workbench`), built as soon as its frame has taken the
    /// page: in that door nothing else waits before it.
    pub const WORKBENCH: u8 = REQUEST_CONTROLS;
}

/// The frame's last stage: once it is built, the live page takes the prerendered lesson's place.
const FRAME: u8 = stage::COLOPHON;

/// The last stage: the rest of the lesson, and then everything is built.
pub const LAST_STAGE: u8 = stage::DEPLOYMENTS + 1;

/// Whether a door's stages may wait for the reader to come near what they replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// The lesson: screens of sections, built as the reader nears them on a bare address.
    OnApproach,
    /// The review workbench: one screen, its sources folded in disclosures, built at once.
    AtOnce,
}

/// Starts the stages: the frame's at once, the door's as described above. In the native render
/// every stage is built at once.
pub fn provide_stages(arrival: Arrival) {
    let built = RwSignal::new(0_u8);
    let stages = BuildStage { built, fetches: StoredValue::new(Vec::new()) };
    provide_context(stages);
    let on_approach = arrival == Arrival::OnApproach
        && builds_on_approach(&dom::query_string(), &dom::fragment());
    if on_approach {
        dom::mark_root(root::BUILDS_ON_APPROACH, true);
        build_all_once_changed(stages);
    }
    dom::next_task(move || build_frame(stages, on_approach));
}

/// Builds the page's frame one stage per task while the prerendered lesson stays on screen: built
/// in one task with the mount, it kept a phone's main thread busy for a long stretch. Once the
/// frame is whole it takes that lesson's place, and the lesson's own stages begin after the
/// browser has painted it.
fn build_frame(stages: BuildStage, on_approach: bool) {
    let built = stages.built;
    built.update(|stage| *stage = stage.saturating_add(1));
    if built.get_untracked() < FRAME {
        dom::next_task(move || build_frame(stages, on_approach));
        return;
    }
    dom::next_task(move || {
        takeover::take_over_prerendered();
        dom::after_first_paint(move || {
            if on_approach {
                next_stage_when_near(stages);
            } else {
                next_stage(stages);
            }
        });
    });
}

/// Once the reader changes a value, the prerendered sections still standing in show numbers the
/// page no longer has (a search in the page, or a screen reader, would find them): every stage is
/// built then, one task after another.
fn build_all_once_changed(stages: BuildStage) {
    let Some(StateContext(state)) = use_context::<StateContext>() else { return };
    let started = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        state.track();
        let building = (FRAME..LAST_STAGE).contains(&stages.built.get_untracked());
        if first.is_some() && !started.get_value() && building {
            started.set_value(true);
            dom::next_task(move || next_stage(stages));
        }
    });
}

/// Whether stages wait for the reader: only on an address with no values and no place in it.
fn builds_on_approach(query: &str, fragment: &str) -> bool {
    query.trim_start_matches('?').is_empty() && fragment.trim_start_matches('#').is_empty()
}

fn next_stage(stages: BuildStage) {
    build_next(stages, move |built| {
        if built < LAST_STAGE {
            dom::next_task(move || next_stage(stages));
        }
    });
}

/// Builds the next stage once the reader nears a prerendered node; all of them, once one takes
/// the focus. Watching starts again in the next task, once the built stage's stand-ins are gone.
fn next_stage_when_near(stages: BuildStage) {
    takeover::when_standing_in_is_near(move |focused| {
        build_next(stages, move |built| {
            if built < LAST_STAGE {
                if focused {
                    dom::next_task(move || next_stage(stages));
                } else {
                    dom::next_task(move || next_stage_when_near(stages));
                }
            }
        });
    });
}

/// Builds the next stage, once the code it needs has arrived, then calls `then` with the stages
/// now built. Code that cannot be fetched is left to its part to report (`ui::parts`): the stage
/// is built all the same, so the page still completes.
fn build_next(stages: BuildStage, then: impl FnOnce(u8) + 'static) {
    let next = stages.built.get_untracked().saturating_add(1);
    let build = move || {
        // Another chain of stages may have waited for the same code: the count never goes back.
        stages.built.update(|built| *built = (*built).max(next));
        then(next);
    };
    let fetch = stages
        .fetches
        .with_value(|all| all.iter().find(|(stage, _)| *stage == next).map(|(_, fetch)| *fetch));
    // At build time every part's code is in the one binary.
    match fetch {
        #[cfg(target_arch = "wasm32")]
        Some(fetch) => dom::when_done(fetch(), move |()| build()),
        _ => build(),
    }
}

/// `children`, built at `stage`; then the prerendered nodes the live ones replace are removed,
/// in the same task. With `fetch`, the stage waits for that code to arrive.
#[component]
pub fn Later(
    stage: u8,
    #[prop(optional)] fetch: Option<FetchPart>,
    children: ChildrenFn,
) -> impl IntoView {
    let stages = use_context::<BuildStage>();
    if let (Some(stages), Some(fetch)) = (stages, fetch) {
        stages.fetches.update_value(|all| all.push((stage, fetch)));
    }
    let built = stages.map(|b| b.built);
    let ready = move || built.is_none_or(|b| b.get() >= stage);
    // Nothing stands in while the frame is built out of sight.
    let replaces_standing_in = stage > FRAME;
    view! {
        <Show when=ready>
            {children()}
            {replaces_standing_in.then(|| view! { <Built /> })}
        </Show>
    }
}

/// Built after the stage's own nodes, so its effect runs once they are in the page.
#[component]
fn Built() -> impl IntoView {
    Effect::new(move |_| takeover::remove_standing_in());
}

/// Built last, after every section above it: the prerendered nodes still standing in go, a link
/// to a later section lands on it, and the root says the page is complete.
#[component]
pub fn Complete() -> impl IntoView {
    Effect::new(move |_| {
        takeover::remove_all_standing_in();
        dom::scroll_to_fragment();
        dom::mark_root(root::COMPLETE, true);
    });
}

#[cfg(test)]
mod tests {
    use super::builds_on_approach;

    #[test]
    fn only_a_bare_address_waits_for_the_reader() {
        assert!(builds_on_approach("", ""));
        assert!(builds_on_approach("?", "#"));
        assert!(!builds_on_approach("?prompt=500", ""));
        assert!(!builds_on_approach("", "#deployments"));
    }
}
