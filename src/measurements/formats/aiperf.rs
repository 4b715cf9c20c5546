//! NVIDIA AIPerf `profile_export.jsonl`: one request per line, every metric an object
//! `{value, unit}`. The unit field is authoritative: it is read for each metric on each line.
//! Early versions name TTFT `ttft` and the start `metadata.timestamp_ns`; later ones
//! `time_to_first_token` and `metadata.request_start_ns`.

use super::TimeUnit;
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::record::{Format, Record, Refusal, Run};

/// A line is an AIPerf record when it has `metrics` (object or null) and `metadata`.
pub(crate) fn is_record(v: &Value<'_>) -> bool {
    v.has("metadata") && v.get("metrics").is_some_and(|m| m.is_object() || m.is_null())
}

/// AIPerf's aggregate file (`profile_export_aiperf.json`): metrics with avg/p50 and no records.
pub(crate) fn is_aggregate(v: &Value<'_>) -> bool {
    ["time_to_first_token", "request_latency", "ttft"]
        .iter()
        .any(|k| v.get(k).is_some_and(|m| m.has("avg") && m.has("unit")))
}

const TTFT: &[&str] = &["time_to_first_token", "ttft"];
const LATENCY: &[&str] = &["request_latency"];
const ISL: &[&str] = &["input_sequence_length", "isl", "error_isl"];
const OSL: &[&str] = &["output_sequence_length", "osl"];

pub(crate) fn read(lines: &[&Value<'_>]) -> Result<Run, Refusal> {
    let mut run = Run::new(Format::Aiperf, "AIPerf");
    let mut seen = Seen::default();
    for line in lines {
        let phase = line
            .path(&["metadata", "benchmark_phase"])
            .or_else(|| line.path(&["metadata", "credit_phase"]))
            .and_then(Value::as_str);
        if phase.is_some_and(|p| p.eq_ignore_ascii_case("warmup")) {
            seen.warmup += 1;
            continue;
        }
        run.records.push(read_record(line, &mut seen)?);
    }
    note(&seen, &mut run);
    Ok(run)
}

/// What the lines showed that the notes should say.
#[derive(Debug, Default)]
struct Seen {
    /// The time units the metrics gave, in the order first met.
    units: Vec<&'static str>,
    /// Warm-up requests, left out.
    warmup: usize,
    reasoning_tokens: f64,
    /// Requests without an input length (a failed one carries only its error).
    missing_isl: usize,
}

/// One line's request, its times converted from each metric's own unit.
fn read_record(line: &Value<'_>, seen: &mut Seen) -> Result<Record, Refusal> {
    let metrics = line.get("metrics");
    let metric = |names: &[&str]| metrics.and_then(|m| names.iter().find_map(|n| m.get(n)));
    let tokens = |names: &[&str]| metric(names).and_then(metric_value).unwrap_or(0.0);
    let mut time = |names: &[&str]| -> Result<Option<f64>, Refusal> {
        let Some(m) = metric(names) else { return Ok(None) };
        let Some(value) = metric_value(m) else { return Ok(None) };
        let unit_name = m.get("unit").and_then(Value::as_str).unwrap_or_default();
        match TimeUnit::parse(&unit_name) {
            Some(unit) => {
                if !seen.units.contains(&unit.symbol()) {
                    seen.units.push(unit.symbol());
                }
                Ok(Some(value * unit.secs()))
            }
            None => Err(Refusal::UnknownUnits {
                field: names.first().copied().unwrap_or("time").to_string(),
                advice: format!(
                    "AIPerf gives each metric a unit, and this one says '{}', which is not a \
                     time unit the page knows (s, ms, us, ns).",
                    file_text::cleaned(&unit_name)
                ),
            }),
        }
    };
    let ttft = time(TTFT)?;
    let e2e = time(LATENCY)?;
    if metric(ISL).is_none() {
        seen.missing_isl += 1;
    }
    let record = Record::new(tokens(ISL), tokens(OSL), ttft, e2e);
    seen.reasoning_tokens += tokens(&["reasoning_token_count"]);
    if let Some(err) = line.get("error").filter(|e| !e.is_null()) {
        let message = ["message", "type"]
            .iter()
            .find_map(|k| err.get(k).and_then(Value::as_str))
            .map(|s| s.to_string())
            .unwrap_or_else(|| "error".to_string());
        let code = err.get("code").and_then(Value::as_finite);
        return Ok(record.failed(match code {
            Some(c) => format!("{c}: {message}"),
            None => message,
        }));
    }
    if line.path(&["metadata", "was_cancelled"]).and_then(Value::as_bool) == Some(true) {
        return Ok(record.failed("cancelled"));
    }
    Ok(record)
}

/// The units, the reasoning tokens, the warm-up, failures without counts and a missing TTFT.
fn note(seen: &Seen, run: &mut Run) {
    if !seen.units.is_empty() {
        run.notes.push(format!(
            "Times converted from each metric's own unit field ({}).",
            seen.units.join(", ")
        ));
    }
    if seen.reasoning_tokens > 0.0 {
        run.notes.push(format!(
            "Output counts are output_sequence_length, which includes {} reasoning tokens: \
             they are decoded like any other token, though the reader never sees them.",
            crate::format::with_separators(seen.reasoning_tokens, 0)
        ));
    }
    if seen.warmup > 0 {
        run.notes.push(format!(
            "{} left out.",
            super::count(seen.warmup, "warm-up request was", "warm-up requests were")
        ));
    }
    let failed = run.failed_count();
    if failed > 0 && seen.missing_isl >= failed {
        run.notes.push(format!(
            "{} no token counts, only the error; they count as failed and nothing \
             else.",
            super::count(failed, "failed request carries", "failed requests carry")
        ));
    }
    if run.records.iter().all(|r| r.is_failed() || r.ttft_secs.is_none()) {
        run.notes.push("No request has a TTFT metric: the run did not stream.".to_string());
    }
}

/// A metric's value: `{value, unit}` or a bare number.
fn metric_value(m: &Value<'_>) -> Option<f64> {
    match m {
        Value::Object(_) => m.get("value").and_then(Value::as_finite),
        _ => m.as_finite(),
    }
}
