//! A side of the deployments lab set from a run ("Use as A"): which run, at which TTFT
//! percentile, under which name, and the two numbers it put into the side's controls. The side
//! comes from the run for as long as its controls hold those numbers: a reader who moves one has
//! made a deployment of their own, and the run's name and the comparison leave with it.
//!
//! The numbers are compared as a link writes them (every digit kept), so a side reopened from a
//! link compares as the side it was.

use super::percentile::TtftPercentile;
use crate::measurements::review::facts::RunFacts;
use crate::measurements::review::standing::SideSource;
use crate::model::deployments::Which;
use crate::model::roofline::Serving;
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
    /// What the run tells a review of itself (its file, what the file states, its failures and
    /// requests).
    pub facts: Box<RunFacts>,
}

/// A side set from the chip calculator ("Use as A"): the setting the rates came from, and the
/// prefill and decode rates its controls were left holding. As a run's side, it is the chip's
/// for as long as those controls hold them.
#[derive(Clone, Debug, PartialEq)]
pub struct ChipSide {
    pub serving: Serving,
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
}

impl ChipSide {
    /// Whether `state`'s side `which` still has the chip's rates: its first token built from the
    /// prompt at the chip's prefill rate, and the chip's decode rate.
    pub fn holds(&self, state: &State, which: Which) -> bool {
        let (prefill, rate, source) = match which {
            Which::A => (Param::APrefill, Param::ARate, state.a_ttft_source),
            Which::B => (Param::BPrefill, Param::BRate, state.b_ttft_source),
        };
        source == TtftSource::Prompt
            && same_in_link(prefill, state.get(prefill), self.prefill_tokens_per_sec)
            && same_in_link(rate, state.get(rate), self.decode_tokens_per_sec)
    }
}

/// Where each side's numbers come from now: a run's or a chip's while its controls hold what it
/// put there, else typed.
pub fn sources(
    state: &State,
    runs: &[Option<RunSide>; 2],
    chips: &[Option<ChipSide>; 2],
) -> [SideSource; 2] {
    [Which::A, Which::B].map(|which| {
        let i = which.index();
        if let Some(run) = runs.get(i).and_then(Option::as_ref).filter(|r| r.holds(state, which)) {
            return SideSource::Run(run.facts.clone());
        }
        match chips.get(i).and_then(Option::as_ref).filter(|c| c.holds(state, which)) {
            Some(chip) => SideSource::Chip(Box::new(chip.serving)),
            None => SideSource::Typed,
        }
    })
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
