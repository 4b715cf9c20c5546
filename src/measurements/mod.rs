//! Reading a serving benchmark's result file and fitting the lesson's straight lines to it.
//!
//! [`read`] recognises the tool from the file's structure and returns its runs of per-request
//! [`Record`]s, or a [`Refusal`] that says what was found and what to do. [`fit()`] turns one run
//! into the lesson's numbers: decode rate, the TTFT floor (overhead plus prompt over prefill
//! rate), each request's queueing estimate, percentiles and where the straight line bends.
//! [`export`] writes both as CSV. [`protocol`] holds the messages between the page and the Web
//! Worker that does this work.
//!
//! Everything else here is plain computation on the file's text, with no I/O, so it runs the same in
//! a Web Worker and in native tests, and gives the same numbers for the same file every time
//! (the bootstrap uses a fixed seed).

pub mod advice;
pub mod compare;
pub mod csv;
pub mod detect;
pub mod encoding;
pub mod export;
pub mod file_text;
pub mod fit;
pub mod formats;
pub mod json;
pub mod live;
pub mod load;
pub mod meta;
pub mod protocol;
pub mod record;
pub mod review;
pub mod stats;

pub use fit::{fit, Fit};
pub use record::{Format, Record, Refusal, Run, SummaryCheck};

use crate::format;

/// The most runs one file gives. Real sweeps hold tens; a file of thousands is read up to
/// here, and a note says the rest were left and why.
pub const MAX_RUNS_PER_FILE: usize = 1_000;
/// The most runs the page holds while it is open: every run read stays in the worker's memory
/// (a few kilobytes for a small run) and in the list of runs, until the page is reloaded.
pub const MAX_RUNS_PER_VISIT: usize = 2_000;

/// Reads every run in a benchmark result file.
///
/// The format is detected from the text's structure; `file_name` only labels runs when the file
/// names no model. Runs without a single usable record are left out (and said so in the first
/// remaining run's notes); if that leaves none, the file is refused. Text saved as UTF-16 and
/// read as UTF-8 (NULs between its characters) is read as UTF-16.
pub fn read(text: &str, file_name: &str) -> Result<Vec<Run>, Refusal> {
    read_beside(text, file_name, 0)
}

/// [`read`] for a page already holding `runs_held` runs: it gives at most
/// [`MAX_RUNS_PER_FILE`], and no more than bring the page to [`MAX_RUNS_PER_VISIT`], saying so
/// in the first run's notes; a page holding that many already is refused.
pub fn read_beside(text: &str, file_name: &str, runs_held: usize) -> Result<Vec<Run>, Refusal> {
    let room = MAX_RUNS_PER_VISIT.saturating_sub(runs_held);
    if room == 0 {
        return Err(Refusal::TooManyRuns { held: runs_held });
    }
    let wide = encoding::from_misread_utf16(text);
    let runs = detect::runs(wide.as_deref().unwrap_or(text), file_name)?;
    let total = runs.len();
    let format = runs.first().map(|r| r.format);
    let records: usize = runs.iter().map(|r| r.records.len()).sum();
    let failed: usize = runs.iter().map(Run::failed_count).sum();
    let mut usable: Vec<Run> = runs.into_iter().filter(|r| r.usable_count() > 0).collect();
    let left_out = total - usable.len();
    if usable.is_empty() {
        let found = match (total, records) {
            (_, 0) => "it lists no requests".to_string(),
            (1, n) => unusable_summary(n, failed),
            (runs, n) => format!("{runs} runs with {}", unusable_summary(n, failed)),
        };
        return Err(Refusal::NoUsableRecords { tool: format.unwrap_or(Format::Json), found });
    }
    let mut notes = Vec::new();
    if wide.is_some() {
        notes.push(
            "The file was saved as UTF-16 and is read as such; saved as UTF-8 (the usual \
             choice), every character of its names would be kept too."
                .to_string(),
        );
    }
    if left_out > 0 {
        notes.push(format!(
            "{left_out} of the file's {total} runs have no usable request and were left out."
        ));
    }
    let usable_runs = usable.len();
    let kept = usable_runs.min(room).min(MAX_RUNS_PER_FILE);
    if kept < usable_runs {
        usable.truncate(kept);
        let with = |n: usize| format::with_separators(n as f64, 0);
        notes.push(if kept < MAX_RUNS_PER_FILE {
            format!(
                "The page already holds {} runs and keeps at most {} while it is open, so only \
                 the first {} of this file's {} usable runs were read. Reload the page to let \
                 the others go, then load this file again.",
                with(runs_held),
                with(MAX_RUNS_PER_VISIT),
                with(kept),
                with(usable_runs)
            )
        } else {
            format!(
                "The file holds {} usable runs; the first {} were read, as many as the page \
                 reads from one file. Split the file to read the others.",
                with(usable_runs),
                with(kept)
            )
        });
    }
    if let Some(first) = usable.first_mut() {
        first.notes.extend(notes);
    }
    for run in &mut usable {
        // The worker keeps every run until the page is reloaded: no spare room in its lists.
        run.records.shrink_to_fit();
        run.notes.shrink_to_fit();
    }
    Ok(usable)
}

fn unusable_summary(records: usize, failed: usize) -> String {
    if failed == records {
        format!("{records} requests, all of them failed")
    } else {
        format!(
            "{records} requests, {failed} failed and the rest without two output tokens or a \
             positive time"
        )
    }
}
