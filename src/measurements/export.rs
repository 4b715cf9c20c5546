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
    let mut table =
        Quantities(row(
            &["quantity", "value", "ci95_low", "ci95_high", "unit", "shown"].map(String::from)
        ));
    table.push("format", None, None, run.format.id(), String::new());
    counts(&mut table, fit);
    rates(&mut table, fit);
    lines(&mut table, fit);
    crossing_and_bend(&mut table, fit);
    percentiles(&mut table, fit);
    for note in run.notes.iter().chain(&fit.notes) {
        table.note(note.clone());
    }
    table.note(format!("Time per output token: {}", fit.percentiles.tpot_definition));
    table.0
}

/// The fit's table as it is written, a row at a time.
struct Quantities(String);

impl Quantities {
    /// A quantity's row; what the page shows is left empty when there is no value.
    fn push(
        &mut self,
        name: &str,
        value: Option<f64>,
        ci: Option<(f64, f64)>,
        unit: &str,
        shown: String,
    ) {
        self.0.push_str(&row(&[
            name.to_string(),
            number(value),
            number(ci.map(|c| c.0)),
            number(ci.map(|c| c.1)),
            unit.to_string(),
            if value.is_some() { shown } else { String::new() },
        ]));
    }

    /// A value known exactly, without an interval.
    fn exact(&mut self, name: &str, value: f64, unit: &str, shown: String) {
        self.push(name, Some(value), None, unit, shown);
    }

    /// An estimate with its interval, when there is one.
    fn estimate(&mut self, name: &str, e: Option<Estimate>, unit: &str, show: fn(f64) -> String) {
        let value = e.map(|e| e.value);
        self.push(name, value, e.and_then(|e| e.ci95), unit, value.map(show).unwrap_or_default());
    }

    /// A note, in the last column.
    fn note(&mut self, text: String) {
        let empty = String::new;
        self.0.push_str(&row(&["note".to_string(), empty(), empty(), empty(), empty(), text]));
    }
}

/// How many records the run had, how many the fit used, and why the others were left out.
fn counts(table: &mut Quantities, fit: &Fit) {
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
        table.exact(name, n as f64, "requests", format::with_separators(n as f64, 0));
    }
}

/// Whether the run streamed, the overhead, both rates and the lesson's wait.
fn rates(table: &mut Quantities, fit: &Fit) {
    table.push("streamed", Some(f64::from(u8::from(fit.streamed))), None, "yes=1", String::new());
    table.estimate("overhead", fit.overhead_secs, "s", format::duration);
    table.estimate("prefill_rate", fit.prefill_tokens_per_sec, "tok/s", format::rate);
    table.estimate("decode_rate", fit.decode_tokens_per_sec, "tok/s", format::rate);
    let wait = fit.wait_secs;
    table.push("lesson_wait", wait, None, "s", wait.map(format::duration).unwrap_or_default());
}

/// The fitted lines: the TTFT floor and median, the floor at alike prompts, or the plane
/// fitted to end-to-end times.
fn lines(table: &mut Quantities, fit: &Fit) {
    if let Some(line) = fit.floor {
        table.exact("floor_intercept", line.intercept, "s", format::duration(line.intercept));
        table.exact("floor_slope", line.slope, "s/token", String::new());
    }
    if let Some(line) = fit.median_line {
        table.exact("median_intercept", line.intercept, "s", format::duration(line.intercept));
        table.exact("median_slope", line.slope, "s/token", String::new());
    }
    if let Some(flat) = fit.flat_prompts {
        let prompt = flat.median_prompt_tokens;
        table.exact("typical_prompt", prompt, "tokens", format::tokens(prompt));
        let floor = Some(flat.floor_ttft_secs);
        table.estimate("ttft_floor_at_typical_prompt", floor, "s", format::duration);
    }
    if let Some(plane) = fit.joint {
        let intercept = plane.intercept;
        table.exact("e2e_plane_intercept", intercept, "s", format::duration(intercept));
        let per_prompt = plane.secs_per_prompt_token;
        table.exact("e2e_plane_per_prompt_token", per_prompt, "s/token", String::new());
        let per_output = plane.secs_per_output_token;
        table.exact("e2e_plane_per_output_token", per_output, "s/token", String::new());
    }
}

/// The run's own crossing, and whether the floor bends up at its longest prompts.
fn crossing_and_bend(table: &mut Quantities, fit: &Fit) {
    if let Some(c) = fit.crossing {
        let unit = "prompt tokens per output token";
        table.exact("crossing_ratio", c.ratio, unit, format::trimmed(c.ratio, 1));
        let prompt = c.prompt_tokens;
        table.exact("crossing_prompt_at_median_output", prompt, "tokens", format::tokens(prompt));
        let output = c.median_output_tokens;
        table.exact("median_output", output, "tokens", format::tokens(output));
    }
    if let Some(b) = fit.bending {
        table.exact("bends_at_long_prompts", f64::from(u8::from(b.bends)), "yes=1", String::new());
        let from = b.from_prompt_tokens;
        table.exact("bend_from_prompt", from, "tokens", format::tokens(from));
        table.exact("bend_excess", b.excess_secs, "s", format::duration(b.excess_secs));
        let share = b.excess_fraction;
        table.exact("bend_excess_fraction", share, "fraction", format::percent(share));
    }
}

/// TTFT, time per output token and end-to-end time at the 50th to 99th percentiles.
fn percentiles(table: &mut Quantities, fit: &Fit) {
    let pct = &fit.percentiles;
    for (name, q) in [("ttft", pct.ttft_secs), ("tpot", pct.tpot_secs), ("e2e", pct.e2e_secs)] {
        if let Some(q) = q {
            for (p, v) in [("p50", q.p50), ("p90", q.p90), ("p95", q.p95), ("p99", q.p99)] {
                table.exact(&format!("{name}_{p}"), v, "s", format::duration(v));
            }
        }
    }
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
