//! ray-project LLMPerf `*_individual_responses.json`: a JSON array of flat objects, times in
//! seconds (`ttft_s`, `end_to_end_latency_s`), token counts `number_input_tokens` and
//! `number_output_tokens`, and `error_code` set on failed requests.

use super::{num, text};
use crate::measurements::json::Value;
use crate::measurements::record::{Format, Record, Run};

pub(crate) fn is_response(v: &Value<'_>) -> bool {
    v.has("end_to_end_latency_s") && (v.has("number_input_tokens") || v.has("ttft_s"))
}

/// LLMPerf's `*_summary.json`: aggregate keys such as `results_ttft_s_mean`, no records.
pub(crate) fn is_summary(v: &Value<'_>) -> bool {
    v.as_object()
        .is_some_and(|members| members.iter().any(|(k, _)| k.raw().starts_with("results_ttft_s")))
        || v.has("results_end_to_end_latency_s_mean")
}

pub(crate) fn read(items: &[Value<'_>]) -> Run {
    let mut run = Run::new(Format::Llmperf, "LLMPerf");
    let mut failed_with_timings = 0usize;
    for item in items.iter().filter(|i| i.is_object()) {
        let mut record = Record::new(
            num(item, "number_input_tokens").unwrap_or(0.0),
            num(item, "number_output_tokens").unwrap_or(0.0),
            num(item, "ttft_s"),
            num(item, "end_to_end_latency_s"),
        );
        let code = item.get("error_code").filter(|c| !c.is_null());
        if let Some(code) = code {
            let code_text =
                code.as_finite().map_or_else(|| text(item, "error_code"), |c| Some(c.to_string()));
            let message = text(item, "error_msg").unwrap_or_default();
            let why = match code_text {
                Some(c) if !message.is_empty() => format!("error {c}: {message}"),
                Some(c) => format!("error {c}"),
                None => message,
            };
            if record.ttft_secs.is_some_and(|t| t > 0.0) && record.output_tokens > 0.0 {
                failed_with_timings += 1;
            }
            record = record.failed(why);
        }
        run.records.push(record);
    }
    run.notes.push(
        "LLMPerf's own inter_token_latency_s folds the wait for the first token in (about \
         end-to-end ÷ output tokens), so it reads higher than the gap between tokens; time per \
         output token is recomputed here as (end-to-end − TTFT) / (output tokens − 1)."
            .to_string(),
    );
    if failed_with_timings > 0 {
        run.notes.push(format!(
            "{} an error code yet real timings (LLMPerf flags answers shorter than \
             asked for with code -100); they count as failed, as the tool counts them.",
            super::count(failed_with_timings, "request carries", "requests carry")
        ));
    }
    run
}
