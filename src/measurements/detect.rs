//! Telling the tool from the file's structure (never its name, which people rename), and
//! handing the parsed text to that tool's reader.
//!
//! Order matters where layouts overlap: the tool-specific shapes are tried before the generic
//! record layout, and summary-only shapes are recognised so they can be refused with advice
//! rather than reported as unknown.

use super::csv;
use super::file_text;
use super::formats::{
    aiperf, genai_perf, generic, guidellm, live, llm_load_test, llmperf, sglang, vllm,
};
use super::json::{self, Value};
use super::record::{Format, Refusal, Run};

/// Reads every run in `text`. `file_name` only labels runs whose file names no model.
pub fn runs(text: &str, file_name: &str) -> Result<Vec<Run>, Refusal> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.is_empty() {
        return Err(Refusal::Empty);
    }
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let values = json::parse_many(text).map_err(|e| Refusal::Unparseable {
            line: e.line,
            column: e.column,
            detail: e.message,
        })?;
        from_json(&values, file_name)
    } else {
        let table = csv::parse(text).map_err(|e| Refusal::Unparseable {
            line: e.line,
            column: 1,
            detail: e.message,
        })?;
        if table.header.len() < 2 {
            return Err(Refusal::Unparseable {
                line: 1,
                column: 1,
                detail: "the text is not JSON, and its first line is not a table header with \
                         several columns"
                    .to_string(),
            });
        }
        Ok(vec![generic::read_csv(&table, &fallback_label(Format::Csv, file_name))?])
    }
}

fn fallback_label(format: Format, file_name: &str) -> String {
    let name = file_text::cleaned(file_name.rsplit(['/', '\\']).next().unwrap_or(file_name));
    if name.is_empty() {
        format.name().to_string()
    } else {
        format!("{} · {name}", format.name())
    }
}

/// Adds the file name to labels that say nothing beyond the tool.
fn with_file_label(mut runs: Vec<Run>, file_name: &str) -> Vec<Run> {
    for run in &mut runs {
        if run.label == run.format.name() || run.label.is_empty() {
            run.label = fallback_label(run.format, file_name);
        }
    }
    runs
}

fn from_json(values: &[Value<'_>], file_name: &str) -> Result<Vec<Run>, Refusal> {
    let runs = match values {
        [] => return Err(Refusal::Empty),
        [single] => from_document(single, file_name)?,
        many => from_lines(many, file_name)?,
    };
    Ok(with_file_label(runs, file_name))
}

/// One JSON document.
fn from_document(v: &Value<'_>, file_name: &str) -> Result<Vec<Run>, Refusal> {
    if let Some(items) = v.as_array() {
        if items.iter().any(llmperf::is_response) {
            return Ok(vec![llmperf::read(items)]);
        }
        if items.iter().any(aiperf::is_record) {
            let lines: Vec<&Value<'_>> = items.iter().collect();
            return Ok(vec![aiperf::read(&lines)?]);
        }
        if items.iter().any(vllm::is_serving_result) {
            return from_lines(items, file_name);
        }
        let records: Vec<&Value<'_>> = items.iter().collect();
        return generic_records(&records, file_name);
    }
    if live::is_measurement(v) {
        return live::read(v);
    }
    if vllm::is_serving_result(v) {
        return from_lines(std::slice::from_ref(v), file_name);
    }
    if aiperf::is_record(v) {
        return Ok(vec![aiperf::read(&[v])?]);
    }
    if guidellm::is_benchmarks(v) {
        let runs = guidellm::read(v);
        if runs.iter().all(|r| r.records.is_empty()) {
            return Err(Refusal::SummaryOnly {
                tool: Format::Guidellm,
                runs: runs.len(),
                advice: "Its benchmarks list no requests; save the full benchmarks.json \
                         (GuideLLM keeps per-request data there by default) rather than a \
                         summary export."
                    .to_string(),
            });
        }
        return Ok(runs);
    }
    if genai_perf::is_profile_export(v) {
        return Ok(genai_perf::read(v));
    }
    if llm_load_test::is_output(v) {
        return Ok(vec![llm_load_test::read(v)?]);
    }
    if aiperf::is_aggregate(v) {
        return Err(Refusal::SummaryOnly {
            tool: Format::Aiperf,
            runs: 1,
            advice: "Load profile_export.jsonl from the same artifacts folder: it has one line \
                     per request."
                .to_string(),
        });
    }
    if llmperf::is_summary(v) {
        return Err(Refusal::SummaryOnly {
            tool: Format::Llmperf,
            runs: 1,
            advice: "Load the *_individual_responses.json file LLMPerf wrote beside it."
                .to_string(),
        });
    }
    if generic::is_record(v) {
        return generic_records(&[v], file_name);
    }
    // An object holding one array of records, e.g. {"requests": [...]}.
    if let Some(members) = v.as_object() {
        for (_, member) in members {
            if let Some(items) = member.as_array() {
                if items.iter().take(3).any(generic::is_record) {
                    let records: Vec<&Value<'_>> = items.iter().collect();
                    return generic_records(&records, file_name);
                }
            }
        }
    }
    Err(Refusal::UnknownLayout { found: describe(v) })
}

/// Several JSON documents, one per line: runs of vLLM/SGLang, AIPerf records or flat records.
fn from_lines(values: &[Value<'_>], file_name: &str) -> Result<Vec<Run>, Refusal> {
    let objects: Vec<&Value<'_>> = values.iter().filter(|v| v.is_object()).collect();
    if objects.iter().any(|v| aiperf::is_record(v)) {
        let lines: Vec<&Value<'_>> = objects.into_iter().filter(|v| aiperf::is_record(v)).collect();
        return Ok(vec![aiperf::read(&lines)?]);
    }
    let serving: Vec<&Value<'_>> =
        objects.iter().copied().filter(|v| vllm::is_serving_result(v)).collect();
    if !serving.is_empty() {
        let detailed: Vec<&Value<'_>> =
            serving.iter().copied().filter(|v| vllm::is_detailed(v)).collect();
        let sglang = serving.iter().any(|v| sglang::is_sglang(v));
        let tool = if sglang { Format::Sglang } else { Format::Vllm };
        if detailed.is_empty() {
            let advice = match tool {
                Format::Sglang => {
                    "Rerun sglang.bench_serving with --output-details to save each request's \
                     lengths and timings."
                }
                _ => {
                    "Rerun vllm bench serve (or benchmark_serving.py) with --save-result \
                     --save-detailed to save each request's lengths and timings."
                }
            };
            return Err(Refusal::SummaryOnly {
                tool,
                runs: serving.len(),
                advice: advice.to_string(),
            });
        }
        let mut runs: Vec<Run> = detailed
            .iter()
            .map(|v| if sglang::is_sglang(v) { sglang::read(v) } else { vllm::read(v) })
            .collect();
        let skipped = serving.len() - detailed.len();
        if skipped > 0 {
            if let Some(first) = runs.first_mut() {
                first.notes.push(format!(
                    "{skipped} other runs in the file hold only summary statistics and were \
                     left out."
                ));
            }
        }
        return Ok(runs);
    }
    if values.iter().any(generic::is_record) {
        let records: Vec<&Value<'_>> = values.iter().collect();
        return generic_records(&records, file_name);
    }
    match values.first() {
        Some(first) if values.len() == 1 => from_document(first, file_name),
        Some(first) => Err(Refusal::UnknownLayout {
            found: format!("{} JSON values, the first {}", values.len(), describe(first)),
        }),
        None => Err(Refusal::Empty),
    }
}

fn generic_records(records: &[&Value<'_>], file_name: &str) -> Result<Vec<Run>, Refusal> {
    Ok(vec![generic::read_json(records, &fallback_label(Format::Json, file_name))?])
}

/// A one-line description of a value's shape, for refusals.
fn describe(v: &Value<'_>) -> String {
    match v {
        Value::Object(members) => {
            let keys: Vec<String> = members
                .iter()
                .take(8)
                .map(|(k, _)| format!("'{}'", file_text::cleaned(&k.value())))
                .collect();
            let more = if members.len() > 8 { ", …" } else { "" };
            if keys.is_empty() {
                "an empty object".to_string()
            } else {
                format!("an object with keys {}{more}", keys.join(", "))
            }
        }
        Value::Numbers(_) => "an array of numbers".to_string(),
        Value::Array(items) => match items.first() {
            Some(first) => {
                format!("an array of {} values, the first {}", items.len(), describe(first))
            }
            None => "an empty array".to_string(),
        },
        other => other.kind().to_string(),
    }
}
