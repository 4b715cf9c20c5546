//! The fit and the per-request residuals as CSV, for a spreadsheet or a report.
//!
//! Numbers are written unrounded (the shortest text that reads back to the same value), so a
//! spreadsheet can redo any arithmetic; the fit's table adds a column with the value as the page
//! shows it. Every text field is quoted when it needs to be.

use super::fit::{Estimate, Fit};
use super::record::Run;
use crate::format;

/// A number for a machine: unrounded, empty when absent or not finite.
fn number(x: Option<f64>) -> String {
    match x.filter(|x| x.is_finite()) {
        Some(x) => format!("{x}"),
        None => String::new(),
    }
}

fn row(fields: &[String]) -> String {
    let mut line = fields.iter().map(|f| format::csv_field(f)).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
}

/// The fit as rows of `quantity, value, ci95_low, ci95_high, unit, shown`, then the notes.
pub fn fit_csv(run: &Run, fit: &Fit) -> String {
    let mut out =
        row(&["quantity", "value", "ci95_low", "ci95_high", "unit", "shown"].map(String::from));
    let mut push =
        |name: &str, value: Option<f64>, ci: Option<(f64, f64)>, unit: &str, shown: String| {
            out.push_str(&row(&[
                name.to_string(),
                number(value),
                number(ci.map(|c| c.0)),
                number(ci.map(|c| c.1)),
                unit.to_string(),
                if value.is_some() { shown } else { String::new() },
            ]));
        };
    let est = |e: Option<Estimate>| (e.map(|e| e.value), e.and_then(|e| e.ci95));
    push("format", None, None, run.format.id(), String::new());
    let counts = fit.counts;
    for (name, n) in [
        ("records", counts.records),
        ("used", counts.used),
        ("dropped", counts.dropped()),
        ("dropped_failed", counts.failed),
        ("dropped_no_ttft", counts.no_ttft),
        ("dropped_no_e2e", counts.no_e2e),
        ("dropped_under_2_output_tokens", counts.too_few_output_tokens),
        ("decode_records", fit.decode_records),
    ] {
        push(name, Some(n as f64), None, "requests", format::with_separators(n as f64, 0));
    }
    push("streamed", Some(f64::from(u8::from(fit.streamed))), None, "yes=1", String::new());
    let (v, ci) = est(fit.overhead_secs);
    push("overhead", v, ci, "s", v.map(format::duration).unwrap_or_default());
    let (v, ci) = est(fit.prefill_tokens_per_sec);
    push("prefill_rate", v, ci, "tok/s", v.map(format::rate).unwrap_or_default());
    let (v, ci) = est(fit.decode_tokens_per_sec);
    push("decode_rate", v, ci, "tok/s", v.map(format::rate).unwrap_or_default());
    push(
        "lesson_wait",
        fit.wait_secs,
        None,
        "s",
        fit.wait_secs.map(format::duration).unwrap_or_default(),
    );
    if let Some(line) = fit.floor {
        push("floor_intercept", Some(line.intercept), None, "s", format::duration(line.intercept));
        push("floor_slope", Some(line.slope), None, "s/token", String::new());
    }
    if let Some(line) = fit.median_line {
        push("median_intercept", Some(line.intercept), None, "s", format::duration(line.intercept));
        push("median_slope", Some(line.slope), None, "s/token", String::new());
    }
    if let Some(flat) = fit.flat_prompts {
        push(
            "typical_prompt",
            Some(flat.median_prompt_tokens),
            None,
            "tokens",
            format::tokens(flat.median_prompt_tokens),
        );
        let (v, ci) = est(Some(flat.floor_ttft_secs));
        push(
            "ttft_floor_at_typical_prompt",
            v,
            ci,
            "s",
            v.map(format::duration).unwrap_or_default(),
        );
    }
    if let Some(plane) = fit.joint {
        push(
            "e2e_plane_intercept",
            Some(plane.intercept),
            None,
            "s",
            format::duration(plane.intercept),
        );
        push(
            "e2e_plane_per_prompt_token",
            Some(plane.secs_per_prompt_token),
            None,
            "s/token",
            String::new(),
        );
        push(
            "e2e_plane_per_output_token",
            Some(plane.secs_per_output_token),
            None,
            "s/token",
            String::new(),
        );
    }
    if let Some(c) = fit.crossing {
        push(
            "crossing_ratio",
            Some(c.ratio),
            None,
            "prompt tokens per output token",
            format::trimmed(c.ratio, 1),
        );
        push(
            "crossing_prompt_at_median_output",
            Some(c.prompt_tokens),
            None,
            "tokens",
            format::tokens(c.prompt_tokens),
        );
        push(
            "median_output",
            Some(c.median_output_tokens),
            None,
            "tokens",
            format::tokens(c.median_output_tokens),
        );
    }
    if let Some(b) = fit.bending {
        push(
            "bends_at_long_prompts",
            Some(f64::from(u8::from(b.bends))),
            None,
            "yes=1",
            String::new(),
        );
        push(
            "bend_from_prompt",
            Some(b.from_prompt_tokens),
            None,
            "tokens",
            format::tokens(b.from_prompt_tokens),
        );
        push("bend_excess", Some(b.excess_secs), None, "s", format::duration(b.excess_secs));
        push(
            "bend_excess_fraction",
            Some(b.excess_fraction),
            None,
            "fraction",
            format::percent(b.excess_fraction),
        );
    }
    let pct = &fit.percentiles;
    for (name, q) in [("ttft", pct.ttft_secs), ("tpot", pct.tpot_secs), ("e2e", pct.e2e_secs)] {
        if let Some(q) = q {
            for (p, v) in [("p50", q.p50), ("p90", q.p90), ("p95", q.p95), ("p99", q.p99)] {
                push(&format!("{name}_{p}"), Some(v), None, "s", format::duration(v));
            }
        }
    }
    for note in run.notes.iter().chain(&fit.notes) {
        out.push_str(&row(&[
            "note".to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            note.clone(),
        ]));
    }
    out.push_str(&row(&[
        "note".to_string(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        format!("Time per output token: {}", pct.tpot_definition),
    ]));
    out
}

/// One row per used request: its lengths and times, the model's value and the excess over it.
pub fn residuals_csv(fit: &Fit) -> String {
    let mut out = row(&[
        "record",
        "prompt_tokens",
        "output_tokens",
        "ttft_s",
        "e2e_s",
        "floor_s",
        "excess_s",
        "queue_estimate_s",
    ]
    .map(String::from));
    for r in &fit.residuals {
        out.push_str(&row(&[
            r.record.to_string(),
            number(Some(r.prompt_tokens)),
            number(Some(r.output_tokens)),
            number(r.ttft_secs),
            number(r.e2e_secs),
            number(Some(r.floor_secs)),
            number(Some(r.excess_secs)),
            number(Some(r.queue_secs)),
        ]));
    }
    out
}
