//! The levers table: each change to the current request and what it does to both waits.

use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::model::deep::{DeepRequest, Knees};
use crate::model::levers::{self, Effect, Retrieval, Split};
use crate::state::{ModelView, Param, State};

/// The request the levers act on: the deeper model when it is on, the straight line otherwise.
pub fn lever_base(s: &State) -> DeepRequest {
    match s.model {
        ModelView::Deep => s.deep_request(),
        ModelView::Linear => s.deep_request().with_knees(Knees::DISABLED),
    }
}

/// Parts the split lever cuts a document into.
pub const SPLIT_PARTS: u32 = 4;

pub fn lever_rows(s: &State) -> Vec<(String, Effect)> {
    let base = lever_base(s);
    let prompt = s.get(Param::Prompt);
    let cached =
        if s.get(Param::Cached) > 0.0 { s.get(Param::Cached) } else { (prompt / 2.0).round() };
    let retrieval = Retrieval::LESSON;
    vec![
        (
            format!("Cache a stable prefix of {}", format::tokens(cached)),
            levers::cache_prefix(&base, cached),
        ),
        (
            format!(
                "Retrieve 4 passages instead of 12 ({} instead of {} of prompt)",
                format::tokens(retrieval.with_passages(4.0).prompt_tokens()),
                format::tokens(retrieval.prompt_tokens())
            ),
            levers::fewer_passages(&base, retrieval, 4.0),
        ),
        (
            format!(
                "Split the prompt into {SPLIT_PARTS} parts summarised side by side, then merge"
            ),
            levers::split(&base, Split::new(&base, SPLIT_PARTS)),
        ),
        (
            format!(
                "Take it off the request path (acknowledge in {})",
                format::duration(levers::DEFAULT_ACK_SECS)
            ),
            levers::off_request_path(&base, levers::DEFAULT_ACK_SECS),
        ),
    ]
}

pub fn change(before: f64, after: f64) -> String {
    let saved = before - after;
    if saved.abs() < 5e-4 {
        "no change".to_string()
    } else if saved > 0.0 {
        format!("{} sooner", format::duration(saved))
    } else {
        format!("{} later", format::duration(-saved))
    }
}

pub fn levers_table(s: &State) -> DataTable {
    let rows = lever_rows(s)
        .into_iter()
        .map(|(name, e)| {
            vec![
                Cell::text(name),
                Cell::text(format!(
                    "{} → {}",
                    format::duration(e.before.ttft_secs),
                    format::duration(e.after.ttft_secs)
                )),
                Cell::text(change(e.before.ttft_secs, e.after.ttft_secs)),
                Cell::text(format!(
                    "{} → {}",
                    format::duration(e.before.total_secs),
                    format::duration(e.after.total_secs)
                )),
                Cell::text(change(e.before.total_secs, e.after.total_secs)),
            ]
        })
        .collect();
    DataTable {
        caption: "Effect of each lever on the current request".to_string(),
        headers: vec!["Lever", "TTFT", "Change", "Total", "Change"],
        rows,
        current_row: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_as_sooner_or_later() {
        assert_eq!(change(2.0, 1.5), "500 ms sooner");
        assert_eq!(change(1.0, 1.0002), "no change");
        assert_eq!(change(1.0, 4.0), "3 s later");
    }

    #[test]
    fn one_row_per_lever_at_the_defaults() {
        let table = levers_table(&State::default());
        assert_eq!(table.rows.len(), 4);
        assert!(table.rows.iter().all(|row| row.len() == table.headers.len()));
    }
}
