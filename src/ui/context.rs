//! What the app shares with every component, each as its own newtype so a context is found by
//! what it means rather than by its signal's type. `app` provides them; components reach them
//! through the `use_*` functions here and never import `app`.

use crate::charts::Palette;
use crate::measurements::compare::Overlay;
use crate::state::{Notice, State};
use crate::ui::arrival::Sight;
use crate::ui::erased::{derive, memo};
use leptos::prelude::*;
use std::sync::Arc;

/// The page state: every input the reader controls; and the sections that follow it lazily.
#[derive(Clone, Copy)]
pub struct StateContext {
    pub state: RwSignal<State>,
    pub sight: Sight,
}

/// The shown state: the state as the part of the page around a component shows it. That is the
/// page state itself, or a section's copy that lags behind it while the section is out of sight
/// (`ui::arrival`). Read-only: changes go to the page state.
#[derive(Clone, Copy)]
pub struct ShownState(RwSignal<State>);

impl ShownState {
    pub fn of(state: RwSignal<State>) -> Self {
        ShownState(state)
    }

    pub fn with<T>(self, f: impl FnOnce(&State) -> T) -> T {
        self.0.with(f)
    }

    pub fn get_untracked(self) -> State {
        self.0.get_untracked()
    }
}

/// Inputs from the link that could not be used as given.
#[derive(Clone, Copy)]
pub struct NoticesContext(pub RwSignal<Vec<Notice>>);

/// The query string that reproduces what is on screen, state and view.
#[derive(Clone, Copy)]
pub struct CurrentQuery(pub Memo<String>);

/// True once the page is being printed: every figure's table is then written out.
#[derive(Clone, Copy)]
pub struct Printing(pub RwSignal<bool>);

/// Which of the lesson's two predictions the reader has answered (or chosen to skip): until
/// then nothing on the page may state the answer (the first half's crossing, the second half's
/// crossover). The whole page provides it with both questions open; a figure shown alone (an
/// embed, a presentation) asks nothing, and [`use_revealed`] answers that both are shown.
#[derive(Clone, Copy)]
pub struct Revealed {
    pub crossing: RwSignal<bool>,
    pub crossover: RwSignal<bool>,
}

impl Revealed {
    /// Both questions still open.
    pub fn open() -> Self {
        Revealed { crossing: RwSignal::new(false), crossover: RwSignal::new(false) }
    }

    /// Whether what `figure` states may be shown: the crossing figure follows the first
    /// prediction, the two deployments' figures the second.
    pub fn shows(self, figure: crate::state::Figure) -> bool {
        use crate::state::Figure;
        match figure {
            // The roofline states the chip's rates, not the lesson's answers; its own question
            // (the H200) holds back only the table of worked settings.
            Figure::Timeline | Figure::Roofline | Figure::Streaming | Figure::Clocks => true,
            // The deeper model's crossing, beside the straight lines'.
            Figure::Crossing | Figure::Bend => self.crossing.get(),
            Figure::Completion | Figure::Lengths => self.crossover.get(),
        }
    }
}

pub fn use_revealed() -> Revealed {
    use_context::<Revealed>()
        .unwrap_or(Revealed { crossing: RwSignal::new(true), crossover: RwSignal::new(true) })
}

/// What Figure 3 draws behind its lines while both deployments come from loaded runs, as the
/// measurements module last sent it; `None` otherwise. Never in the state, so never in a link.
#[derive(Clone, Copy)]
pub struct RunsOverlay(pub RwSignal<Option<Arc<Overlay>>>);

pub fn use_runs_overlay() -> Option<RwSignal<Option<Arc<Overlay>>>> {
    use_context::<RunsOverlay>().map(|r| r.0)
}

/// Whether the page is dark right now, for the canvases' palette.
#[derive(Clone, Copy)]
pub struct Dark(pub Memo<bool>);

pub fn use_state() -> RwSignal<State> {
    expect_context::<StateContext>().state
}

/// The shown state here.
pub fn use_shown_state() -> ShownState {
    expect_context::<ShownState>()
}

pub fn use_notices() -> RwSignal<Vec<Notice>> {
    expect_context::<NoticesContext>().0
}

pub fn use_printing() -> RwSignal<bool> {
    expect_context::<Printing>().0
}

/// The current query, read without subscribing: for event handlers, which run outside the
/// component tree where context cannot be looked up, so it is fetched while building.
pub fn use_query_source() -> impl Fn() -> String + Copy {
    let query = use_context::<CurrentQuery>();
    move || query.map(|q| q.0.get_untracked()).unwrap_or_default()
}

/// The palette the figures draw with: dark or light as the page is now.
pub fn use_palette() -> Signal<Palette> {
    let dark = use_context::<Dark>();
    derive(move || if dark.is_some_and(|d| d.0.get()) { Palette::DARK } else { Palette::LIGHT })
}

/// A value derived from the state as shown here, recomputed only when that state changes and
/// passed on only when the value itself does.
pub fn derived<T: Clone + PartialEq + Send + Sync + 'static>(
    f: impl Fn(&State) -> T + Send + Sync + 'static,
) -> Memo<T> {
    let shown = use_shown_state();
    memo(move || shown.with(|s| f(s)))
}
