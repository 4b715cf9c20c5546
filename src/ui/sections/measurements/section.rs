//! What the section holds, in one value its components and handlers share: every run loaded so
//! far, the one chosen, the pair offered, how many files are still being read, the lines it
//! writes (progress, refusal, what a button that hands a run's numbers on did), and the things
//! that are not signals because nothing is drawn from them (the worker's connection, the files
//! read, the sides set from runs, the drawing under way). The handlers change it; the views read
//! it.

use super::client::Worker;
use super::import::Sources;
use super::results::Drawing;
use crate::charts::measured::RunFigure;
use crate::measurements::compare::{Overlay, RunSide, TtftPercentile};
use crate::measurements::protocol::PageRun;
use crate::state::measured::MeasuredSides;
use crate::state::State;
use crate::text::measurements::sentences::reading_text;
use crate::text::measurements::RunView;
use crate::text::sample_run::SAMPLE_RUN_FETCHING;
use crate::ui::context::{
    use_runs_overlay, use_state, ComparisonShown, Dark, RunSides, RunsComparison,
};
use crate::ui::erased::derive;
use leptos::prelude::*;
use std::sync::Arc;

/// The runs listed, the one chosen, and the pair offered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunList {
    pub runs: Vec<PageRun>,
    pub selected: usize,
    /// The first runs (by id) of two files chosen together, offered as A and B.
    pub pair: Option<(usize, usize)>,
}

impl RunList {
    pub fn chosen(&self) -> Option<&PageRun> {
        self.runs.get(self.selected)
    }

    /// The pair offered, with the runs' names, while both are still listed.
    pub fn pair_named(&self) -> Option<[(usize, String); 2]> {
        let (a, b) = self.pair?;
        let name =
            |id: usize| self.runs.iter().find(|r| r.id == id).map(|r| (id, r.choice.clone()));
        Some([name(a)?, name(b)?])
    }
}

/// The section's state: copied into each handler and component.
#[derive(Clone, Copy)]
pub struct Section {
    pub state: RwSignal<State>,
    pub list: RwSignal<RunList>,
    /// The chosen run as the page shows it, read from the worker's data once per choice
    /// (`None` with no run, or an answer the page cannot read).
    pub shown: Memo<Option<Arc<RunView>>>,
    /// Files sent to the worker and not yet answered.
    pub pending: RwSignal<usize>,
    /// The sample run is being fetched.
    pub fetching_sample: RwSignal<bool>,
    /// The share read of the file being read, while one is.
    pub progress: RwSignal<Option<f64>>,
    pub error: RwSignal<Option<String>>,
    /// What a button that hands a run's numbers on did.
    pub applied: RwSignal<String>,
    /// The first-token percentile "Use as A" and "Use as B" take a run at.
    pub percentile: RwSignal<TtftPercentile>,
    /// The page is dark: the worker draws the figures in its palette.
    pub dark: Signal<bool>,
    /// The runs the panel's sides were set from.
    pub sides: RwSignal<[Option<RunSide>; 2]>,
    /// The two runs compared, under Figure 5.
    pub comparison: RwSignal<ComparisonShown>,
    /// What Figure 5 draws behind its lines, where the door has the figure.
    pub overlay: Option<RwSignal<Option<Arc<Overlay>>>>,
    /// The chosen run's figures' canvases, in [`RunFigure::ALL`]'s order.
    pub canvases: [NodeRef<leptos::html::Canvas>; 3],
    pub worker: StoredValue<Worker, LocalStorage>,
    pub sources: StoredValue<Sources, LocalStorage>,
    /// The panel's sides set from runs, as the controls were left holding them.
    pub measured: StoredValue<MeasuredSides>,
    pub drawing: StoredValue<Drawing>,
}

impl Section {
    /// The section's state, what it shares with the door taken from the door's context (a door
    /// without it gets its own, which nothing else shows).
    pub fn provided() -> Self {
        let dark = use_context::<Dark>();
        let list = RwSignal::new(RunList::default());
        let shown = Memo::new(move |_| {
            list.with(|l| l.chosen().and_then(|run| RunView::from_wire(&run.view)).map(Arc::new))
        });
        Self {
            state: use_state(),
            list,
            shown,
            pending: RwSignal::new(0),
            fetching_sample: RwSignal::new(false),
            progress: RwSignal::new(None),
            error: RwSignal::new(None),
            applied: RwSignal::new(String::new()),
            percentile: RwSignal::new(TtftPercentile::default()),
            dark: derive(move || dark.is_some_and(|d| d.0.get())),
            sides: use_context::<RunSides>().map_or_else(|| RwSignal::new([None, None]), |s| s.0),
            comparison: use_context::<RunsComparison>()
                .map_or_else(|| RwSignal::new(ComparisonShown::default()), |c| c.0),
            overlay: use_runs_overlay(),
            canvases: RunFigure::ALL.map(|_| NodeRef::new()),
            worker: StoredValue::new_local(Worker::default()),
            sources: StoredValue::new_local(Sources::default()),
            measured: StoredValue::new(MeasuredSides::default()),
            drawing: StoredValue::new(Drawing::default()),
        }
    }

    /// The section's worker connection (a handle: the connection is shared).
    pub fn worker(self) -> Worker {
        self.worker.get_value()
    }

    /// The busy line: the files being read, or the sample being fetched.
    pub fn busy_text(self) -> String {
        match self.pending.get() {
            0 if self.fetching_sample.get() => SAMPLE_RUN_FETCHING.to_string(),
            pending => reading_text(pending),
        }
    }

    /// The chosen run's id, read without following it.
    pub fn chosen_id(self) -> Option<usize> {
        self.list.with_untracked(|l| l.chosen().map(|r| r.id))
    }

    pub fn say_applied(self, note: &str) {
        self.applied.set(note.to_string());
    }
}
