//! llm-load-test `output.json`: `{results: [...], config, summary}`. Its units changed between
//! versions: the v2 draft wrote `TTFT` in ms but `response_time` in seconds, later versions
//! both in ms. The files do not say, so each time field's unit is inferred from the request's
//! own epoch timestamps where present (`end − start` is the response time in seconds), and
//! confirmed against the summary block when it has one.

use super::{check, check_note, label, num, num_any, ok_values, text, Statistic, TimeUnit};
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::load::Load;
use crate::measurements::meta::{utc_from_epoch_secs, RunMeta, Stated};
use crate::measurements::record::{Format, Record, Refusal, Run};
use crate::measurements::stats;

pub(crate) fn is_output(v: &Value<'_>) -> bool {
    v.get("results").and_then(Value::as_array).is_some_and(|r| {
        r.iter()
            .take(5)
            .any(|x| x.has("response_time") && (x.has("output_tokens") || x.has("input_tokens")))
    })
}

const TTFT_KEYS: &[&str] = &["ttft", "TTFT"];
const START_KEYS: &[&str] = &["start_time", "start"];
const END_KEYS: &[&str] = &["end_time", "end"];

pub(crate) fn read(v: &Value<'_>) -> Result<Run, Refusal> {
    let results = v.get("results").and_then(Value::as_array).unwrap_or(&[]);
    let model = v.path(&["config", "plugin_options", "model_name"]).and_then(Value::as_str);
    let concurrency = v.path(&["config", "load_options", "concurrency"]).and_then(Value::as_finite);
    let mut run = Run::new(
        Format::LlmLoadTest,
        label(&[
            Some("llm-load-test".to_string()),
            // A local path such as "/mnt/models/" names no model.
            model.as_ref().filter(|m| !m.starts_with('/')).map(|m| file_text::cleaned(m)),
            concurrency.map(|c| format!("concurrency {c}")),
        ]),
    );
    run.load = Load::new(concurrency, None);
    run.meta = RunMeta {
        model: Stated::of(model, "config.plugin_options.model_name"),
        date: START_KEYS.iter().find_map(|key| {
            let first = results.first()?.get(key)?.as_f64()?;
            Stated::of(utc_from_epoch_secs(first), "results[0].start_time")
        }),
        ..RunMeta::default()
    };
    let summary = v.get("summary");
    let units = Units::infer(results, summary)?;
    let no_ttft = read_results(results, units, &mut run);
    run.notes.push(format!(
        "Units inferred: response_time in {}{}, TTFT in {}.",
        units.e2e.symbol(),
        if units.has_spans { " (it matches each request's end − start)" } else { "" },
        units.ttft.symbol()
    ));
    if no_ttft == results.len() && !results.is_empty() {
        run.notes.push("No request has a TTFT: the run did not stream.".to_string());
    }
    if let Some(summary) = summary {
        check_summary(summary, &mut run);
    }
    Ok(run)
}

/// The units of the file's two time fields.
#[derive(Clone, Copy, Debug)]
struct Units {
    e2e: TimeUnit,
    ttft: TimeUnit,
    /// Whether any request has its own start and end timestamps to compare with.
    has_spans: bool,
}

impl Units {
    fn infer(results: &[Value<'_>], summary: Option<&Value<'_>>) -> Result<Units, Refusal> {
        // Response time: compare with the request's own wall-clock span.
        let spans: Vec<(f64, f64)> = results
            .iter()
            .filter_map(|r| {
                let raw = num(r, "response_time")?;
                let span = num_any(r, END_KEYS)? - num_any(r, START_KEYS)?;
                (span > 0.0).then_some((raw, span))
            })
            .collect();
        let e2e = match unit_from_ratios(spans.iter().map(|(raw, span)| raw / span)) {
            Some(unit) => unit,
            None => match summary_unit(summary, "response_time", results, &["response_time"]) {
                Some(unit) => unit,
                None => TimeUnit::Millis,
            },
        };
        let ttft = infer_ttft_unit(results, e2e)?;
        Ok(Units { e2e, ttft, has_spans: !spans.is_empty() })
    }
}

/// Every result as a record, failed where it has an error code. Returns how many had no TTFT.
fn read_results(results: &[Value<'_>], units: Units, run: &mut Run) -> usize {
    let mut no_ttft = 0usize;
    for r in results {
        let ttft = num_any(r, TTFT_KEYS).map(|t| t * units.ttft.secs());
        let e2e = num(r, "response_time").map(|t| t * units.e2e.secs());
        if ttft.is_none() {
            no_ttft += 1;
        }
        let mut record = Record::new(
            num(r, "input_tokens").unwrap_or(0.0),
            num_any(r, &["output_tokens", "output_tokens_before_timeout"]).unwrap_or(0.0),
            ttft,
            e2e,
        );
        if let Some(code) = r.get("error_code").filter(|c| !c.is_null()) {
            let why = text(r, "error_text").filter(|t| !t.is_empty());
            let code = code.as_finite().map(|c| c.to_string()).unwrap_or_default();
            record = record.failed(why.unwrap_or(format!("error {code}")));
        }
        run.records.push(record);
    }
    no_ttft
}

/// The summary's statistics it could not measure, and the records checked against its means.
fn check_summary(summary: &Value<'_>, run: &mut Run) {
    let nan_keys = summary
        .as_object()
        .unwrap_or(&[])
        .iter()
        .filter(|(_, s)| s.get("mean").and_then(Value::as_f64).is_some_and(f64::is_nan))
        .count();
    if nan_keys > 0 {
        run.notes.push(format!(
            "The summary block has NaN for {nan_keys} statistics (fields the run never \
             measured)."
        ));
    }
    let ttfts = ok_values(&run.records, |r| r.ttft_secs);
    let e2es = ok_values(&run.records, |r| r.e2e_secs);
    if let Some(ttft) = summary.get("ttft") {
        check(&mut run.checks, ttft, "mean", &ttfts, Statistic::Mean, TimeUnit::Millis.secs());
        relabel(run, "ttft.mean");
    }
    if let Some(rt) = summary.get("response_time") {
        check(&mut run.checks, rt, "mean", &e2es, Statistic::Mean, TimeUnit::Millis.secs());
        relabel(run, "response_time.mean");
    }
    if let Some(note) = check_note(&run.checks) {
        run.notes.push(note);
    }
}

fn relabel(run: &mut Run, key: &str) {
    if let Some(last) = run.checks.last_mut().filter(|c| c.key == "mean") {
        last.key = format!("summary.{key}");
    }
}

/// The unit whose scale the median ratio `raw / seconds` is closest to (within a factor of 3).
fn unit_from_ratios(ratios: impl Iterator<Item = f64>) -> Option<TimeUnit> {
    let ratios: Vec<f64> = ratios.filter(|r| r.is_finite() && *r > 0.0).collect();
    let ratio = stats::median(&ratios)?;
    [TimeUnit::Secs, TimeUnit::Millis, TimeUnit::Micros, TimeUnit::Nanos]
        .into_iter()
        .find(|u| (ratio * u.secs()).ln().abs() < 3f64.ln())
}

/// The unit under which the records' mean reproduces the summary's mean (which is in ms).
fn summary_unit(
    summary: Option<&Value<'_>>,
    key: &str,
    results: &[Value<'_>],
    fields: &[&str],
) -> Option<TimeUnit> {
    let stated_ms = summary?.get(key)?.get("mean")?.as_finite()?;
    let values: Vec<f64> = results.iter().filter_map(|r| num_any(r, fields)).collect();
    let raw_mean = stats::mean(&values)?;
    unit_from_ratios(std::iter::once(raw_mean / (stated_ms / 1000.0)))
}

/// TTFT's unit: from `first_token_time − start` where present; otherwise ms (the tool's
/// documented unit) as long as TTFT then stays within the response time, else seconds.
fn infer_ttft_unit(results: &[Value<'_>], e2e_unit: TimeUnit) -> Result<TimeUnit, Refusal> {
    let stamped = results.iter().filter_map(|r| {
        let raw = num_any(r, TTFT_KEYS)?;
        let span = num(r, "first_token_time")? - num_any(r, START_KEYS)?;
        (span > 0.0).then_some(raw / span)
    });
    if let Some(unit) = unit_from_ratios(stamped) {
        return Ok(unit);
    }
    let pairs: Vec<(f64, f64)> = results
        .iter()
        .filter_map(|r| Some((num_any(r, TTFT_KEYS)?, num(r, "response_time")? * e2e_unit.secs())))
        .collect();
    if pairs.is_empty() {
        return Ok(TimeUnit::Millis);
    }
    let fits = |unit: TimeUnit| {
        let inside = pairs.iter().filter(|(t, e)| t * unit.secs() <= e * 1.001).count();
        inside as f64 >= 0.95 * pairs.len() as f64
    };
    if fits(TimeUnit::Millis) {
        Ok(TimeUnit::Millis)
    } else if fits(TimeUnit::Secs) {
        Ok(TimeUnit::Secs)
    } else {
        Err(Refusal::UnknownUnits {
            field: "ttft".to_string(),
            advice: "Read as milliseconds or as seconds, TTFT exceeds the response time of most \
                     requests, so the file's times do not fit together."
                .to_string(),
        })
    }
}
