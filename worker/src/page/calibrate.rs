//! The chosen run against the chip section's setting: the efficiencies its two rates imply,
//! written under its results and kept up to date as the section's setting changes, and "Set
//! MFU and MBU from this run", which hands them to the section's controls.

use super::{apply_rates, find, page_state, show_applied, with_section};
use crossover::measurements::protocol::{place, RatesApplied, RatesAsked};
use crossover::text::measurements::markup::calibration_html;
use crossover::text::measurements::sentences::calibrated_text;

/// The chosen run's fitted prefill and decode rates, each `None` where the fit gave none.
fn chosen_rates() -> Option<(Option<f64>, Option<f64>)> {
    with_section(|s| {
        s.runs.get(s.selected).map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec))
    })
}

/// Writes what the chosen run implies on the section's setting as the address bar holds it,
/// if that changed.
pub(super) fn show() {
    let (Some(place), Some(state), Some((prefill, decode))) =
        (find(place::CALIBRATION), page_state(), chosen_rates())
    else {
        return;
    };
    let html = calibration_html(&state.serving(), prefill, decode);
    // Written only when it changed, so that the button keeps the focus of a reader using it.
    if place.inner_html() != html {
        place.set_inner_html(&html);
    }
}

/// "Set MFU and MBU from this run".
pub(super) fn apply() {
    let (Some(state), Some((prefill, decode))) = (page_state(), chosen_rates()) else { return };
    let s = state.serving();
    let wanted = [prefill.map(|r| s.implied_mfu(r)), decode.map(|r| s.implied_mbu(r))]
        .map(|x| x.unwrap_or(f64::NAN));
    let [mfu, mbu] = wanted;
    let asked = RatesAsked { mfu, mbu, ..RatesAsked::NOTHING };
    let Some(RatesApplied { held, .. }) = apply_rates(asked) else { return };
    let [.., held_mfu, held_mbu] = held;
    show_applied(&calibrated_text(wanted, [held_mfu, held_mbu]));
}
