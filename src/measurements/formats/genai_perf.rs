//! NVIDIA GenAI-Perf `profile_export.json` (written by Perf Analyzer): `experiments[]`, each a
//! load level with `requests[]` holding a send `timestamp` and `response_timestamps[]`, all in
//! nanoseconds, and the raw responses. There are no token counts: GenAI-Perf tokenises the text
//! itself with the model's tokenizer, which the page does not have. Output tokens are counted as
//! content-bearing streamed chunks (one token each on most servers) and prompt tokens estimated
//! from the prompt's words, and the run says so.

use super::{label, TimeUnit};
use crate::measurements::file_text;
use crate::measurements::json::{self, Value};
use crate::measurements::load::Load;
use crate::measurements::record::{Format, Record, Run};

pub(crate) fn is_profile_export(v: &Value<'_>) -> bool {
    v.get("experiments")
        .and_then(Value::as_array)
        .is_some_and(|e| e.iter().any(|x| x.get("requests").is_some()))
}

/// Tokens per English word, the lesson's rule of thumb (a token is about three quarters of a
/// word).
const TOKENS_PER_WORD: f64 = 4.0 / 3.0;

pub(crate) fn read(v: &Value<'_>) -> Vec<Run> {
    let service = v.get("service_kind").and_then(Value::as_str);
    let experiments = v.get("experiments").and_then(Value::as_array).unwrap_or(&[]);
    let mut runs = Vec::new();
    for experiment in experiments {
        let mode = experiment.path(&["experiment", "mode"]).and_then(Value::as_str);
        let level = experiment.path(&["experiment", "value"]).and_then(Value::as_finite);
        let load = match (mode.as_deref(), level) {
            (Some("concurrency"), Some(n)) => Some(format!("concurrency {n}")),
            (Some("request_rate"), Some(r)) => super::rate_label(Some(r)),
            (Some(m), Some(n)) => Some(format!("{} {n}", file_text::cleaned(m))),
            _ => None,
        };
        let mut run = Run::new(
            Format::GenaiPerf,
            label(&[
                Some("GenAI-Perf".to_string()),
                service.as_ref().map(|s| file_text::cleaned(s)),
                load,
            ]),
        );
        run.load = match mode.as_deref() {
            Some("concurrency") => Load::new(level, None),
            Some("request_rate") => Load::new(None, level),
            _ => Load::default(),
        };
        let mut no_prompt_text = 0usize;
        for request in experiment.get("requests").and_then(Value::as_array).unwrap_or(&[]) {
            run.records.push(read_request(request, &mut no_prompt_text));
        }
        run.notes.push(
            "The file has no token counts: output tokens are counted as streamed chunks that \
             carry text (one token each on most servers), and prompt tokens are estimated from \
             the prompt's words at 4 tokens per 3 words. Rates built on them are approximate."
                .to_string(),
        );
        if no_prompt_text > 0 {
            run.notes.push(format!(
                "{} no readable prompt text; its prompt length is taken as zero.",
                super::count(no_prompt_text, "request has", "requests have")
            ));
        }
        run.notes.push(format!(
            "Times are {} timestamps: TTFT runs from sending to the first chunk with text, \
             end-to-end to the last one.",
            TimeUnit::Nanos.symbol()
        ));
        runs.push(run);
    }
    runs
}

fn read_request(request: &Value<'_>, no_prompt_text: &mut usize) -> Record {
    let sent = request.get("timestamp").and_then(Value::as_finite);
    let stamps = request.get("response_timestamps").and_then(Value::numbers).unwrap_or_default();
    let outputs = request.get("response_outputs").and_then(Value::as_array);
    let mut first = None;
    let mut last = None;
    let mut chunks = 0usize;
    for (i, &t) in stamps.iter().enumerate() {
        if !t.is_finite() {
            continue;
        }
        let carried = match outputs.and_then(|o| o.get(i)) {
            Some(out) => content_chunks(out),
            // Without the responses, every response counts as one chunk.
            None => 1,
        };
        if carried > 0 {
            chunks += carried;
            first = first.or(Some(t));
            last = Some(t);
        }
    }
    let prompt_words =
        prompt_text(request.get("request_inputs")).map(|t| t.split_whitespace().count());
    if prompt_words.is_none() {
        *no_prompt_text += 1;
    }
    let prompt = prompt_words.unwrap_or(0) as f64 * TOKENS_PER_WORD;
    let ns = TimeUnit::Nanos.secs();
    let since = |t: Option<f64>| Some((t? - sent?) * ns);
    let record = Record::new(prompt.round(), chunks as f64, since(first), since(last));
    if stamps.is_empty() {
        record.failed("no response was received")
    } else if chunks == 0 {
        record.failed("the responses carried no text")
    } else {
        record
    }
}

/// How many text-bearing chunks one recorded response holds: Triton's `text_output`, or the
/// server-sent events of an OpenAI-style `response` (several may arrive in one read).
fn content_chunks(out: &Value<'_>) -> usize {
    if let Some(text) = out.get("text_output").and_then(Value::as_str) {
        return usize::from(!text.is_empty());
    }
    let Some(body) = out.get("response").and_then(Value::as_str) else { return 0 };
    body.split("\n\n")
        .map(|event| event.trim())
        .map(|event| event.strip_prefix("data:").unwrap_or(event).trim())
        .filter(|event| !event.is_empty() && *event != "[DONE]")
        .filter(|event| match json::parse(event) {
            Ok(chunk) => chunk_has_text(&chunk),
            // An unreadable event still arrived with something in it.
            Err(_) => true,
        })
        .count()
}

fn chunk_has_text(chunk: &Value<'_>) -> bool {
    let Some(choice) = chunk.get("choices").and_then(Value::as_array).and_then(|c| c.first())
    else {
        return false;
    };
    [&["delta", "content"][..], &["text"], &["message", "content"], &["delta", "reasoning_content"]]
        .iter()
        .filter_map(|path| choice.path(path).and_then(Value::as_str))
        .any(|s| !s.is_empty())
}

/// The prompt's text: Triton's `text_input`, or the OpenAI payload's messages or prompt.
fn prompt_text(inputs: Option<&Value<'_>>) -> Option<String> {
    let inputs = inputs?;
    if let Some(text) = inputs.get("text_input").and_then(Value::as_str) {
        return Some(text.into_owned());
    }
    let payload_text = inputs.get("payload").and_then(Value::as_str)?;
    let payload = json::parse(&payload_text).ok()?;
    if let Some(prompt) = payload.get("prompt").and_then(Value::as_str) {
        return Some(prompt.into_owned());
    }
    let messages = payload.get("messages").and_then(Value::as_array)?;
    let mut text = String::new();
    for message in messages {
        match message.get("content") {
            Some(Value::Str(s)) => text.push_str(&s.value()),
            Some(Value::Array(parts)) => {
                for part in parts {
                    if let Some(t) = part.get("text").and_then(Value::as_str) {
                        text.push(' ');
                        text.push_str(&t);
                    }
                }
            }
            _ => {}
        }
        text.push(' ');
    }
    Some(text)
}
