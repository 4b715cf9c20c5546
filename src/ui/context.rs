//! What the app shares with every component, each as its own newtype so a context is found by
//! what it means rather than by its signal's type. `app` provides them; components reach them
//! through the `use_*` functions here and never import `app`.

use crate::charts::Palette;
use crate::measurements::compare::{ChipSide, Overlay, RunSide};
use crate::measurements::review::standing::{PairCheck, SideSource};
use crate::model::chips::Chip;
use crate::model::deployments::Which;
use crate::state::decision::Decision;
use crate::state::{Notice, State};
use crate::text::compare::run_side_text;
use crate::text::comparison::ComparisonView;
use crate::ui::erased::{derive, memo};
use leptos::prelude::*;
use std::sync::Arc;

/// The page state: every input the reader controls.
#[derive(Clone, Copy)]
pub struct StateContext(pub RwSignal<State>);

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

/// The reader's choice of colours (the page's theme control), for a door whose frame is built
/// in a part of its own.
#[derive(Clone, Copy)]
pub struct ThemeChoice(pub RwSignal<crate::state::view::Theme>);

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
    /// The chip section's question: where the H200 puts the crossing.
    pub h200: RwSignal<bool>,
    /// Whether the chip section's panel holds the H200, whose crossing is that answer.
    h200_in_panel: Signal<bool>,
}

impl Revealed {
    /// Every question still open, on the page whose state is `state`.
    pub fn open(state: RwSignal<State>) -> Self {
        Revealed {
            crossing: RwSignal::new(false),
            crossover: RwSignal::new(false),
            h200: RwSignal::new(false),
            h200_in_panel: derive(move || state.with(|s| s.chip == Chip::H200)),
        }
    }

    /// Every question answered: a figure shown alone asks none.
    fn answered() -> Self {
        Revealed {
            crossing: RwSignal::new(true),
            crossover: RwSignal::new(true),
            h200: RwSignal::new(true),
            h200_in_panel: Signal::stored(false),
        }
    }

    /// Whether what `figure` states may be shown: the crossing figure follows the first
    /// prediction, the two deployments' figures the second.
    pub fn shows(self, figure: crate::state::Figure) -> bool {
        use crate::state::Figure;
        match figure {
            Figure::Timeline | Figure::Streaming | Figure::Clocks => true,
            // The roof bends where prefill's rate over decode's is read off (with bf16 weights
            // the ridge at these efficiencies is that ratio): with the H200 in the panel, that
            // is the chip section's answer.
            Figure::Roofline => !self.hides_h200(),
            // The deeper model's crossing, beside the straight lines'.
            Figure::Crossing | Figure::Bend => self.crossing.get(),
            Figure::Completion | Figure::Lengths => self.crossover.get(),
        }
    }

    /// Whether the chip section must keep back its crossing and ratio: the H200 is in the
    /// panel, and the reader has not yet predicted where it puts the crossing. Whichever
    /// control put it there (the chip's radio, a worked setting, a link), the answer waits.
    pub fn hides_h200(self) -> bool {
        self.h200_in_panel.get() && !self.h200.get()
    }
}

pub fn use_revealed() -> Revealed {
    use_context::<Revealed>().unwrap_or_else(Revealed::answered)
}

/// What Figure 5 draws behind its lines while both deployments come from loaded runs, as the
/// measurements section last placed it; `None` otherwise. Never in the state, so never in a link.
#[derive(Clone, Copy)]
pub struct RunsOverlay(pub RwSignal<Option<Arc<Overlay>>>);

pub fn use_runs_overlay() -> Option<RwSignal<Option<Arc<Overlay>>>> {
    use_context::<RunsOverlay>().map(|r| r.0)
}

/// The runs the panel's sides were set from by "Use as A" and "Use as B", A's then B's: kept
/// beside the state, never in it (a link holds the numbers, not the files). Only the workbench
/// has runs; a side's line names its run while the side's controls still hold the run's numbers.
#[derive(Clone, Copy)]
pub struct RunSides(pub RwSignal<[Option<RunSide>; 2]>);

impl RunSides {
    /// The line under side `which` of `state`'s panel, naming its run; `None` for no run.
    pub fn line(self, state: &State, which: Which) -> Option<String> {
        self.0.with(|sides| {
            let side = sides.get(which.index())?.as_ref()?;
            side.holds(state, which).then(|| run_side_text(&side.label, side.percentile))
        })
    }
}

/// The chip settings the panel's sides were set from by the calculator's "Use as A" and "Use as
/// B", A's then B's, kept beside the state as the runs are: the workbench's record names the chip.
#[derive(Clone, Copy)]
pub struct ChipSides(pub RwSignal<[Option<ChipSide>; 2]>);

/// Where each of the workbench's sides comes from now (typed, a chip's, a run's): what the
/// review checks the pair on and its record names.
#[derive(Clone, Copy)]
pub struct ReviewSources(pub Memo<[SideSource; 2]>);

pub fn use_review_sources() -> Option<Memo<[SideSource; 2]>> {
    use_context::<ReviewSources>().map(|r| r.0)
}

/// The review workbench's pieces of the decision card, provided by the workbench's part
/// (`ui::workbench::card`) so that the lesson's deployments part, which has the card too,
/// carries none of their code: the pair checked from the card's decision, the headline in place
/// of the verdict, what stands under it, and what the runs observed at the card's end.
#[derive(Clone, Copy)]
pub struct ReviewCard {
    pub pair: fn(Memo<Decision>) -> ReviewPair,
    pub headline: fn(ReviewPair, String) -> String,
    pub standing: fn(ReviewPair) -> AnyView,
    pub observed: fn(ReviewPair) -> AnyView,
}

/// The pair the workbench's card reviews: the state shown, the card's decision, the pair's check
/// and each side's source.
#[derive(Clone, Copy)]
pub struct ReviewPair {
    pub shown: ShownState,
    pub decision: Memo<Decision>,
    pub check: Memo<PairCheck>,
    pub sources: Memo<[SideSource; 2]>,
}

/// The comparison of the two runs the sides were set from, as placed under Figure 5: the
/// worker's view of it (read from data, every text a text node where it is shown), or why there
/// is none. Empty while the sides are not both runs'.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComparisonShown {
    pub view: Option<ComparisonView>,
    /// Said in its place when the worker could not compare the runs, or its answer was not read.
    pub unavailable: Option<&'static str>,
}

#[derive(Clone, Copy)]
pub struct RunsComparison(pub RwSignal<ComparisonShown>);

/// The workbench's live measurement as a file (`measurements::live::file`), handed to its
/// measurements section to read and fit as it reads any result file, its two runs then used as
/// A and B. Each new text replaces the last one's runs.
#[derive(Clone, Copy)]
pub struct LiveMeasured(pub RwSignal<Option<LiveFile>>);

#[derive(Clone, Debug, PartialEq)]
pub struct LiveFile {
    pub name: String,
    pub text: String,
    /// Which measurement it is: a later text of the same one replaces its runs, another's does not.
    pub serial: u64,
}

/// Whether the page is dark right now, for the canvases' palette.
#[derive(Clone, Copy)]
pub struct Dark(pub Memo<bool>);

pub fn use_state() -> RwSignal<State> {
    expect_context::<StateContext>().0
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

/// A link that carries the page's settings (`href_for` builds it from the query), kept up to
/// date as they change: the lesson's and the workbench's ways to each other.
pub fn use_link_at_settings(href_for: fn(&str) -> String) -> impl Fn() -> String + Copy {
    let query = use_context::<CurrentQuery>();
    move || href_for(&query.map(|q| q.0.get()).unwrap_or_default())
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
