//! A side of the deployments lab set from a run ("Use as A"): which run, at which TTFT
//! percentile, under which name, and the two numbers it put into the side's controls. The side
//! comes from the run for as long as its controls hold those numbers: a reader who moves one has
//! made a deployment of their own, and the run's name and the comparison leave with it.
//!
//! The numbers are compared as a link writes them (every digit kept), so a side reopened from a
//! link compares as the side it was.

use super::percentile::TtftPercentile;
use crate::model::deployments::Which;
use crate::state::{Param, State, TtftSource};

#[derive(Clone, Debug, PartialEq)]
pub struct RunSide {
    /// The run's id in the measurements worker.
    pub run_id: usize,
    pub percentile: TtftPercentile,
    /// The run's name, which the side is labelled with.
    pub label: String,
    /// What the side's controls were left holding (after the page's bounds).
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
}

/// The first-token and decode-rate controls of a side.
pub fn controls(which: Which) -> (Param, Param) {
    match which {
        Which::A => (Param::ATtft, Param::ARate),
        Which::B => (Param::BTtft, Param::BRate),
    }
}

impl RunSide {
    /// Whether `state`'s side `which` is still this run: its first token typed in (not built
    /// from the prompt) and both controls where the run put them.
    pub fn holds(&self, state: &State, which: Which) -> bool {
        let (ttft, rate) = controls(which);
        let source = match which {
            Which::A => state.a_ttft_source,
            Which::B => state.b_ttft_source,
        };
        source == TtftSource::Given
            && same_in_link(ttft, state.get(ttft), self.ttft_secs)
            && same_in_link(rate, state.get(rate), self.decode_tokens_per_sec)
    }
}

/// Whether `x` and `y` are written alike in a link (which keeps every digit a value has).
fn same_in_link(param: Param, x: f64, y: f64) -> bool {
    let spec = param.spec();
    spec.link_text(x) == spec.link_text(y)
}

/// The runs both sides come from, while both do.
pub fn both_from_runs<'a>(
    sides: &'a [Option<RunSide>; 2],
    state: &State,
) -> Option<(&'a RunSide, &'a RunSide)> {
    let [Some(a), Some(b)] = sides else { return None };
    (a.holds(state, Which::A) && b.holds(state, Which::B)).then_some((a, b))
}
