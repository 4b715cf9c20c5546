//! One reader per tool. Each takes the parsed JSON (or CSV table) that detection matched and
//! turns it into runs of [`Record`]s, converting every time to seconds.

pub mod aiperf;
pub mod genai_perf;
pub mod generic;
pub mod guidellm;
pub mod live;
pub mod llm_load_test;
pub mod llmperf;
pub mod sglang;
pub mod vllm;

use super::file_text;
use super::json::Value;
use super::record::{Record, SummaryCheck};
use super::stats;

/// A time unit as benchmark files spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Secs,
    Millis,
    Micros,
    Nanos,
}

impl TimeUnit {
    /// How many seconds one of this unit is.
    pub fn secs(self) -> f64 {
        match self {
            TimeUnit::Secs => 1.0,
            TimeUnit::Millis => 1e-3,
            TimeUnit::Micros => 1e-6,
            TimeUnit::Nanos => 1e-9,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            TimeUnit::Secs => "s",
            TimeUnit::Millis => "ms",
            TimeUnit::Micros => "µs",
            TimeUnit::Nanos => "ns",
        }
    }

    /// Reads a unit name or suffix: "s", "sec", "ms", "msec", "us", "µs", "ns", and long forms.
    pub fn parse(name: &str) -> Option<TimeUnit> {
        match name.trim().to_ascii_lowercase().as_str() {
            "s" | "sec" | "secs" | "second" | "seconds" => Some(TimeUnit::Secs),
            "ms" | "msec" | "msecs" | "millis" | "millisecond" | "milliseconds" => {
                Some(TimeUnit::Millis)
            }
            "us" | "µs" | "μs" | "usec" | "usecs" | "micros" | "microsecond" | "microseconds" => {
                Some(TimeUnit::Micros)
            }
            "ns" | "nsec" | "nsecs" | "nanos" | "nanosecond" | "nanoseconds" => {
                Some(TimeUnit::Nanos)
            }
            _ => None,
        }
    }
}

/// "1 request has" / "3 requests have": a count with the words that agree with it.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A finite number at `key`.
pub(crate) fn num(v: &Value<'_>, key: &str) -> Option<f64> {
    v.get(key).and_then(Value::as_finite)
}

/// The first of several keys that holds a finite number.
pub(crate) fn num_any(v: &Value<'_>, keys: &[&str]) -> Option<f64> {
    keys.iter().find_map(|k| num(v, k))
}

/// A text value at `key`, or a number written as text, as it may be shown
/// ([`file_text::cleaned`]).
pub(crate) fn text(v: &Value<'_>, key: &str) -> Option<String> {
    shown(v.get(key)?)
}

/// A string, number or boolean from the file as it may be shown: cleaned and capped where it
/// is taken, so every label and message built from it stays short and plain.
pub(crate) fn shown(v: &Value<'_>) -> Option<String> {
    match v {
        Value::Str(s) => Some(file_text::cleaned(&s.value())),
        Value::Number(n) => Some(file_text::cleaned(n)),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Joins the non-empty parts of a run label with a middle dot.
pub(crate) fn label(parts: &[Option<String>]) -> String {
    parts
        .iter()
        .flatten()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A load level as people write it: "10 req/s", "all at once".
pub(crate) fn rate_label(rate: Option<f64>) -> Option<String> {
    let rate = rate?;
    if rate.is_infinite() {
        Some("all requests at once".to_string())
    } else if rate > 0.0 {
        Some(format!("{} req/s", crate::format::trimmed(rate, 2)))
    } else {
        None
    }
}

/// The successful records' values of one field, for comparing with a summary.
pub(crate) fn ok_values(records: &[Record], f: impl Fn(&Record) -> Option<f64>) -> Vec<f64> {
    records.iter().filter(|r| !r.is_failed()).filter_map(f).collect()
}

/// Adds a check of `key` in `summary` (in the key's unit, `unit_secs` seconds each) against the
/// mean or percentile of `values` (seconds, or tokens with `unit_secs` = 1).
pub(crate) fn check(
    checks: &mut Vec<SummaryCheck>,
    summary: &Value<'_>,
    key: &str,
    values: &[f64],
    statistic: Statistic,
    unit_secs: f64,
) {
    let Some(stated) = num(summary, key) else { return };
    if values.is_empty() || unit_secs <= 0.0 {
        return;
    }
    let computed = match statistic {
        Statistic::Mean => stats::mean(values),
        Statistic::Sum => Some(values.iter().sum()),
        Statistic::Percentile(p) => stats::percentile(values, p),
    };
    if let Some(computed) = computed.map(|c| c / unit_secs).filter(|c| c.is_finite()) {
        checks.push(SummaryCheck { key: key.to_string(), stated, computed });
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Statistic {
    Mean,
    Sum,
    /// Linear interpolation between order statistics, as numpy's default.
    Percentile(f64),
}

/// A note naming the summary keys the records reproduce, or warning about those they do not.
pub(crate) fn check_note(checks: &[SummaryCheck]) -> Option<String> {
    if checks.is_empty() {
        return None;
    }
    let (agree, disagree): (Vec<_>, Vec<_>) = checks.iter().partition(|c| c.agrees());
    if disagree.is_empty() {
        let keys: Vec<_> = agree.iter().map(|c| c.key.as_str()).collect();
        Some(format!(
            "The records reproduce the file's own summary ({}), so the units were read right.",
            keys.join(", ")
        ))
    } else {
        let keys: Vec<_> = disagree
            .iter()
            .map(|c| {
                format!(
                    "{} says {} but the records give {}",
                    c.key,
                    short(c.stated),
                    short(c.computed)
                )
            })
            .collect();
        Some(format!(
            "The records do not reproduce part of the file's own summary: {}. Treat the fitted \
             numbers with care.",
            keys.join("; ")
        ))
    }
}

fn short(x: f64) -> String {
    crate::format::trimmed(x, if x.abs() >= 100.0 { 1 } else { 4 })
}
