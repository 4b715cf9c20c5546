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

pub mod csv;
pub mod detect;
pub mod export;
pub mod fit;
pub mod formats;
pub mod json;
pub mod protocol;
pub mod record;
pub mod stats;

pub use fit::{fit, Fit};
pub use record::{Format, Record, Refusal, Run, SummaryCheck};

/// Reads every run in a benchmark result file.
///
/// The format is detected from the text's structure; `file_name` only labels runs when the file
/// names no model. Runs without a single usable record are left out (and said so in the first
/// remaining run's notes); if that leaves none, the file is refused.
pub fn read(text: &str, file_name: &str) -> Result<Vec<Run>, Refusal> {
    let runs = detect::runs(text, file_name)?;
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
    if left_out > 0 {
        if let Some(first) = usable.first_mut() {
            first.notes.push(format!(
                "{left_out} of the file's {total} runs have no usable request and were left out."
            ));
        }
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
