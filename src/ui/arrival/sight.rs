//! Sections out of sight follow the controls lazily. The request's controls sit in a sticky
//! panel, so one slider step changes numbers all the way down the page; rewriting sections
//! nobody is looking at within that step delays the figure and readouts the reader is watching.
//! Each such section reads its own shown state, a copy of the page state that lags behind it:
//! it follows every change while the section is on screen or within half a screen of it; farther
//! away it catches up once the controls have been still for a moment (so a search in the page,
//! or a screen reader, finds current numbers), as soon as the section comes near, or when the
//! page is printed. The figures' canvases wait the same way (`widgets::canvas`).

use crate::state::State;
use crate::ui::context::{use_state, ShownState};
use crate::ui::dom;
use leptos::prelude::*;

/// Every section that follows lazily, for the app to bring up to date: a context of its own,
/// which the app provides beside the page state.
#[derive(Clone, Copy)]
pub struct Sight(StoredValue<Vec<Follower>>);

impl Default for Sight {
    fn default() -> Self {
        Sight(StoredValue::new(Vec::new()))
    }
}

#[derive(Clone, Copy)]
struct Follower {
    near: StoredValue<bool>,
    shown: RwSignal<State>,
}

impl Follower {
    fn catch_up(self, now: State) {
        if self.shown.with_untracked(|was| *was != now) {
            self.shown.set(now);
        }
    }
}

impl Sight {
    /// After a change: the sections near the screen show it.
    pub fn follow(self, now: State) {
        self.0.with_value(|all| {
            all.iter().filter(|f| f.near.get_value()).for_each(|f| f.catch_up(now));
        });
    }

    /// Once the controls are still, or before printing: every section shows the page state.
    pub fn settle(self, now: State) {
        self.0.with_value(|all| all.iter().for_each(|f| f.catch_up(now)));
    }
}

/// Gives the component's children, and returns for its own use, the shown state of the section
/// titled by the heading with id `title_id`. Changes still go to the page state (`use_state`).
pub fn follow_when_near(title_id: &'static str) -> ShownState {
    let state = use_state();
    let Sight(all) = expect_context::<Sight>();
    let follower =
        Follower { near: StoredValue::new(true), shown: RwSignal::new(state.get_untracked()) };
    all.update_value(|all| all.push(follower));
    // The section is in the page once the task building it ends. Near until the observer,
    // reporting after the first layout, says otherwise.
    let owner = Owner::current();
    dom::next_task(move || {
        let Some(section) = dom::section_titled(title_id) else { return };
        let watch = move || {
            dom::watch_near(&section, move |is_near| {
                follower.near.set_value(is_near);
                if is_near {
                    follower.catch_up(state.get_untracked());
                }
            })
        };
        match owner {
            Some(owner) => owner.with(watch),
            None => watch(),
        }
    });
    let shown = ShownState::of(follower.shown);
    provide_context(shown);
    shown
}
