//! The chosen run against the chip section's setting: the efficiencies its two rates imply,
//! written under its results and kept up to date as the section's setting changes, and "Set
//! MFU and MBU from this run", which puts them into the section's controls.

use super::section::{find, next_frame, RunList, Section};
use crate::measurements::protocol::place;
use crate::state::Param;
use crate::text::measurements::markup::calibration_html;
use crate::text::measurements::sentences::calibrated_text;
use leptos::prelude::*;

/// The chosen run's fitted prefill and decode rates, each `None` where the fit gave none.
fn chosen_rates(list: &RunList) -> Option<(Option<f64>, Option<f64>)> {
    list.chosen().map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec))
}

/// Keeps what the chosen run implies on the section's setting written under its results. The
/// place is in the results' markup, so it is written once that is laid out.
pub(super) fn follow(section: Section) {
    Effect::new(move |_| {
        let Some((prefill, decode)) = section.list.with(chosen_rates) else { return };
        let html = section.state.with(|s| calibration_html(&s.serving(), prefill, decode));
        next_frame(Box::new(move || {
            // Written only when it changed, so that the button keeps the focus of a reader
            // using it.
            if let Some(place) = find(place::CALIBRATION).filter(|p| p.inner_html() != html) {
                place.set_inner_html(&html);
            }
        }));
    });
}

/// "Set MFU and MBU from this run".
pub(super) fn apply(section: Section) {
    let Some((prefill, decode)) = section.list.with_untracked(chosen_rates) else { return };
    let serving = section.state.with_untracked(crate::state::State::serving);
    let wanted = [prefill.map(|r| serving.implied_mfu(r)), decode.map(|r| serving.implied_mbu(r))]
        .map(|x| x.unwrap_or(f64::NAN));
    let mut held = [f64::NAN; 2];
    section.state.update(|s| {
        // A value the fit did not give leaves its control as it is.
        for ((param, wanted), held) in
            [Param::Mfu, Param::Mbu].into_iter().zip(wanted).zip(&mut held)
        {
            if !wanted.is_nan() {
                *held = s.set(param, wanted);
            }
        }
    });
    section.say_applied(&calibrated_text(wanted, held));
}
