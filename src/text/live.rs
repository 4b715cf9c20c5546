//! The live measurement's words built from its numbers: the plan before anything is sent,
//! the progress while it runs, the table of requests, and what each side gave.

use crate::charts::table::{Cell, DataTable};
use crate::format::{duration, rate, with_separators};
use crate::measurements::live::file::{Measurement, Tally};
use crate::measurements::live::plan::{Plan, Rates};
use crate::measurements::live::timing::{LengthKept, Timed};
use crate::measurements::live::Side;

fn list(lengths: &[u32]) -> String {
    let items: Vec<String> = lengths.iter().map(|n| with_separators(f64::from(*n), 0)).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Minutes and seconds, as a progress line says them.
pub fn minutes(secs: f64) -> String {
    if !secs.is_finite() || secs < 0.0 {
        return "—".to_string();
    }
    let whole = secs.round() as u64;
    match (whole / 60, whole % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// The plan as the reviewer reads it before starting.
pub fn plan_text(plan: &Plan) -> String {
    let per_side = plan.requests_per_side();
    let (read, written) = plan.tokens_per_side();
    let secs = plan.expected_secs(Rates::ASSUMED);
    format!(
        "Each server gets prompts of {} tokens with answers of {} tokens, every pair {}: {} \
         requests a server, {} in all, after one warm-up each that is not counted. Each server \
         reads {} prompt tokens and writes {} answer tokens. At {} read and {} written (a small \
         server on a CPU) that takes about {} a server, {} in all; a GPU server takes far less.",
        list(&plan.prompt_tokens),
        list(&plan.answer_tokens),
        match plan.repeats {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        },
        per_side,
        2 * per_side,
        with_separators(read as f64, 0),
        with_separators(written as f64, 0),
        rate(Rates::ASSUMED.prefill_tokens_per_sec),
        rate(Rates::ASSUMED.decode_tokens_per_sec),
        minutes(secs),
        minutes(2.0 * secs),
    )
}

/// Why the requests go as they do, said once beside the plan.
pub const ORDER_WHY: &str = "Requests go one at a time, so none waits behind another, and A and \
    B take turns through the pairs of lengths in a shuffled order, so a server warming up or a \
    machine growing busy falls on both sides alike. Every prompt starts with words of its own, so \
    no server can answer from a cache of an earlier prompt. The first token is the first answer \
    text to arrive, timed from just before the request is sent; the decode rate is the tokens \
    after the first over the time from the first text to the last; token counts are the \
    server's own.";

/// Why the figures and the card may take a result in a moment after the table shows it: a
/// refit and redraw under a moving control would make the control stutter.
pub fn held_while_moving(quiet_ms: f64, most_secs: f64) -> String {
    format!(
        "Each result joins the table at once; the fit, the figures and the card take it in once \
         the controls have been still for {} (at most {} later), so moving one stays smooth.",
        duration(quiet_ms / 1_000.0),
        duration(most_secs),
    )
}

/// The line under the progress bar.
pub fn progress_text(m: &Measurement, total: usize, elapsed_secs: f64) -> String {
    let done = m.requests.len();
    let failed = m.tally(Side::A).failed + m.tally(Side::B).failed;
    let left = if done == 0 {
        String::new()
    } else {
        let per = elapsed_secs / done as f64;
        format!(", about {} left", minutes(per * total.saturating_sub(done) as f64))
    };
    format!(
        "{} of {} requests done, {} failed{left}.",
        with_separators(done as f64, 0),
        with_separators(total as f64, 0),
        with_separators(failed as f64, 0)
    )
}

fn tally_text(side: Side, t: Tally) -> String {
    let mut text = format!(
        "{}: {} sent, {} failed",
        side.letter(),
        with_separators(t.sent as f64, 0),
        with_separators(t.failed as f64, 0)
    );
    if t.shorter > 0 {
        text.push_str(&format!(", {} stopped before the planned length", t.shorter));
    }
    if t.longer > 0 {
        text.push_str(&format!(", {} ran past it (the server ignored the limit)", t.longer));
    }
    text
}

/// Said when a measurement ends before its first counted request.
pub const NOTHING_MEASURED: &str =
    "Nothing was measured: the run ended before its first counted request.";

/// What the measurement holds, said when it ends (or is cancelled).
pub fn summary_text(m: &Measurement) -> String {
    let mut text = format!(
        "{}; {}.",
        tally_text(Side::A, m.tally(Side::A)),
        tally_text(Side::B, m.tally(Side::B))
    );
    if m.unsent > 0 {
        text.push_str(&format!(
            " {} planned requests were not sent.",
            with_separators(m.unsent as f64, 0)
        ));
    }
    let [a, b] = [m.tally(Side::A), m.tally(Side::B)];
    if a.shorter + a.longer + b.shorter + b.longer > 0 {
        // What to do about answers off their planned length: nothing for the fit, which reads
        // each answer's length from the server's own count.
        text.push_str(
            " Answers off their planned length still count, at the length the server reported. \
             The page asks for each length with max_tokens, min_tokens and ignore_eos (which \
             vLLM, SGLang and llama.cpp honour); a server that answers shorter or longer \
             ignores some of them, or ends answers at a stop sequence of its own: check its \
             settings if the plan's lengths matter to you.",
        );
    }
    text.push_str(if m.can_fit() {
        " The fit, the card and the figures now use these requests: each server is a run under \
         \u{201c}Two result files\u{201d} above, with its fixed time, prefill rate and decode rate \
         and their intervals, and the two are A and B. The card decides for the answer lengths \
         typed in the panel: the plan's answers were chosen to read the rates, not to stand for a \
         workload. A request that failed is left out of the fit and counted as failed on the card."
    } else {
        " Too few requests answered to fit: each server needs answers at three prompt lengths."
    });
    text
}

fn secs_cell(secs: Option<f64>) -> Cell {
    secs.map_or_else(|| Cell::text("—"), |s| Cell::number(s, duration(s)))
}

fn rate_cell(tokens_per_sec: Option<f64>) -> Cell {
    tokens_per_sec.map_or_else(|| Cell::text("—"), |r| Cell::number(r, rate(r)))
}

fn tokens_cell(tokens: Option<f64>) -> Cell {
    tokens.map_or_else(|| Cell::text("—"), |n| Cell::number(n, with_separators(n, 0)))
}

fn result_text(r: &Timed) -> String {
    match (&r.failure, r.length_kept()) {
        (Some(f), _) => format!("failed: {}", f.id().replace('-', " ")),
        (None, LengthKept::Shorter) => "answered, shorter than planned".to_string(),
        (None, LengthKept::Longer) => "answered, longer than planned".to_string(),
        (None, LengthKept::AsPlanned) => "answered".to_string(),
    }
}

/// Every request in the order sent, newest last.
pub fn requests_table(m: &Measurement) -> DataTable<String> {
    let headers = [
        "request",
        "server",
        "prompt, tokens",
        "answer, tokens",
        "first token|s",
        "decode rate|tok/s",
        "server's prefill|tok/s",
        "server's decode|tok/s",
        "result",
    ];
    let rows = m
        .requests
        .iter()
        .enumerate()
        .map(|(i, r)| {
            vec![
                Cell::number((i + 1) as f64, with_separators((i + 1) as f64, 0)),
                Cell::text(r.planned.side.letter()),
                tokens_cell(r.prompt_tokens),
                tokens_cell(r.answer_tokens),
                secs_cell(r.ttft_secs),
                rate_cell(r.decode_tokens_per_sec()),
                rate_cell(r.server_rates.map(|s| s.prefill_tokens_per_sec)),
                rate_cell(r.server_rates.map(|s| s.decode_tokens_per_sec)),
                Cell::words(result_text(r)),
            ]
        })
        .collect();
    DataTable {
        caption: "Each request as this page timed it, with the rates the server reported for it \
                  where it reports them (llama.cpp does); token counts are the server's."
            .to_string(),
        headers: headers.iter().map(|h| (*h).to_string()).collect(),
        rows,
        current_row: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_held_while_a_control_moves_say_for_how_long() {
        let text = held_while_moving(300.0, 10.0);
        assert!(text.contains("still for 300 ms (at most 10 s later)"), "{text}");
    }

    #[test]
    fn the_default_plan_says_what_it_sends_and_how_long_it_may_take() {
        let text = plan_text(&Plan::default());
        assert!(text.contains("prompts of 64, 256 and 1,024 tokens with answers of 16 and 128 tokens, every pair twice: 12 requests a server, 24 in all"), "{text}");
        assert!(text.contains("reads 5,376 prompt tokens and writes 864"), "{text}");
        // 12 × 0.05 + 5,376 / 500 + 864 / 50 = 28.73 s.
        assert!(text.contains("about 29 s a server, 57 s in all"), "{text}");
        assert_eq!(minutes(61.0), "1 min 1 s");
        assert_eq!(minutes(120.2), "2 min");
        assert_eq!(minutes(f64::NAN), "—");
    }

    #[test]
    fn answers_off_their_planned_length_are_counted_and_what_to_check_is_said() {
        use crate::measurements::live::plan::Planned;
        let answered = |side, answer_tokens: u32, got: f64| Timed {
            answer_tokens: Some(got),
            ..Timed::failed(
                Planned { side, prompt_tokens: 64, answer_tokens },
                crate::measurements::live::Failure::Cut,
                1.0,
            )
        };
        let mut m = Measurement {
            started_utc: String::new(),
            plan: Plan::default(),
            seed: 1,
            servers: Default::default(),
            requests: vec![answered(Side::A, 16, 16.0), answered(Side::B, 16, 16.0)],
            unsent: 0,
        };
        assert!(!summary_text(&m).contains("planned length"), "{}", summary_text(&m));
        m.requests.push(answered(Side::B, 128, 300.0));
        let text = summary_text(&m);
        assert!(text.contains("B: 2 sent, 2 failed, 1 ran past it (the server ignored the limit)"));
        assert!(text.contains("still count, at the length the server reported"), "{text}");
        assert!(text.contains("max_tokens, min_tokens and ignore_eos"), "{text}");
    }
}
