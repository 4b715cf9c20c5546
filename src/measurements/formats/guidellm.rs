//! GuideLLM `benchmarks.json`: `benchmarks[]`, one per load level of a sweep, each with
//! `requests.{successful, incomplete, errored}[]`. Units are in the field names:
//! `request_latency` in seconds, `time_to_first_token_ms` in ms, timestamps in epoch seconds.
//! Newer versions nest the raw timestamps in `info.timings` and the token counts in
//! `input_metrics`/`output_metrics`; where the flat fields are missing these are used instead.

use super::{check, check_note, label, num, num_any, ok_values, text, Statistic};
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::load::Load;
use crate::measurements::meta::{utc_from_epoch_secs, RunMeta, Stated};
use crate::measurements::record::{Format, Record, Run};

pub(crate) fn is_benchmarks(v: &Value<'_>) -> bool {
    v.get("benchmarks")
        .and_then(Value::as_array)
        .is_some_and(|b| b.iter().any(|x| x.has("requests") || x.has("metrics")))
}

pub(crate) fn read(v: &Value<'_>) -> Vec<Run> {
    let benchmarks = v.get("benchmarks").and_then(Value::as_array).unwrap_or(&[]);
    benchmarks.iter().map(read_benchmark).collect()
}

fn read_benchmark(b: &Value<'_>) -> Run {
    let strategy = b
        .path(&["args", "strategy"])
        .or_else(|| b.path(&["config", "strategy"]))
        .or_else(|| b.path(&["scheduler", "strategy"]));
    let mut run = Run::new(
        Format::Guidellm,
        label(&[Some("GuideLLM".to_string()), model(b), strategy.and_then(strategy_label)]),
    );
    run.load = strategy.map(strategy_load).unwrap_or_default();
    run.meta = RunMeta {
        model: Stated::of(model(b), "worker.backend_model"),
        date: Stated::of(
            b.get("start_time").and_then(Value::as_f64).and_then(utc_from_epoch_secs),
            "start_time",
        ),
        ..RunMeta::default()
    };
    let from_timings = read_requests(b, &mut run);
    note_units_and_sampling(b, from_timings, &mut run);
    if strategy.and_then(|s| s.get("type_")).and_then(Value::as_str).as_deref()
        == Some("throughput")
    {
        run.notes.push(
            "Throughput mode sends everything as fast as possible: requests wait in the \
             client's own queue, and that wait counts in their TTFT."
                .to_string(),
        );
    }
    if let Some(metrics) = b.get("metrics") {
        check_metrics(metrics, &mut run);
    }
    run
}

/// The model the benchmark ran against, wherever its version keeps the name.
fn model(b: &Value<'_>) -> Option<String> {
    b.path(&["worker", "backend_model"])
        .or_else(|| b.path(&["config", "backend", "model"]))
        .or_else(|| b.path(&["benchmarker", "backend", "model"]))
        .and_then(Value::as_str)
        .map(|s| file_text::cleaned(&s))
}

/// Every request of the benchmark as a record, successful ones first, the incomplete and
/// errored ones failed with their reason. True when the times came from `info.timings`.
fn read_requests(b: &Value<'_>, run: &mut Run) -> bool {
    let requests = b.get("requests");
    let groups: [(&str, Option<&str>); 3] = [
        ("successful", None),
        ("incomplete", Some("incomplete: still running when the benchmark ended")),
        ("errored", Some("errored")),
    ];
    let mut from_timings = false;
    for (group, failure) in groups {
        let list = requests.and_then(|r| r.get(group)).and_then(Value::as_array).unwrap_or(&[]);
        for request in list {
            let (mut record, used_timings) = read_request(request);
            from_timings |= used_timings;
            if let Some(why) = failure {
                let detail = request
                    .path(&["info", "error"])
                    .or_else(|| request.get("error"))
                    .and_then(Value::as_str)
                    .filter(|e| !e.trim().is_empty());
                record = record.failed(match detail {
                    Some(d) => format!("{why}: {}", d.trim()),
                    None => why.to_string(),
                });
            }
            run.records.push(record);
        }
    }
    from_timings
}

/// Where the times came from, and how many of the run's requests the file keeps.
fn note_units_and_sampling(b: &Value<'_>, from_timings: bool, run: &mut Run) {
    run.notes.push(if from_timings {
        "Times taken from info.timings (epoch seconds): TTFT from request start to the first \
         token, end-to-end from request start to its end."
            .to_string()
    } else {
        "Units from the field names: request_latency in seconds, time_to_first_token_ms in \
         milliseconds."
            .to_string()
    });
    let kept = run.records.len() as f64;
    let total: f64 = ["successful", "incomplete", "errored"]
        .iter()
        .filter_map(|k| b.path(&["request_totals", k]).and_then(Value::as_finite))
        .sum();
    if total > kept {
        run.notes.push(format!(
            "The file keeps {} of the run's {} requests (GuideLLM samples them); the fit uses \
             those kept.",
            kept,
            crate::format::with_separators(total, 0)
        ));
    }
}

/// The records checked against the benchmark's own metrics of its successful requests.
fn check_metrics(metrics: &Value<'_>, run: &mut Run) {
    let successful = |name: &str| metrics.path(&[name, "successful"]);
    let ok = |records: &[Record], f: fn(&Record) -> Option<f64>| ok_values(records, f);
    let ttfts = ok(&run.records, |r| r.ttft_secs);
    let e2es = ok(&run.records, |r| r.e2e_secs);
    let prompts = ok(&run.records, |r| Some(r.prompt_tokens));
    let checks = &mut run.checks;
    if let Some(s) = successful("time_to_first_token_ms") {
        check(checks, s, "mean", &ttfts, Statistic::Mean, 1e-3);
        rename(checks, "time_to_first_token_ms.successful.mean");
    }
    if let Some(s) = successful("request_latency") {
        check(checks, s, "mean", &e2es, Statistic::Mean, 1.0);
        rename(checks, "request_latency.successful.mean");
    }
    if let Some(s) = successful("prompt_token_count") {
        check(checks, s, "mean", &prompts, Statistic::Mean, 1.0);
        rename(checks, "prompt_token_count.successful.mean");
    }
    if let Some(note) = check_note(&run.checks) {
        run.notes.push(note);
    }
}

fn rename(checks: &mut [crate::measurements::record::SummaryCheck], key: &str) {
    if let Some(last) = checks.last_mut().filter(|c| c.key == "mean") {
        last.key = key.to_string();
    }
}

/// One request: the record, and whether its times came from `info.timings`.
fn read_request(r: &Value<'_>) -> (Record, bool) {
    let prompt = num(r, "prompt_tokens")
        .or_else(|| r.path(&["input_metrics", "total_tokens"]).and_then(Value::as_finite))
        .or_else(|| r.path(&["input_metrics", "text_tokens"]).and_then(Value::as_finite))
        .unwrap_or(0.0);
    let output = num(r, "output_tokens")
        .or_else(|| r.path(&["output_metrics", "total_tokens"]).and_then(Value::as_finite))
        .or_else(|| r.path(&["output_metrics", "text_tokens"]).and_then(Value::as_finite))
        .unwrap_or(0.0);
    let timings = r.path(&["info", "timings"]);
    let stamp = |key: &str| timings.and_then(|t| t.get(key)).and_then(Value::as_finite);
    let start =
        stamp("request_start").or_else(|| num(r, "start_time")).or_else(|| stamp("resolve_start"));
    let mut used_timings = false;
    let ttft = match num(r, "time_to_first_token_ms") {
        Some(ms) => Some(ms / 1000.0),
        None => {
            let first = stamp("first_token_iteration").or_else(|| num(r, "first_token_time"));
            used_timings = true;
            first.zip(start).map(|(f, s)| f - s)
        }
    };
    let e2e = match num(r, "request_latency") {
        Some(s) => Some(s),
        None => {
            let end = stamp("request_end")
                .or_else(|| num_any(r, &["end_time"]))
                .or_else(|| stamp("resolve_end"));
            used_timings = true;
            end.zip(start).map(|(e, s)| e - s)
        }
    };
    (Record::new(prompt, output, ttft, e2e), used_timings)
}

/// The load a strategy drives: one request at a time (synchronous), a number of streams
/// (concurrent), a rate (constant, poisson), or everything at once (throughput, perhaps capped).
fn strategy_load(s: &Value<'_>) -> Load {
    let kind = text(s, "type_").or_else(|| text(s, "type")).unwrap_or_default();
    match kind.as_str() {
        "synchronous" => Load::new(Some(1.0), None),
        "concurrent" => Load::new(num(s, "streams"), None),
        "throughput" => Load::new(num(s, "max_concurrency"), Some(f64::INFINITY)),
        _ => Load::new(None, num(s, "rate")),
    }
}

/// "constant 4 req/s", "concurrent 16 streams", "throughput", "synchronous".
fn strategy_label(s: &Value<'_>) -> Option<String> {
    let kind = text(s, "type_").or_else(|| text(s, "type"))?;
    let rate = num(s, "rate");
    let streams = num(s, "streams");
    Some(match (rate, streams) {
        (Some(r), _) => format!("{kind} {} req/s", crate::format::trimmed(r, 2)),
        (None, Some(n)) => format!("{kind} {n} streams"),
        _ => kind,
    })
}
