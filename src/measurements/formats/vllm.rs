//! vLLM `benchmark_serving.py` / `vllm bench serve` results saved with per-request detail:
//! parallel arrays `input_lens`, `output_lens`, `ttfts` (s), `itls` (s, one list per request),
//! `errors`, beside summary keys in ms. SGLang's `bench_serving --output-details` writes the same
//! arrays, so [`read_arrays`] serves both.

use super::{check, check_note, label, num, ok_values, rate_label, text, Statistic};
use crate::measurements::json::Value;
use crate::measurements::load::Load;
use crate::measurements::meta::{RunMeta, Stated};
use crate::measurements::record::{Format, Record, Run};

/// The keys that make an object a vLLM/SGLang result, detailed or not.
pub(crate) fn is_serving_result(v: &Value<'_>) -> bool {
    v.has("input_lens")
        || v.has("ttfts")
        || ["mean_ttft_ms", "median_ttft_ms", "mean_e2e_latency_ms", "median_e2e_latency_ms"]
            .iter()
            .any(|k| v.has(k))
            && (v.has("completed") || v.has("duration"))
}

/// Whether the result carries per-request arrays.
pub(crate) fn is_detailed(v: &Value<'_>) -> bool {
    v.get("input_lens").is_some_and(Value::is_array)
        && v.get("output_lens").is_some_and(Value::is_array)
}

pub(crate) fn read(v: &Value<'_>) -> Run {
    let label = label(&[
        Some("vLLM".to_string()),
        text(v, "model_id").or_else(|| text(v, "model")),
        rate_label(v.get("request_rate").and_then(Value::as_f64)),
        num(v, "max_concurrency").map(|c| format!("concurrency {c}")),
    ]);
    let mut run = read_arrays(v, Format::Vllm, label);
    run.meta = RunMeta {
        model: Stated::of(text(v, "model_id"), "model_id")
            .or_else(|| Stated::of(text(v, "model"), "model")),
        date: Stated::of(text(v, "date"), "date"),
        ..RunMeta::default()
    };
    run
}

/// Reads the parallel arrays of one run. Requests are matched by index; a request whose error
/// string is non-empty is failed.
pub(crate) fn read_arrays(v: &Value<'_>, format: Format, label: String) -> Run {
    let mut run = Run::new(format, label);
    run.load = Load::new(num(v, "max_concurrency"), v.get("request_rate").and_then(Value::as_f64));
    let quirks = read_requests(v, &mut run);
    note_quirks(v, quirks, &mut run);
    check_summary(v, &mut run);
    run
}

/// What the requests showed that the notes should say, as counts of requests.
#[derive(Clone, Copy, Debug, Default)]
struct Quirks {
    /// End-to-end time rebuilt from TTFT and the inter-token gaps.
    rebuilt_e2e: usize,
    /// Fewer inter-token gaps than tokens: several tokens arrived in one chunk.
    short_itls: usize,
    /// Completed with a TTFT of exactly zero.
    zero_ttft_ok: usize,
}

/// Every request of the arrays as a record, in order, then the failed requests listed apart.
fn read_requests(v: &Value<'_>, run: &mut Run) -> Quirks {
    let empty: &[Value<'_>] = &[];
    let array = |key: &str| v.get(key).and_then(Value::as_array).unwrap_or(empty);
    let numbers = |key: &str| v.get(key).and_then(Value::numbers).unwrap_or_default();
    let inputs = numbers("input_lens");
    let outputs = numbers("output_lens");
    let ttfts = numbers("ttfts");
    let itls = array("itls");
    let errors = array("errors");
    // Newer and forked scripts store each request's end-to-end latency; prefer it to rebuilding.
    let e2els = ["e2els", "latencies", "e2e_latencies"]
        .iter()
        .find_map(|k| v.get(k).and_then(Value::numbers))
        .unwrap_or_default();
    let successes = array("successes");
    let n = inputs.len().max(outputs.len());
    // Some versions list only the failed requests' errors, after the successful ones' arrays.
    let errors_per_request = errors.len() == n;

    let mut quirks = Quirks::default();
    for i in 0..n {
        let finite = |v: &[f64]| v.get(i).copied().filter(|x| x.is_finite());
        let prompt = finite(&inputs).unwrap_or(0.0);
        let output = finite(&outputs).unwrap_or(0.0);
        let ttft = finite(&ttfts);
        let gaps = itls.get(i).and_then(Value::finite_sum);
        let e2e = match finite(&e2els) {
            Some(e) => Some(e),
            None => gaps.map(|(sum, _)| {
                quirks.rebuilt_e2e += 1;
                ttft.unwrap_or(0.0) + sum
            }),
        };
        let mut record = Record::new(prompt, output, ttft, e2e);
        let error = if errors_per_request { errors.get(i).and_then(Value::as_str) } else { None };
        if let Some(err) = error.filter(|e| !e.trim().is_empty()) {
            record = record.failed(first_line(&err));
        } else if successes.get(i).and_then(Value::as_bool) == Some(false) {
            record = record.failed("the tool marked the request unsuccessful");
        } else {
            if gaps.is_some_and(|(_, count)| output >= 2.0 && (count as f64) < output - 1.0) {
                quirks.short_itls += 1;
            }
            if ttft == Some(0.0) {
                quirks.zero_ttft_ok += 1;
            }
        }
        run.records.push(record);
    }
    if !errors_per_request {
        for err in errors.iter().filter_map(Value::as_str) {
            run.records.push(Record::new(0.0, 0.0, None, None).failed(first_line(&err)));
        }
    }
    quirks
}

/// The units, and what the file or its requests do that a reader of the fit should know.
fn note_quirks(v: &Value<'_>, quirks: Quirks, run: &mut Run) {
    run.notes.push(
        "Per-request times are in seconds; the file's summary keys (…_ms) are in milliseconds."
            .to_string(),
    );
    if quirks.rebuilt_e2e > 0 {
        run.notes.push(
            "The file stores no end-to-end time per request: it is rebuilt as TTFT plus the \
             request's inter-token gaps, which ends at the last streamed chunk."
                .to_string(),
        );
    }
    if quirks.short_itls > 0 {
        run.notes.push(format!(
            "{} fewer inter-token gaps than output tokens minus one: the server sent several \
             tokens in one chunk there.",
            super::count(quirks.short_itls, "request has", "requests have")
        ));
    }
    let zero_ttft_ok = quirks.zero_ttft_ok;
    if zero_ttft_ok > 0 {
        run.notes.push(format!(
            "{} as completed with a TTFT of exactly 0 (no token was streamed); the \
             fit leaves {} out.",
            super::count(zero_ttft_ok, "request is counted", "requests are counted"),
            if zero_ttft_ok == 1 { "it" } else { "them" }
        ));
    }
    if v.get("request_rate").and_then(Value::as_f64).is_some_and(f64::is_infinite) {
        run.notes.push(
            "request_rate is Infinity: every request was sent at once, so most TTFTs include \
             time queued behind the others."
                .to_string(),
        );
    }
    if v.has("request_goodput:") {
        run.notes.push(
            "The summary key 'request_goodput:' has a stray colon (written so by the vLLM \
             version that made the file); it is ignored."
                .to_string(),
        );
    }
}

/// The records checked against the file's own summary keys.
fn check_summary(v: &Value<'_>, run: &mut Run) {
    let ttft_values = ok_values(&run.records, |r| r.ttft_secs);
    let e2e_values = ok_values(&run.records, |r| r.e2e_secs);
    let tpot_values: Vec<f64> = run
        .records
        .iter()
        .filter(|r| !r.is_failed() && r.output_tokens > 1.0)
        .filter_map(|r| Some((r.e2e_secs? - r.ttft_secs?) / (r.output_tokens - 1.0)))
        .collect();
    let prompts = ok_values(&run.records, |r| Some(r.prompt_tokens));
    let outs = ok_values(&run.records, |r| Some(r.output_tokens));
    let checks = &mut run.checks;
    check(checks, v, "mean_ttft_ms", &ttft_values, Statistic::Mean, 1e-3);
    check(checks, v, "median_ttft_ms", &ttft_values, Statistic::Percentile(50.0), 1e-3);
    check(checks, v, "p99_ttft_ms", &ttft_values, Statistic::Percentile(99.0), 1e-3);
    check(checks, v, "mean_tpot_ms", &tpot_values, Statistic::Mean, 1e-3);
    check(checks, v, "mean_e2e_latency_ms", &e2e_values, Statistic::Mean, 1e-3);
    check(checks, v, "mean_e2el_ms", &e2e_values, Statistic::Mean, 1e-3);
    check(checks, v, "total_input_tokens", &prompts, Statistic::Sum, 1.0);
    check(checks, v, "total_output_tokens", &outs, Statistic::Sum, 1.0);
    if let Some(note) = check_note(&run.checks) {
        run.notes.push(note);
    }
}

/// The first line of an error that holds one (a traceback's last words are rarely its first).
fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("")
}
