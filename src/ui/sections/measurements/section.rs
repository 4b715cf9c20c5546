//! What the section holds, as signals its places follow: every run loaded so far, the one
//! chosen, the pair offered, how many files are still being read, and the lines the section
//! writes (progress, refusal, what a button that hands a run's numbers on did). The handlers of
//! the section's controls and the worker's answers change these; the view only reads them.

use crate::measurements::compare::{Overlay, RunSide};
use crate::measurements::protocol::PageRun;
use crate::state::State;
use crate::text::measurements::markup::{self, results_html, run_html};
use crate::text::measurements::sentences::{reading_text, ANSWER_UNREADABLE};
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
    fn pair_named(&self) -> Option<[(usize, &str); 2]> {
        let (a, b) = self.pair?;
        let name =
            |id: usize| self.runs.iter().find(|r| r.id == id).map(|r| (id, r.choice.as_str()));
        Some([name(a)?, name(b)?])
    }

    /// The markup of the list and the chosen run's results, built from the worker's data with
    /// every text escaped: the worker sends no markup.
    pub fn results_markup(&self) -> String {
        let choices: Vec<&str> = self.runs.iter().map(|r| r.choice.as_str()).collect();
        let shown = self.chosen().map_or_else(String::new, |run| {
            RunView::from_wire(&run.view)
                .map_or_else(|| paragraph(ANSWER_UNREADABLE), |v| run_html(&v))
        });
        results_html(&choices, self.selected, &shown, self.pair_named())
    }
}

/// `text` as a paragraph of its own, escaped.
pub fn paragraph(text: &str) -> String {
    let mut out = String::new();
    markup::paragraph(&mut out, "", "", text);
    out
}

/// The section's signals: copied into each handler, which changes them; the view reads them.
#[derive(Clone, Copy)]
pub struct Section {
    pub state: RwSignal<State>,
    pub list: RwSignal<RunList>,
    /// Files sent to the worker and not yet answered.
    pub pending: RwSignal<usize>,
    /// The sample run is being fetched.
    pub fetching_sample: RwSignal<bool>,
    /// The share read of the file being read, while one is.
    pub progress: RwSignal<Option<f64>>,
    pub error: RwSignal<Option<String>>,
    /// What a button that hands a run's numbers on did.
    pub applied: RwSignal<String>,
    /// The page is dark: the worker draws the figures in its palette.
    pub dark: Signal<bool>,
    /// The runs the panel's sides were set from.
    pub sides: RwSignal<[Option<RunSide>; 2]>,
    /// The two runs compared, under Figure 3.
    pub comparison: RwSignal<ComparisonShown>,
    /// What Figure 3 draws behind its lines, where the door has the figure.
    pub overlay: Option<RwSignal<Option<Arc<Overlay>>>>,
}

impl Section {
    /// The section's signals, those it shares with the door taken from the door's context
    /// (a door without them gets its own, which nothing else shows).
    pub fn provided() -> Self {
        let dark = use_context::<Dark>();
        Self {
            state: use_state(),
            list: RwSignal::new(RunList::default()),
            pending: RwSignal::new(0),
            fetching_sample: RwSignal::new(false),
            progress: RwSignal::new(None),
            error: RwSignal::new(None),
            applied: RwSignal::new(String::new()),
            dark: derive(move || dark.is_some_and(|d| d.0.get())),
            sides: use_context::<RunSides>().map_or_else(|| RwSignal::new([None, None]), |s| s.0),
            comparison: use_context::<RunsComparison>()
                .map_or_else(|| RwSignal::new(ComparisonShown::default()), |c| c.0),
            overlay: use_runs_overlay(),
        }
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

/// The first element that `selector` matches.
pub fn find(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.query_selector(selector).ok()?
}

pub fn element_by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Runs `f` before the next frame is painted, once what was placed now is laid out (boxed: one
/// callback type for every caller).
pub fn next_frame(f: Box<dyn FnOnce()>) {
    request_animation_frame(f);
}
