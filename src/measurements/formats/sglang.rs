//! SGLang `bench_serving` results: one JSON object per line, one line per run, with the same
//! per-request arrays as vLLM when run with `--output-details`.

use super::{label, num, rate_label, text};
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::meta::{RunMeta, Stated};
use crate::measurements::record::{Format, Run};

/// Keys only SGLang's script writes, which tell its results from vLLM's.
pub(crate) fn is_sglang(v: &Value<'_>) -> bool {
    // vLLM's script can also drive an SGLang server (backend "sglang"), but writes model_id.
    (v.text_is("backend", "sglang") && !v.has("model_id"))
        || [
            "total_output_tokens_retokenized",
            "server_info",
            "accept_length",
            "sharegpt_output_len",
            "random_range_ratio",
            "total_input_text_tokens",
        ]
        .iter()
        .any(|k| v.has(k))
}

pub(crate) fn read(v: &Value<'_>) -> Run {
    let model = v
        .path(&["server_info", "served_model_name"])
        .or_else(|| v.path(&["server_info", "model_path"]))
        .and_then(Value::as_str)
        .map(|s| file_text::cleaned(&s));
    let label = label(&[
        Some("SGLang".to_string()),
        model.or_else(|| text(v, "model_id")).or_else(|| text(v, "tag")),
        rate_label(v.get("request_rate").and_then(Value::as_f64)),
        num(v, "max_concurrency").map(|c| format!("concurrency {c}")),
    ]);
    let mut run = super::vllm::read_arrays(v, Format::Sglang, label);
    run.meta = meta(v);
    if let (Some(retok), Some(total)) =
        (num(v, "total_output_tokens_retokenized"), num(v, "total_output_tokens"))
    {
        if (retok - total).abs() > 0.05 * total {
            run.notes.push(format!(
                "Output counts are the server's ({total} tokens in all); re-tokenising the \
                 returned text gives {retok}, which usually means the text was cut short or \
                 reasoning was not returned."
            ));
        }
    }
    run
}

/// What SGLang's `server_info` says of the server: its model, version, parallelism and
/// precision.
fn meta(v: &Value<'_>) -> RunMeta {
    let info = |key: &str| v.path(&["server_info", key]);
    let number_of = |key: &str| info(key).and_then(Value::as_f64).filter(|n| n.is_finite());
    let number = |key: &str| number_of(key).map(|n| n.to_string());
    let word = |key: &str| info(key).and_then(Value::as_str).map(|s| s.into_owned());
    let parallel: Vec<String> =
        [("tp", number("tp_size")), ("dp", number("dp_size")), ("on", word("device"))]
            .into_iter()
            .filter_map(|(what, n)| Some(format!("{what} {}", n?)))
            .collect();
    let quantized = word("quantization").map(|q| format!(", {q} quantization")).unwrap_or_default();
    RunMeta {
        // `server_info.version` is the server's, not that of the benchmark that wrote the file.
        tool_version: None,
        model: Stated::of(word("served_model_name"), "server_info.served_model_name")
            .or_else(|| Stated::of(word("model_path"), "server_info.model_path")),
        engine: Stated::of(word("version").map(|n| format!("SGLang {n}")), "server_info.version"),
        date: None,
        hardware: Stated::of(
            (!parallel.is_empty()).then(|| parallel.join(", ")),
            "server_info.tp_size, dp_size, device",
        ),
        precision: Stated::of(
            word("dtype").map(|d| format!("{d}{quantized}")),
            "server_info.dtype, quantization",
        ),
        chips: match (number_of("tp_size"), number_of("dp_size")) {
            (Some(tp), Some(dp)) if tp >= 1.0 && dp >= 1.0 => Some(tp * dp),
            _ => None,
        },
        method: None,
    }
}

trait TextIs {
    fn text_is(&self, key: &str, expected: &str) -> bool;
}

impl TextIs for Value<'_> {
    fn text_is(&self, key: &str, expected: &str) -> bool {
        self.get(key).and_then(Value::as_str).is_some_and(|s| s.eq_ignore_ascii_case(expected))
    }
}
