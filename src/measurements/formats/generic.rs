//! Generic per-request tables, as CSV or as JSON records (an array of flat objects, an object
//! holding one such array, or JSON Lines of flat objects). Columns are recognised by name:
//! prompt tokens, output tokens, TTFT and end-to-end time, each time column carrying its unit as
//! a suffix (`ttft_ms`, `e2e_latency_s`, `TTFT (ms)`). A failure column is optional.

use super::TimeUnit;
use crate::measurements::csv::Table;
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::record::{Format, Record, Refusal, Run};
use crate::state::value::without_separators;
use std::borrow::Cow;

const PROMPT: &[&str] = &[
    "prompt_tokens",
    "input_tokens",
    "prompt_len",
    "input_len",
    "prompt_length",
    "input_length",
    "isl",
    "input_sequence_length",
    "num_input_tokens",
    "number_input_tokens",
    "n_input_tokens",
    "prompt_token_count",
    "input_token_count",
    "tokens_in",
    "in_tokens",
    "num_prompt_tokens",
    "prompt_tokens_count",
];
const OUTPUT: &[&str] = &[
    "output_tokens",
    "completion_tokens",
    "output_len",
    "output_length",
    "osl",
    "output_sequence_length",
    "generated_tokens",
    "num_output_tokens",
    "number_output_tokens",
    "n_output_tokens",
    "output_token_count",
    "tokens_out",
    "out_tokens",
    "num_generated_tokens",
    "completion_token_count",
    "decode_tokens",
];
const TTFT: &[&str] =
    &["ttft", "time_to_first_token", "first_token_latency", "ttft_latency", "latency_first_token"];
const E2E: &[&str] = &[
    "e2e",
    "e2el",
    "e2e_latency",
    "end_to_end_latency",
    "end_to_end",
    "latency",
    "request_latency",
    "total_latency",
    "response_time",
    "total_time",
    "duration",
    "elapsed",
    "e2e_time",
    "end_to_end_time",
];
const FAILURE: &[&str] = &[
    "error",
    "errors",
    "error_code",
    "error_msg",
    "error_message",
    "status",
    "success",
    "ok",
    "failed",
];

/// A column name reduced to lowercase words joined by `_`, with any unit split off.
fn split_name(name: &str) -> (String, Option<TimeUnit>) {
    let mut norm = String::with_capacity(name.len());
    for c in name.trim().chars() {
        let c = c.to_ascii_lowercase();
        if c.is_alphanumeric() || c == 'µ' || c == 'μ' {
            norm.push(c);
        } else if !norm.ends_with('_') {
            norm.push('_');
        }
    }
    let norm = norm.trim_matches('_').to_string();
    if let Some((base, suffix)) = norm.rsplit_once('_') {
        if let Some(unit) = TimeUnit::parse(suffix) {
            // "ttft_in_ms" names the same column as "ttft_ms".
            let base = base.strip_suffix("_in").unwrap_or(base);
            return (base.to_string(), Some(unit));
        }
    }
    (norm, None)
}

/// Which column holds each quantity.
struct Columns {
    prompt: usize,
    output: usize,
    ttft: Option<(usize, TimeUnit)>,
    e2e: Option<(usize, TimeUnit)>,
    failure: Option<(usize, String)>,
}

fn find_columns(names: &[String]) -> Result<Columns, Refusal> {
    let split: Vec<(String, Option<TimeUnit>)> = names.iter().map(|n| split_name(n)).collect();
    let find_count = |wanted: &[&str]| {
        wanted
            .iter()
            .find_map(|w| split.iter().position(|(base, unit)| base == w && unit.is_none()))
    };
    let find_time = |wanted: &[&str]| -> Result<Option<(usize, TimeUnit)>, Refusal> {
        for w in wanted {
            for (i, (base, unit)) in split.iter().enumerate() {
                if base == w {
                    return match unit {
                        Some(u) => Ok(Some((i, *u))),
                        None => Err(Refusal::UnknownUnits {
                            field: names.get(i).map(|n| file_text::cleaned(n)).unwrap_or_default(),
                            advice: format!(
                                "Name the column with its unit, for example {w}_ms or {w}_s, \
                                 and load the file again."
                            ),
                        }),
                    };
                }
            }
        }
        Ok(None)
    };
    let prompt = find_count(PROMPT);
    let output = find_count(OUTPUT);
    let ttft = find_time(TTFT)?;
    let e2e = find_time(E2E)?;
    let failure = FAILURE
        .iter()
        .find_map(|w| split.iter().position(|(base, _)| base == w).map(|i| (i, (*w).to_string())));
    match (prompt, output) {
        (Some(prompt), Some(output)) if ttft.is_some() || e2e.is_some() => {
            Ok(Columns { prompt, output, ttft, e2e, failure })
        }
        _ => {
            let mut missing = Vec::new();
            if prompt.is_none() {
                missing.push("prompt tokens");
            }
            if output.is_none() {
                missing.push("output tokens");
            }
            if ttft.is_none() && e2e.is_none() {
                missing.push("a TTFT or end-to-end time");
            }
            let shown: Vec<String> = names.iter().take(12).map(|n| file_text::cleaned(n)).collect();
            Err(Refusal::UnknownLayout {
                found: format!(
                    "columns {} (no column for {})",
                    shown.join(", "),
                    missing.join(", ")
                ),
            })
        }
    }
}

/// Whether a failure cell marks its request failed.
fn is_failure(kind: &str, cell: &str) -> bool {
    let cell = cell.trim();
    let lower = cell.to_ascii_lowercase();
    let empty = matches!(lower.as_str(), "" | "null" | "none" | "nan" | "n/a");
    match kind {
        "success" | "ok" => matches!(lower.as_str(), "false" | "0" | "no" | "n"),
        "failed" => matches!(lower.as_str(), "true" | "1" | "yes" | "y"),
        "status" => {
            if let Ok(code) = lower.parse::<f64>() {
                code >= 400.0
            } else {
                matches!(
                    lower.as_str(),
                    "error"
                        | "errored"
                        | "failed"
                        | "failure"
                        | "timeout"
                        | "cancelled"
                        | "canceled"
                )
            }
        }
        "error_code" => !empty && !matches!(lower.as_str(), "0" | "200" | "false"),
        _ => !empty && !matches!(lower.as_str(), "false" | "0"),
    }
}

/// How the commas in one column's numbers are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Commas {
    /// Between groups of three digits, as the page reads them in links: `12,000`.
    Thousands,
    /// As the decimal mark (`0,25`), with points grouping thousands (`1.234,5`): only in a
    /// file separated by semicolons, the layout spreadsheets write where the comma is the
    /// decimal mark, and only in a column where some comma cannot group thousands.
    Decimal,
}

/// How the commas in the file's numbers were read, for the run's note.
#[derive(Default)]
struct CommaTally {
    thousands: usize,
    decimal_columns: Vec<usize>,
    unread: usize,
}

/// Whether `cell` holds a comma that cannot group thousands.
fn lone_comma(cell: &str) -> bool {
    let cell = cell.trim();
    cell.contains(',') && without_separators(cell).is_none()
}

/// How column `i`'s commas are read: as decimal marks in a semicolon-separated table where
/// one of its cells has a comma that cannot group thousands, otherwise as thousands separators.
fn commas_of(table: &Table<'_>, i: usize) -> Commas {
    let decimal = table.delimiter == b';'
        && table.rows.iter().any(|row| row.get(i).is_some_and(|cell| lone_comma(cell)));
    if decimal {
        Commas::Decimal
    } else {
        Commas::Thousands
    }
}

/// A cell's number, its commas read as the column reads them; a comma that fits neither
/// reading leaves the cell unread (counted), never guessed at.
fn parse_cell(cell: &str, commas: Commas, tally: &mut CommaTally) -> Option<f64> {
    let cell = cell.trim();
    if !cell.contains(',') {
        return cell.parse::<f64>().ok();
    }
    let digits = match commas {
        Commas::Thousands => without_separators(cell),
        Commas::Decimal => decimal_comma(cell),
    };
    let value = digits.and_then(|d| d.parse::<f64>().ok());
    match (value, commas) {
        (Some(_), Commas::Thousands) => tally.thousands += 1,
        (Some(_), Commas::Decimal) => {}
        (None, _) => tally.unread += 1,
    }
    value
}

/// `1,5` as `1.5` and `-1.234,5` as `-1234.5`: one comma, digits after it, and before it
/// digits that points may group in threes.
fn decimal_comma(cell: &str) -> Option<String> {
    let (whole, fraction) = cell.split_once(',')?;
    if fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) || whole.contains(',') {
        return None;
    }
    let whole = without_separators(&whole.replace('.', ","))?;
    Some(format!("{whole}.{fraction}"))
}

/// What the run's note says about commas, if any were in its numbers.
fn comma_note(tally: &CommaTally, names: &[String], delimiter: u8) -> Option<String> {
    let mut parts = Vec::new();
    if !tally.decimal_columns.is_empty() {
        let columns: Vec<String> = tally
            .decimal_columns
            .iter()
            .map(|&i| {
                format!("'{}'", names.get(i).map_or(String::new(), |n| file_text::cleaned(n)))
            })
            .collect();
        parts.push(format!(
            "The file separates its fields with semicolons, so the commas in {} are read as \
             decimal marks (0,25 is a quarter).",
            columns.join(", ")
        ));
    }
    if tally.thousands > 0 {
        parts.push(format!(
            "{} read with commas as thousands separators (1,000 is a thousand).",
            super::count(tally.thousands, "number is", "numbers are")
        ));
    }
    if tally.unread > 0 {
        parts.push(if delimiter == b';' {
            format!(
                "{} not read: {} commas fit neither a thousands separator nor one decimal mark.",
                super::count(tally.unread, "value is", "values are"),
                if tally.unread == 1 { "its" } else { "their" }
            )
        } else {
            format!(
                "{} not read: a comma there cannot separate thousands (as in 0,25), and in a \
                 file separated by commas or tabs a decimal takes a point.",
                super::count(tally.unread, "value is", "values are")
            )
        });
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn notes_for(columns: &Columns, names: &[String]) -> String {
    let name = |i: usize| names.get(i).map_or("?".to_string(), |n| file_text::cleaned(n));
    let mut parts = vec![
        format!("prompt tokens from '{}'", name(columns.prompt)),
        format!("output tokens from '{}'", name(columns.output)),
    ];
    if let Some((i, u)) = columns.ttft {
        parts.push(format!("TTFT from '{}' in {}", name(i), u.symbol()));
    }
    if let Some((i, u)) = columns.e2e {
        parts.push(format!("end-to-end from '{}' in {}", name(i), u.symbol()));
    }
    format!("Columns read: {}.", parts.join(", "))
}

pub(crate) fn read_csv(table: &Table<'_>, label: &str) -> Result<Run, Refusal> {
    let names: Vec<String> = table.header.iter().map(|h| h.to_string()).collect();
    let columns = find_columns(&names)?;
    let mut run = Run::new(Format::Csv, label);
    let numeric = [
        Some(columns.prompt),
        Some(columns.output),
        columns.ttft.map(|(i, _)| i),
        columns.e2e.map(|(i, _)| i),
    ];
    let readings = numeric.map(|c| c.map(|i| (i, commas_of(table, i))));
    let [prompt, output, ttft, e2e] = readings.map(|r| r.map_or(Commas::Thousands, |(_, c)| c));
    let mut tally = CommaTally {
        decimal_columns: readings
            .iter()
            .flatten()
            .filter(|(_, c)| *c == Commas::Decimal)
            .map(|(i, _)| *i)
            .collect(),
        ..CommaTally::default()
    };
    for row in &table.rows {
        let cell = |i: usize| row.get(i).map_or("", |c| c.as_ref());
        let mut time = |c: Option<(usize, TimeUnit)>, commas: Commas| {
            c.and_then(|(i, u)| parse_cell(cell(i), commas, &mut tally).map(|t| t * u.secs()))
        };
        let ttft_secs = time(columns.ttft, ttft);
        let e2e_secs = time(columns.e2e, e2e);
        let mut record = Record::new(
            parse_cell(cell(columns.prompt), prompt, &mut tally).unwrap_or(0.0),
            parse_cell(cell(columns.output), output, &mut tally).unwrap_or(0.0),
            ttft_secs,
            e2e_secs,
        );
        if let Some((i, kind)) = &columns.failure {
            if is_failure(kind, cell(*i)) {
                record = record.failed(cell(*i));
            }
        }
        run.records.push(record);
    }
    run.notes.push(notes_for(&columns, &names));
    run.notes.extend(comma_note(&tally, &names, table.delimiter));
    Ok(run)
}

/// Whether a JSON value looks like one flat per-request record (an object of scalars with at
/// least a token count and a time among its keys).
pub(crate) fn is_record(v: &Value<'_>) -> bool {
    let Some(members) = v.as_object() else { return false };
    let names: Vec<String> = members.iter().map(|(k, _)| k.value().into_owned()).collect();
    find_columns(&names).is_ok()
}

pub(crate) fn read_json(items: &[&Value<'_>], label: &str) -> Result<Run, Refusal> {
    // Columns come from the first record; later records are read by the same key names.
    let first = items.iter().find(|v| v.is_object()).ok_or_else(|| Refusal::UnknownLayout {
        found: "no objects among the values".to_string(),
    })?;
    let names: Vec<String> =
        first.as_object().unwrap_or(&[]).iter().map(|(k, _)| k.value().into_owned()).collect();
    let columns = find_columns(&names)?;
    let key = |i: usize| names.get(i).map_or("", String::as_str);
    let mut run = Run::new(Format::Json, label);
    for item in items.iter().filter(|v| v.is_object()) {
        let number = |i: usize| item.get(key(i)).and_then(Value::as_f64);
        let time =
            |c: Option<(usize, TimeUnit)>| c.and_then(|(i, u)| number(i).map(|t| t * u.secs()));
        let mut record = Record::new(
            number(columns.prompt).unwrap_or(0.0),
            number(columns.output).unwrap_or(0.0),
            time(columns.ttft),
            time(columns.e2e),
        );
        if let Some((i, kind)) = &columns.failure {
            let cell: Cow<'_, str> = match item.get(key(*i)) {
                Some(Value::Str(s)) => s.value(),
                Some(Value::Number(n)) => Cow::Borrowed(n),
                Some(Value::Bool(b)) => Cow::Owned(b.to_string()),
                _ => Cow::Borrowed(""),
            };
            if is_failure(kind, &cell) {
                record = record.failed(&cell);
            }
        }
        run.records.push(record);
    }
    run.notes.push(notes_for(&columns, &names));
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_base_and_unit() {
        assert_eq!(split_name("TTFT (ms)"), ("ttft".to_string(), Some(TimeUnit::Millis)));
        assert_eq!(split_name("e2e_latency_s"), ("e2e_latency".to_string(), Some(TimeUnit::Secs)));
        assert_eq!(split_name("ttft_in_ms"), ("ttft".to_string(), Some(TimeUnit::Millis)));
        assert_eq!(split_name("Prompt Tokens"), ("prompt_tokens".to_string(), None));
        assert_eq!(split_name("latency_ns"), ("latency".to_string(), Some(TimeUnit::Nanos)));
    }
}
