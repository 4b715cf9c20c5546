//! The levers table: each change to the current request and what it does to both waits and to
//! when the result exists, with a sentence that says which of them help here.

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

/// The current prompt read as the lesson's retrieval layout: a short frame and twelve equal
/// passages. Fewer passages then shrink this prompt, whatever its length.
fn current_retrieval(prompt_tokens: f64) -> Retrieval {
    let base = Retrieval::LESSON.base_prompt_tokens.min(prompt_tokens.max(0.0));
    let passages = Retrieval::LESSON.passages;
    Retrieval {
        base_prompt_tokens: base,
        passages,
        tokens_per_passage: ((prompt_tokens - base) / passages).max(0.0),
    }
}

/// One row per lever, each acting on the current request: a short name for sentences, the full
/// description for the table, and the effect.
pub fn lever_rows(s: &State) -> Vec<(&'static str, String, Effect)> {
    let base = lever_base(s);
    let prompt = s.get(Param::Prompt);
    let cached =
        if s.get(Param::Cached) > 0.0 { s.get(Param::Cached) } else { (prompt / 2.0).round() };
    let retrieval = current_retrieval(prompt);
    vec![
        (
            "caching the prefix",
            format!("Cache a stable prefix of {}", format::tokens(cached)),
            levers::cache_prefix(&base, cached),
        ),
        (
            "fewer passages",
            format!(
                "Retrieve 4 passages instead of 12, if it is built from 12 (a prompt of {} instead of {})",
                format::tokens(retrieval.with_passages(4.0).prompt_tokens()),
                format::tokens(retrieval.prompt_tokens())
            ),
            levers::fewer_passages(&base, retrieval, 4.0),
        ),
        (
            "splitting",
            format!(
                "Split the prompt into {SPLIT_PARTS} parts summarised side by side, then merge"
            ),
            levers::split(&base, Split::new(&base, SPLIT_PARTS)),
        ),
        (
            "moving it off the request path",
            format!(
                "Take it off the request path: it answers with an acknowledgement in {} and \
                 sends the result when done",
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

/// When the result exists: the end of the answer, or for work taken off the request path, the
/// end of the work the person no longer watches.
fn result_ready_secs(e: &Effect) -> f64 {
    e.result_ready_secs.unwrap_or(e.after.total_secs)
}

pub fn levers_table(s: &State) -> DataTable {
    let arrow = |before: f64, after: f64| {
        Cell::text(format!("{} → {}", format::duration(before), format::duration(after)))
    };
    let rows = lever_rows(s)
        .into_iter()
        .map(|(_, name, e)| {
            let ready = result_ready_secs(&e);
            // Off the request path, the acknowledgement is all the request returns; the
            // answer's first and last tokens still come when the work is done, sent later.
            let (first, last) = match e.result_ready_secs {
                Some(_) => (
                    Cell::words(format!(
                        "{} → {} (an acknowledgement; the answer's own first token comes with it later)",
                        format::duration(e.before.ttft_secs),
                        format::duration(e.after.ttft_secs)
                    )),
                    Cell::words(format!(
                        "{} → {}, sent when done",
                        format::duration(e.before.total_secs),
                        format::duration(ready)
                    )),
                ),
                None => (
                    arrow(e.before.ttft_secs, e.after.ttft_secs),
                    arrow(e.before.total_secs, e.after.total_secs),
                ),
            };
            vec![
                Cell::text(name),
                first,
                last,
                Cell::number(ready, format::duration(ready)),
                Cell::text(change(e.before.total_secs, ready)),
            ]
        })
        .collect();
    DataTable {
        caption: "Each lever applied to the request above".to_string(),
        headers: vec!["Lever", "First token", "Last token", "Result ready|s", "Result"],
        rows,
        current_row: None,
    }
}

/// Which levers bring the result sooner for this request and which make it later, in words.
pub fn levers_verdict(s: &State) -> String {
    let rows = lever_rows(s);
    let (mut help, mut hurt) = (Vec::new(), Vec::new());
    for (short, _, e) in &rows {
        let saved = e.before.total_secs - result_ready_secs(e);
        if saved > 0.05 * e.before.total_secs.max(1e-9) {
            help.push(format!("{short} ({} sooner)", format::duration(saved)));
        } else if saved < -5e-4 {
            hurt.push(format!("{short} ({} later)", format::duration(-saved)));
        }
    }
    let bound = if s.request().bound() == crate::model::Bound::Prefill {
        "This request is past the crossing, so its prompt is the bigger cost."
    } else {
        "This request is short of the crossing, so its answer is the bigger cost."
    };
    let help = if help.is_empty() {
        "None of the levers brings the result more than 5% sooner.".to_string()
    } else {
        format!("Worth it here: {}.", help.join("; "))
    };
    let hurt = if hurt.is_empty() {
        String::new()
    } else {
        format!(" Counter-productive here: {}.", hurt.join("; "))
    };
    format!("{bound} {help}{hurt} Taking the work off the request path makes the wait feel short without making the result any sooner.")
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

    #[test]
    fn retrieval_acts_on_the_current_prompt() {
        let s = State::default().with(Param::Prompt, 100_000.0);
        let rows = lever_rows(&s);
        let (_, name, e) = &rows[1];
        assert!(name.contains("100,000"), "{name}");
        assert!(e.before.ttft_secs > 12.0, "the whole 100,000-token prompt: {:?}", e.before);
        // The lesson's own case: 8,000 tokens in twelve passages, four of them kept.
        let lesson = lever_rows(&State::default().with(Param::Prompt, 8_000.0));
        assert!(lesson[1].1.contains("2,800"), "{}", lesson[1].1);
    }

    #[test]
    fn the_verdict_follows_the_request() {
        let short = levers_verdict(&State::default());
        assert!(short.contains("short of the crossing") && short.contains("later"), "{short}");
        let long = levers_verdict(&State::default().with(Param::Prompt, 200_000.0));
        assert!(long.contains("past the crossing") && long.contains("Worth it here"), "{long}");
        // The off-path row's result is ready when the request would have finished anyway.
        let table = levers_table(&State::default());
        assert_eq!(table.rows[3][3].value, Some(State::default().headline().total_secs));
        // Its last token is the answer's, sent when done: the same moment as the result, never
        // the acknowledgement's 100 ms.
        assert_eq!(table.rows[3][2].text, "7 s → 7 s, sent when done");
        assert!(table.rows[3][1].text.starts_with("2.02 s → 100 ms (an acknowledgement"));
        assert!(table.rows[3][0].text.contains("acknowledgement in 100 ms"));
    }
}
