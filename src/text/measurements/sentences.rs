//! The section's sentences: what it says about a loaded run (why requests were left out, why no
//! prefill rate is claimed, the run's crossing, whether TTFT bends), what setting MFU and MBU from it did,
//! and its notices when a file or the part of the page that reads it fails.

use super::RunView;
use crate::format;
use crate::measurements::file_text::cleaned;
use crate::measurements::fit::{Counts, Estimate, Fit};
use crate::measurements::Refusal;
use crate::model::roofline::Serving;
use crate::state::Figure;

/// The refusal when the worker could not be started: its script or its wasm did not load, or
/// did not match the build.
pub const WORKER_UNLOADED: &str = "The part of the page that reads files could not be loaded, \
    so nothing was read (and nothing was sent anywhere). Reload the page and try again.";

/// The refusal of a file whose reading the worker never answered: it stopped first.
pub const WORKER_FAILED: &str = "The part of the page that reads files stopped before it answered \
    (a file too large for the browser's memory can do this). Nothing was sent anywhere; try the \
    file again, or a smaller part of it.";

/// The refusal of a reply the page cannot read.
pub const ANSWER_UNREADABLE: &str =
    "The file reader gave an answer the page cannot read; reload the page and try again.";

/// The refusal of an answer that would bring the page past the runs a visit may hold.
pub fn too_many_runs(most: usize) -> String {
    format!(
        "The file reader answered with more runs than the page holds in one visit ({}), so none of them was taken. Reload the page to start again with fewer files.",
        format::with_separators(most as f64, 0)
    )
}

/// The refusal of the paste box's button with nothing pasted.
pub const PASTE_EMPTY: &str = "The paste box is empty: paste the contents of a result file first.";

/// The busy line while `pending` files are being read (empty when none is).
pub fn reading_text(pending: usize) -> String {
    match pending {
        0 => String::new(),
        1 => "Reading one file…".to_string(),
        n => format!("Reading {n} files…"),
    }
}

/// The refusal of a file the library would not read, named.
pub fn refused(file_name: &str, refusal: &Refusal) -> String {
    format!("{}: {refusal}", cleaned(file_name))
}

/// The refusal of a file the browser could not hand over as text.
pub fn unreadable(file_name: &str) -> String {
    format!(
        "{}: the browser could not read this file as text. Check that it is a result \
         file (JSON, JSON Lines or CSV) and that it can still be opened.",
        cleaned(file_name)
    )
}

/// The notice for a file a restarted worker could not read again, whose runs the page dropped.
pub fn not_read_again(file_name: &str) -> String {
    format!(
        "The part of the page that reads files had to restart and could not read {} again \
         (was it changed or moved since?), so its runs are no longer listed. Load it again to \
         bring them back.",
        cleaned(file_name)
    )
}

/// The notice for a file that stopped the worker each time it was read again, whose runs the
/// page dropped.
pub fn stopped_reading_again(file_name: &str) -> String {
    format!(
        "The part of the page that reads files stopped twice while reading {} again (the \
         tab may be short of memory for it now), so its runs are no longer listed and the \
         others are drawn without it. Load it again to bring it back, perhaps after closing \
         other tabs.",
        cleaned(file_name)
    )
}

/// The dropped requests by reason, or "none".
pub fn dropped_text(counts: &Counts) -> String {
    let reasons: Vec<String> = [
        (counts.failed, "failed"),
        (counts.no_ttft, "without a TTFT"),
        (counts.no_e2e, "without an end-to-end time"),
        (counts.too_few_output_tokens, "with fewer than two output tokens"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, why)| format!("{} {why}", format::with_separators(n as f64, 0)))
    .collect();
    if reasons.is_empty() {
        "none".to_string()
    } else {
        reasons.join(", ")
    }
}

/// An estimate's 95% interval, said beside its value ("95% interval: 54.2 tok/s to 102 tok/s"),
/// or nothing where the fit gives none.
pub(super) fn interval_text(estimate: Option<Estimate>, show: fn(f64) -> String) -> String {
    match estimate.and_then(|e| e.ci95) {
        Some((low, high)) if low.is_finite() && high.is_finite() => {
            format!("95% interval: {} to {}", show(low), show(high))
        }
        _ => String::new(),
    }
}

/// Beside the fitted fixed time: its interval, a word where it falls below zero, and, for a
/// live run, the round trip to the server that every first token held, which the fit does not
/// take out.
pub(super) fn fixed_time_note(estimate: Option<Estimate>, round_trip_secs: Option<f64>) -> String {
    let mut interval = interval_text(estimate, format::duration);
    if estimate.is_some_and(|e| e.value < 0.0) {
        // A line fitted through first tokens that grow faster than in proportion (long prompts
        // slowed more than short ones, as on a machine busy with other work) meets the axis below
        // zero; no server answers before it is asked, so the page says what that means.
        let below = "below zero, which no server can take: the first tokens do not lie on one \
                     straight line through these prompts (the long ones took longer per token than \
                     the short), so the prefill rate beside it is a rough figure";
        interval = if interval.is_empty() {
            // Capitalised by hand: `to_uppercase` would bring Unicode's case tables (7 KB).
            format!("B{}", &below[1..])
        } else {
            format!("{interval}; {below}")
        };
    }
    let Some(round_trip) = round_trip_secs.filter(|s| s.is_finite() && *s >= 0.0) else {
        return interval;
    };
    let round_trip = format::duration(round_trip);
    if interval.is_empty() {
        format!("The round trip to the server, {round_trip}, is in it, not taken out")
    } else {
        format!("{interval}; the round trip to the server, {round_trip}, is in it, not taken out")
    }
}

/// Why a fit claims no prefill rate.
pub(super) fn no_prefill_reason(fit: &Fit) -> String {
    match fit.flat_prompts {
        Some(flat) => format!(
            "none claimed: the prompts are all close to {} (interquartile range {}), too alike to \
             tell a rate from; at that length the first token takes at least {}",
            format::tokens(flat.median_prompt_tokens),
            format::tokens(flat.iqr_prompt_tokens),
            format::duration(flat.floor_ttft_secs.value),
        ),
        None if fit.counts.used < 2 => "none claimed: too few usable requests".to_string(),
        None => "none claimed: TTFT does not rise with prompt length in this run".to_string(),
    }
}

/// The run's own crossing, at its median answer.
pub fn crossing_text(fit: &Fit) -> String {
    match fit.crossing {
        Some(c) => format!(
            "With these rates, prefill and decode cost the same at {} prompt tokens per output \
             token. At this run's median answer of {}, a prompt of {} takes as long to read as \
             the answer takes to write.",
            format::trimmed(c.ratio, 1),
            format::tokens(c.median_output_tokens),
            format::tokens(c.prompt_tokens),
        ),
        None => {
            "There is no crossing to show: it needs both a prefill and a decode rate.".to_string()
        }
    }
}

/// Whether TTFT leaves the straight line at the run's longest prompts.
pub fn bending_text(fit: &Fit) -> String {
    match fit.bending {
        Some(b) if b.bends => format!(
            "TTFT bends upward at long prompts: for the longest tenth (from {}), the floor sits {} \
             above the straight line fitted to the rest. There, the straight line understates \
             the wait; the deeper model's section explains why.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction),
        ),
        Some(b) => format!(
            "TTFT stays on the straight line up to the longest prompts: the longest tenth (from \
             {}) sits within {} of it.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction.abs().max(0.0)),
        ),
        None => "Too few long prompts in this run to tell whether TTFT bends away from the \
                 straight line."
            .to_string(),
    }
}

/// What "Set MFU and MBU from this run" did: the shares the chip calculator now holds, each one
/// outside the section's range named with what the section holds instead. `wanted` and `held`
/// are MFU then MBU, NaN where the run gave none.
pub fn calibrated_text(wanted: [f64; 2], held: [f64; 2]) -> String {
    let mut out = Vec::new();
    let mut set = Vec::new();
    let names = [("MFU", Serving::MFU), ("MBU", Serving::MBU)];
    for (((name, range), wanted), held) in names.into_iter().zip(wanted).zip(held) {
        if wanted.is_nan() || held.is_nan() {
            continue;
        }
        set.push(format!("{name} {}", format::percent(held)));
        // The section keeps its own precision, so only a share beyond its range is named.
        if wanted < range.min || wanted > range.max {
            out.push(format!(
                "The run's {name} of {} lies outside the {}–{} the calculator offers, so it holds {}.",
                format::percent(wanted),
                format::percent(range.min),
                format::percent(range.max),
                format::percent(held),
            ));
        }
    }
    if set.is_empty() {
        return "This run gives neither rate, so the chip calculator kept its efficiencies."
            .to_string();
    }
    out.insert(
        0,
        format!(
            "The chip calculator now reckons with this run's efficiencies ({}): its rates and \
             {} follow from them.",
            set.join(", "),
            Figure::Roofline.name()
        ),
    );
    out.join(" ")
}

/// A run in the list to choose from: its label and tool.
pub fn run_choice(run: &RunView) -> String {
    format!("{} ({})", run.label, run.format_name)
}

/// Requests fitted out of those in the run.
pub fn records_text(used: usize, records: usize) -> String {
    format!(
        "{} of {}",
        format::with_separators(used as f64, 0),
        format::with_separators(records as f64, 0)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_live_runs_fixed_time_names_the_round_trip_it_holds() {
        use crate::measurements::fit::Estimate;
        let estimate = Some(Estimate { value: 0.05, ci95: Some((0.02, 0.09)) });
        assert_eq!(
            fixed_time_note(estimate, Some(0.0042)),
            "95% interval: 20 ms to 90 ms; the round trip to the server, 4.2 ms, is in it, not \
             taken out"
        );
        assert_eq!(
            fixed_time_note(None, Some(0.0042)),
            "The round trip to the server, 4.2 ms, is in it, not taken out"
        );
        assert_eq!(fixed_time_note(estimate, None), "95% interval: 20 ms to 90 ms");
        assert_eq!(fixed_time_note(None, None), "");
        // Fitted below zero (seen on a live run while another build held the cores): said.
        let below = Some(Estimate { value: -1.43, ci95: Some((-1.57, 0.056)) });
        let said = fixed_time_note(below, Some(0.0043));
        assert!(
            said.starts_with(
                "95% interval: -1,570 ms to 56 ms; below zero, which no server can take"
            ),
            "{said}"
        );
        assert!(
            said.ends_with("the round trip to the server, 4.3 ms, is in it, not taken out"),
            "{said}"
        );
        let said = fixed_time_note(Some(Estimate { value: -0.2, ci95: None }), None);
        assert!(said.starts_with("Below zero, which no server can take"), "{said}");
    }

    use super::*;

    #[test]
    fn calibrating_names_what_the_section_holds_and_what_its_range_moved() {
        let within = calibrated_text([0.48, 0.61], [0.48, 0.61]);
        assert!(
            within.starts_with(
                "The chip calculator now reckons with this run's efficiencies (MFU 48%, MBU 61%)"
            ),
            "{within}"
        );
        assert!(!within.contains("outside"), "{within}");
        let beyond = calibrated_text([0.02, 1.34], [0.05, 1.0]);
        assert!(beyond.contains("(MFU 5%, MBU 100%)"), "{beyond}");
        assert!(
            beyond.contains(
                "The run's MFU of 2% lies outside the 5%–100% the calculator offers, so it holds 5%."
            ),
            "{beyond}"
        );
        assert!(beyond.contains("The run's MBU of 134% lies outside"), "{beyond}");
        let decode_only = calibrated_text([f64::NAN, 0.7], [f64::NAN, 0.7]);
        assert!(decode_only.contains("(MBU 70%)") && !decode_only.contains("MFU"), "{decode_only}");
        let nothing = calibrated_text([f64::NAN; 2], [f64::NAN; 2]);
        assert!(nothing.contains("kept its efficiencies") && !nothing.contains("NaN"), "{nothing}");
    }

    #[test]
    fn choices_and_counts_read_plainly() {
        let run = RunView {
            label: "vLLM, llama, 256 concurrent".to_string(),
            format_id: "vllm".to_string(),
            format_name: "vLLM".to_string(),
            ..RunView::default()
        };
        assert_eq!(run_choice(&run), "vLLM, llama, 256 concurrent (vLLM)");
        assert_eq!(records_text(1_001, 1_500), "1,001 of 1,500");
    }

    #[test]
    fn the_busy_line_counts_the_files_being_read() {
        assert_eq!(reading_text(0), "");
        assert_eq!(reading_text(1), "Reading one file…");
        assert_eq!(reading_text(3), "Reading 3 files…");
    }

    #[test]
    fn dropped_reasons_are_counted_or_none() {
        assert_eq!(dropped_text(&Counts::default()), "none");
        let counts = Counts { failed: 1200, no_ttft: 3, ..Counts::default() };
        assert_eq!(dropped_text(&counts), "1,200 failed, 3 without a TTFT");
    }
}
