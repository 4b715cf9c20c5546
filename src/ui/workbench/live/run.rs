//! One measurement from Start to its end: each server's model list (its round trip) and a
//! warm-up request (not counted; it also pays the cross-origin preflight and tells the prompt's
//! words per token), then the plan's requests one at a time. Each request's result is added as
//! it finishes; Cancel stops the one in flight and keeps everything before it.

use super::http::{self, Stopper};
use super::Live;
use crate::measurements::live::address::{models, Base};
use crate::measurements::live::file::{Measurement, Server};
use crate::measurements::live::plan::Planned;
use crate::measurements::live::prompt::{completion_body, prompt, Calibration, WARM_UP_WORDS};
use crate::measurements::live::{Failure, Side, Timed};
use leptos::prelude::*;

/// After this many failures in a row on one server the run stops: the server is down.
const FAILURES_IN_A_ROW: usize = 3;
/// The warm-up's answer: enough to see a stream, short enough to cost nothing.
const WARM_UP_ANSWER_TOKENS: u32 = 4;
/// The most bytes of a model list read.
const MOST_LIST_BYTES: usize = 256 * 1024;

/// What the run was asked to measure, read from the form when Start was pressed.
pub struct Asked {
    pub bases: [Base; 2],
    pub models: [String; 2],
    pub keys: [String; 2],
    pub plan: crate::measurements::live::Plan,
}

/// Where a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Finished,
    Cancelled,
    /// A failure that no further request would get past.
    Stopped,
}

fn random_u64() -> u64 {
    // Two draws: one holds 52 bits.
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) | draw()
}

/// Lists the models at `base`, for the form; the failure if the server does not answer.
pub async fn list_models(base: &Base, key: &str) -> Result<Vec<String>, Failure> {
    let (body, _) = http::get(&base.url("models"), key, MOST_LIST_BYTES).await?;
    Ok(models(&body))
}

/// The round trip and words per token of one server, or why it cannot be measured.
async fn prepare(
    live: Live,
    asked: &Asked,
    side: Side,
    tag: u64,
) -> Result<(Server, Calibration), Failure> {
    let (base, key, model) =
        (&asked.bases[side.index()], &asked.keys[side.index()], &asked.models[side.index()]);
    let (_, round_trip) = http::get(&base.url("models"), key, MOST_LIST_BYTES).await?;
    let planned = Planned { side, prompt_tokens: 0, answer_tokens: WARM_UP_ANSWER_TOKENS };
    let body =
        completion_body(model, &prompt(tag, side.index(), WARM_UP_WORDS), planned.answer_tokens);
    let stopper = Stopper::new();
    live.stopper.set_value(Some(stopper.clone()));
    let warm = http::timed_completion(
        &base.url("completions"),
        key,
        &body,
        planned,
        asked.plan.time_limit_secs,
        &stopper,
    )
    .await;
    if let Some(failure) = warm.failure {
        return Err(failure);
    }
    let mut calibration = Calibration::default();
    calibration.counted(WARM_UP_WORDS, warm.prompt_tokens.unwrap_or(f64::NAN));
    let server = Server {
        host: base.host.clone(),
        model: model.clone(),
        round_trip_secs: Some(round_trip),
        words_per_token: calibration.words_per_token(),
    };
    Ok((server, calibration))
}

/// Runs the plan against both servers, adding each result to `live` as it comes.
pub async fn measure(live: Live, asked: Asked) {
    let tag = random_u64();
    let origin = http::page_origin();
    let mut servers: [Server; 2] = Default::default();
    let mut calibrations: [Calibration; 2] = Default::default();
    for side in Side::BOTH {
        live.say(Some(format!("Warming up {} (not counted)…", side.letter())));
        match prepare(live, &asked, side, tag).await {
            Ok((server, calibration)) => {
                *side.of_mut(&mut servers) = server;
                *side.of_mut(&mut calibrations) = calibration;
            }
            Err(_) if live.cancelled.get_untracked() => return live.end(Ending::Cancelled),
            Err(failure) => {
                let host = &asked.bases[side.index()].host;
                live.say(Some(failure.sentence(side.letter(), host, &origin)));
                return live.end(Ending::Stopped);
            }
        }
    }
    let seed = random_u64();
    let order = asked.plan.order(seed);
    live.measurement.set(Some(Measurement {
        started_utc: String::from(js_sys::Date::new_0().to_iso_string()),
        plan: asked.plan.clone(),
        seed,
        servers,
        requests: Vec::new(),
        unsent: order.len(),
    }));
    live.say(None);
    live.started_ms.set_value(http::now_ms());
    let mut in_a_row = [0usize; 2];
    // When each server may next be sent a request: later than now after it answered 429.
    let mut not_before_ms = [0f64; 2];
    for (i, planned) in order.into_iter().enumerate() {
        if live.cancelled.get_untracked() {
            return live.end(Ending::Cancelled);
        }
        let side = planned.side;
        let wait_secs = (not_before_ms[side.index()] - http::now_ms()) / 1_000.0;
        if wait_secs > 0.0 {
            http::pause(wait_secs, || live.cancelled.get_untracked()).await;
            if live.cancelled.get_untracked() {
                return live.end(Ending::Cancelled);
            }
        }
        let calibration = side.of_mut(&mut calibrations);
        let words = calibration.words_for(planned.prompt_tokens);
        let timed = send(live, &asked, tag, (i + 3, words), planned).await;
        if live.cancelled.get_untracked() {
            // The request in flight when Cancel was pressed is left out: it was stopped.
            return live.end(Ending::Cancelled);
        }
        if let Some(tokens) = timed.prompt_tokens {
            // The next prompts of this server come closer to their planned lengths.
            calibration.counted(words, tokens);
            let per_token = calibration.words_per_token();
            live.measurement.update(|m| {
                if let Some(m) = m {
                    side.of_mut(&mut m.servers).words_per_token = per_token;
                }
            });
        }
        let stop = timed.failure.as_ref().map(|failure| {
            in_a_row[side.index()] += 1;
            if let Failure::TooMany { wait_secs, .. } = failure {
                not_before_ms[side.index()] = http::now_ms() + wait_secs * 1_000.0;
            }
            let host = &asked.bases[side.index()].host;
            live.say(Some(failure.sentence(side.letter(), host, &origin)));
            failure.stops_the_run() || in_a_row[side.index()] >= FAILURES_IN_A_ROW
        });
        if stop.is_none() {
            in_a_row[side.index()] = 0;
        }
        live.add(timed);
        if stop == Some(true) {
            return live.end(Ending::Stopped);
        }
    }
    live.end(Ending::Finished);
}

/// Sends request `number` of the run, a prompt of `words` words.
async fn send(
    live: Live,
    asked: &Asked,
    tag: u64,
    (number, words): (usize, usize),
    planned: Planned,
) -> Timed {
    let side = planned.side.index();
    let body =
        completion_body(&asked.models[side], &prompt(tag, number, words), planned.answer_tokens);
    let stopper = Stopper::new();
    live.stopper.set_value(Some(stopper.clone()));
    let url = asked.bases[side].url("completions");
    http::timed_completion(
        &url,
        &asked.keys[side],
        &body,
        planned,
        asked.plan.time_limit_secs,
        &stopper,
    )
    .await
}
