//! The chosen run on the chip calculator (`text::measurements::calibration`): the shares of the
//! hardware its two rates imply, read as the model, precision and chip its file names where the
//! calculator knows them, with what was assumed said beside them; kept up to date as the chip
//! section's setting changes. "Set MFU and MBU from this run" puts them into the section's
//! controls.

use super::section::Section;
use crate::format;
use crate::state::Param;
use crate::text::measurements::calibration::{apply, read_run, Reading};
use crate::text::piece::Piece;
use leptos::prelude::*;

/// The chosen run's reading and the button that applies it; empty when the run gave neither
/// rate.
#[component]
pub fn Calibration(section: Section) -> impl IntoView {
    let reading = Memo::new(move |_| {
        let shown = section.shown.get()?;
        let rates = section
            .list
            .with(|l| l.chosen().map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec)));
        let (prefill, decode) = rates?;
        section.state.with(|s| read_run(s, &shown.stated, prefill, decode))
    });
    let set = move |_| {
        let Some(reading) = reading.get_untracked() else { return };
        let mut note = String::new();
        section.state.update(|s| note = apply(s, &reading));
        section.say_applied(&note);
    };
    let part = move |of: fn(&Reading) -> &[Piece]| {
        move || reading.with(|r| r.as_ref().map(|r| of(r).to_vec()).unwrap_or_default())
    };
    let (sentence, assumptions) = (part(|r| &r.sentence), part(|r| &r.assumptions));
    // The button stays in place while the words change, so a reader using it keeps its focus.
    view! {
        <div class="fit-calibration" data-testid="fit-calibration">
            <Show when=move || reading.with(Option::is_some)>
                <p>
                    {move || sentence().into_iter().map(piece).collect_view()}
                    " "
                    <button type="button" data-testid="fit-calibrate" on:click=set>"Set MFU and MBU from this run"</button>
                </p>
                <p class="aside" data-testid="fit-calibration-read">
                    {move || assumptions().into_iter().map(piece).collect_view()}
                </p>
            </Show>
        </div>
    }
}

/// A piece of the sentence: a share as a readout with its unrounded value, a file's words
/// isolated, or plain words.
fn piece(piece: Piece) -> AnyView {
    match piece {
        Piece::Words(words) => words.into_any(),
        Piece::Stated(words) => view! { <bdi>{words}</bdi> }.into_any(),
        Piece::Share(param, share) => {
            let id = if param == Param::Mfu { "fit-mfu" } else { "fit-mbu" };
            view! { <strong data-testid=id data-value=share.to_string()>{format::percent(share)}</strong> }
                .into_any()
        }
    }
}
