//! The page's own live measurement (`measurements::live::file`), read back: one run for each
//! server, every request the page sent after the warm-ups, timed as the page timed it.
//!
//! The end of a request is its last answer text (the token counts follow it in the stream), so
//! the fit's time per token after the first is exactly the measurement's decode rate.

use super::{count, num};
use crate::measurements::file_text;
use crate::measurements::json::Value;
use crate::measurements::live::file::{FORMAT, ORDER};
use crate::measurements::live::Side;
use crate::measurements::load::Load;
use crate::measurements::meta::Stated;
use crate::measurements::record::{Format, Record, Refusal, Run};

/// Whether `v` is a file the page wrote of a live measurement.
pub fn is_measurement(v: &Value<'_>) -> bool {
    v.get("format").is_some_and(|f| f.as_str().is_some_and(|f| f == FORMAT))
}

pub fn read(v: &Value<'_>) -> Result<Vec<Run>, Refusal> {
    let requests = v.get("requests").and_then(Value::as_array).unwrap_or_default();
    let servers = v.get("servers").and_then(Value::as_array).unwrap_or_default();
    let started = v.get("started_utc").and_then(Value::as_str);
    let written_by = v.get("written_by").and_then(Value::as_str);
    let mut runs = Vec::new();
    for side in Side::BOTH {
        let server = servers
            .iter()
            .find(|s| s.get("side").and_then(Value::as_str).as_deref() == Some(side.key()));
        let text = |key| server.and_then(|s| s.get(key)).and_then(Value::as_str);
        let host = file_text::cleaned(&text("host").unwrap_or_default());
        let model = text("model");
        let shown_model = file_text::cleaned(model.as_deref().unwrap_or("a model"));
        let mut run = Run::new(
            Format::Live,
            format!("{} · {shown_model} at {host}, measured live", side.letter()),
        );
        run.meta.tool_version = Stated::of(written_by.clone(), "written_by");
        run.meta.model = Stated::of(model, "servers[].model");
        run.meta.date = Stated::of(started.clone(), "started_utc");
        // The server by host and port, which is all the file keeps of it.
        run.meta.engine = Stated::of(
            (!host.is_empty()).then(|| format!("an OpenAI-compatible server at {host}")),
            "servers[].host",
        );
        // One request at a time, by design.
        run.load = Load::new(Some(1.0), None);
        let mine: Vec<&Value<'_>> = requests
            .iter()
            .filter(|r| r.get("side").and_then(Value::as_str).as_deref() == Some(side.key()))
            .collect();
        run.records = mine.iter().map(|r| record(r)).collect();
        run.meta.method = Some(method(v, &run));
        run.notes.push(format!(
            "Measured live by this page at {host}: {}, {ORDER}.",
            count(mine.len(), "request", "requests")
        ));
        run.round_trip_secs = server.and_then(|s| num(s, "round_trip_secs"));
        if let Some(rtt) = run.round_trip_secs {
            run.notes.push(format!(
                "A small request's round trip to the server took {}; it is part of every first \
                 token here and of the fitted fixed time, and is not taken out.",
                crate::format::duration(rtt)
            ));
        }
        runs.push(run);
    }
    if runs.iter().all(|r| r.records.is_empty()) {
        return Err(Refusal::NoUsableRecords {
            tool: Format::Live,
            found: "the measurement holds no requests".to_string(),
        });
    }
    Ok(runs)
}

/// How the page measured the run, from the file's plan and counts.
fn method(v: &Value<'_>, run: &Run) -> String {
    let lengths = |key| {
        let items: Vec<String> = v
            .path(&["plan", key])
            .and_then(Value::numbers)
            .unwrap_or_default()
            .iter()
            .map(|n| crate::format::with_separators(*n, 0))
            .collect();
        items.join(", ")
    };
    let repeats = v.path(&["plan", "repeats"]).and_then(Value::as_finite).unwrap_or(0.0);
    let unsent = v.path(&["plan", "unsent"]).and_then(Value::as_finite).unwrap_or(0.0);
    let mut text = format!(
        "measured live by this page, {ORDER}: prompts of {} tokens with answers of {} tokens, \
         each pair {} times; {} sent to this server, {} failed and left out of the fit",
        lengths("prompt_tokens"),
        lengths("answer_tokens"),
        crate::format::with_separators(repeats, 0),
        count(run.records.len(), "request", "requests"),
        crate::format::with_separators(run.failed_count() as f64, 0),
    );
    if unsent > 0.0 {
        text.push_str(&format!(
            "; {} planned requests (both servers) not sent",
            crate::format::with_separators(unsent, 0)
        ));
    }
    text
}

fn record(r: &Value<'_>) -> Record {
    let record = Record::new(
        num(r, "prompt_tokens").unwrap_or(0.0),
        num(r, "answer_tokens").unwrap_or(0.0),
        num(r, "ttft_secs"),
        num(r, "last_content_secs"),
    );
    match r.get("failure").and_then(Value::as_str) {
        Some(why) => record.failed(why),
        None => record,
    }
}

#[cfg(test)]
mod tests {
    use crate::measurements::live::file::{Measurement, Server};
    use crate::measurements::live::stream::ServerRates;
    use crate::measurements::live::{Failure, Plan, Side, Timed};
    use crate::measurements::{fit, read, Format};

    /// A measurement of two servers that follow the straight lines exactly, with a little
    /// jitter, A reading at 460 tok/s and writing at 55, B at 128 and 96, and a failure or two.
    fn measured() -> Measurement {
        let plan = Plan::default();
        let rates = [(460.0, 55.0), (128.0, 96.0)];
        let requests = plan
            .order(3)
            .into_iter()
            .enumerate()
            .map(|(i, planned)| {
                let (prefill, decode) = rates[planned.side.index()];
                let jitter = 1.0 + 0.01 * ((i * 7 % 5) as f64 - 2.0);
                let prompt = f64::from(planned.prompt_tokens) + 3.0;
                let answer = f64::from(planned.answer_tokens);
                let ttft = (0.02 + prompt / prefill) * jitter;
                let last = ttft + (answer - 1.0) / decode * jitter;
                if i == 5 {
                    return Timed::failed(planned, Failure::Cut, 0.4);
                }
                Timed {
                    planned,
                    prompt_tokens: Some(prompt),
                    answer_tokens: Some(answer),
                    ttft_secs: Some(ttft),
                    last_content_secs: Some(last),
                    end_secs: last + 0.001,
                    content_events: answer as usize,
                    server_rates: Some(ServerRates {
                        prefill_tokens_per_sec: prefill,
                        decode_tokens_per_sec: decode,
                    }),
                    failure: None,
                }
            })
            .collect();
        let server = |host: &str, model: &str| Server {
            host: host.into(),
            model: model.into(),
            round_trip_secs: Some(0.0021),
            words_per_token: 0.97,
        };
        Measurement {
            started_utc: "2026-12-06T19:40:00.000Z".into(),
            plan,
            seed: 3,
            servers: [
                server("127.0.0.1:8001", "tiny-a.gguf"),
                server("127.0.0.1:8002", "tiny-b.gguf"),
            ],
            requests,
            unsent: 0,
        }
    }

    #[test]
    fn the_download_reads_back_as_two_runs_with_every_time_to_the_digit() {
        let m = measured();
        let text = m.to_json();
        let runs = read(&text, &m.file_name()).unwrap();
        assert_eq!(m.file_name(), "crossover-live-2026-12-06-19-40.json");
        assert_eq!(runs.len(), 2);
        for (run, side) in runs.iter().zip(Side::BOTH) {
            assert_eq!(run.format, Format::Live);
            assert!(run.label.starts_with(side.letter()), "{}", run.label);
            assert_eq!(run.load.concurrency, Some(1.0));
            assert_eq!(
                run.meta.model.as_ref().unwrap().value,
                if side == Side::A { "tiny-a.gguf" } else { "tiny-b.gguf" }
            );
            let mine: Vec<&Timed> = m.requests.iter().filter(|r| r.planned.side == side).collect();
            assert_eq!(run.records.len(), mine.len());
            for (record, timed) in run.records.iter().zip(&mine) {
                assert_eq!(record.ttft_secs.map(f64::to_bits), timed.ttft_secs.map(f64::to_bits));
                assert_eq!(
                    record.e2e_secs.map(f64::to_bits),
                    timed.last_content_secs.map(f64::to_bits)
                );
                assert_eq!(record.is_failed(), timed.failure.is_some());
            }
        }
        assert!(!text.contains("key"), "no key is ever written");
        // Read twice, fitted twice: the same numbers.
        let again = read(&m.to_json(), "x.json").unwrap();
        assert_eq!(fit(&runs[0]).prefill_tokens_per_sec, fit(&again[0]).prefill_tokens_per_sec);
    }

    #[test]
    fn the_fit_of_a_measurement_finds_each_servers_rates() {
        let m = measured();
        let runs = read(&m.to_json(), "m.json").unwrap();
        for (run, (prefill, decode)) in runs.iter().zip([(460.0, 55.0), (128.0, 96.0)]) {
            assert_eq!(run.round_trip_secs, Some(0.0021), "the round trip, to be shown");
            let f = fit(run);
            let p = f.prefill_tokens_per_sec.unwrap().value;
            let d = f.decode_tokens_per_sec.unwrap().value;
            assert!((p / prefill - 1.0).abs() < 0.05, "{} prefill {p}", run.label);
            assert!((d / decode - 1.0).abs() < 0.05, "{} decode {d}", run.label);
        }
    }

    #[test]
    fn a_measurement_of_nothing_is_refused() {
        let mut m = measured();
        m.requests.clear();
        assert!(read(&m.to_json(), "m.json").is_err());
        assert!(!m.can_fit());
        assert!(measured().can_fit());
        let tally = measured().tally(Side::A);
        assert_eq!((tally.sent, tally.shorter, tally.longer), (12, 0, 0));
    }
}
